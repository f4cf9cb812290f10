import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bollingerInto, emaInto, macdInto, rsiInto, vwapInto } from './studies.ts';

const f64 = (xs: number[]): Float64Array => Float64Array.from(xs);
const arr = (a: Float64Array, n = a.length): number[] => Array.from(a.subarray(0, n));

// The textbook RSI example (StockCharts, "Relative Strength Index"): 14 periods, Wilder's
// smoothing. Its published table (70.53, 66.32, 66.55, …) rounds the averages to two decimals;
// the definition on the exact closes gives these (checked by hand for the first: gains 3.34 and
// losses 1.40 over the first 14 changes, RS 2.3857, RSI 70.46), within 0.1 of the table.
const CLOSES = [
  44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28,
  46.28, 46.0, 46.03, 46.41, 46.22, 45.64, 46.21,
];
const RSI_14 = [70.46, 66.25, 66.48, 69.35, 66.29, 57.92, 62.88];

describe('S2 reference values', () => {
  it('RSI 14 of the textbook example', () => {
    const n = CLOSES.length;
    const out = new Float64Array(n);
    rsiInto(out, new Float64Array(n), new Float64Array(n), f64(CLOSES), n, 14, 0);
    expect(arr(out).slice(0, 14).every(Number.isNaN)).toBe(true);
    arr(out)
      .slice(14)
      .forEach((v, i) => expect(Math.abs(v - (RSI_14[i] ?? NaN))).toBeLessThan(0.006));
  });

  it('EMA, Bollinger and MACD against their definitions written out', () => {
    const closes = Array.from({ length: 80 }, (_, i) => 100 + Math.sin(i / 5) * 10 + (i % 7));
    const n = closes.length;
    // EMA 10: the SMA of the first 10, then close × k + previous × (1 − k)
    const ema = new Float64Array(n);
    emaInto(ema, f64(closes), n, 10, 0);
    let e = closes.slice(0, 10).reduce((a, b) => a + b, 0) / 10;
    expect(ema[9]).toBeCloseTo(e, 9);
    for (let i = 10; i < n; i++) {
      e = (closes[i] ?? 0) * (2 / 11) + e * (1 - 2 / 11);
      expect(ema[i]).toBeCloseTo(e, 9);
    }
    // Bollinger 20, 2: mean ± 2 population standard deviations
    const [mid, up, low] = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
    bollingerInto(mid, up, low, f64(closes), n, 20, 2, 0);
    const w = closes.slice(40, 60);
    const mean = w.reduce((a, b) => a + b, 0) / 20;
    const sd = Math.sqrt(w.reduce((a, b) => a + (b - mean) ** 2, 0) / 20);
    expect(mid[59]).toBeCloseTo(mean, 9);
    expect(up[59]).toBeCloseTo(mean + 2 * sd, 9);
    expect(low[59]).toBeCloseTo(mean - 2 * sd, 9);
    // MACD 12/26/9: EMA12 − EMA26, the signal an EMA 9 of it from its first value
    const c = macdCols(n);
    macdInto(c, f64(closes), n, { fast: 12, slow: 26, signal: 9 }, 0);
    const e12 = new Float64Array(n);
    const e26 = new Float64Array(n);
    emaInto(e12, f64(closes), n, 12, 0);
    emaInto(e26, f64(closes), n, 26, 0);
    const line = closes.map((_, i) => (e12[i] ?? 0) - (e26[i] ?? 0));
    expect(Number.isNaN(c.macd[24])).toBe(true);
    expect(c.macd[25]).toBeCloseTo(line[25] ?? NaN, 9);
    expect(Number.isNaN(c.signal[32])).toBe(true);
    const seed = line.slice(25, 34).reduce((a, b) => a + b, 0) / 9;
    expect(c.signal[33]).toBeCloseTo(seed, 9);
    expect(c.hist[40]).toBeCloseTo((c.macd[40] ?? 0) - (c.signal[40] ?? 0), 12);
  });

  it('VWAP starts again each UTC day', () => {
    const day = 86_400_000;
    const time = f64([day - 120_000, day - 60_000, day, day + 60_000]);
    const high = f64([11, 13, 21, 23]);
    const low = f64([9, 11, 19, 21]);
    const close = f64([10, 12, 20, 22]);
    const volume = f64([1, 3, 2, 2]);
    const out = new Float64Array(4);
    vwapInto(
      out,
      new Float64Array(4),
      new Float64Array(4),
      { time, high, low, close, volume },
      4,
      0,
    );
    expect(arr(out)).toEqual([10, (10 + 12 * 3) / 4, 20, 21]);
  });
});

function macdCols(n: number) {
  return {
    fast: new Float64Array(n),
    slow: new Float64Array(n),
    macd: new Float64Array(n),
    signal: new Float64Array(n),
    hist: new Float64Array(n),
  };
}

/** Every study over `closes`, computed from `from` on top of a pass over `before`. */
function all(closes: number[], before: number[] | null, from: number) {
  const n = closes.length;
  const cols = {
    ema: new Float64Array(n),
    mid: new Float64Array(n),
    up: new Float64Array(n),
    low: new Float64Array(n),
    rsi: new Float64Array(n),
    gain: new Float64Array(n),
    loss: new Float64Array(n),
    vwap: new Float64Array(n),
    pv: new Float64Array(n),
    vol: new Float64Array(n),
    ...macdCols(n),
  };
  const run = (xs: number[], start: number): void => {
    const c = f64(xs);
    const time = f64(xs.map((_, i) => i * 3_600_000));
    const volume = f64(xs.map((x, i) => 1 + ((i * 7 + Math.round(x)) % 5)));
    emaInto(cols.ema, c, xs.length, 5, start);
    bollingerInto(cols.mid, cols.up, cols.low, c, xs.length, 6, 2.5, start);
    rsiInto(cols.rsi, cols.gain, cols.loss, c, xs.length, 4, start);
    vwapInto(
      cols.vwap,
      cols.pv,
      cols.vol,
      { time, high: c, low: c, close: c, volume },
      xs.length,
      start,
    );
    macdInto(cols, c, xs.length, { fast: 3, slow: 7, signal: 4 }, start);
  };
  if (before !== null) run(before, 0);
  run(closes, from);
  return Object.fromEntries(Object.entries(cols).map(([k, v]) => [k, arr(v)]));
}

describe('studies', () => {
  it('S1 from-equals-scratch: a tail recomputed equals a full pass', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 60 }),
        fc.nat(),
        (head, tail, cut) => {
          const before = [...head, ...tail];
          const from = cut % (head.length + 1);
          // the bars from `from` on changed (a live update, appended bars, a correction)
          const after = [...before.slice(0, from), ...tail.map((x) => ((x * 7) % 997) + 1), 42];
          expect(all(after, before, from)).toEqual(all(after, null, 0));
        },
      ),
    );
  });

  it('S3 bounded: RSI in [0, 100], the bands around their middle', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 1e6, noNaN: true }), { maxLength: 80 }),
        (xs) => {
          const r = all(xs, null, 0);
          for (const v of r['rsi'] ?? [])
            if (!Number.isNaN(v)) expect(v >= 0 && v <= 100).toBe(true);
          (r['mid'] ?? []).forEach((m, i) => {
            if (Number.isNaN(m)) return;
            expect((r['up']?.[i] ?? NaN) >= m - 1e-9 * Math.abs(m)).toBe(true);
            expect((r['low']?.[i] ?? NaN) <= m + 1e-9 * Math.abs(m)).toBe(true);
          });
        },
      ),
    );
  });
});
