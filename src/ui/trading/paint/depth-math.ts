// The depth chart's numbers (issue 24). For drawing: each side's cumulative amount by price, as
// floats (they only become pixels). For the read-out under the pointer: exact decimals — the
// level's price, the cumulative amount from the best level to it, what that costs or fetches
// in the quote currency (Σ price × amount) and the average price of filling up to there.
import type { DepthView } from '../../../engine/api.ts';
import { Decimal, toPixelNumber } from '../../../shared/decimal.ts';

export type DepthSide = 'bid' | 'ask';

/** A side for drawing: prices and cumulative amounts, best first. */
export interface DepthLine {
  prices: Float64Array;
  totals: Float64Array;
}

export interface DepthSeries {
  bids: DepthLine;
  asks: DepthLine;
}

export function depthSeries(view: DepthView): DepthSeries {
  return { bids: lineOf(view.bids), asks: lineOf(view.asks) };
}

function lineOf(levels: readonly (readonly [string, string])[]): DepthLine {
  const prices = new Float64Array(levels.length);
  const totals = new Float64Array(levels.length);
  let sum = 0;
  levels.forEach(([price, amount], i) => {
    sum += toPixelNumber(amount);
    prices[i] = toPixelNumber(price);
    totals[i] = sum;
  });
  return { prices, totals };
}

/** Halfway between the best bid and the best ask (the best of the side there is, if one). */
export function midOf(series: Pick<DepthSeries, 'bids' | 'asks'>): number {
  const bestBid = series.bids.prices[0];
  const bestAsk = series.asks.prices[0];
  return bestBid !== undefined && bestAsk !== undefined
    ? (bestBid + bestAsk) / 2
    : (bestBid ?? bestAsk ?? 0);
}

/** Which level is under a price: the deepest level the price reaches into, or null. */
export function levelAtPrice(
  series: DepthSeries,
  price: number,
): { side: DepthSide; index: number } | null {
  const side: DepthSide = price <= midOf(series) ? 'bid' : 'ask';
  const line = side === 'bid' ? series.bids : series.asks;
  // bids fall from the best: the last level at or above the price; asks rise: at or below
  let index = -1;
  for (let i = 0; i < line.prices.length; i += 1) {
    const p = line.prices[i] ?? 0;
    if (side === 'bid' ? p >= price : p <= price) index = i;
    else break;
  }
  if (index < 0) index = line.prices.length > 0 ? 0 : -1;
  return index < 0 ? null : { side, index };
}

/** The read-out of a level, exactly. */
export interface DepthFigures {
  side: DepthSide;
  price: string;
  /** Cumulative amount from the best level to this one (base currency). */
  amount: string;
  /** Σ price × amount over those levels (quote currency). */
  total: string;
  /** total / amount: the average price of filling up to this level. */
  average: string;
}

export function depthFigures(view: DepthView, side: DepthSide, index: number): DepthFigures | null {
  const levels = side === 'bid' ? view.bids : view.asks;
  const level = levels[index];
  if (level === undefined) return null;
  let amount = new Decimal(0);
  let total = new Decimal(0);
  for (let i = 0; i <= index; i += 1) {
    const [p, a] = levels[i] ?? ['0', '0'];
    amount = amount.plus(a);
    total = total.plus(new Decimal(p).times(a));
  }
  return {
    side,
    price: level[0],
    amount: amount.toFixed(),
    total: total.toFixed(),
    average: amount.isZero() ? level[0] : total.div(amount).toFixed(),
  };
}
