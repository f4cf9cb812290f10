// The user's notifications (NoticesView of api.ts; issue 25, ADR 0034): the newest page from the
// server, older pages on demand, each pushed notification, read marks (this tab's, or another's
// pushed back by the server), the preferences, and each decision of this tab to show some.
// What a page session knew is held for its login across the next (held.ts), so a page opened
// later knows what the user had already seen, and the catch-up shows only what is new.
//
// Invariants (each has a fast-check property of the same name in notices.test.ts):
//  N1 newestFirstUnique: items are sorted by id, newest first, each id once, at most
//     NOTICES_KEPT; a row read once stays read whatever older news arrives about it.
//  N2 emptyWithoutSession: after logout or expiry the view is the initial one, and so it is after
//     a new page session until its stored login is taken into use again.
//  N3 heldOnlyForItsLogin: items of an earlier page session come back only on a restored login
//     with the tag of the login that had them, `held` and not `loaded`.
//  N4 toastsCounted: `toast.seq` is the number of toast decisions of this page session.
import type { NotificationRow } from '../../shared/notifications.ts';
import { INITIAL_VIEWS } from '../api.ts';
import type { NoticesView } from '../api.ts';
import type { EngineEvent, NoticesListBody } from '../events.ts';
import { heldFor, holdAtBoot, NO_LOGIN } from './held.ts';
import type { LoginScope } from './held.ts';
import { defineProjection, foldWith } from './projection.ts';
import type { HandledEvent, Handlers } from './projection.ts';

/** Notifications the engine keeps (the centre loads older pages into this window). */
export const NOTICES_KEPT = 300;

export const initialNoticesView: NoticesView = INITIAL_VIEWS.notices;

export interface NoticesState extends LoginScope<NoticesView> {
  view: NoticesView;
}

export const initialNoticesState: NoticesState = { view: initialNoticesView, ...NO_LOGIN };

const signedOut = (state: NoticesState): NoticesState =>
  state.view === initialNoticesView && state.tag === null && state.held === null
    ? state
    : initialNoticesState;

const withView = (state: NoticesState, view: Partial<NoticesView>): NoticesState => ({
  ...state,
  view: { ...state.view, ...view },
});

const on = {
  'notices.list': (state, event) => withView(state, listed(state.view, event.body, event.at)),
  'notices.pushed': (state, event) => pushed(state, event.body.row, event.at),
  'notices.read': (state, event) => marked(state, event.body.ids, event.body.unread),
  'notices.marked': (state, event) => marked(state, event.body.ids, event.body.unread),
  'notices.toast': (state, event) =>
    withView(state, {
      toast: {
        seq: (state.view.toast?.seq ?? 0) + 1,
        ids: event.body.ids,
        away: event.body.away,
        at: event.at,
      },
    }),
  'notices.prefs': (state, event) =>
    withView(state, { prefs: event.body.prefs, prefsLoaded: true, error: null }),
  'notices.failed': (state, event) =>
    state.view.error === event.body.message
      ? state
      : withView(state, { error: event.body.message }),
  'session.login': (state, event) => login(state, event.body.restored, event.body.tag ?? null),
  'session.logout': signedOut,
  'session.expired': signedOut,
  'engine.boot': (state) => {
    const known = state.view.loaded || state.view.held;
    const scope = holdAtBoot(state, known ? { ...state.view, toast: null } : null);
    return scope === NO_LOGIN ? signedOut(state) : { view: initialNoticesView, ...scope };
  },
} satisfies Handlers<NoticesState>;

/** The ids read (null: all), and the unread count the server now has. */
function marked(state: NoticesState, ids: readonly number[] | null, unread: number): NoticesState {
  const read = ids === null ? null : new Set(ids);
  const items = state.view.items.map((n) =>
    n.read || (read !== null && !read.has(n.id)) ? n : { ...n, read: true },
  );
  return withView(state, { items, unread });
}

function login(state: NoticesState, restored: boolean, tag: string | null): NoticesState {
  const held = heldFor(state, restored, tag);
  if (held !== null)
    return { view: { ...held, loaded: false, held: true, prefsLoaded: false }, tag, held: null };
  if (tag === state.tag && state.held === null) return state;
  return { view: tag === state.tag ? state.view : initialNoticesView, tag, held: null };
}

/** Newest first, each id once (the later copy's read mark wins unless the row was read). */
function merged(a: readonly NotificationRow[], b: readonly NotificationRow[]): NotificationRow[] {
  const byId = new Map<number, NotificationRow>();
  for (const row of [...a, ...b]) {
    const known = byId.get(row.id);
    byId.set(row.id, known?.read === true && !row.read ? { ...row, read: true } : row);
  }
  return [...byId.values()].sort((x, y) => y.id - x.id).slice(0, NOTICES_KEPT);
}

function listed(view: NoticesView, body: NoticesListBody, at: number): Partial<NoticesView> {
  if (body.older)
    return { items: merged(view.items, body.rows), hasMore: body.hasMore, unread: body.unread };
  // the newest page is contiguous from the top: what it does not reach (a gap before the rows
  // kept from before) is dropped, so "load more" never skips a notification
  const oldest = body.rows.at(-1)?.id ?? 0;
  const newestKept = view.items[0]?.id ?? 0;
  const joins = !body.hasMore || oldest <= newestKept;
  const kept = joins ? view.items : [];
  return {
    items: merged(kept, body.rows),
    hasMore: joins && kept.length > 0 ? view.hasMore || body.hasMore : body.hasMore,
    unread: body.unread,
    loaded: true,
    held: false,
    at,
    error: null,
  };
}

function pushed(state: NoticesState, row: NotificationRow, at: number): NoticesState {
  const known = state.view.items.some((n) => n.id === row.id);
  const items = merged(state.view.items, [row]);
  const unread = state.view.unread + (known || row.read ? 0 : 1);
  return withView(state, { items, unread, at });
}

export type NoticesEvent = HandledEvent<typeof on>;

export const foldNotices = (state: NoticesState, event: EngineEvent): NoticesState =>
  foldWith(noticesProjection.table, state, event);

export const noticesProjection = defineProjection({
  name: 'notices',
  initial: initialNoticesState,
  on,
  view: (state: NoticesState) => state.view,
});
