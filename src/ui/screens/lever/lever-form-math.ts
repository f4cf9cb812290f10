// What the lever form shows for the values typed so far: the cost figures (null until a price,
// a multiple and whole hands are there), the most hands the balance pays for, and the price at
// which the new position would be liquidated, the other positions staying as they are.
import type { LeverDealView, LeverRiskView } from '../../../engine/api.ts';
import { Decimal } from '../../../shared/decimal.ts';
import type { LeverSide, OpenFigures } from '../../../shared/lever.ts';
import { liquidationPrice, maxShares, openFigures } from '../../../shared/lever.ts';

export interface FormFigures {
  figures: OpenFigures | null;
  most: number;
  liquidation: Decimal | null;
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
  if (!valid || multiple === null) return { figures: null, most: 0, liquidation: null };
  const most = maxShares(deal.balance, side, reference, multiple, terms, deal.maxShare);
  const hands = /^\d+$/.test(input.share) ? Number(input.share) : 0;
  if (hands <= 0) return { figures: null, most, liquidation: null };
  const figures = openFigures(side, reference, hands, multiple, terms);
  const liquidation = liquidationPrice({
    side,
    price: figures.price,
    number: figures.number,
    balance: new Decimal(deal.balance).minus(figures.margin).minus(figures.fee),
    margins: new Decimal(risk?.marginAll ?? '0').plus(figures.margin),
    otherProfits: risk?.profitsAll ?? '0',
    line: deal.burstLine,
  });
  return { figures, most, liquidation };
}
