import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../shared/decimal.ts';
import type { OpenOrderView } from '../api.ts';
import type { NewEvent } from '../events.ts';
import { chunk, withSeq } from '../testing/arbitraries.ts';
import { foldOrders, initialOrdersState, isOrdersEvent } from './spot-orders.ts';
import type { OrdersState } from './spot-orders.ts';
import { SYMBOL, T0, watchEvent } from '../testing/spot-fixtures.ts';

const open = (id: number): OpenOrderView => ({
  id,
  side: id % 2 === 0 ? 'buy' : 'sell',
  mode: 2,
  symbol: SYMBOL,
  price: '100' as DecStr,
  number: '1' as DecStr,
  totalNumber: '1' as DecStr,
  completeNumber: '0' as DecStr,
  totalMoney: '100' as DecStr,
  createTime: '2024-01-01 00:00:00',
});
const page = (symbol: string, fromPage: number, ids: number[], hasMore: boolean): NewEvent => ({
  at: T0,
  kind: 'reply',
  name: 'orders.open',
  body: { symbol, fromPage, toPage: fromPage, rows: ids.map(open), hasMore },
});
const eventArb: fc.Arbitrary<NewEvent> = fc.oneof(
  fc
    .record({
      symbol: fc.constantFrom(SYMBOL, 'ETH/USDT'),
      fromPage: fc.integer({ min: 1, max: 3 }),
      ids: fc.array(fc.nat(40), { maxLength: 10 }),
      hasMore: fc.boolean(),
    })
    .map(({ symbol, fromPage, ids, hasMore }) => page(symbol, fromPage, ids, hasMore)),
  fc
    .record({
      fromPage: fc.integer({ min: 1, max: 3 }),
      ids: fc.array(fc.nat(40), { maxLength: 10 }),
      // finished orders (issue 20) or, recorded before it and from a legacy server, fills
      finished: fc.boolean(),
    })
    .map(({ fromPage, ids, finished }): NewEvent => ({
      at: T0,
      kind: 'reply',
      name: 'orders.history',
      body: {
        symbol: SYMBOL,
        fromPage,
        toPage: fromPage,
        hasMore: false,
        rows: ids.map((id) => ({
          id,
          side: 'buy',
          symbol: SYMBOL,
          price: '1' as DecStr,
          number: '1' as DecStr,
          fee: '0' as DecStr,
          time: '',
          ...(finished
            ? { outcome: id % 2 === 0 ? 'filled' : 'part-cancelled', total: '2' as DecStr, mode: 1 }
            : {}),
        })),
      },
    })),
  fc.constantFrom<NewEvent>(
    { at: T0, kind: 'command', name: 'session.logout', body: {} },
    { at: T0, kind: 'reply', name: 'session.expired', body: {} },
    watchEvent(),
  ),
);
const fold = (s: OrdersState, events: readonly NewEvent[]): OrdersState =>
  withSeq(events).reduce((acc, e) => (isOrdersEvent(e) ? foldOrders(acc, e) : acc), s);

describe('spot orders projection', () => {
  it('O1 newestFirst', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 20 }), (events) => {
        const s = fold(initialOrdersState, [watchEvent(), ...events]);
        for (const list of [s.view.open, s.view.history])
          list.forEach((o, i) => i > 0 && expect(o.id).toBeLessThan(list[i - 1]?.id ?? Infinity));
      }),
    );
  });

  it('O2 chunkedFoldEqualsWholeFold', () => {
    fc.assert(
      fc.property(
        fc.array(eventArb, { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        (events, cuts) => {
          const all = [watchEvent(), ...events];
          expect(chunk(all, cuts).reduce(fold, initialOrdersState)).toEqual(
            fold(initialOrdersState, all),
          );
        },
      ),
    );
  });

  it('O3 clearedWithoutSession, O4 otherSymbolsIgnored, pages append and refresh replaces', () => {
    let s = fold(initialOrdersState, [watchEvent()]);
    expect(s.view.loading).toBe(true);
    s = fold(s, [
      page(SYMBOL, 1, [5, 9], true),
      page(SYMBOL, 2, [3, 4], false),
      page('ETH/USDT', 1, [99], false),
    ]);
    expect(s.view.open.map((o) => o.id)).toEqual([9, 5, 4, 3]);
    expect(s).toMatchObject({ openPages: 2, view: { openHasMore: false, loading: false } });
    s = fold(s, [page(SYMBOL, 1, [10], false)]);
    expect(s.view.open.map((o) => o.id)).toEqual([10]);
    s = fold(s, [{ at: T0, kind: 'command', name: 'session.logout', body: {} }]);
    expect(s.view).toMatchObject({ open: [], history: [], loading: false });
  });
});
