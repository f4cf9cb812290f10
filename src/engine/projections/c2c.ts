// C2C (C2cView of api.ts): the market of one side and coin, my ads, my deals. A deal follows
// the `is_sure` machine — 0 awaiting payment → 3 paid → 1 finished, 0 → 2 cancelled — and an
// update that would move it any other way (a late reply after a push, a replayed stale page)
// is refused, so the page never shows a deal going back. An unpaid deal's auto-cancel moment
// is anchored to the event time (event time + what the server said was left).
//
// Invariants (each has a fast-check property of the same name in c2c.test.ts):
//  C1 legalTransitionsOnly: every change of a known deal's is_sure is 0→3, 3→1 or 0→2.
//  C2 pushUpdatesEverywhere: a pushed deal replaces the row of the same id in my deals (or is
//     added first); its deadline is set only while it is unpaid.
//  C3 emptyWithoutSession: logout, expiry or a new page session leave no ad or deal of the user.
import { INITIAL_VIEWS } from '../api.ts';
import type { C2cAdView, C2cDealView, C2cListView, C2cView } from '../api.ts';
import type { C2cDealBody, C2cListBody, EngineEvent } from '../events.ts';
import { defineProjection, foldWith } from './projection.ts';
import type { HandledEvent, Handlers } from './projection.ts';

export interface C2cState {
  view: C2cView;
}

const empty = <T>(): C2cListView<T> => ({ rows: [], page: 0, hasMore: false, loaded: false });

export const initialC2cView: C2cView = INITIAL_VIEWS.c2c;
export const initialC2cState: C2cState = { view: initialC2cView };

/** The is_sure moves the machine allows (a deal may also stay where it is). */
const NEXT: Readonly<Record<number, readonly number[]>> = { 0: [3, 2], 3: [1], 1: [], 2: [] };
export const legalMove = (from: number, to: number): boolean =>
  from === to || (NEXT[from] ?? []).includes(to);

const signedOut = (state: C2cState): C2cState =>
  state.view === initialC2cView
    ? state
    : { view: { ...initialC2cView, currencies: state.view.currencies } };

const on = {
  'c2c.currencies': (state, event) => ({
    view: { ...state.view, currencies: event.body.currencies },
  }),
  'c2c.ads': (state, event) => ({ view: ads(state.view, event.body) }),
  'c2c.deals': (state, event) => {
    const v = state.view;
    return {
      view: {
        ...v,
        deals: list(v.deals, event.body, (d) => deal(d, event.at, v.deals.rows), true),
        error: null,
      },
    };
  },
  'c2c.deal': (state, event) => {
    const v = state.view;
    return { view: { ...v, deals: pushed(v.deals, deal(event.body, event.at, v.deals.rows)) } };
  },
  'c2c.limits': (state, event) => ({ view: { ...state.view, limits: event.body } }),
  'c2c.failed': (state, event) => ({ view: { ...state.view, error: event.body.message } }),
  'session.logout': signedOut,
  'session.expired': signedOut,
  'engine.boot': signedOut,
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

function ads(v: C2cView, body: C2cListBody<C2cAdView>): C2cView {
  if (body.list === 'myAds')
    return { ...v, myAds: list(v.myAds, body, (a) => a, false), error: null };
  const filter = body.filter ?? { type: v.market.type, currencyId: v.market.currencyId };
  const same = filter.type === v.market.type && filter.currencyId === v.market.currencyId;
  const base = same ? v.market : { ...empty<C2cAdView>(), ...filter };
  return { ...v, market: { ...list(base, body, (a) => a, false), ...filter }, error: null };
}

function list<T extends { id: number }, W>(
  current: C2cListView<T>,
  body: C2cListBody<W>,
  map: (w: W) => T,
  guard: boolean,
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
  return { rows, page: body.page, hasMore: body.hasMore, loaded: true };
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
