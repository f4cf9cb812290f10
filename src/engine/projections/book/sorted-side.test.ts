import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../../shared/decimal.ts';
import type { BookLevel } from '../../events.ts';
import { fromScaled } from './book-view.ts';
import {
  applyChanges,
  CHUNK_MAX,
  cmpDec,
  EMPTY_SIDE,
  keyOf,
  levelsOf,
  sideFromLevels,
} from './sorted-side.ts';
import type { BookSide, SideKind } from './sorted-side.ts';

// Deep sides (hundreds of levels, so that chunks split and merge) against a Map model.

const priceOf = (tick: number): DecStr => fromScaled(BigInt(tick), 2);
const amountArb = fc.integer({ min: 1, max: 9_999 }).map((n) => fromScaled(BigInt(n), 3));
/** A change at one of `ticks` prices; `removals` in 5 remove the level. */
const changeArb = (ticks: number, removals = 2): fc.Arbitrary<BookLevel> =>
  fc.tuple(
    fc.integer({ min: 1, max: ticks }).map(priceOf),
    fc.oneof(
      { weight: removals, arbitrary: fc.constant('0' as DecStr) },
      { weight: 5 - removals, arbitrary: amountArb },
    ),
  );
/** Pushes that grow a region (chunks split) or empty it (chunks merge). */
const deltaArb = fc.oneof(
  fc.array(changeArb(200, 1), { minLength: 40, maxLength: 120 }),
  fc.array(changeArb(300, 4), { minLength: 40, maxLength: 120 }),
);
const kindArb = fc.constantFrom<SideKind>('bid', 'ask');
const deepArb = fc.record({
  kind: kindArb,
  initial: fc.array(changeArb(600), { minLength: 200, maxLength: 500 }),
  deltas: fc.array(deltaArb, { minLength: 4, maxLength: 12 }),
});

function model(levels: Map<DecStr, DecStr>, kind: SideKind): BookLevel[] {
  const sorted = [...levels.entries()].sort((a, b) => cmpDec(a[0], b[0]));
  return kind === 'bid' ? sorted.reverse() : sorted;
}

function apply(m: Map<DecStr, DecStr>, changes: readonly BookLevel[]): void {
  for (const [p, a] of changes) {
    if (a === '0') m.delete(p);
    else m.set(p, a);
  }
}

/** Equal level lists (a cheap check: a failing run must not format a diff of 500 levels). */
function sameLevels(a: readonly BookLevel[], b: readonly BookLevel[]): boolean {
  return a.length === b.length && a.every((l, i) => l[0] === b[i]?.[0] && l[1] === b[i]?.[1]);
}

function checkChunks(side: BookSide): void {
  let size = 0;
  let bounded = true;
  for (const c of side.chunks) {
    bounded &&= c.levels.length > 0 && c.levels.length <= CHUNK_MAX;
    bounded &&= c.levels.every((l) => l.key === Number(l.price));
    size += c.levels.length;
  }
  expect(bounded).toBe(true);
  expect(side.size).toBe(size);
}

describe('sorted side (chunked, persistent)', () => {
  it('deep sides equal the model after every delta, chunks stay within bounds', () => {
    fc.assert(
      fc.property(deepArb, ({ kind, initial, deltas }) => {
        const m = new Map<DecStr, DecStr>();
        apply(m, initial);
        let side = sideFromLevels(model(m, kind), kind);
        for (const d of deltas) {
          side = applyChanges(side, d, kind);
          apply(m, d);
          expect(sameLevels(levelsOf(side), model(m, kind))).toBe(true);
          checkChunks(side);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('never changes the side it is given (earlier states stay valid)', () => {
    fc.assert(
      fc.property(deepArb, ({ kind, initial, deltas }) => {
        let side = applyChanges(EMPTY_SIDE, initial, kind);
        const history: { side: BookSide; levels: BookLevel[] }[] = [];
        for (const d of deltas) {
          history.push({ side, levels: levelsOf(side) });
          side = applyChanges(side, d, kind);
        }
        for (const h of history) expect(sameLevels(levelsOf(h.side), h.levels)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('splits and merges chunks at both ends of either side, keeping the order', () => {
    for (const kind of ['bid', 'ask'] as const) {
      const m = new Map<DecStr, DecStr>();
      const all = Array.from({ length: 300 }, (_, i): BookLevel => [priceOf(i + 1), '1' as DecStr]);
      apply(m, all);
      let side = sideFromLevels(model(m, kind), kind);
      for (let k = 0; k < 6; k += 1) {
        // remove most of the low prices, then grow them back densely
        const cut = Array.from({ length: 100 }, (_, i): BookLevel => [
          priceOf(1 + ((i * 7 + k * 13) % 300)),
          '0' as DecStr,
        ]);
        const grow = Array.from({ length: 90 }, (_, i): BookLevel => [
          priceOf(1 + ((i * 11 + k) % 150)),
          fromScaled(BigInt(k + 2), 0),
        ]);
        for (const d of [cut, grow]) {
          side = applyChanges(side, d, kind);
          apply(m, d);
          expect(sameLevels(levelsOf(side), model(m, kind))).toBe(true);
          checkChunks(side);
        }
      }
    }
  });

  it('returns the same side when nothing changes', () => {
    const level = (p: string, a: string): BookLevel => [p as DecStr, a as DecStr];
    const side = sideFromLevels([level('1', '2')], 'ask');
    expect(applyChanges(side, [level('1', '2'), level('3', '0')], 'ask')).toBe(side);
  });

  it('keyOf equals Number on canonical decimals', () => {
    const canonical = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }))
      .map(([v, scale]) => fromScaled(v, scale));
    fc.assert(
      fc.property(canonical, (s) => {
        expect(keyOf(s)).toBe(Number(s));
      }),
      { numRuns: 2000 },
    );
  });
});
