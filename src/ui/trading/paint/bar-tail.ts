// Where a long series' newest bars start so that, computed alone, they show what the whole
// history shows (B11, ADR 0080): the bars in view and, before them, the bars the studies need
// to settle. A windowed average needs its window; an exponential one (EMA, MACD, RSI's Wilder
// smoothing) forgets its start by a factor per bar, so after `SETTLE` × its period the
// difference a later start makes is below 1e-11 of the value (under a pixel and under the
// legend's rounding by far); the VWAP restarts each UTC day, so the tail is given the day's sums
// before its first bar (`vwapSeed`, a sum over the day's earlier bars' prices and volumes, no
// study) and is then exact. The chart draws that tail first and the whole history takes its
// place when computed (chart-history.ts).
//
// Invariants (bar-tail.test.ts):
//   T1 tail-shows-the-history: for any bars, studies and parameters, the tail's columns over the
//      bars in view equal the whole history's (prices exactly, studies within 1e-9 relative).
//   T2 seed-is-the-sums: vwapSeed(bars, start) equals the whole history's VWAP sums at start − 1
//      when that bar is of the same UTC day (exactly), and is null otherwise.
import type { Bar } from '../../../engine/api.ts';
import { toPixelNumber } from '../../../shared/decimal.ts';
import type { StudyParams } from '../../../shared/studies.ts';
import { CROSS_SLOW, MA_MAIN } from './indicators.ts';
import { typicalPrice, utcDay, type VwapSeed } from './studies.ts';

/** Bars per period after which an exponential study has forgotten where it started (e^-25). */
const SETTLE = 16;
/** Wilder's smoothing forgets half as fast as an EMA of the same period. */
const SETTLE_WILDER = 32;

/** The bars before the view that the shown studies need to settle. */
export function warmUpBars(params: StudyParams, studies: readonly string[]): number {
  const on = (s: string) => studies.includes(s);
  const needs = [Math.max(MA_MAIN, CROSS_SLOW)];
  if (on('boll')) needs.push(params.boll.period);
  if (on('volma')) needs.push(params.volma.period);
  if (on('ema')) needs.push(SETTLE * (params.ema.period + 1));
  if (on('rsi')) needs.push(SETTLE_WILDER * params.rsi.period);
  const { fast, slow, signal } = params.macd;
  if (on('macd')) needs.push(SETTLE * (Math.max(fast, slow) + signal + 2));
  return Math.max(...needs);
}

/**
 * The index the tail starts at, or 0 when the tail would not be much shorter than the series
 * (then the whole series is computed at once): `viewBars` newest bars and the studies' warm-up
 * before them (the VWAP needs none: vwapSeed).
 */
export function tailStart(
  bars: readonly Bar[],
  viewBars: number,
  params: StudyParams,
  studies: readonly string[],
): number {
  const n = bars.length;
  const start = n - Math.ceil(viewBars) - warmUpBars(params, studies);
  // under half the series saved: not worth a second pass
  return start <= 0 || start * 2 < n ? 0 : start;
}

/**
 * The VWAP's running sums over the bars of `bars[start]`'s UTC day before it, added in the
 * order a full pass adds them (so the tail's VWAP is the full pass's, bit for bit); null when
 * the tail starts its day (or the series).
 */
export function vwapSeed(bars: readonly Bar[], start: number): VwapSeed | null {
  const first = bars[start];
  if (start <= 0 || first === undefined) return null;
  const day = utcDay(first.time);
  let j = start;
  while (j > 0 && utcDay(bars[j - 1]?.time ?? 0) === day) j--;
  if (j === start) return null;
  let pv = 0;
  let vol = 0;
  for (let i = j; i < start; i++) {
    const b = bars[i];
    if (b === undefined) continue;
    const v = toPixelNumber(b.volume);
    pv += typicalPrice(toPixelNumber(b.high), toPixelNumber(b.low), toPixelNumber(b.close)) * v;
    vol += v;
  }
  return { day, pv, vol };
}
