// Pure helpers of the order book panel: grouping steps and decimals, stored preferences,
// the spread in percent, and the row windows the engine is asked for.
import type { BookGrouping, BookRate, BookWindow } from '../../../engine/api.ts';
import { Decimal, parseDecimal } from '../../../shared/decimal.ts';

export const GROUPINGS: readonly BookGrouping[] = [1, 10, 100, 1000];
export const RATES: readonly BookRate[] = ['frame', 250, 1000];
/** Rows asked for per side before the virtualizer has measured anything. */
export const DEFAULT_WINDOW: BookWindow = { bidStart: 0, bidCount: 40, askStart: 0, askCount: 40 };

/** The price step of a grouping, e.g. precision 2 × 10 → "0.1". */
export function groupingStep(pricePrecision: number, grouping: BookGrouping): string {
  return new Decimal(10).pow(-pricePrecision).times(grouping).toFixed();
}

/** Decimals to show for grouped prices: the pair's precision less the grouping's zeros. */
export function groupingDecimals(pricePrecision: number, grouping: BookGrouping): number {
  return Math.max(0, pricePrecision - Math.round(Math.log10(grouping)));
}

export function parseGrouping(stored: string | null): BookGrouping {
  const n = Number(stored);
  return GROUPINGS.find((g) => g === n) ?? 1;
}

export function parseRate(stored: string | null): BookRate {
  if (stored === 'frame') return 'frame';
  const n = Number(stored);
  return RATES.find((r) => r === n) ?? 'frame';
}

/** Stored '1'/'0'; when unset, the system's reduced-motion preference. */
export function parseReducedMotion(stored: string | null, systemPrefersReduced: boolean): boolean {
  if (stored === '1') return true;
  if (stored === '0') return false;
  return systemPrefersReduced;
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
