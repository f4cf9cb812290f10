// Properties MC1–MC4 of projections/micro.ts; replaying the same events gives the same
// countdowns (the page reads deadline − now with the replay clock as now).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../shared/decimal.ts';
import type { MicroOrderBody } from '../events.ts';
import { foldMicro, initialMicroState, remainingMs, visibleTrading } from './micro.ts';
import type { MicroEvent, MicroState } from './micro.ts';

const seq = 0;
const dec = fc.integer({ min: 0, max: 100_000 }).map((n) => String(n) as DecStr);
const order: fc.Arbitrary<MicroOrderBody> = fc.record({
  id: fc.integer({ min: 1, max: 8 }),
  showId: fc.integer({ min: 10001, max: 10008 }),
  symbol: fc.constant('BTC/USDT'),
  matchId: fc.constant(1),
  currency: fc.constant('USDT'),
  side: fc.constantFrom(1 as const, 2 as const),
  seconds: fc.constantFrom(30, 60, 180),
  number: dec,
  openPrice: dec,
  endPrice: dec,
  profitRatio: dec,
  fee: dec,
  status: fc.constantFrom(1, 3),
  result: fc.constantFrom(-1, 0, 1),
  profit: dec,
  createdAt: fc.constant(''),
  remainMs: fc.integer({ min: 0, max: 200_000 }),
});

/** Events in time order (their `at` only grows). */
const events: fc.Arbitrary<MicroEvent[]> = fc
  .array(
    fc.tuple(
      fc.integer({ min: 0, max: 5_000 }),
      fc.oneof(
        fc.record({
          kind: fc.constant('orders' as const),
          tab: fc.constantFrom('trading' as const, 'closed' as const),
          rows: fc.array(order, { maxLength: 4 }),
          fromPage: fc.integer({ min: 1, max: 2 }),
        }),
        fc.record({ kind: fc.constant('closed' as const), body: order }),
      ),
    ),
    { maxLength: 20 },
  )
  .map((steps) => {
    let at = 1_000_000;
    return steps.map(([dt, s]): MicroEvent => {
      at += dt;
      return s.kind === 'orders'
        ? {
            seq,
            at,
            kind: 'reply',
            name: 'micro.orders',
            body: { tab: s.tab, fromPage: s.fromPage, rows: s.rows, hasMore: false },
          }
        : { seq, at, kind: 'push', name: 'micro.closed', body: s.body };
    });
  });

const foldAll = (s: MicroState, list: MicroEvent[]): MicroState => list.reduce(foldMicro, s);

const loginEvent = (at: number, restored: boolean, tag: string | undefined): MicroEvent => ({
  seq,
  at,
  kind: 'reply',
  name: 'session.login',
  body: tag === undefined ? { restored } : { restored, tag },
});
const boot = (at: number): MicroEvent => ({
  seq,
  at,
  kind: 'system',
  name: 'engine.boot',
  body: { app: '' },
});
const tagArb = fc.option(fc.constantFrom('t1', 't2'), { nil: undefined });
/** Page sessions: the orders' events with logins, logouts and new page sessions among them. */
const sessions: fc.Arbitrary<MicroEvent[]> = fc
  .tuple(
    events,
    fc.array(
      fc.tuple(
        fc.nat(30),
        fc.oneof(
          fc.record({ restored: fc.boolean(), tag: tagArb }),
          fc.constantFrom('boot' as const, 'logout' as const),
        ),
      ),
      { maxLength: 4 },
    ),
  )
  .map(([list, cuts]) => {
    const out = [...list];
    for (const [i, what] of cuts) {
      const at = out[Math.min(i, out.length - 1)]?.at ?? 1_000_000;
      const e: MicroEvent =
        what === 'boot'
          ? boot(at)
          : what === 'logout'
            ? { seq, at, kind: 'command', name: 'session.logout', body: {} }
            : loginEvent(at, what.restored, what.tag);
      out.splice(Math.min(i, out.length), 0, e);
    }
    return out;
  });

