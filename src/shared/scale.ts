// Scale orders (issue 44, ADR 0057): N limit orders spread evenly between two prices, their
// amounts growing or shrinking by a size skew. One definition for the ticket's preview and the
// server's placing, so what the user saw is what rests. Exact decimals: prices on the pair's
// tick, amounts in its lots; the amounts add up to the total exactly.
import { Decimal } from './decimal.ts';

/** Orders one scale places, at least and at most. */
export const SCALE_MIN = 2;
export const SCALE_MAX = 50;
/** The last order's size over the first's, at least and at most (1: all the same size). */
export const SKEW_MIN = new Decimal('0.1');
export const SKEW_MAX = new Decimal('10');

export interface ScaleRequest {
  /** The first order's price and the last's (either way round). */
  from: Decimal;
  to: Decimal;
  count: number;
  /** The amount of all the orders together. */
  total: Decimal;
  /** The last order's size over the first's. */
  skew: Decimal;
  pricePrecision: number;
  amountPrecision: number;
}

export interface ScaleLeg {
  price: Decimal;
  amount: Decimal;
}

export type ScaleIssue = 'count' | 'skew' | 'prices' | 'range' | 'total' | 'tooSmall';

export type ScalePlan =
  { ok: true; legs: ScaleLeg[]; average: Decimal } | { ok: false; issue: ScaleIssue };

/**
 * The orders of a scale: prices from `from` to `to` in equal steps, each rounded to the tick
 * (two that round to one price are refused: the range is too narrow for so many); amounts in
 * proportion 1 … skew, each rounded down to the lot, what rounding left going to the last.
 * The average is Σ price × amount / total.
 */
export function scaleLegs(r: ScaleRequest): ScalePlan {
  const bad = shapeIssue(r);
  if (bad !== null) return { ok: false, issue: bad };
  const n = r.count - 1;
  const prices: Decimal[] = [];
  for (let i = 0; i <= n; i++) {
    const p = r.from.plus(r.to.minus(r.from).times(i).div(n));
    prices.push(p.toDecimalPlaces(r.pricePrecision, Decimal.ROUND_HALF_EVEN));
  }
  if (
    new Set(prices.map((p) => p.toFixed())).size !== prices.length ||
    prices.some((p) => p.isZero())
  )
    return { ok: false, issue: 'range' };
  const weights = prices.map((_, i) => new Decimal(1).plus(r.skew.minus(1).times(i).div(n)));
  const sum = weights.reduce((a, w) => a.plus(w), new Decimal(0));
  const amounts = weights.map((w) =>
    r.total.times(w).div(sum).toDecimalPlaces(r.amountPrecision, Decimal.ROUND_DOWN),
  );
  const placed = amounts.reduce((a, x) => a.plus(x), new Decimal(0));
  amounts[n] = (amounts[n] ?? new Decimal(0)).plus(r.total.minus(placed));
  if (amounts.some((a) => a.lessThanOrEqualTo(0))) return { ok: false, issue: 'tooSmall' };
  const legs = prices.map((price, i) => ({ price, amount: amounts[i] ?? new Decimal(0) }));
  const notional = legs.reduce((a, l) => a.plus(l.price.times(l.amount)), new Decimal(0));
  return { ok: true, legs, average: notional.div(r.total) };
}

const positive = (d: Decimal): boolean => d.isFinite() && d.greaterThan(0);

/** What is wrong with the request itself, before any leg is computed. */
function shapeIssue(r: ScaleRequest): ScaleIssue | null {
  if (!Number.isSafeInteger(r.count) || r.count < SCALE_MIN || r.count > SCALE_MAX) return 'count';
  if (!r.skew.isFinite() || r.skew.lessThan(SKEW_MIN) || r.skew.greaterThan(SKEW_MAX))
    return 'skew';
  if (!positive(r.from) || !positive(r.to)) return 'prices';
  if (!positive(r.total)) return 'total';
  return null;
}
