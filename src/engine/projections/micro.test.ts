// Properties MC1–MC3 of projections/micro.ts; replaying the same events gives the same
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
      }),
    );
  });
});
