// Properties N1–N4 of projections/notices.ts, the catch-up's "what is new" rule, and examples.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NotificationRow } from '../../shared/notifications.ts';
import { freshAfterAway } from '../sync/notices-sync.ts';
import { foldNotices, initialNoticesState, initialNoticesView, NOTICES_KEPT } from './notices.ts';
import type { NoticesEvent, NoticesState } from './notices.ts';

const seq = 0;
const at = fc.integer({ min: 1, max: 2_000_000_000_000 });
const rowArb: fc.Arbitrary<NotificationRow> = fc.record({
  id: fc.integer({ min: 1, max: 400 }),
  kind: fc.constant('identity.review' as const),
  params: fc.constant({ result: 'approved' }),
  created_at: fc.integer({ min: 0, max: 1_000_000 }),
  read: fc.boolean(),
});
const rows = fc
  .array(rowArb, { maxLength: 60 })
  .map((list) => [...new Map(list.map((r) => [r.id, r])).values()].sort((a, b) => b.id - a.id));
const tagArb = fc.constantFrom('t1', 't2');

const ev = <N extends NoticesEvent['name']>(
  name: N,
  kind: NoticesEvent['kind'],
  body: fc.Arbitrary<Extract<NoticesEvent, { name: N }>['body']>,
): fc.Arbitrary<NoticesEvent> =>
  fc.record({
    seq: fc.constant(seq),
    at,
    kind: fc.constant(kind),
    name: fc.constant(name),
    body,
  }) as fc.Arbitrary<NoticesEvent>;

const event: fc.Arbitrary<NoticesEvent> = fc.oneof(
  ev(
    'notices.list',
    'reply',
    fc.record({
      rows,
      hasMore: fc.boolean(),
      unread: fc.integer({ min: 0, max: 50 }),
      older: fc.boolean(),
    }),
  ),
  ev('notices.pushed', 'push', fc.record({ row: rowArb })),
  ev(
    'notices.read',
    'push',
    fc.record({
      ids: fc.option(fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 10 })),
      unread: fc.integer({ min: 0, max: 50 }),
    }),
  ),
  ev(
    'notices.toast',
    'system',
    fc.record({ ids: fc.array(fc.integer({ min: 1, max: 400 })), away: fc.boolean() }),
  ),
  ev('session.logout', 'command', fc.constant({})),
  ev('session.expired', 'reply', fc.constant({})),
  ev('engine.boot', 'system', fc.constant({ app: '0.1.0' })),
  ev('session.login', 'reply', fc.record({ restored: fc.boolean(), tag: tagArb })),
);

const fold = (events: readonly NoticesEvent[], from: NoticesState = initialNoticesState) =>
  events.reduce(foldNotices, from);

