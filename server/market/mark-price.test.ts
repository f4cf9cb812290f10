// The mark price's rules on sources the test controls (no server): the band around the index,
// the clamp and median without one, and that an honest move is followed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARK_RULES, MarkPrices, weightedMedian } from './mark-price.ts';
import type { MarkSources } from './mark-price.ts';
import type { PairSpec } from './simulator.ts';
import { BTC_USDT_SPEC } from '../testing/fixtures.ts';

const PAIR: PairSpec = BTC_USDT_SPEC;
const W = MARK_RULES.windowMs;
const BAND = MARK_RULES.bandBp;

/** Sources whose book and index the test sets. */
function world(index: bigint | null) {
  const w = {
    index,
    bid: null as bigint | null,
    ask: null as bigint | null,
    last: 6_700_000n as bigint | null,
  };
  const sources: MarkSources = {
    ...(index === null ? {} : { index: () => w.index }),
    quotes: () => ({ bid: w.bid, ask: w.ask }),
    last: () => w.last,
  };
  return { w, sources };
}

const within = (v: bigint, ref: bigint): boolean => {
  const d = v > ref ? v - ref : ref - v;
  return d <= (ref * BAND) / 10_000n + 1n;
};

const price = fc.bigInt({ min: 1n, max: 1_000_000_000n });
const attack = fc.array(
  fc.record({
    bid: fc.option(price, { nil: null }),
    ask: fc.option(price, { nil: null }),
    last: fc.option(price, { nil: null }),
    dt: fc.integer({ min: 0, max: 2000 }),
  }),
  { maxLength: 40 },
);

describe('time-weighted median', () => {
  it('weighs each value by how long it held', () => {
    const s = [
      { t: 0, v: 10n },
      { t: 10, v: 1000n },
      { t: 14, v: 10n },
    ];
    expect(weightedMedian(s, 0, 20)).toBe(10n); // 1000 held 4 of 20
    expect(weightedMedian(s, 9, 16)).toBe(1000n); // 1000 held 4 of 7
    expect(weightedMedian(s, 8, 16)).toBe(10n); // 4 of 8 each way: a tie takes the lower
    expect(weightedMedian([{ t: 5, v: 7n }], 0, 5)).toBeNull(); // no time has passed
  });
});

describe('with an index', () => {
  it('never stands further than the band from the index, whatever the book does', () => {
    fc.assert(
      fc.property(price, attack, (index, steps) => {
        const { w, sources } = world(index);
        let now = 1_000_000;
        const marks = new MarkPrices([PAIR], sources, now);
        for (const st of steps) {
          Object.assign(w, { bid: st.bid, ask: st.ask, last: st.last });
          now += st.dt;
          marks.sample(now);
          expect(within(marks.markTicks(1) ?? 0n, index)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is the index plus the median premium of an honest two-sided book', () => {
    const { w, sources } = world(6_700_000n);
    let now = 0;
    const marks = new MarkPrices([PAIR], sources, now);
    Object.assign(w, { bid: 6_700_990n, ask: 6_701_010n }); // mid 67010: 0.015 % above the index
    for (let i = 0; i < 120; i++) marks.sample((now += 1000));
    expect(marks.mark(1)?.toFixed()).toBe('67010');
    expect(marks.index(1)?.toFixed()).toBe('67000');
  });
});

describe('without an index', () => {
  it('stays within the band of the mark before an attack for a whole window', () => {
    fc.assert(
      fc.property(price, attack, (p0, steps) => {
        const { w, sources } = world(null);
        w.last = p0;
        let now = 0;
        const marks = new MarkPrices([PAIR], sources, now);
        for (let i = 0; i < 60; i++) marks.sample((now += 1000));
        const m0 = marks.markTicks(1) ?? 0n;
        expect(m0).toBe(p0);
        const t0 = now;
        for (const st of steps) {
          Object.assign(w, { bid: st.bid, ask: st.ask, last: st.last ?? w.last });
          now += st.dt;
          if (now - t0 >= W) break;
          marks.sample(now);
          expect(within(marks.markTicks(1) ?? 0n, m0)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('ignores a price that holds for less than half a window', () => {
    const { w, sources } = world(null);
    let now = 0;
    const marks = new MarkPrices([PAIR], sources, now);
    for (let i = 0; i < 60; i++) marks.sample((now += 1000));
    w.last = 13_400_000n; // a self-trade at twice the price
    for (let i = 0; i < 29; i++) marks.sample((now += 1000));
    expect(marks.markTicks(1)).toBe(6_700_000n);
  });

  it('follows a move that holds, one band per window', () => {
    const { w, sources } = world(null);
    let now = 0;
    const marks = new MarkPrices([PAIR], sources, now);
    for (let i = 0; i < 60; i++) marks.sample((now += 1000));
    w.bid = 6_029_990n; // the market moved 10 % down and stays there
    w.ask = 6_030_010n;
    const windows: bigint[] = [];
    for (let m = 0; m < 30; m++) {
      for (let i = 0; i < 60; i++) marks.sample((now += 1000));
      windows.push(marks.markTicks(1) ?? 0n);
    }
    for (let i = 1; i < windows.length; i++) {
      const prev = windows[i - 1] ?? 0n;
      expect(within(windows[i] ?? 0n, prev)).toBe(true);
    }
    expect(windows[windows.length - 1]).toBe(6_030_000n);
  });
});
