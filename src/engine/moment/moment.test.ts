// "At this moment" (issue 47): an engine in Node on fake services folds its own log around a
// moment, and every view of the window is the fold of the log up to its event (the same hash as
// a fold from scratch), the book as it was then, not as it is. The user's order is pointed out
// at the last event it rested; a moment the log does not hold, or of an earlier login, is refused.
import { describe, expect, it, vi } from 'vitest';
import type { EngineHandle } from '../engine.ts';
import { checkedEvent } from '../events.ts';
import { projectionValue } from '../replay/codec.ts';
import { hashValue } from '../replay/hash.ts';
import { foldEngine, initialEngineState } from '../store.ts';
import type { EngineState } from '../store.ts';
import type { LeverPositionView } from '../api/lever.ts';
import { momentView } from './moment.ts';
import { leverRow } from '../testing/lever-rows.ts';
import { ok } from '../testing/fakes.ts';
import { testServices } from '../testing/fakes.ts';
import type { TestServices } from '../testing/fakes.ts';
import { depth, entrust, routes, started } from '../testing/spot-engine.ts';
import { MOMENT_REACH_MS } from '../api/moment.ts';
import type { DecStr } from '../../shared/decimal.ts';

/** The book's hash after event `seq`, folded from the start of the log. */
async function bookHashAt(engine: EngineHandle, seq: number): Promise<string> {
  let state = initialEngineState;
  for (const event of await engine.log.read(0, 1_000_000))
    if (event.seq <= seq) state = foldEngine(state, checkedEvent(event));
  return hashValue(projectionValue(state, 'spot.book'));
}

/** A watched book whose best bid climbs by one each second from 90 (a delta a second). */
async function climbing(t: TestServices, name: string, seconds: number) {
  const run = await started(t, name);
  await run.engine.watchSpot('BTC/USDT');
  run.socket.fire('market_depth', depth('snapshot', 1, null, [['90', '1']], [['200', '1']]));
  const times: number[] = [];
  for (let s = 1; s <= seconds; s += 1) {
    t.timers.advance(1000);
    const bid = String(90 + s);
    run.socket.fire('market_depth', depth('delta', 1 + s, s, [[bid, '1']], []));
    times.push(t.services.clock.now());
  }
  return { ...run, times };
}

