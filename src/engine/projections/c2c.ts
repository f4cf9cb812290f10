// C2C (C2cView of api.ts): the market of one side and coin, my ads, my deals. A deal follows
// the `is_sure` machine — 0 awaiting payment → 3 paid → 1 finished, 0 → 2 cancelled — and an
// update that would move it any other way (a late reply after a push, a replayed stale page)
// is refused, so the page never shows a deal going back. An unpaid deal's auto-cancel moment
// is anchored to the event time (event time + what the server said was left).
//
// My deals are held for their login at a new page session (held.ts) and come back, held (as
// of their time, never loaded), when the same login is restored, until the server answers
// (issue 25, ADR 0032); a pushed deal updates a held list too (C1 keeps it moving forward).
//
// Invariants (each has a fast-check property of the same name in c2c.test.ts):
//  C1 legalTransitionsOnly: every change of a known deal's is_sure is 0→3, 3→1 or 0→2.
//  C2 pushUpdatesEverywhere: a pushed deal replaces the row of the same id in my deals (or is
//     added first); its deadline is set only while it is unpaid.
//  C3 emptyWithoutSession: logout, expiry or a new page session leave no ad or deal of the user
//     (a new page session until its login is restored, C4).
//  C4 heldOnlyForItsLogin: my deals show deals this page session's server did not send only
//     after a restored login with the tag of the login that fetched them; the list is then held
//     and not loaded, with their time, and a later page never appends to it. Any other login
//     shows none.
import { INITIAL_VIEWS, noC2cRows } from '../api.ts';
import type { C2cAdView, C2cDealView, C2cListView, C2cView } from '../api.ts';
import type { C2cDealBody, C2cListBody, EngineEvent } from '../events.ts';
import { heldFor, holdAtBoot, NO_LOGIN } from './held.ts';
import type { LoginScope } from './held.ts';
import { defineProjection, foldWith } from './projection.ts';
import type { HandledEvent, Handlers } from './projection.ts';

type Deals = C2cListView<C2cDealView>;

export interface C2cState extends LoginScope<Deals> {
  view: C2cView;
}

export const initialC2cView: C2cView = INITIAL_VIEWS.c2c;
export const initialC2cState: C2cState = { view: initialC2cView, ...NO_LOGIN };

/** The is_sure moves the machine allows (a deal may also stay where it is). */
const NEXT: Readonly<Record<number, readonly number[]>> = { 0: [3, 2], 3: [1], 1: [], 2: [] };
export const legalMove = (from: number, to: number): boolean =>
  from === to || (NEXT[from] ?? []).includes(to);

const signedOut = (state: C2cState): C2cState =>
  state.view === initialC2cView && state.tag === null && state.held === null
    ? state
    : { view: { ...initialC2cView, currencies: state.view.currencies }, ...NO_LOGIN };

/**
 * Shown, or held: rows with a time (a list decoded from a checkpoint written before lists had
 * one is not held: it could not say as of when).
 */
const isKnown = (list: Deals): boolean => (list.loaded || list.held) && list.at > 0;

const withView = (state: C2cState, view: C2cView): C2cState => ({ ...state, view });

const on = {
  'c2c.currencies': (state, event) =>
    withView(state, { ...state.view, currencies: event.body.currencies }),
  'c2c.ads': (state, event) => withView(state, ads(state.view, event.body, event.at)),
  'c2c.deals': (state, event) => {
    const v = state.view;
    // C4: a next page of this session does not continue the rows of another
    if (event.body.page > 1 && v.deals.held) return state;
    const map = (d: C2cDealBody) => deal(d, event.at, v.deals.rows);
    return withView(state, {
      ...v,
      deals: list(v.deals, event.body, map, true, event.at),
      error: null,
    });
  },
  'c2c.deal': (state, event) => {
    const v = state.view;
    return withView(state, {
      ...v,
      deals: pushed(v.deals, deal(event.body, event.at, v.deals.rows)),
    });
  },
  'c2c.limits': (state, event) => withView(state, { ...state.view, limits: event.body }),
  'c2c.failed': (state, event) => withView(state, { ...state.view, error: event.body.message }),
  'session.login': (state, event) => login(state, event.body.restored, event.body.tag ?? null),
  'session.logout': signedOut,
  'session.expired': signedOut,
  'engine.boot': (state) => {
    const scope = holdAtBoot(state, isKnown(state.view.deals) ? state.view.deals : null);
    return scope === NO_LOGIN ? signedOut(state) : { ...signedOut(state), ...scope };
  },
} satisfies Handlers<C2cState>;

