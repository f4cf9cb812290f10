// Leveraged contracts (api-contract §5; trading-c2c-market.md §5 "Leverage order" and "cost
// rules"): the formulas the server charges with and the page shows before the order is sent,
// in one place, exact (decimal.js), and the order form's rules. Spread and fee are percents of
// the price and of the contract value (ADR 0015).
import { Decimal } from './decimal.ts';

export type LeverSide = 1 | 2; // 1 long (buy), 2 short (sell)
/** 1 market, 0 limit (the legacy `status` of lever/submit). */
export type LeverMode = 0 | 1;

export type LeverValidationId =
  | 'validation.lever.multipleRequired'
  | 'validation.lever.priceRequired'
  | 'validation.lever.shareInteger'
  | 'validation.lever.shareBelowMin'
  | 'validation.lever.shareAboveMax'
  | 'validation.lever.pairMissing'
  | 'validation.lever.stopInvalid'
  | 'validation.lever.stopStep'
  | 'validation.lever.trailRate'
  | 'validation.lever.triggerInvalid';

/** Money figures are kept to 8 decimals; what the user pays is rounded up, never down. */
const MONEY_DP = 8;

export interface LeverTerms {
  /** Units of the base currency per hand. */
  shareNum: Decimal.Value;
  /** Percent of the price, added for longs and taken off for shorts. */
  spreadPct: Decimal.Value;
  /** Percent of the contract value, paid when the position opens. */
  feePct: Decimal.Value;
  /** Decimals of the pair's prices. */
  pricePrecision: number;
}

export interface OpenFigures {
  /** Base-currency quantity: hands × units per hand. */
  number: Decimal;
  /** The open price: the reference price with the spread, in the pair's decimals. */
  price: Decimal;
  /** Contract value: price × number. */
  value: Decimal;
  fee: Decimal;
  margin: Decimal;
}

/** What opening `share` hands at `reference` with `multiple` costs (contract §5.3). */
export function openFigures(
  side: LeverSide,
  reference: Decimal.Value,
  share: number,
  multiple: number,
  terms: LeverTerms,
): OpenFigures {
  const number = new Decimal(terms.shareNum).times(share);
  const price = withSpread(side, reference, terms);
  const value = price.times(number);
  const fee = value.times(terms.feePct).dividedBy(100).toDecimalPlaces(MONEY_DP, Decimal.ROUND_UP);
  const margin = value.dividedBy(multiple).toDecimalPlaces(MONEY_DP, Decimal.ROUND_UP);
  return { number, price, value, fee, margin };
}

/** The reference price moved by the spread against the trader, in the pair's decimals. */
export function withSpread(side: LeverSide, reference: Decimal.Value, terms: LeverTerms): Decimal {
  const factor = new Decimal(terms.spreadPct).dividedBy(100);
  const moved = new Decimal(reference).times(
    side === 1 ? factor.plus(1) : new Decimal(1).minus(factor),
  );
  return moved.toDecimalPlaces(
    terms.pricePrecision,
    side === 1 ? Decimal.ROUND_UP : Decimal.ROUND_DOWN,
  );
}

/** P&L of an open position at `mark` (contract §5.4): (mark − price) × number for a long. */
export function profitOf(
  side: LeverSide,
  price: Decimal.Value,
  mark: Decimal.Value,
  number: Decimal.Value,
): Decimal {
  const diff = new Decimal(mark).minus(price);
  return (side === 1 ? diff : diff.negated()).times(number);
}

/**
 * The risk rate in percent (contract §5.6), over the open positions of one quote currency:
 * (free lever balance + Σ opening margins + Σ profits) / Σ opening margins × 100, 2 decimals
 * (rounded down: a rate is never shown safer than it is); null without open positions.
 */
export function hazardRate(
  balance: Decimal.Value,
  positions: readonly { originMargin: Decimal.Value; profit: Decimal.Value }[],
): Decimal | null {
  let margins = new Decimal(0);
  let profits = new Decimal(0);
  for (const p of positions) {
    margins = margins.plus(p.originMargin);
    profits = profits.plus(p.profit);
  }
  if (margins.isZero()) return null;
  return new Decimal(balance)
    .plus(margins)
    .plus(profits)
    .dividedBy(margins)
    .times(100)
    .toDecimalPlaces(2, Decimal.ROUND_DOWN);
}

/** Liquidation happens when the risk rate is at or below the line (contract §5.6). */
export const isLiquidated = (rate: Decimal | null, line: Decimal.Value): boolean =>
  rate !== null && rate.lessThanOrEqualTo(line);

