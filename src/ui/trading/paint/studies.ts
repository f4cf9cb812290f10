// The studies' values (issue 46), computed on the bar cache's columns in place from a given index
// on, like the moving averages (indicators.ts): a change of the newest bar costs a few windows, a
// new series or new parameters a full pass. Every value at i depends only on the bars up to i
// and on the values at i − 1, so computing from any index equals a full pass (S1). Floats: these
// values only become pixels and a rounded read-out, never money.
//
// Invariants (studies.test.ts):
//   S1 from-equals-scratch: recomputing from any index equals a full pass, for every study.
//   S2 reference: each study matches values computed independently (textbook definitions).
//   S3 bounded: RSI stays within [0, 100]; the upper band ≥ the middle ≥ the lower band.

/** EMA with smoothing 2 / (period + 1), seeded with the SMA of the first `period` values. */
export function emaInto(
  out: Float64Array,
  values: Float64Array,
  length: number,
  period: number,
  from: number,
  /** Index of the first defined value (a MACD's signal starts where the MACD does). */
  start = 0,
): void {
  const k = 2 / (period + 1);
  const seedAt = start + period - 1;
  for (let i = Math.max(0, from); i < length; i++) {
    if (i < seedAt) out[i] = NaN;
    else if (i === seedAt) {
      let sum = 0;
      for (let j = start; j <= i; j++) sum += values[j] ?? 0;
      out[i] = sum / period;
    } else out[i] = ((values[i] ?? 0) - (out[i - 1] ?? 0)) * k + (out[i - 1] ?? 0);
  }
}

/** Bollinger bands: the SMA of `period` closes and `mult` population standard deviations. */
export function bollingerInto(
  mid: Float64Array,
  up: Float64Array,
  low: Float64Array,
  close: Float64Array,
  length: number,
  period: number,
  mult: number,
  from: number,
): void {
  for (let i = Math.max(0, from); i < length; i++) {
    if (i < period - 1) {
      mid[i] = up[i] = low[i] = NaN;
      continue;
    }
    let sum = 0;
    for (let j = i - period + 1; j <= i; j++) sum += close[j] ?? 0;
    const mean = sum / period;
    let sq = 0;
    for (let j = i - period + 1; j <= i; j++) sq += ((close[j] ?? 0) - mean) ** 2;
    const sd = Math.sqrt(sq / period);
    mid[i] = mean;
    up[i] = mean + mult * sd;
    low[i] = mean - mult * sd;
  }
}

const DAY_MS = 86_400_000;

/** The UTC day of a time (ms since the epoch). */
export const utcDay = (time: number): number => Math.floor(time / DAY_MS);

/** A bar's typical price, (H + L + C) / 3 (the one formula: a seed must equal a full pass). */
export const typicalPrice = (high: number, low: number, close: number): number =>
  (high + low + close) / 3;

/** The VWAP's running sums over a UTC day's bars before a series' first row (bar-tail.ts). */
export interface VwapSeed {
  day: number;
  pv: number;
  vol: number;
}

/**
 * VWAP from the start of each UTC day: Σ typical × volume / Σ volume, typical = (H + L + C) / 3.
 * `pv` and `vol` hold the day's running sums (the cache keeps them to go on from any index);
 * `seed`, the sums of the first row's day before it when the series is a tail of a longer one.
 */
export function vwapInto(
  out: Float64Array,
  pv: Float64Array,
  vol: Float64Array,
  s: VwapSource,
  length: number,
  from: number,
  seed: VwapSeed | null = null,
): void {
  for (let i = Math.max(0, from); i < length; i++) {
    // the row before: the previous one, or the seed before the first
    const sameDay = dayBefore(s.time, i, seed) === utcDay(s.time[i] ?? 0);
    const v = s.volume[i] ?? 0;
    const typical = typicalAt(s, i);
    const pvSum = (sameDay ? before(pv, i, seed?.pv) : 0) + typical * v;
    const vSum = (sameDay ? before(vol, i, seed?.vol) : 0) + v;
    pv[i] = pvSum;
    vol[i] = vSum;
    out[i] = vSum > 0 ? pvSum / vSum : typical;
  }
}

const dayBefore = (time: Float64Array, i: number, seed: VwapSeed | null): number =>
  i > 0 ? utcDay(time[i - 1] ?? 0) : (seed?.day ?? NaN);

const before = (col: Float64Array, i: number, seeded = 0): number =>
  i > 0 ? (col[i - 1] ?? 0) : seeded;

const typicalAt = (s: VwapSource, i: number): number =>
  typicalPrice(s.high[i] ?? 0, s.low[i] ?? 0, s.close[i] ?? 0);

interface VwapSource {
  time: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/**
 * RSI with Wilder's smoothing: the first average gain and loss are the means of the first
 * `period` changes, then avg = (avg × (period − 1) + change) / period. `gain` and `loss` hold
 * the averages (kept by the cache to go on from any index).
 */
export function rsiInto(
  out: Float64Array,
  gain: Float64Array,
  loss: Float64Array,
  close: Float64Array,
  length: number,
  period: number,
  from: number,
): void {
  for (let i = Math.max(0, from); i < length; i++) {
    if (i < period) {
      out[i] = gain[i] = loss[i] = NaN;
      continue;
    }
    // no tuples: a fresh chart's first pass runs cold, and garbage costs there (B11)
    if (i === period) firstAverages(gain, loss, close, period);
    else {
      const change = (close[i] ?? 0) - (close[i - 1] ?? 0);
      gain[i] = ((gain[i - 1] ?? 0) * (period - 1) + Math.max(change, 0)) / period;
      loss[i] = ((loss[i - 1] ?? 0) * (period - 1) + Math.max(-change, 0)) / period;
    }
    const g = gain[i] ?? 0;
    const l = loss[i] ?? 0;
    out[i] = l === 0 ? (g === 0 ? 50 : 100) : 100 - 100 / (1 + g / l);
  }
}

/** The means of the first `period` gains and losses, written at `period`. */
function firstAverages(
  gain: Float64Array,
  loss: Float64Array,
  close: Float64Array,
  period: number,
): void {
  let g = 0;
  let l = 0;
  for (let j = 1; j <= period; j++) {
    const change = (close[j] ?? 0) - (close[j - 1] ?? 0);
    if (change > 0) g += change;
    else l -= change;
  }
  gain[period] = g / period;
  loss[period] = l / period;
}

/** MACD: EMA(fast) − EMA(slow), its signal an EMA of it, and the histogram between them. */
export function macdInto(
  c: {
    fast: Float64Array;
    slow: Float64Array;
    macd: Float64Array;
    signal: Float64Array;
    hist: Float64Array;
  },
  close: Float64Array,
  length: number,
  p: { fast: number; slow: number; signal: number },
  from: number,
): void {
  emaInto(c.fast, close, length, p.fast, from);
  emaInto(c.slow, close, length, p.slow, from);
  for (let i = Math.max(0, from); i < length; i++)
    c.macd[i] = (c.fast[i] ?? NaN) - (c.slow[i] ?? NaN);
  // the MACD is defined from the slow average's first value on
  emaInto(c.signal, c.macd, length, p.signal, from, p.slow - 1);
  for (let i = Math.max(0, from); i < length; i++)
    c.hist[i] = (c.macd[i] ?? NaN) - (c.signal[i] ?? NaN);
}
