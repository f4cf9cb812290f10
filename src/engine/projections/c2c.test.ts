// Properties C1–C4 of projections/c2c.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../shared/decimal.ts';
import type { C2cDealBody } from '../events.ts';
import { foldC2c, initialC2cState, legalMove } from './c2c.ts';
import type { C2cEvent, C2cState } from './c2c.ts';

const seq = 0;
const dec = fc.integer({ min: 1, max: 100_000 }).map((n) => String(n / 100) as DecStr);
const deal: fc.Arbitrary<C2cDealBody> = fc.record({
  id: fc.integer({ min: 1, max: 5 }),
  adId: fc.integer({ min: 1, max: 5 }),
  type: fc.constantFrom('buy' as const, 'sell' as const),
  way: fc.constantFrom('bank' as const, 'we_chat' as const, 'ali_pay' as const),
  wayName: fc.constant(''),
  currency: fc.constant('USDT'),
  number: dec,
  price: dec,
  money: dec,
  isSure: fc.constantFrom(0, 1, 2, 3),
  sellerName: fc.constant('a***'),
  userName: fc.constant('b***'),
  counterpartyName: fc.constant('B'),
  isPublisher: fc.boolean(),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  payTo: fc.constant(null),
  createTime: fc.constant(''),
  updateTime: fc.constant(''),
  leftMs: fc.option(fc.integer({ min: 0, max: 900_000 }), { nil: null }),
});

const events: fc.Arbitrary<C2cEvent[]> = fc.array(
  fc.oneof(
    fc.record({
      seq: fc.constant(seq),
      at: fc.nat(1_000_000),
      kind: fc.constant('push' as const),
      name: fc.constant('c2c.deal' as const),
      body: deal,
    }),
    fc.record({
      seq: fc.constant(seq),
      at: fc.nat(1_000_000),
      kind: fc.constant('reply' as const),
      name: fc.constant('c2c.deals' as const),
      body: fc.record({
        list: fc.constant('deals' as const),
        page: fc.integer({ min: 1, max: 2 }),
        rows: fc.array(deal, { maxLength: 4 }),
        hasMore: fc.boolean(),
        filter: fc.constant(null),
      }),
    }),
  ),
  { maxLength: 25 },
);

const loginEvent = (restored: boolean, tag: string | undefined): C2cEvent => ({
  seq,
  at: 1,
  kind: 'reply',
  name: 'session.login',
  body: tag === undefined ? { restored } : { restored, tag },
});
const boot: C2cEvent = { seq, at: 1, kind: 'system', name: 'engine.boot', body: { app: '' } };
const tagArb = fc.option(fc.constantFrom('t1', 't2'), { nil: undefined });
/** Page sessions: the deals' events with logins, logouts and new page sessions among them. */
const sessions: fc.Arbitrary<C2cEvent[]> = fc
  .tuple(
    events,
    fc.array(
      fc.tuple(
        fc.nat(25),
        fc.oneof(
          fc
            .record({ restored: fc.boolean(), tag: tagArb })
            .map((l) => loginEvent(l.restored, l.tag)),
          fc.constant(boot),
          fc.constant<C2cEvent>({ seq, at: 1, kind: 'command', name: 'session.logout', body: {} }),
        ),
      ),
      { maxLength: 3 },
    ),
  )
  .map(([list, cuts]) => {
    const out = [...list];
    for (const [i, e] of cuts) out.splice(Math.min(i, out.length), 0, e);
    return out;
  });
const deals = (rows: C2cDealBody[], page: number, at: number): C2cEvent => ({
  seq,
  at,
  kind: 'reply',
  name: 'c2c.deals',
  body: { list: 'deals', page, rows, hasMore: true, filter: null },
});

describe('c2c projection', () => {
  it('C1 legalTransitionsOnly', () => {
    fc.assert(
      fc.property(sessions, (list) => {
        let state: C2cState = initialC2cState;
        for (const e of list) {
          const before = new Map(state.view.deals.rows.map((d) => [d.id, d.isSure]));
          state = foldC2c(state, e);
          for (const d of state.view.deals.rows) {
            const was = before.get(d.id);
            if (was !== undefined) expect(legalMove(was, d.isSure)).toBe(true);
          }
        }
      }),
    );
  });

  it('C2 pushUpdatesEverywhere', () => {
    fc.assert(
      fc.property(events, deal, fc.nat(1_000_000), (list, body, at) => {
        const start = list.reduce(foldC2c, initialC2cState);
        const known = start.view.deals.rows.find((d) => d.id === body.id);
        const s = foldC2c(start, { seq, at, kind: 'push', name: 'c2c.deal', body });
        const row = s.view.deals.rows.find((d) => d.id === body.id);
        if (known === undefined || legalMove(known.isSure, body.isSure)) {
          expect(row?.isSure).toBe(body.isSure);
          if (body.isSure !== 0 || body.leftMs === null) expect(row?.deadline).toBeNull();
        } else expect(row).toEqual(known);
      }),
    );
  });

  it('C3 emptyWithoutSession', () => {
    fc.assert(
      fc.property(sessions, (list) => {
        const s = foldC2c(list.reduce(foldC2c, initialC2cState), {
          seq,
          at: 1,
          kind: 'command',
          name: 'session.logout',
          body: {},
        });
        expect(s.view.deals.rows).toEqual([]);
        expect(s.view.myAds.rows).toEqual([]);
        expect(s.held).toBeNull();
      }),
    );
  });

  it('C4 heldOnlyForItsLogin', () => {
    let cameBack = 0;
    fc.assert(
      fc.property(
        sessions,
        fc.array(deal, { maxLength: 3 }),
        fc.oneof(
          { arbitrary: fc.constant({ restored: true, tag: 't1' }), weight: 2 },
          { arbitrary: fc.record({ restored: fc.boolean(), tag: tagArb }), weight: 1 },
        ),
        (list, first, { restored, tag }) => {
          const start = [loginEvent(false, 't1'), deals(first, 1, 5)];
          const before = [...start, ...list].reduce(foldC2c, initialC2cState);
          const after = [boot, loginEvent(restored, tag)].reduce(foldC2c, before);
          const same = restored && tag !== undefined && before.tag === tag;
          const was = before.view.deals;
          if (same && (was.loaded || was.held) && was.at > 0) {
            cameBack += 1;
            expect(after.view.deals.rows).toBe(was.rows);
            expect(after.view.deals).toMatchObject({ held: true, loaded: false, at: was.at });
            // a later page never appends to held rows
            expect(foldC2c(after, deals(first, 2, 9))).toBe(after);
          } else expect(after.view.deals).toBe(initialC2cState.view.deals);
          // held is never loaded, whatever the history
          for (const s of [before, after])
            expect(s.view.deals.held && s.view.deals.loaded).toBe(false);
          // the first page of the login replaces them
          const fresh = foldC2c(after, deals([], 1, 9));
          expect(fresh.view.deals).toMatchObject({ rows: [], held: false, loaded: true });
        },
      ),
      { numRuns: 300 },
    );
    expect(cameBack).toBeGreaterThan(30);
  });
});