export type C2cEvent = HandledEvent<typeof on>;

export const foldC2c = (state: C2cState, event: EngineEvent): C2cState =>
  foldWith(c2cProjection.table, state, event);

export const c2cProjection = defineProjection({
  name: 'c2c',
  initial: initialC2cState,
  on,
  view: (state: C2cState) => state.view,
});

/**
 * A login taken into use: the held deals come back (held, as of their time) when it is the same
 * login restored and the server has not answered yet; another login sees nothing of the one
 * before (C4).
 */
function login(state: C2cState, restored: boolean, tag: string | null): C2cState {
  const held = heldFor(state, restored, tag);
  const { view } = state;
  if (held !== null) {
    const deals = isKnown(view.deals) ? view.deals : { ...held, loaded: false, held: true };
    return { view: { ...view, deals }, tag, held: null };
  }
  if (tag === state.tag) return state.held === null ? state : { ...state, held: null };
  const { myAds, deals, limits } = initialC2cView;
  return { view: { ...view, myAds, deals, limits }, tag, held: null };
}

function ads(v: C2cView, body: C2cListBody<C2cAdView>, at: number): C2cView {
  if (body.list === 'myAds')
    return { ...v, myAds: list(v.myAds, body, (a) => a, false, at), error: null };
  const filter = body.filter ?? { type: v.market.type, currencyId: v.market.currencyId };
  const same = filter.type === v.market.type && filter.currencyId === v.market.currencyId;
  const base = same ? v.market : { ...noC2cRows<C2cAdView>(), ...filter };
  return { ...v, market: { ...list(base, body, (a) => a, false, at), ...filter }, error: null };
}

function list<T extends { id: number }, W>(
  current: C2cListView<T>,
  body: C2cListBody<W>,
  map: (w: W) => T,
  guard: boolean,
  at: number,
): C2cListView<T> {
  const fresh: T[] = [];
  for (const row of body.rows.map(map)) {
    // an id twice in one reply: the first one stands
    if (fresh.some((f) => f.id === row.id)) continue;
    fresh.push(guard ? keepLegal(current.rows, row) : row);
  }
  const rows =
    body.page <= 1
      ? fresh
      : [...current.rows, ...fresh.filter((r) => !current.rows.some((c) => c.id === r.id))];
  return { rows, page: body.page, hasMore: body.hasMore, loaded: true, held: false, at };
}

/** C1: a row whose is_sure would move illegally keeps the state it had. */
function keepLegal<T extends { id: number }>(rows: readonly T[], row: T): T {
  const known = rows.find((r) => r.id === row.id) as (T & { isSure?: number }) | undefined;
  const next = row as T & { isSure?: number };
  if (known?.isSure === undefined || next.isSure === undefined) return row;
  return legalMove(known.isSure, next.isSure) ? row : known;
}

function deal(body: C2cDealBody, at: number, known: readonly C2cDealView[]): C2cDealView {
  const { leftMs, ...rest } = body;
  const before = known.find((d) => d.id === body.id);
  const deadline = body.isSure !== 0 || leftMs === null ? null : at + leftMs;
  return {
    ...rest,
    // a later reply never moves the deadline later
    deadline:
      deadline === null
        ? null
        : before?.deadline == null
          ? deadline
          : Math.min(before.deadline, deadline),
  };
}

function pushed(current: C2cListView<C2cDealView>, row: C2cDealView): C2cListView<C2cDealView> {
  const i = current.rows.findIndex((d) => d.id === row.id);
  if (i < 0) return { ...current, rows: [row, ...current.rows] };
  const known = current.rows[i];
  if (known !== undefined && !legalMove(known.isSure, row.isSure)) return current;
  const rows = [...current.rows];
  rows[i] = row;
  return { ...current, rows };
}
