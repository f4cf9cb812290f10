// Pure helpers of the order book panel: the groupings a pair offers (by its price), their
// steps and decimals, stored preferences, the spread in percent, and the row windows the
// engine is asked for.
import type { BookGrouping, BookRate, BookWindow } from '../../../engine/api.ts';
import { Decimal, parseDecimal } from '../../../shared/decimal.ts';

/** The groupings every pair offers: the tick and 10, 100 and 1000 ticks. */
export const GROUPINGS: readonly BookGrouping[] = [1, 10, 100, 1000];
/**
 * Larger steps are offered while a step stays at most this fraction of the price (1/500 =
 * 0.2 %): BTC near 70,000 with a 0.01 tick also gets 50 and 100, ETH near 3,700 stops at 10.
 */
const LARGEST_STEP_OF_PRICE = 500;
export const RATES: readonly BookRate[] = ['frame', 250, 1000];
/** Rows asked for per side before the virtualizer has measured anything. */
export const DEFAULT_WINDOW: BookWindow = { bidStart: 0, bidCount: 40, askStart: 0, askCount: 40 };

/** The price step of a grouping, e.g. precision 2 × 10 → "0.1". */
export function groupingStep(pricePrecision: number, grouping: BookGrouping): string {
  return new Decimal(10).pow(-pricePrecision).times(grouping).toFixed();
}

/**
 * The groupings offered for a pair: GROUPINGS, then 5000, 10000, 50000, … ticks while the step
 * is at most 1/LARGEST_STEP_OF_PRICE of the price (`price`: the last price, null while unknown).
 */
export function groupingOptions(pricePrecision: number, price: string | null): BookGrouping[] {
  const options = [...GROUPINGS];
  const p = parseDecimal(price);
  if (p === null || !p.greaterThan(0)) return options;
  const limit = p.dividedBy(LARGEST_STEP_OF_PRICE);
  for (let decade = 1000; decade < Number.MAX_SAFE_INTEGER / 10; decade *= 10) {
    for (const g of [decade * 5, decade * 10]) {
      if (new Decimal(groupingStep(pricePrecision, g)).greaterThan(limit)) return options;
      options.push(g);
    }
  }
  return options;
}

/** The offered grouping nearest below the stored one (a pair's options differ), else the first. */
export function fitGrouping(stored: BookGrouping, options: readonly BookGrouping[]): BookGrouping {
  let fit = options[0] ?? 1;
  for (const g of options) if (g <= stored) fit = g;
  return fit;
}

/** Decimals to show for grouped prices: the pair's precision less the grouping's zeros. */
export function groupingDecimals(pricePrecision: number, grouping: BookGrouping): number {
  return Math.max(0, pricePrecision - trailingZeros(grouping));
}

/** A grouping as its select shows it: the step in the locale's format ("0,01" in German). */
export function groupingLabel(
  pricePrecision: number,
  grouping: BookGrouping,
  fmt: { fixed(value: string, dp: number): string },
): string {
  return fmt.fixed(
    groupingStep(pricePrecision, grouping),
    groupingDecimals(pricePrecision, grouping),
  );
}

function trailingZeros(n: number): number {
  let zeros = 0;
  for (let v = n; v >= 10 && v % 10 === 0; v /= 10) zeros += 1;
  return zeros;
}

/** spread / best ask × 100, 2 decimals; null when a side is empty. */
export function spreadPercent(spread: string | null, bestAsk: string | null): string | null {
  const s = parseDecimal(spread);
  const a = parseDecimal(bestAsk);
  if (s === null || a === null || !a.greaterThan(0)) return null;
  return s.div(a).times(100).toFixed(2, Decimal.ROUND_HALF_UP);
}

export function sameWindow(a: BookWindow, b: BookWindow): boolean {
  return (
    a.bidStart === b.bidStart &&
    a.bidCount === b.bidCount &&
    a.askStart === b.askStart &&
    a.askCount === b.askCount
  );
}
