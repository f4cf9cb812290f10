import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bar } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import {
  buildBarCache,
  indexAtOrBefore,
  SERIES_COLUMNS,
  syncBarCache,
  type BarCache,
} from './bar-cache.ts';
import { DEFAULT_STUDY_PARAMS, type StudyParams } from '../../../shared/studies.ts';

const d = (n: number): DecStr => String(n) as DecStr;

function bar(time: number, close: number, volume = 1): Bar {
  return {
    time,
    open: d(close - 1),
    high: d(close + 2),
    low: d(close - 2),
    close: d(close),
    volume: d(volume),
  };
}

function columns(c: BarCache): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const k of SERIES_COLUMNS) out[k] = Array.from(c[k].subarray(0, c.length));
  out['cross'] = Array.from(c.cross.subarray(0, c.length));
  return out;
}

type Op =
  | { kind: 'update'; close: number }
  | { kind: 'append'; close: number }
  | { kind: 'reset'; count: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      close: fc.integer({ min: 10, max: 99 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('append' as const),
      close: fc.integer({ min: 10, max: 99 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reset' as const),
      count: fc.integer({ min: 0, max: 60 }),
    }),
  },
);

function apply(bars: Bar[], o: Op, seed: number): Bar[] {
  const last = bars[bars.length - 1];
  switch (o.kind) {
    case 'update':
      return last === undefined ? bars : [...bars.slice(0, -1), bar(last.time, o.close, seed)];
    case 'append':
      return [...bars, bar((last?.time ?? 0) + 60_000, o.close, seed)];
    case 'reset':
      return Array.from({ length: o.count }, (_, i) => bar(i * 60_000, 10 + ((i * 7 + seed) % 50)));
  }
}

describe('bar cache', () => {
  it('C2 mirrors-bars', () => {
    const bars = [bar(0, 10), bar(60_000, 12, 3)];
    const c = buildBarCache('BTC/USDT|1min', bars);
    expect(c.length).toBe(2);
    expect(Array.from(c.close.subarray(0, 2))).toEqual([10, 12]);
    expect(Array.from(c.volume.subarray(0, 2))).toEqual([1, 3]);
    expect(c.bars).toBe(bars);
  });

  it('C1 incremental-equals-scratch', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.array(op, { maxLength: 40 }),
        (start, ops) => {
          let bars = apply([], { kind: 'reset', count: start }, 0);
          let cache = syncBarCache(null, 'k', bars).cache;
          ops.forEach((o, i) => {
            bars = apply(bars, o, i);
            cache = syncBarCache(cache, 'k', bars).cache;
          });
          expect(columns(cache)).toEqual(columns(buildBarCache('k', bars)));
        },
      ),
    );
  });

  it('C1 with the studies’ parameters changed on the way: equals a pass with the last ones', () => {
    const other: StudyParams = {
      ema: { period: 5 },
      boll: { period: 7, mult: 1.5 },
      rsi: { period: 3 },
      macd: { fast: 2, slow: 9, signal: 3 },
      volma: { period: 4 },
    };
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 30 }),
        fc.array(fc.boolean(), { maxLength: 30 }),
        (ops, flips) => {
          let bars = apply([], { kind: 'reset', count: 30 }, 0);
          let params = DEFAULT_STUDY_PARAMS;
          let cache = syncBarCache(null, 'k', bars, params).cache;
          ops.forEach((o, i) => {
            bars = apply(bars, o, i);
            if (flips[i] === true) params = params === other ? DEFAULT_STUDY_PARAMS : other;
            cache = syncBarCache(cache, 'k', bars, params).cache;
          });
          expect(columns(cache)).toEqual(columns(buildBarCache('k', bars, params)));
        },
      ),
    );
  });

  it('computes only the studies shown; the others are NaN; switching one on equals scratch', () => {
    const bars = Array.from({ length: 300 }, (_, i) => bar(1_000 + i * 60_000, 100 + (i % 17)));
    const all = columns(syncBarCache(null, 'k', bars).cache);
    const some = syncBarCache(null, 'k', bars, DEFAULT_STUDY_PARAMS, ['volume', 'rsi', 'boll']);
    const c = columns(some.cache);
    for (const col of ['rsi', 'bollMid', 'bollUp', 'bollLow', 'close', 'ma15'])
      expect(c[col], col).toEqual(all[col]);
    for (const col of ['ema', 'vwap', 'macd', 'macdSignal', 'macdHist', 'volma'])
      expect(c[col]?.every(Number.isNaN), col).toBe(true);
    // MACD switched on later: the whole study computed, as from scratch
    const more = syncBarCache(some.cache, 'k', bars, DEFAULT_STUDY_PARAMS, ['rsi', 'boll', 'macd']);
    expect(more.from).toBe(0);
    expect(columns(more.cache)['macd']).toEqual(all['macd']);
  });

  it('rewrites only from the first changed bar', () => {
    const bars = Array.from({ length: 50 }, (_, i) => bar(i * 60_000, 20 + (i % 9)));
    const first = syncBarCache(null, 'k', bars);
    expect(first.from).toBe(0);
    const same = syncBarCache(first.cache, 'k', bars);
    expect(same.from).toBe(50);
    let cache = first.cache;
    const step = (next: Bar[]): number => {
      const r = syncBarCache(cache, 'k', next);
      cache = r.cache;
      return r.from;
    };
    const updated = [...bars.slice(0, -1), bar(49 * 60_000, 99)];
    expect(step(updated)).toBe(49);
    const appended = [...updated, bar(50 * 60_000, 30)];
    expect(step(appended)).toBe(50);
    const corrected = appended.map((b, i) => (i === 10 ? bar(b.time, 77) : b));
    expect(step(corrected)).toBe(10);
    expect(columns(cache)).toEqual(columns(buildBarCache('k', corrected)));
    expect(syncBarCache(cache, 'other', corrected).from).toBe(0);
  });

  it('grows past its capacity', () => {
    let bars: Bar[] = [];
    let cache: BarCache | null = null;
    for (let i = 0; i < 100; i++) {
      bars = [...bars, bar(i * 1000, 10 + (i % 5))];
      cache = syncBarCache(cache, 'k', bars).cache;
    }
    expect(cache?.length).toBe(100);
    expect(cache === null ? [] : columns(cache)).toEqual(columns(buildBarCache('k', bars)));
  });

  it('finds the bar at or before a time', () => {
    const c = buildBarCache('k', [bar(0, 10), bar(100, 10), bar(200, 10)]);
    expect(indexAtOrBefore(c, -1)).toBe(-1);
    expect(indexAtOrBefore(c, 0)).toBe(0);
    expect(indexAtOrBefore(c, 150)).toBe(1);
    expect(indexAtOrBefore(c, 999)).toBe(2);
  });
});