describe('notices projection', () => {
  it('N1 newestFirstUnique: sorted newest first, each id once, bounded; read stays read', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let state = initialNoticesState;
        for (const e of events) {
          const readBefore = new Set(state.view.items.filter((n) => n.read).map((n) => n.id));
          state = foldNotices(state, e);
          const ids = state.view.items.map((n) => n.id);
          expect(ids).toEqual([...new Set(ids)].sort((a, b) => b - a));
          expect(ids.length).toBeLessThanOrEqual(NOTICES_KEPT);
          const reset = ['session.logout', 'session.expired', 'engine.boot', 'session.login'];
          if (!reset.includes(e.name))
            for (const n of state.view.items) if (readBefore.has(n.id)) expect(n.read).toBe(true);
        }
      }),
    );
  });

  it('N2 emptyWithoutSession: logout, expiry and a new page session show nothing', () => {
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 30 }),
        fc.constantFrom('session.logout', 'session.expired', 'engine.boot'),
        (events, name) => {
          const end = fold([
            ...events,
            {
              seq,
              at: 1,
              kind:
                name === 'session.logout' ? 'command' : name === 'engine.boot' ? 'system' : 'reply',
              name,
              body: name === 'engine.boot' ? { app: '' } : {},
            } as NoticesEvent,
          ]);
          expect(end.view).toBe(initialNoticesView);
        },
      ),
    );
  });

  it('N3 heldOnlyForItsLogin: an earlier page session’s items only for the same login restored', () => {
    fc.assert(
      fc.property(rows, tagArb, tagArb, fc.boolean(), (list, first, second, restored) => {
        const known = list.length > 0;
        const end = fold([
          {
            seq,
            at: 1,
            kind: 'reply',
            name: 'session.login',
            body: { restored: false, tag: first },
          },
          {
            seq,
            at: 2,
            kind: 'reply',
            name: 'notices.list',
            body: { rows: list, hasMore: false, unread: 0, older: false },
          },
          { seq, at: 3, kind: 'system', name: 'engine.boot', body: { app: '' } },
          { seq, at: 4, kind: 'reply', name: 'session.login', body: { restored, tag: second } },
        ]);
        const back = restored && first === second;
        expect(end.view.held).toBe(back);
        expect(end.view.loaded).toBe(false);
        expect(end.view.toast).toBeNull();
        expect(end.view.items).toEqual(back && known ? list : back ? [] : []);
      }),
    );
  });

  it('N4 toastsCounted: toast.seq counts the toast decisions of the page session', () => {
    const noLogin = event.filter((e) => e.name !== 'session.login');
    fc.assert(
      fc.property(fc.array(noLogin, { maxLength: 40 }), (events) => {
        const resets = ['session.logout', 'session.expired', 'engine.boot'];
        const last = events.findLastIndex((e) => resets.includes(e.name));
        const toasts = events.slice(last + 1).filter((e) => e.name === 'notices.toast');
        expect(fold(events).view.toast?.seq ?? 0).toBe(toasts.length);
      }),
    );
  });

  it('a newest page that does not reach the rows kept drops them (no gap for "load more")', () => {
    const row = (id: number): NotificationRow => ({
      id,
      kind: 'identity.review',
      params: { result: 'approved' },
      created_at: id,
      read: false,
    });
    const s1 = fold([
      {
        seq,
        at: 1,
        kind: 'reply',
        name: 'notices.list',
        body: { rows: [row(5), row(4)], hasMore: false, unread: 2, older: false },
      },
    ]);
    const joined = foldNotices(s1, {
      seq,
      at: 2,
      kind: 'reply',
      name: 'notices.list',
      body: { rows: [row(7), row(6), row(5)], hasMore: true, unread: 4, older: false },
    });
    expect(joined.view.items.map((n) => n.id)).toEqual([7, 6, 5, 4]);
    const gap = foldNotices(s1, {
      seq,
      at: 2,
      kind: 'reply',
      name: 'notices.list',
      body: { rows: [row(9), row(8)], hasMore: true, unread: 4, older: false },
    });
    expect(gap.view.items.map((n) => n.id)).toEqual([9, 8]);
    expect(gap.view.hasMore).toBe(true);
    // a push of a known row does not count it twice
    const pushed = foldNotices(joined, {
      seq,
      at: 3,
      kind: 'push',
      name: 'notices.pushed',
      body: { row: row(7) },
    });
    expect(pushed.view.unread).toBe(4);
    const fresh = foldNotices(joined, {
      seq,
      at: 3,
      kind: 'push',
      name: 'notices.pushed',
      body: { row: row(8) },
    });
    expect(fresh.view.unread).toBe(5);
  });
});

describe('what a catch-up shows as new', () => {
  const row = (id: number, createdAt: number, read = false): NotificationRow => ({
    id,
    kind: 'identity.review',
    params: { result: 'approved' },
    created_at: createdAt,
    read,
  });
  const view = (items: NotificationRow[], held = false) => ({
    ...initialNoticesView,
    items,
    loaded: !held,
    held,
  });

  it('nothing without a baseline (a login this browser never saw)', () => {
    expect(freshAfterAway(initialNoticesView, [row(3, 10)])).toEqual([]);
  });

  it('unread rows not known and newer than the newest known, newest first', () => {
    const before = view([row(10, 1_000_000, true), row(9, 900_000)], true);
    const got = [
      row(13, 2_000_000),
      row(12, 2_000_000, true),
      row(11, 1_900_000),
      row(10, 1_000_000, true),
      row(9, 900_000),
    ];
    expect(freshAfterAway(before, got)).toEqual([13, 11]);
  });

  it('a row committed late (lower id, recent) still counts; an old unknown one does not', () => {
    const before = view([row(10, 1_000_000)]);
    expect(freshAfterAway(before, [row(8, 990_000), row(7, 100)])).toEqual([8]);
  });

  it('property: never a known, read or duplicate id', () => {
    fc.assert(
      fc.property(rows, rows, fc.boolean(), (known, got, held) => {
        const fresh = freshAfterAway(view(known, held), got);
        const knownIds = new Set(known.map((n) => n.id));
        expect(new Set(fresh).size).toBe(fresh.length);
        for (const id of fresh) {
          expect(knownIds.has(id)).toBe(false);
          expect(got.find((r) => r.id === id)?.read).toBe(false);
        }
      }),
    );
  });
});