/**
 * The mark price at which a position would be liquidated, the others staying as they are:
 * the price where (balance + Σ margins + Σ other profits + this profit) / Σ margins × 100
 * equals the line. Null when no price can reach it (a long needing a negative price).
 */
export function liquidationPrice(input: {
  side: LeverSide;
  price: Decimal.Value;
  number: Decimal.Value;
  /** Free lever balance after this position's margin and fee are paid. */
  balance: Decimal.Value;
  /** Opening margins of all positions of the quote currency, this one included. */
  margins: Decimal.Value;
  /** Current profits of the other positions. */
  otherProfits: Decimal.Value;
  line: Decimal.Value;
}): Decimal | null {
  const margins = new Decimal(input.margins);
  const number = new Decimal(input.number);
  if (margins.isZero() || number.isZero()) return null;
  // profit this position must reach for the rate to equal the line
  const needed = margins
    .times(input.line)
    .dividedBy(100)
    .minus(input.balance)
    .minus(margins)
    .minus(input.otherProfits);
  const move = needed.dividedBy(number);
  const at =
    input.side === 1 ? new Decimal(input.price).plus(move) : new Decimal(input.price).minus(move);
  return at.isPositive() ? at : null;
}

/**
 * The most hands the balance pays for (margin and fee of each hand), within the pair's limit.
 * The spec's "Max" button; the slider scales this figure from 0 to 100 %.
 */
export function maxShares(
  balance: Decimal.Value,
  side: LeverSide,
  reference: Decimal.Value,
  multiple: number,
  terms: LeverTerms,
  maxHands: number,
): number {
  const one = openFigures(side, reference, 1, multiple, terms);
  const perHand = one.margin.plus(one.fee);
  if (perHand.lessThanOrEqualTo(0) || new Decimal(balance).lessThanOrEqualTo(0)) return 0;
  let n = new Decimal(balance).dividedBy(perHand).floor().toNumber();
  if (maxHands > 0) n = Math.min(n, maxHands);
  // rounding of margin and fee per position, not per hand: step down until it is paid
  while (n > 0) {
    const f = openFigures(side, reference, n, multiple, terms);
    if (f.margin.plus(f.fee).lessThanOrEqualTo(balance)) break;
    n -= 1;
  }
  return n;
}

export interface LeverOrderInput {
  multiple: number | null;
  mode: LeverMode;
  price: string;
  share: string;
  minShare: number;
  /** 0: no maximum. */
  maxShare: number;
  legalId: number | null;
  currencyId: number | null;
}

export type LeverOrderField = 'multiple' | 'price' | 'share' | 'pair';

/** The order form's rules (spec §5), in the spec's order. */
export function validateLeverOrder(
  v: LeverOrderInput,
): Partial<Record<LeverOrderField, LeverValidationId>> {
  const errors: Partial<Record<LeverOrderField, LeverValidationId>> = {};
  if (v.legalId === null || v.currencyId === null) errors.pair = 'validation.lever.pairMissing';
  if (v.multiple === null) errors.multiple = 'validation.lever.multipleRequired';
  if (v.mode === 0) {
    const p = new Decimal(/^\s*\d+(\.\d+)?\s*$/.test(v.price) ? v.price.trim() : '0');
    if (p.lessThanOrEqualTo(0)) errors.price = 'validation.lever.priceRequired';
  }
  const share = v.share.trim();
  if (!/^\d+$/.test(share) || Number(share) <= 0) errors.share = 'validation.lever.shareInteger';
  else if (Number(share) < v.minShare) errors.share = 'validation.lever.shareBelowMin';
  else if (v.maxShare > 0 && Number(share) > v.maxShare)
    errors.share = 'validation.lever.shareAboveMax';
  return errors;
}

/** Stop levels are set in steps of 0.01 (spec §5). */
export const STOP_PRICE_DECIMALS = 2;

/** A stop level: above zero in steps of 0.01 (spec §5); both are set together (contract §5.4). */
export function checkStopPrice(value: string): LeverValidationId | null {
  const v = value.trim();
  if (!/^\d+(\.\d+)?$/.test(v) || new Decimal(v).lessThanOrEqualTo(0))
    return 'validation.lever.stopInvalid';
  if (new Decimal(v).decimalPlaces() > STOP_PRICE_DECIMALS) return 'validation.lever.stopStep';
  return null;
}
