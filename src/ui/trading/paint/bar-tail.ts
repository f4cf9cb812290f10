// Where a long series' newest bars start so that, computed alone, they show what the whole
// history shows (B11, ADR 0080): the bars in view and, before them, the bars the studies need
// to settle. A windowed average needs its window; an exponential one (EMA, MACD, RSI's Wilder
// smoothing) forgets its start by a factor per bar, so after `SETTLE` × its period the
// difference a later start makes is below 1e-11 of the value (under a pixel and under the
// legend's rounding by far); the VWAP restarts each UTC day, so the tail starts on the first bar
// of its day and is then exact. The chart draws that tail first and the whole history takes its
// place when computed (chart-history.ts).
//
// Invariant (bar-tail.test.ts):
//   T1 tail-shows-the-history: for any bars, studies and parameters, the tail's columns over the
//      bars in view equal the whole history's (prices exactly, studies within 1e-9 relative).
import type { Bar } from '../../../engine/api.ts';
import type { StudyParams } from '../../../shared/studies.ts';
import { CROSS_SLOW, MA_MAIN } from './indicators.ts';

/** Bars per period after which an exponential study has forgotten where it started (e^-25). */
const SETTLE = 16;
/** Wilder's smoothing forgets half as fast as an EMA of the same period. */
const SETTLE_WILDER = 32;

const DAY_MS = 86_400_000;

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
 * (then the whole series is computed at once): `viewBars` newest bars, the studies' warm-up
 * before them and, with the VWAP, back to the start of that bar's UTC day.
 */
export function tailStart(
  bars: readonly Bar[],
  viewBars: number,
  params: StudyParams,
  studies: readonly string[],
): number {
  const n = bars.length;
  let start = n - Math.ceil(viewBars) - warmUpBars(params, studies);
  if (start <= 0) return 0;
  if (studies.includes('vwap')) start = dayStart(bars, start);
  // under half the series saved: not worth a second pass
  return start * 2 < n ? 0 : start;
}

/** The first bar of the UTC day of `bars[i]` (bars ascending by time). */
function dayStart(bars: readonly Bar[], i: number): number {
  const day = Math.floor((bars[i]?.time ?? 0) / DAY_MS);
  let j = i;
  while (j > 0 && Math.floor((bars[j - 1]?.time ?? 0) / DAY_MS) === day) j--;
  return j;
}
