import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bar } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import { DEFAULT_STUDY_PARAMS, type StudyParams } from '../../../shared/studies.ts';
import { CACHE_STUDIES, SERIES_COLUMNS, syncBarCache } from './bar-cache.ts';
import { tailStart, vwapSeed, warmUpBars } from './bar-tail.ts';

const MIN = 60_000;

/** A random walk of `n` one-minute bars from `start` (ms), prices with two decimals. */
function walk(n: number, seed: number, start = Date.UTC(2026, 0, 1, 7, 13)): Bar[] {
  let x = seed * 7919 + 1;
  const rnd = () => ((x = (x * 48271) % 2147483647) / 2147483647) as number;
  let close = 70_000;
  const bars: Bar[] = [];
  for (let i = 0; i < n; i++) {
    const open = close;
    close = Math.max(1, close + (rnd() - 0.5) * 80);
    const s = (v: number) => v.toFixed(2) as DecStr;
    bars.push({
      time: start + i * MIN,
      open: s(open),
      high: s(Math.max(open, close) + rnd() * 20),
      low: s(Math.min(open, close) - rnd() * 20),
      close: s(close),
      volume: (rnd() * 9).toFixed(4) as DecStr,
    });
  }
  return bars;
}

const studyLists = fc.subarray([...CACHE_STUDIES]);
const period = fc.integer({ min: 2, max: 60 });
const params: fc.Arbitrary<StudyParams> = fc.record({
  ema: fc.record({ period }),
  boll: fc.record({ period, mult: fc.constantFrom(1, 2, 2.5) }),
  rsi: fc.record({ period }),
  macd: fc.record({ fast: period, slow: period, signal: period }),
  volma: fc.record({ period }),
});

describe('the tail of a long series (B11)', () => {
  it('T1: over the bars in view, the tail computed alone shows what the whole history shows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 2_000, max: 9_000 }),
        fc.integer({ min: 20, max: 300 }),
        studyLists,
        params,
        (seed, n, view, studies, p) => {
          const bars = walk(n, seed);
          const on = ['volume', 'ma', 'cross', ...studies];
          const start = tailStart(bars, view, p, on);
          fc.pre(start > 0);
          const full = syncBarCache(null, 'k', bars, p, on).cache;
          const sums = vwapSeed(bars, start);
          const tail = syncBarCache(null, 'k', bars.slice(start), p, on, sums).cache;
          expect(tail.length).toBe(n - start);
          for (let i = n - view; i < n; i++) {
            const j = i - start;
            expect(tail.cross[j]).toBe(full.cross[i]);
            for (const col of SERIES_COLUMNS) {
              const a = full[col][i] ?? NaN;
              const b = tail[col][j] ?? NaN;
              if (Number.isNaN(a)) expect(b, `${col} at ${i}`).toBeNaN();
              else
                expect(Math.abs(a - b), `${col} at ${i}`).toBeLessThanOrEqual(Math.abs(a) * 1e-9);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("T2: the VWAP seed is the whole history's day sums before the tail, bit for bit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 3_999 }),
        (seed, start) => {
          const bars = walk(4_000, seed, Date.UTC(2026, 0, 1, 0, 0));
          const full = syncBarCache(null, 'k', bars, DEFAULT_STUDY_PARAMS, ['vwap']).cache;
          const s = vwapSeed(bars, start);
          // one-minute bars from midnight: a day starts every 1,440 bars
          if (start % 1_440 === 0) expect(s).toBeNull();
          else
            expect(s).toEqual({
              day: Math.floor((bars[start]?.time ?? 0) / 86_400_000),
              pv: full.pvSum[start - 1],
              vol: full.vSum[start - 1],
            });
        },
      ),
      { numRuns: 60 },
    );
    expect(vwapSeed(walk(10, 1), 0)).toBeNull();
  });

  it('does not reach back to the VWAP day start, and does not split when it would save little', () => {
    const bars = walk(4_000, 3, Date.UTC(2026, 0, 1, 0, 0));
    const p = DEFAULT_STUDY_PARAMS;
    const plain = tailStart(bars, 100, p, ['ma']);
    expect(plain).toBe(4_000 - 100 - warmUpBars(p, ['ma']));
    expect(tailStart(bars, 100, p, ['ma', 'vwap'])).toBe(plain);
    expect(tailStart(bars.slice(0, 900), 100, p, ['macd'])).toBe(0);
    expect(tailStart(bars, 100, { ...p, ema: { period: 500 } }, ['ema'])).toBe(0);
  });

  it('warms the studies up for their periods: windows for averages, many periods for smoothing', () => {
    const p = DEFAULT_STUDY_PARAMS;
    expect(warmUpBars(p, [])).toBe(20);
    expect(warmUpBars(p, ['boll'])).toBe(20);
    expect(warmUpBars(p, ['ema'])).toBe(16 * 22);
    expect(warmUpBars(p, ['rsi'])).toBe(32 * 14);
    expect(warmUpBars(p, ['macd', 'rsi'])).toBe(16 * (26 + 9 + 2));
  });
});
