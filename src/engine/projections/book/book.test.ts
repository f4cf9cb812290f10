import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../shared/decimal.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import type { BookLevel, NewEvent } from '../../events.ts';
import {
  anyBookEventArb as anyEventArb,
  asksArb,
  bidsArb,
  BOOK_SYMBOL as SYMBOL,
  BOOK_T0 as T0,
  chunk,
  watchBookEvent as watch,
  withSeq,
} from '../../testing/arbitraries.ts';
import { foldBookAll, initialBookState, isGap } from './book.ts';
import type { BookState } from './book.ts';
import { createBookViewer, DEPTH_LEVELS, groupBook, toScaled, validGrouping } from './book-view.ts';
import { amountsOf, cmpDec, levelsOf, pricesOf } from './sorted-side.ts';

/** The server's book: a map per side, changed by absolute levels. */
class Model {
  bids = new Map<DecStr, DecStr>();
  asks = new Map<DecStr, DecStr>();
  apply(bids: readonly BookLevel[], asks: readonly BookLevel[]): void {
    for (const [side, levels] of [
      [this.bids, bids],
      [this.asks, asks],
    ] as const)
      for (const [p, a] of levels) {
        if (a === '0') side.delete(p);
        else side.set(p, a);
      }
  }
  levels(side: 'bids' | 'asks'): BookLevel[] {
    const sorted = [...this[side].entries()].sort((a, b) => cmpDec(a[0], b[0]));
    return side === 'bids' ? sorted.reverse() : sorted;
  }
}

/** A snapshot at seq `seq` then deltas seq+1…; returns the events and the model after each. */
const streamArb = fc
  .record({
    seq: fc.integer({ min: 0, max: 1000 }),
    initial: fc.tuple(bidsArb, asksArb),
    deltas: fc.array(fc.tuple(bidsArb, asksArb), { minLength: 2, maxLength: 30 }),
  })
  .map(({ seq, initial, deltas }) => {
    const model = new Model();
    model.apply(...initial);
    const events: NewEvent[] = [
      watch,
      {
        at: T0,
        kind: 'push',
        name: 'book.snapshot',
        body: { symbol: SYMBOL, seq, bids: model.levels('bids'), asks: model.levels('asks') },
      },
    ];
    deltas.forEach(([bids, asks], i) => {
      model.apply(bids, asks);
      events.push({
        at: T0 + i + 1,
        kind: 'push',
        name: 'book.delta',
        body: { symbol: SYMBOL, seq: seq + i + 1, prevSeq: seq + i, bids, asks },
      });
    });
    return { events, model, lastSeq: seq + deltas.length };
  });

const fold = (events: readonly NewEvent[], state: BookState = initialBookState): BookState =>
  foldBookAll(state, withSeq(events));

/** The watched pair with a snapshot of these levels. */
const snapshotBook = (bids: string[][], asks: string[][]): BookState =>
  fold([
    watch,
    {
      at: T0,
      kind: 'push',
      name: 'book.snapshot',
      body: {
        symbol: SYMBOL,
        seq: 1,
        bids: bids as unknown as BookLevel[],
        asks: asks as unknown as BookLevel[],
      },
    },
  ]);

function checkSides(s: BookState): void {
  const strictly = (prices: readonly string[], dir: 1 | -1): boolean =>
    prices.every((p, i) => i === 0 || cmpDec(prices[i - 1] as string, p) * dir < 0);
  expect(strictly(pricesOf(s.bids), -1)).toBe(true);
  expect(strictly(pricesOf(s.asks), 1)).toBe(true);
  for (const a of [...amountsOf(s.bids), ...amountsOf(s.asks)]) {
    expect(a).not.toBe('0');
    expect(new Decimal(a).toFixed()).toBe(a);
  }
  for (const side of [s.bids, s.asks]) {
    expect(pricesOf(side).length).toBe(side.size);
    expect(amountsOf(side).length).toBe(side.size);
  }
}