describe('micro projection', () => {
  it('MC1 countdownNeverIncreases', () => {
    fc.assert(
      fc.property(events, (list) => {
        let state = initialMicroState;
        const deadlines = new Map<string, number>();
        for (const e of list) {
          state = foldMicro(state, e);
          for (const tab of ['trading', 'closed'] as const)
            for (const o of state.view[tab].rows) {
              const key = `${tab}:${o.id}`;
              const before = deadlines.get(key);
              if (before !== undefined) expect(o.deadline).toBeLessThanOrEqual(before);
              deadlines.set(key, Math.min(before ?? Infinity, o.deadline));
            }
        }
        // and the countdown itself only goes down as time passes
        for (const o of state.view.trading.rows)
          for (let t = 0; t < 5; t++)
            expect(remainingMs(o, 1_000_000 + t * 1000 + 1)).toBeLessThanOrEqual(
              remainingMs(o, 1_000_000 + t * 1000),
            );
      }),
    );
  });

  it('MC2 settledLeavesAfterHalfSecond', () => {
    fc.assert(
      fc.property(events, order, (list, settled) => {
        const start = foldAll(initialMicroState, list);
        const trading = { ...settled, status: 1 };
        const at = 9_000_000;
        const withOrder = foldMicro(start, {
          seq,
          at: at - 10,
          kind: 'reply',
          name: 'micro.orders',
          body: { tab: 'trading', fromPage: 1, rows: [trading], hasMore: false },
        });
        const s = foldMicro(withOrder, {
          seq,
          at,
          kind: 'push',
          name: 'micro.closed',
          body: { ...settled, status: 3 },
        });
        const row = visibleTrading(s.view, at + 499).find((o) => o.id === settled.id);
        expect(row?.status).toBe(3);
        expect(visibleTrading(s.view, at + 500).some((o) => o.id === settled.id)).toBe(false);
        expect(s.view.closed.rows[0]?.id).toBe(settled.id);
      }),
    );
  });

  it('MC3 emptyWithoutSession; a replay of the same events gives the same countdowns', () => {
    fc.assert(
      fc.property(events, fc.integer({ min: 0, max: 400_000 }), (list, dt) => {
        const live = foldAll(initialMicroState, list);
        const replayed = foldAll(initialMicroState, structuredClone(list));
        const now = 1_000_000 + dt;
        expect(visibleTrading(replayed.view, now).map((o) => remainingMs(o, now))).toEqual(
          visibleTrading(live.view, now).map((o) => remainingMs(o, now)),
        );
        const out = foldMicro(live, {
          seq,
          at: now,
          kind: 'command',
          name: 'session.logout',
          body: {},
        });
        expect(out.view.trading.rows).toEqual([]);
        expect(out.view.closed.rows).toEqual([]);
        expect(out.view.currencies).toEqual([]);
        expect(out.held).toBeNull();
      }),
    );
  });

  it('MC4 heldOnlyForItsLogin', () => {
    let cameBack = 0;
    fc.assert(
      fc.property(
        sessions,
        fc.oneof(
          { arbitrary: fc.constant({ restored: true, tag: 't1' }), weight: 2 },
          { arbitrary: fc.record({ restored: fc.boolean(), tag: tagArb }), weight: 1 },
        ),
        (list, { restored, tag }) => {
          const before = foldAll(initialMicroState, [loginEvent(1, false, 't1'), ...list]);
          const after = foldAll(before, [boot(9_000_000), loginEvent(9_000_000, restored, tag)]);
          const same = restored && tag !== undefined && before.tag === tag;
          for (const t of ['trading', 'closed'] as const) {
            const known = before.view[t].loaded || before.view[t].held;
            if (same && known) {
              cameBack += 1;
              expect(after.view[t].rows).toBe(before.view[t].rows);
              expect(after.view[t]).toMatchObject({
                held: true,
                loaded: false,
                at: before.view[t].at,
              });
            } else expect(after.view[t].rows).toEqual([]);
            // held is never loaded, whatever the history
            for (const s of [before, after]) expect(s.view[t].held && s.view[t].loaded).toBe(false);
          }
          // a later page never appends to held rows
          const later = foldMicro(after, {
            seq,
            at: 9_000_001,
            kind: 'reply',
            name: 'micro.orders',
            body: { tab: 'closed', fromPage: 2, rows: [], hasMore: false },
          });
          if (after.view.closed.held) expect(later).toBe(after);
        },
      ),
      { numRuns: 300 },
    );
    expect(cameBack).toBeGreaterThan(30);
  });

  it('MC4: held orders keep their deadlines; the first list of the login replaces them', () => {
    const order = {
      id: 3,
      showId: 10003,
      symbol: 'BTC/USDT',
      matchId: 1,
      currency: 'USDT',
      side: 1 as const,
      seconds: 60,
      number: '10' as DecStr,
      openPrice: '1' as DecStr,
      endPrice: '0' as DecStr,
      profitRatio: '80' as DecStr,
      fee: '0' as DecStr,
      status: 1,
      result: 0,
      profit: '0' as DecStr,
      createdAt: '',
      remainMs: 60_000,
    };
    const live = foldAll(initialMicroState, [
      loginEvent(1, false, 't1'),
      {
        seq,
        at: 1_000,
        kind: 'reply',
        name: 'micro.orders',
        body: { tab: 'trading', fromPage: 1, rows: [order], hasMore: false },
      },
    ]);
    const held = foldAll(live, [boot(5_000), loginEvent(5_000, true, 't1')]);
    expect(held.view.trading).toMatchObject({ held: true, loaded: false, at: 1_000 });
    expect(held.view.trading.rows[0]?.deadline).toBe(61_000);
    // a later reply never moves the deadline later (MC1 across the new page session)
    const fresh = foldMicro(held, {
      seq,
      at: 6_000,
      kind: 'reply',
      name: 'micro.orders',
      body: { tab: 'trading', fromPage: 1, rows: [order], hasMore: false },
    });
    expect(fresh.view.trading).toMatchObject({ held: false, loaded: true, at: 6_000 });
    expect(fresh.view.trading.rows[0]?.deadline).toBe(61_000);
    // another login sees none of them
    expect(foldAll(live, [boot(5_000), loginEvent(5_000, true, 't2')]).view.trading.rows).toEqual(
      [],
    );
  });
});
