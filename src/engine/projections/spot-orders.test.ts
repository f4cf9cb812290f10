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
/** Two logins' tags (and older recordings' logins, with none). */
const tagArb = fc.option(fc.constantFrom('t1', 't2'), { nil: undefined });
const loginEvent = (restored: boolean, tag: string | undefined): NewEvent => ({
  at: T0,
  kind: 'reply',
  name: 'session.login',
  body: tag === undefined ? { restored } : { restored, tag },
});
const boot: NewEvent = { at: T0, kind: 'system', name: 'engine.boot', body: { app: '' } };
const OTHER = 'ETH/USDT';
/** Page sessions: logins, boots and watches of two pairs (or none) among the replies. */
const sessionArb: fc.Arbitrary<NewEvent> = fc.oneof(
  { arbitrary: eventArb, weight: 8 },
  {
    arbitrary: fc
      .record({ restored: fc.boolean(), tag: tagArb })
      .map((l) => loginEvent(l.restored, l.tag)),
    weight: 1,
  },
  { arbitrary: fc.constant(boot), weight: 1 },
  {
    arbitrary: fc.constantFrom(SYMBOL, OTHER, null).map((symbol) => watchEvent(symbol)),
    weight: 1,
  },
);
const fold = (s: OrdersState, events: readonly NewEvent[]): OrdersState =>
  withSeq(events).reduce((acc, e) => (isOrdersEvent(e) ? foldOrders(acc, e) : acc), s);
const showsHeld = (s: OrdersState): boolean => s.view.openHeld || s.view.historyHeld;

