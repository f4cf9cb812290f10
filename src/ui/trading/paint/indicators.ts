// Moving averages and the MA10/MA20 cross (spec §2 "Chart widget": MA 15 and the 10/20 cross).
// They work on the numeric bar cache in place, from a given index on, so a change of the last
// bar costs one window instead of the whole history. Floats: these values only become pixels
// and a rounded legend value, never money.
//
// Invariants (each has a property in indicators.test.ts):
//   I1 ma-is-window-mean: out[i] is the mean of values[i-window+1..i], NaN before a full window.
//   I2 ma-from-equals-scratch: recomputing sums and averages from any index equals a full pass.
//   I3 crosses-alternate: non-zero marks alternate golden (+1) / death (−1), and a mark sits
//      exactly where the sign of fast−slow changes (zeros and NaN carry the previous sign).

export const MA_MAIN = 15;
export const CROSS_FAST = 10;
export const CROSS_SLOW = 20;

export const GOLDEN = 1;
export const DEATH = -1;

/** Running sums: prefix[i] = values[0] + … + values[i], recomputed from index `from`. */
export function prefixSumInto(
  prefix: Float64Array,
  values: Float64Array,
  length: number,
  from: number,
): void {
  const start = Math.max(0, from);
  let sum = start > 0 ? (prefix[start - 1] ?? 0) : 0;
  for (let i = start; i < length; i++) {
    sum += values[i] ?? 0;
    prefix[i] = sum;
  }
}

/**
 * Simple moving average from the running sums (O(1) per bar), recomputing indices ≥ from.
 * The same sums give the same averages whether computed at once or tail by tail.
 */
export function movingAverageInto(
  out: Float64Array,
  prefix: Float64Array,
  length: number,
  window: number,
  from: number,
): void {
  for (let i = Math.max(0, from); i < length; i++) {
    if (i < window - 1) {
      out[i] = NaN;
      continue;
    }
    const before = i >= window ? (prefix[i - window] ?? 0) : 0;
    out[i] = ((prefix[i] ?? 0) - before) / window;
  }
}

/**
 * Where fast crosses slow: +1 golden (fast rises above slow), −1 death (falls below), 0 none.
 * Recomputes indices ≥ from; the sign before `from` is taken from the data.
 */
export function crossesInto(
  out: Int8Array,
  fast: Float64Array,
  slow: Float64Array,
  length: number,
  from: number,
): void {
  const start = Math.max(0, from);
  let prev = 0;
  for (let j = start - 1; j >= 0 && prev === 0; j--) prev = signAt(fast, slow, j);
  for (let i = start; i < length; i++) {
    const s = signAt(fast, slow, i);
    out[i] = s !== 0 && prev !== 0 && s !== prev ? s : 0;
    if (s !== 0) prev = s;
  }
}

function signAt(fast: Float64Array, slow: Float64Array, i: number): number {
  const d = (fast[i] ?? NaN) - (slow[i] ?? NaN);
  if (!Number.isFinite(d) || d === 0) return 0;
  return d > 0 ? 1 : -1;
}
