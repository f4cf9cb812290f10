// What the lever form shows for the values typed so far: the cost figures (null until a price,
// a multiple and whole hands are there), the most hands the balance pays for, and the price at
// which the new position would be liquidated, the other positions staying as they are. An order
// whose margin and fee are more than the available margin is `short` of it (the server refuses
// it: lever.insufficient); it has no liquidation price — the formula would put a long's above
// its entry (issue 41) — and the form says so before any confirm.
import type { LeverDealView, LeverRiskView } from '../../../engine/api.ts';
import { Decimal } from '../../../shared/decimal.ts';
import type { LeverSide, OpenFigures } from '../../../shared/lever.ts';
import { liquidationPrice, maxShares, openFigures } from '../../../shared/lever.ts';

export interface FormFigures {
  figures: OpenFigures | null;
  most: number;
  liquidation: Decimal | null;
  /** What the order needs (margin + fee) when the available margin is less, else null. */
  short: Decimal | null;
}

export function formFigures(input: {
  side: LeverSide;
  reference: string | null;
  share: string;
  multiple: number | null;
  deal: LeverDealView;
  risk: LeverRiskView | null;
}): FormFigures {
  const { side, reference, multiple, deal, risk } = input;
  const terms = {
    shareNum: deal.shareNum,
    spreadPct: deal.spreadPct,
    feePct: deal.feePct,
    pricePrecision: deal.pricePrecision,
  };
  const valid =
    reference !== null && /^\d+(\.\d+)?$/.test(reference) && new Decimal(reference).greaterThan(0);
  if (!valid || multiple === null)
    return { figures: null, most: 0, liquidation: null, short: null };
  const most = maxShares(deal.balance, side, reference, multiple, terms, deal.maxShare);
  const hands = /^\d+$/.test(input.share) ? Number(input.share) : 0;
  if (hands <= 0) return { figures: null, most, liquidation: null, short: null };
  const figures = openFigures(side, reference, hands, multiple, terms);
  const need = figures.margin.plus(figures.fee);
  if (need.greaterThan(deal.balance)) return { figures, most, liquidation: null, short: need };
  const liquidation = liquidationPrice({
    side,
    price: figures.price,
    number: figures.number,
    balance: new Decimal(deal.balance).minus(figures.margin).minus(figures.fee),
    margins: new Decimal(risk?.marginAll ?? '0').plus(figures.margin),
    otherProfits: risk?.profitsAll ?? '0',
    line: deal.burstLine,
  });
  return { figures, most, liquidation, short: null };
}

/**
 * A number of hands as ICU plurals take it ("1 hand", "3 hands"; formatted by the locale):
 * a whole number, 0 when the text is not one. Hands are counted, never money.
 */
export function handsCount(share: string): number {
  const text = share.trim();
  return /^\d{1,15}$/.test(text) ? Number(text) : 0;
}

/**
 * The order confirmation's values: the hands for a plural, the limit price in the pair's
 * decimals (market orders say so instead), margin and fee to 4 decimals, all in the reader's
 * number format (`fixed` is the page's `fmt.fixed`).
 */
export function confirmValues(
  input: {
    share: string;
    multiple: number | null;
    /** The limit price typed, or null for a market order. */
    price: string | null;
    pricePrecision: number;
    figures: OpenFigures | null;
    currency: string;
  },
  fixed: (value: string, dp: number) => string,
  marketPrice: string,
): Record<string, string | number> {
  const money = (v: Decimal | undefined) => (v === undefined ? '--' : fixed(v.toFixed(), 4));
  return {
    hands: handsCount(input.share),
    multiple: input.multiple ?? 0,
    price: input.price === null ? marketPrice : fixed(input.price, input.pricePrecision),
    margin: money(input.figures?.margin),
    fee: money(input.figures?.fee),
    currency: input.currency,
  };
}
