// Properties TR1–TR2 of projections/triggers.ts, and what a replay answers from them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecStr } from '../../shared/decimal.ts';
import { INITIAL_VIEWS, type SpotTriggerPage, type SpotTriggerView } from '../api.ts';
import { foldTriggers, initialTriggersState, listedPage } from './triggers.ts';
import type { TriggersEvent, TriggersState } from './triggers.ts';

const at = fc.integer({ min: 1, max: 2_000_000_000_000 });
const status = fc.constantFrom<'waiting' | 'done'>('waiting', 'done');

const row = (id: number): SpotTriggerView => ({
  id,
  side: 'buy',
  kind: 'stop_limit',
  symbol: 'BTC/USDT',
  trigger: '70000' as DecStr,
  price: '70100' as DecStr,
  number: '0.01' as DecStr,
  status: 'waiting',
  orderId: null,
  orderStatus: null,
  filled: null,
  reason: null,
  ocoOrderId: null,
  ocoPrice: null,
  createdAt: 1,
  updatedAt: 1,
});

const page: fc.Arbitrary<SpotTriggerPage> = fc
  .record({
    page: fc.integer({ min: 1, max: 4 }),
    ids: fc.uniqueArray(fc.nat(99), { maxLength: 3 }),
  })
  .map(({ page: n, ids }) => ({
    rows: ids.map(row),
    page: n,
    pages: 4,
    total: 12,
    hasMore: n < 4,
  }));

const listed = fc.record({
  seq: fc.constant(0),
  at,
  kind: fc.constant('reply' as const),
  name: fc.constant('triggers.listed' as const),
  body: fc.record({ status, page }),
});
const ended = fc.record({
  seq: fc.constant(0),
  at,
  kind: fc.constantFrom('command' as const),
  name: fc.constantFrom('session.logout' as const),
  body: fc.constant({}),
});
const event: fc.Arbitrary<TriggersEvent> = fc.oneof(
  { weight: 6, arbitrary: listed },
  { weight: 1, arbitrary: ended as fc.Arbitrary<TriggersEvent> },
);

const fold = (events: readonly TriggersEvent[]): TriggersState =>
  events.reduce(foldTriggers, initialTriggersState);

describe('triggers projection', () => {
  it('starts from the initial view', () => {
    expect(initialTriggersState).toEqual(INITIAL_VIEWS.triggers);
  });

  it('TR1 firstPageStartsAgain', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), listed, (events, last) => {
        const before = fold(events);
        const after = foldTriggers(before, last);
        const { status: s, page: p } = last.body;
        const pages = after[s];
        // the answered page is last, the pages before it are the ones that were there
        expect(pages[pages.length - 1]).toEqual(p);
        expect(pages.length).toBeLessThanOrEqual(p.page);
        expect(pages.slice(0, -1)).toEqual(before[s].slice(0, p.page - 1));
        if (p.page === 1) expect(pages).toEqual([p]);
        // the other list is untouched
        const other = s === 'waiting' ? 'done' : 'waiting';
        expect(after[other]).toBe(before[other]);
        // a replay answers that page with what was listed
        if (pages.length === p.page) expect(listedPage(after, s, p.page)).toEqual(p);
      }),
    );
  });

  it('TR2 nothingAcrossSessions', () => {
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 30 }),
        fc.constantFrom('session.logout', 'session.expired', 'engine.boot'),
        (events, name) => {
          const end = {
            seq: 0,
            at: 1,
            kind: name === 'engine.boot' ? 'system' : 'command',
            name,
            body: name === 'engine.boot' ? { app: 'test' } : {},
          } as TriggersEvent;
          const after = foldTriggers(fold(events), end);
          expect(after).toBe(initialTriggersState);
          expect(listedPage(after, 'waiting', 1)).toBeNull();
        },
      ),
    );
  });
});