/** What the login showed of the pair came back, held, as of its time (1 if the open list did). */
function cameBackAsOf(before: OrdersState, after: OrdersState): number {
  const v = before.view;
  if (v.historyLoaded || v.historyHeld) {
    expect(after.view.history).toBe(v.history);
    expect(after.view).toMatchObject({ historyHeld: true, historyAt: v.historyAt });
  }
  if (!(v.openLoaded || v.openHeld)) return 0;
  expect(after.view.open).toBe(v.open);
  expect(after.view).toMatchObject({ openHeld: true, openLoaded: false, openAt: v.openAt });
  return 1;
}

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
        fc.array(sessionArb, { maxLength: 20 }),
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
    expect(s.view).toMatchObject({ openLoading: true, historyLoading: true });
    s = fold(s, [
      page(SYMBOL, 1, [5, 9], true),
      page(SYMBOL, 2, [3, 4], false),
      page('ETH/USDT', 1, [99], false),
    ]);
    expect(s.view.open.map((o) => o.id)).toEqual([9, 5, 4, 3]);
    expect(s).toMatchObject({
      openPages: 2,
      view: { openHasMore: false, openLoading: false, historyLoading: true },
    });
    s = fold(s, [page(SYMBOL, 1, [10], false)]);
    expect(s.view.open.map((o) => o.id)).toEqual([10]);
    s = fold(s, [{ at: T0, kind: 'command', name: 'session.logout', body: {} }]);
    expect(s.view).toMatchObject({
      open: [],
      history: [],
      openLoading: false,
      historyLoading: false,
    });
  });

  it('each list loads on its own: the history answered first leaves the open orders loading, never "not known"', () => {
    const history: NewEvent = {
      at: T0,
      kind: 'reply',
      name: 'orders.history',
      body: { symbol: SYMBOL, fromPage: 1, toPage: 1, hasMore: false, rows: [] },
    };
    let s = fold(initialOrdersState, [watchEvent(), history]);
    expect(s.view).toMatchObject({ historyLoaded: true, historyLoading: false });
    expect(s.view).toMatchObject({ openLoaded: false, openLoading: true });
    // the open orders' request fails: that list, and only it, is no longer loading
    const failed = (tab: 'open' | 'history'): NewEvent => ({
      at: T0,
      kind: 'reply',
      name: 'orders.failed',
      body: { symbol: SYMBOL, tab, message: 'down' },
    });
    s = fold(initialOrdersState, [watchEvent(), failed('open')]);
    expect(s.view).toMatchObject({ openLoading: false, historyLoading: true });
    s = fold(s, [failed('history')]);
    expect(s.view).toMatchObject({ openLoading: false, historyLoading: false });
  });

  it('O3 clearedWithoutSession: nothing held either, whatever came before', () => {
    fc.assert(
      fc.property(
        fc.array(sessionArb, { maxLength: 20 }),
        fc.constantFrom<NewEvent>(
          { at: T0, kind: 'command', name: 'session.logout', body: {} },
          { at: T0, kind: 'reply', name: 'session.expired', body: {} },
        ),
        fc.array(
          sessionArb.filter((e) => e.name !== 'session.login'),
          { maxLength: 10 },
        ),
        (events, out, after) => {
          const s = fold(initialOrdersState, [...events, out]);
          expect(s.view).toMatchObject({
            open: [],
            history: [],
            openLoading: false,
            historyLoading: false,
          });
          expect(s.held).toBeNull();
          // until a login, no list of the login before comes back, whatever is watched
          expect(showsHeld(fold(s, after))).toBe(false);
        },
      ),
    );
  });

  it('O5 heldOnlyForItsLogin', () => {
    let cameBack = 0;
    fc.assert(
      fc.property(
        fc.array(sessionArb, { maxLength: 8 }),
        // the same login restored, most often
        fc.oneof(
          { arbitrary: fc.constant({ restored: true, tag: 't1' }), weight: 2 },
          { arbitrary: fc.record({ restored: fc.boolean(), tag: tagArb }), weight: 1 },
        ),
        fc.boolean(),
        (events, { restored, tag }, watchFirst) => {
          // most runs start logged in, showing orders of the pair (so that something may be held)
          const start = [
            loginEvent(false, 't1'),
            watchEvent(SYMBOL),
            page(SYMBOL, 1, [1, 2], true),
          ];
          const before = fold(initialOrdersState, [...start, ...events]);
          const again = watchFirst
            ? [boot, watchEvent(SYMBOL), loginEvent(restored, tag)]
            : [boot, loginEvent(restored, tag), watchEvent(SYMBOL)];
          const after = fold(before, again);
          const same = restored && tag !== undefined && before.tag === tag;
          if (same && before.symbol === SYMBOL) cameBack += cameBackAsOf(before, after);
          // another login, a fresh one or none: nothing of it
          if (!same) expect(after.view).toMatchObject({ open: [], history: [] });
          if (!same) expect(showsHeld(after)).toBe(false);
          // held is never loaded, whatever the history
          for (const s of [before, after]) {
            expect(s.view.openHeld && s.view.openLoaded).toBe(false);
            expect(s.view.historyHeld && s.view.historyLoaded).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(cameBack).toBeGreaterThan(30);
  });

  it('O6 heldNeverExtended', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(40), { minLength: 1, maxLength: 10 }),
        fc.array(fc.nat(40), { maxLength: 10 }),
        fc.integer({ min: 2, max: 3 }),
        (known, fresh, later) => {
          const live = fold(initialOrdersState, [
            loginEvent(false, 't1'),
            watchEvent(),
            page(SYMBOL, 1, known, true),
          ]);
          const held = fold(live, [boot, loginEvent(true, 't1'), watchEvent()]);
          expect(held.view).toMatchObject({ openHeld: true, openLoaded: false, openHasMore: true });
          expect(held.openPages).toBe(1);
          expect(fold(held, [page(SYMBOL, later, fresh, false)])).toBe(held);
          const replaced = fold(held, [page(SYMBOL, 1, fresh, false)]);
          expect(replaced.view.open.map((o) => o.id)).toEqual(
            [...new Set(fresh)].sort((a, b) => b - a),
          );
          expect(replaced.view).toMatchObject({ openHeld: false, openLoaded: true });
        },
      ),
    );
  });

  it('O5: a pair watched in between does not lose what the login knew of the one before', () => {
    const s = fold(initialOrdersState, [
      loginEvent(false, 't1'),
      watchEvent(),
      page(SYMBOL, 1, [3, 7], false),
      watchEvent(OTHER),
      watchEvent(null),
      boot,
      loginEvent(true, 't1'),
      watchEvent(),
    ]);
    expect(s.view.open.map((o) => o.id)).toEqual([7, 3]);
    expect(s.view).toMatchObject({ openHeld: true, historyHeld: false, openLoading: true });
    // the page's other pair: nothing of this one
    expect(fold(s, [watchEvent(OTHER)]).view).toMatchObject({ open: [], openHeld: false });
  });
});