describe('at this moment', () => {
  it('shows the book as the engine folded it then, at every event of the window', async () => {
    const t = testServices(routes());
    const { engine, times } = await climbing(t, 'moment-book', 30);
    const at = times[9] ?? 0;
    const opened = await engine.momentOpen({ at });
    if (!opened.ok) throw new Error(opened.reason);
    const v = opened.view;
    expect(v.index).toBe(v.home);
    expect(v.time).toBeLessThanOrEqual(at);
    expect(v.book?.bestBid).toBe('100');
    expect(v.bookHash).toBe(await bookHashAt(engine, v.seq));
    expect(v.bookHash).not.toBe(await bookHashAt(engine, engine.log.lastSeq()));
    for (let i = 0; i < v.count; i += 1) {
      const seek = await engine.momentSeek(i);
      if (!seek.ok) throw new Error(seek.reason);
      expect(seek.view.bookHash).toBe(await bookHashAt(engine, seek.view.seq));
      expect(Math.abs(seek.view.time - at)).toBeLessThanOrEqual(MOMENT_REACH_MS);
    }
    const past = await engine.momentSeek(v.count + 50);
    expect(past.ok && past.view.index).toBe(v.count - 1);
    await engine.close();
  });

  it('points out the user’s order at the last event it rested, then it is gone', async () => {
    let open = [entrust(5, 'in', '98.00')];
    const t = testServices(
      routes({ '/api/transaction_in': () => ok({ list: open, page: 1, pages: 1, total: 1 }) }),
    );
    const { engine, socket } = await climbing(t, 'moment-focus', 5);
    // the order's level in the book; then a push takes it away before the order's update comes
    // (a fill): from that event on it no longer rests, though the list still has it
    socket.fire('market_depth', depth('delta', 7, 6, [['98.00', '10']], []));
    t.timers.advance(500);
    socket.fire('market_depth', depth('delta', 8, 7, [['98.00', '0']], []));
    const gone = t.services.clock.now();
    const deals = () =>
      t.http.requests.filter((r) => r.url.pathname === '/api/transaction_in').length;
    const before = deals();
    t.timers.advance(1000);
    open = [];
    socket.fire('update_balance', { type: 'update_balance_1' });
    await vi.waitFor(() => expect(deals()).toBeGreaterThan(before));
    await vi.waitFor(() => expect(engine.state().spot.orders.view.open).toEqual([]));
    const fillTime = t.services.clock.now();
    const opened = await engine.momentOpen({
      at: fillTime,
      focus: { orderId: 5, side: 'buy', price: '98.00' as DecStr },
    });
    if (!opened.ok) throw new Error(opened.reason);
    const v = opened.view;
    expect(v.focus).toMatchObject({ orderId: 5, resting: true });
    expect(v.open.map((o) => o.id)).toEqual([5]);
    // the book as the reader shows it (prices without trailing zeros), the order on its level
    expect(v.book?.bids.some((r) => r.price === '98' && r.own?.ids.includes(5))).toBe(true);
    expect(v.time).toBeLessThan(gone);
    const next = await engine.momentSeek(v.home + 1);
    if (!next.ok) throw new Error(next.reason);
    expect(next.view.time).toBe(gone);
    expect(next.view.focus?.resting).toBe(false);
    expect(next.view.open.map((o) => o.id)).toEqual([5]);
    await engine.close();
  });

  it('refuses a moment the log does not hold, and one before this login began', async () => {
    const t = testServices(routes());
    const { engine, times } = await climbing(t, 'moment-refused', 3);
    const first = times[0] ?? 0;
    const later = t.services.clock.now() + 10 * MOMENT_REACH_MS;
    expect(await engine.momentOpen({ at: later })).toEqual({ ok: false, reason: 'not-held' });
    expect(await engine.momentOpen({ at: first - MOMENT_REACH_MS })).toEqual({
      ok: false,
      reason: 'other-login',
    });
    expect((await engine.momentOpen({ at: first })).ok).toBe(true);
    await engine.logout();
    t.timers.advance(1000);
    await engine.login({ account: 'c@d.co', password: 'secret12', areaCodeId: null });
    t.timers.advance(1000);
    expect(await engine.momentOpen({ at: first })).toEqual({ ok: false, reason: 'other-login' });
    expect(await engine.momentSeek(0)).toEqual({ ok: false, reason: 'not-held' });
    await engine.close();
  });

  it('shows the contract positions and open contract orders on the pair then, none of a held list', () => {
    const row = (id: number, symbol: string, status: number): LeverPositionView =>
      leverRow({ id, symbol, status });
    const lever = initialEngineState.lever;
    const list = (rows: LeverPositionView[], held: boolean) => ({
      ...lever.view.holding,
      rows,
      held,
      loaded: true,
    });
    const state: EngineState = {
      ...initialEngineState,
      spot: {
        ...initialEngineState.spot,
        book: { ...initialEngineState.spot.book, symbol: 'BTC/USDT' },
      },
      lever: {
        ...lever,
        view: {
          ...lever.view,
          holding: list([row(1, 'BTC/USDT', 1), row(2, 'ETH/USDT', 1)], false),
          entrusts: list([row(3, 'BTC/USDT', 0)], false),
        },
      },
    };
    const head = {
      ...{ at: 0, index: 0, count: 1, home: 0, seq: 1, time: 0, event: 'x', from: 0, to: 0 },
      ...{ bookHash: '', focus: null },
    };
    const v = momentView(state, null, head);
    expect(v.contracts.holding.map((r) => r.id)).toEqual([1]);
    expect(v.contracts.entrusts.map((r) => r.id)).toEqual([3]);
    // a list held from an earlier page session is not what the user had then
    const held: EngineState = {
      ...state,
      lever: {
        ...state.lever,
        view: { ...state.lever.view, entrusts: list([row(3, 'BTC/USDT', 0)], true) },
      },
    };
    expect(momentView(held, null, head).contracts.entrusts).toEqual([]);
  });
});
