import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bar } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import { DEFAULT_STUDY_PARAMS, type StudyParams } from '../../../shared/studies.ts';
import { SERIES_COLUMNS, syncBarCache, type BarCache } from '../paint/bar-cache.ts';
import { vwapSeed } from '../paint/bar-tail.ts';
import { ChartHistory, type HistoryInput } from './chart-history.ts';

const MIN = 60_000;
const s = (v: number) => v.toFixed(2) as DecStr;

function bar(time: number, close: number): Bar {
  return {
    time,
    open: s(close),
    high: s(close + 3),
    low: s(close - 3),
    close: s(close),
    volume: s(1 + (close % 7)),
  };
}

function walk(n: number, seed: number): Bar[] {
  return Array.from({ length: n }, (_, i) =>
    bar(Date.UTC(2026, 0, 1) + i * MIN, 1_000 + ((i * seed) % 97)),
  );
}

/** The build's slices run only when the test says so. */
function manual() {
  const queue: (() => void)[] = [];
  return {
    schedule: (step: () => void) => {
      queue.push(step);
      return () => queue.splice(queue.indexOf(step), 1);
    },
    run(max = Infinity) {
      for (let k = 0; k < max && queue.length > 0; k++) queue.shift()?.();
    },
    get pending() {
      return queue.length;
    },
  };
}

function same(a: BarCache, b: BarCache): void {
  expect(a.length).toBe(b.length);
  expect(Array.from(a.cross.subarray(0, a.length))).toEqual(
    Array.from(b.cross.subarray(0, b.length)),
  );
  for (const col of SERIES_COLUMNS)
    expect(Array.from(a[col].subarray(0, a.length)), col).toEqual(
      Array.from(b[col].subarray(0, b.length)),
    );
}

type Op =
  | { kind: 'update'; close: number }
  | { kind: 'append'; close: number }
  | { kind: 'params'; ema: number }
  | { kind: 'studies'; rsi: boolean }
  | { kind: 'steps'; n: number }
  | { kind: 'reset'; seed: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('update' as const), close: fc.integer({ min: 900, max: 1100 }) }),
  fc.record({ kind: fc.constant('append' as const), close: fc.integer({ min: 900, max: 1100 }) }),
  fc.record({ kind: fc.constant('params' as const), ema: fc.integer({ min: 2, max: 40 }) }),
  fc.record({ kind: fc.constant('studies' as const), rsi: fc.boolean() }),
  fc.record({ kind: fc.constant('steps' as const), n: fc.integer({ min: 1, max: 3 }) }),
  // the same times, every bar a new object with other prices (a reload of the series)
  fc.record({ kind: fc.constant('reset' as const), seed: fc.integer({ min: 51, max: 99 }) }),
);

function next(input: HistoryInput, o: Op): HistoryInput {
  const bars = input.bars;
  const last = bars[bars.length - 1] ?? bar(0, 1_000);
  switch (o.kind) {
    case 'update':
      return { ...input, bars: [...bars.slice(0, -1), bar(last.time, o.close)] };
    case 'append':
      return { ...input, bars: [...bars, bar(last.time + MIN, o.close)] };
    case 'params':
      return { ...input, params: { ...input.params, ema: { period: o.ema } } };
    case 'studies':
      return { ...input, studies: o.rsi ? ['ma', 'ema', 'macd', 'rsi'] : ['ma', 'ema', 'vwap'] };
    case 'steps':
      return input;
    case 'reset':
      return { ...input, bars: walk(bars.length, o.seed) };
  }
}

describe('the chart history: newest bars first, the whole series after (B11)', () => {
  it('H1/H2: while building it shows the newest bars, once built it equals a build from scratch', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3_000, max: 6_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(op, { maxLength: 12 }),
        (n, seed, ops) => {
          const clock = manual();
          const grown: number[] = [];
          const view: { cache: BarCache | null } = { cache: null };
          const history = new ChartHistory((cache, shift) => {
            view.cache = cache;
            grown.push(shift);
          }, clock.schedule);
          const params: StudyParams = DEFAULT_STUDY_PARAMS;
          let input: HistoryInput = {
            key: 'k',
            bars: walk(n, seed),
            params,
            studies: ['ma', 'ema', 'macd'],
          };
          view.cache = history.sync(input, 800);
          expect(view.cache.length).toBeLessThan(n);
          expect(history.building).toBe(true);
          for (const o of ops) {
            input = next(input, o);
            if (o.kind === 'steps') clock.run(o.n);
            else view.cache = history.sync(input, 800);
            const c = view.cache;
            const { bars } = input;
            // H2: the cache shows the newest bars (all of them once built)
            expect(c.last).toBe(bars[bars.length - 1]);
            if (history.building) {
              const start = bars.length - c.length;
              const seed = input.studies.includes('vwap') ? vwapSeed(bars, start) : null;
              const tail = syncBarCache(
                null,
                'k',
                bars.slice(start),
                input.params,
                input.studies,
                seed,
              );
              same(c, tail.cache);
            }
          }
          clock.run();
          expect(history.building).toBe(false);
          expect(grown).toHaveLength(1);
          // H1: the whole series, as if computed at once from the last input
          const final = view.cache;
          same(final, syncBarCache(null, 'k', input.bars, input.params, input.studies).cache);
          expect(history.sync(input, 800)).toBe(final);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('computes a short series at once, and a new key starts over', () => {
    const clock = manual();
    const history = new ChartHistory(() => undefined, clock.schedule);
    const input = { key: 'a', bars: walk(200, 3), params: DEFAULT_STUDY_PARAMS, studies: ['ma'] };
    expect(history.sync(input, 800).length).toBe(200);
    expect(history.building).toBe(false);
    expect(clock.pending).toBe(0);
    const long = { ...input, key: 'b', bars: walk(5_000, 3) };
    expect(history.sync(long, 800).length).toBe(1200 / 8 + 20);
    expect(clock.pending).toBe(1);
    history.sync({ ...input, key: 'c' }, 800);
    expect(history.building).toBe(false);
    expect(clock.pending).toBe(0);
  });

  it('yields between slices and stops when destroyed', () => {
    let t = 0;
    const clock = manual();
    const history = new ChartHistory(
      () => undefined,
      clock.schedule,
      () => (t += 4),
    );
    history.sync(
      { key: 'k', bars: walk(8_000, 5), params: DEFAULT_STUDY_PARAMS, studies: ['ma'] },
      100,
    );
    clock.run(1);
    expect(history.building).toBe(true);
    expect(clock.pending).toBe(1);
    history.destroy();
    expect(clock.pending).toBe(0);
    expect(history.building).toBe(false);
  });
});
