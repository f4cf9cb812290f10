// The mark price's rule on a source the test controls (no server): the mark is the index, read
// at the moment it is asked for (no sampled copy that a fresh quote could run ahead of), and
// there is no mark at all without an index (ADR 0040).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarkPrices } from './mark-price.ts';
import type { PairSpec } from './simulator.ts';
import { BTC_USDT_SPEC } from '../testing/fixtures.ts';

const PAIR: PairSpec = BTC_USDT_SPEC;

describe('the mark price', () => {
  it('is the index at every moment, read when asked (no stale sample to race)', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 1n, max: 10n ** 15n }), { minLength: 1 }), (path) => {
        let index: bigint | null = null;
        const marks = new MarkPrices([PAIR], { index: () => index });
        expect(marks.indexed).toBe(true);
        expect(marks.mark(PAIR.matchId)).toBeNull();
        for (const v of path) {
          index = v;
          expect(marks.markTicks(PAIR.matchId)).toBe(v);
          const scale = 10n ** BigInt(PAIR.pricePrecision);
          expect(marks.priceOf(PAIR.matchId)?.toFixed(PAIR.pricePrecision)).toBe(
            `${v / scale}.${(v % scale).toString().padStart(PAIR.pricePrecision, '0')}`,
          );
        }
      }),
    );
  });

  it('has no mark without an index, nor for an unknown pair or a non-positive index', () => {
    const none = new MarkPrices([PAIR], {});
    expect(none.indexed).toBe(false);
    expect(none.mark(PAIR.matchId)).toBeNull();
    expect(none.priceOf(PAIR.matchId)).toBeNull();
    let index: bigint | null = 0n;
    const some = new MarkPrices([PAIR], { index: () => index });
    expect(some.mark(PAIR.matchId)).toBeNull();
    index = -5n;
    expect(some.mark(PAIR.matchId)).toBeNull();
    index = 6_700_000n;
    expect(some.mark(999)).toBeNull();
    expect(some.mark(PAIR.matchId)?.toFixed()).toBe('67000');
  });
});