describe('book projection', () => {
  it('K1 bidsStrictlyDescending, K2 asksStrictlyAscending, K3 noZeroLevel', () => {
    fc.assert(
      fc.property(fc.array(anyEventArb, { maxLength: 40 }), (events) => {
        let s = initialBookState;
        for (const e of withSeq(events)) {
          s = foldBookAll(s, [e]);
          checkSides(s);
        }
      }),
    );
  });

  it('K4 chunkedFoldEqualsWholeFold', () => {
    fc.assert(
      fc.property(
        fc.array(anyEventArb, { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        (events, cuts) => {
          const all = withSeq(events);
          const whole = foldBookAll(initialBookState, all);
          const chunked = chunk(all, cuts).reduce<BookState>(
            (s, part) => foldBookAll(s, part),
            initialBookState,
          );
          expect(chunked).toEqual(whole);
        },
      ),
    );
  });

  it('applies a gap-free stream exactly as the server book (naive model)', () => {
    fc.assert(
      fc.property(streamArb, ({ events, model, lastSeq }) => {
        const s = fold(events);
        expect(s.source).toBe('delta');
        expect(s.seq).toBe(lastSeq);
        expect(s.resyncs).toBe(0);
        expect(levelsOf(s.bids)).toEqual(model.levels('bids'));
        expect(levelsOf(s.asks)).toEqual(model.levels('asks'));
      }),
    );
  });

  it('K5 gapResyncs: any dropped delta resyncs, deltas wait, the next snapshot is the book', () => {
    fc.assert(
      fc.property(streamArb, fc.nat(), ({ events, model, lastSeq }, drop) => {
        // Drop one delta that is not the last (index 2 … length − 2).
        const deltas = events.length - 2;
        const i = 2 + (drop % (deltas - 1));
        const gapped = events.filter((_, j) => j !== i);
        const afterGap = fold(gapped);
        expect(afterGap.resyncs).toBe(1);
        expect(afterGap.needSnapshot).toBe(true);
        expect(afterGap.source).toBe('none');
        expect(afterGap.bids.size).toBe(0);
        const fresh: NewEvent = {
          at: T0 + 1000,
          kind: 'push',
          name: 'book.snapshot',
          body: {
            symbol: SYMBOL,
            seq: lastSeq,
            bids: model.levels('bids'),
            asks: model.levels('asks'),
          },
        };
        const s = foldBookAll(afterGap, withSeq([fresh]));
        expect(s.needSnapshot).toBe(false);
        expect(levelsOf(s.bids)).toEqual(model.levels('bids'));
        expect(levelsOf(s.asks)).toEqual(model.levels('asks'));
      }),
    );
  });

  it('isGap names exactly the deltas the fold resyncs on', () => {
    fc.assert(
      fc.property(streamArb, fc.nat(50), fc.nat(50), ({ events }, seq, prevSeq) => {
        const s = fold(events);
        const delta = { symbol: SYMBOL, seq, prevSeq, bids: [], asks: [] };
        const next = foldBookAll(
          s,
          withSeq([{ at: T0, kind: 'push', name: 'book.delta', body: delta }]),
        );
        expect(next.resyncs > s.resyncs).toBe(isGap(s, delta));
      }),
    );
  });

  it('K6 snapshotReplaces and K8 sourcePriority', () => {
    const snap: NewEvent = {
      at: T0,
      kind: 'push',
      name: 'book.snapshot',
      body: {
        symbol: SYMBOL,
        seq: 5,
        bids: [['10' as DecStr, '1' as DecStr]],
        asks: [['11' as DecStr, '2' as DecStr]],
      },
    };
    const top: NewEvent = {
      at: T0,
      kind: 'push',
      name: 'book.top',
      body: { symbol: SYMBOL, seq: 1, bids: [['9' as DecStr, '1' as DecStr]], asks: [] },
    };
    const legacy = fold([watch, top]);
    expect(legacy.source).toBe('legacy');
    expect(levelsOf(legacy.bids)).toEqual([['9', '1']]);
    const delta = fold([watch, top, snap, top]);
    expect(delta.source).toBe('delta');
    expect(levelsOf(delta.bids)).toEqual([['10', '1']]);
    const early = fold([
      watch,
      { ...snap, name: 'book.delta', body: { ...snap.body, prevSeq: 4 } } as NewEvent,
    ]);
    expect(early.needSnapshot).toBe(true);
    expect(early.bids.size).toBe(0);
  });

  it('K7 otherSymbolsIgnored', () => {
    fc.assert(
      fc.property(fc.array(anyEventArb, { maxLength: 20 }), (events) => {
        const other = events.map((e) =>
          'symbol' in e.body ? ({ ...e, body: { ...e.body, symbol: 'ETH/USDT' } } as NewEvent) : e,
        );
        const s = fold([watch, ...other.filter((e) => e.name !== 'ui.watch-spot')]);
        expect(s.bids.size).toBe(0);
        expect(s.source).toBe('none');
      }),
    );
  });
});

describe('book view', () => {
  const bookArb = fc.record({ bids: bidsArb, asks: asksArb }).map(({ bids, asks }) => {
    const model = new Model();
    model.apply(bids, asks);
    return fold([
      watch,
      {
        at: T0,
        kind: 'push',
        name: 'book.snapshot',
        body: { symbol: SYMBOL, seq: 1, bids: model.levels('bids'), asks: model.levels('asks') },
      },
    ]);
  });
  // the page's steps, including the 5× and 10× ones of high-priced pairs (issue 20)
  const groupingArb = fc.constantFrom(1, 10, 100, 1000, 5000, 10000, 50000);

  it('grouping conserves the total amount, keeps the order, rounds bids down and asks up', () => {
    fc.assert(
      fc.property(bookArb, groupingArb, (book, grouping) => {
        const g = groupBook(book, grouping, 2);
        for (const [side, raw, kind] of [
          [g.bids, book.bids, 'bid'],
          [g.asks, book.asks, 'ask'],
        ] as const) {
          const sum = amountsOf(raw).reduce((s, a) => s + toScaled(a, g.amountScale), 0n);
          expect(side.amounts.reduce((s, a) => s + a, 0n)).toBe(sum);
          expect(side.totals.at(-1) ?? 0n).toBe(sum);
          side.prices.forEach((p, i) => {
            expect(p % g.step).toBe(0n);
            if (i > 0)
              expect(
                kind === 'bid'
                  ? p < (side.prices[i - 1] as bigint)
                  : p > (side.prices[i - 1] as bigint),
              ).toBe(true);
          });
          for (const price of pricesOf(raw)) {
            const p = toScaled(price, g.priceScale);
            const key =
              kind === 'bid' ? p - (p % g.step) : p % g.step === 0n ? p : p - (p % g.step) + g.step;
            expect(side.prices).toContain(key);
          }
        }
      }),
    );
  });

  it('5000 ticks group by 50 at 2 decimals; a grouping that is not a whole number groups nothing', () => {
    expect(groupBook(initialBookState, 5000, 2).step).toBe(5000n);
    expect(validGrouping(5000)).toBe(5000);
    expect(validGrouping(1.5)).toBe(1);
    expect(validGrouping(0)).toBe(1);
    expect(validGrouping(Number.NaN)).toBe(1);
  });

  it('gives the depth chart the grouped levels from the best, at most DEPTH_LEVELS a side', () => {
    const bids = Array.from({ length: DEPTH_LEVELS + 20 }, (_, i) => [String(1000 - i), '0.5']);
    const book = snapshotBook(bids, [
      ['1001.04', '1'],
      ['1001.06', '2'],
      ['1001.1', '0.25'],
    ]);
    const depth = createBookViewer().depth(book, { grouping: 10, pricePrecision: 2 });
    expect(depth?.bids).toHaveLength(DEPTH_LEVELS);
    expect(depth?.bids[0]).toEqual(['1000', '0.5']);
    // asks grouped by 0.1 upwards: 1001.04 and 1001.06 → 1001.1 with 1001.1 itself
    expect(depth?.asks).toEqual([['1001.1', '3.25']]);
    expect(depth).toMatchObject({ symbol: SYMBOL, grouping: 10 });
  });

  it('marks an order where it stands in the queue: its level, or the next one past it', () => {
    const book = snapshotBook(
      [
        ['100', '1'],
        ['99.5', '2'],
      ],
      [
        ['100.1', '1.5'],
        ['100.25', '1'],
      ],
    );
    const view = createBookViewer().view(book, {
      grouping: 1,
      window: { bidStart: 0, bidCount: 5, askStart: 0, askCount: 5 },
      pricePrecision: 2,
      own: [
        // contract entrusts between levels: the next level past them
        { id: 1, side: 'buy', price: '99.8' as DecStr, amount: '0.1' as DecStr },
        { id: 2, side: 'sell', price: '100.2' as DecStr, amount: '0.3' as DecStr },
        // at a level exactly, and one beyond the whole book (not marked)
        { id: 3, side: 'buy', price: '100' as DecStr, amount: '0.2' as DecStr },
        { id: 4, side: 'buy', price: '90' as DecStr, amount: '5' as DecStr },
      ],
    });
    // each names its own price, not the level's (issue 41: the revoke dialog said 99.7)
    expect(view?.bids.map((r) => r.own)).toEqual([
      { amount: '0.2', ids: [3], prices: ['100'] },
      { amount: '0.1', ids: [1], prices: ['99.8'] },
    ]);
    expect(view?.asks.map((r) => r.own)).toEqual([
      null,
      { amount: '0.3', ids: [2], prices: ['100.2'] },
    ]);
  });

  it('renders only the window, with totals, depth fractions and own marks', () => {
    const book = snapshotBook(
      [
        ['100.05', '1'],
        ['100.01', '2'],
        ['99.99', '0.5'],
      ],
      [
        ['100.1', '1.5'],
        ['100.25', '1'],
      ],
    );
    const viewer = createBookViewer();
    const view = viewer.view(book, {
      grouping: 10,
      window: { bidStart: 0, bidCount: 1, askStart: 1, askCount: 5 },
      pricePrecision: 2,
      own: [
        { id: 7, side: 'buy', price: '100.03' as DecStr, amount: '0.25' as DecStr },
        { id: 9, side: 'buy', price: '100.09' as DecStr, amount: '0.5' as DecStr },
        // the next level down, and an ask outside the window
        { id: 11, side: 'buy', price: '99.99' as DecStr, amount: '1' as DecStr },
        { id: 12, side: 'sell', price: '100.1' as DecStr, amount: '1' as DecStr },
      ],
    });
    expect(view).toMatchObject({
      tick: '0.01',
      bidCount: 2,
      askCount: 2,
      bidStart: 0,
      askStart: 1,
      bestBid: '100.05',
      bestAsk: '100.1',
      spread: '0.05',
      // the user's two bids inside [100, 100.1): their remaining amounts summed exactly
      bids: [
        {
          price: '100',
          amount: '3',
          total: '3',
          own: { amount: '0.75', ids: [7, 9], prices: ['100.03', '100.09'] },
        },
      ],
      asks: [{ price: '100.3', amount: '1', total: '2.5', own: null }],
    });
    expect(view?.bids[0]?.depth).toBeCloseTo(3 / 3.5);
    expect(view?.asks[0]?.depth).toBeCloseTo(2.5 / 3.5);
  });
});
