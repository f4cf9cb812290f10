// Second contracts (MicroView of api.ts): the payable currencies with the user's micro balance,
// the durations and their profit ratios, and the user's orders (trading, closed). Each order's
// deadline is anchored to the engine's clock: the event time of the reply or push that brought
// it plus the time left the server gave, so the page's countdown (deadline − now) reads the
// same after a reconnect and in a replay (where now is the replay clock).
//
// The orders a page session knew are held for its login at a new page session (held.ts) and
// come back, held (as of their time, never loaded), when the same login is restored, until the
// server answers (issue 25, ADR 0032). The balance is not held (the assets hold it, ADR 0032).
//
// Invariants (each has a fast-check property of the same name in micro.test.ts):
//  MC1 countdownNeverIncreases: a known order's deadline never moves later.
//  MC2 settledLeavesAfterHalfSecond: a `closed_microorder` push replaces the trading row with
//      the result and sets it to leave at the push time + 500 ms (visibleTrading), and the
//      order heads the closed list.
//  MC3 emptyWithoutSession: logout, expiry or a new page session leave no order or balance
//      (a new page session until its login is restored, MC4).
//  MC4 heldOnlyForItsLogin: a list shows orders this page session's server did not send only
//      after a restored login with the tag of the login that fetched them; it is then held and
//      not loaded, with their time, and a later page never appends to it. Any other login
//      shows none.
import { MICRO_REMOVE_AFTER_MS } from '../../shared/micro.ts';
import { INITIAL_VIEWS } from '../api.ts';
import type { MicroListView, MicroOrderView, MicroView } from '../api.ts';
import type { EngineEvent, MicroOrderBody, MicroOrdersBody } from '../events.ts';
import { heldFor, holdAtBoot, NO_LOGIN } from './held.ts';
import type { LoginScope } from './held.ts';
import { defineProjection, foldWith } from './projection.ts';
import type { HandledEvent, Handlers } from './projection.ts';

/** The lists a page session knew (a list not known is the empty, unloaded one). */
export interface HeldMicro {
  trading: MicroListView;
  closed: MicroListView;
  pages: MicroState['pages'];
}

export interface MicroState extends LoginScope<HeldMicro> {
  view: MicroView;
  pages: { trading: number; closed: number };
  /** The earliest deadline ever seen per order id (MC1 across lists and refetches). */
  deadlines: Readonly<Record<number, number>>;
}

/** Deadlines kept for at most this many orders (the oldest forgotten first). */
const DEADLINES_KEPT = 500;

export const initialMicroView: MicroView = INITIAL_VIEWS.micro;
export const initialMicroState: MicroState = {
  view: initialMicroView,
  pages: { trading: 0, closed: 0 },
  deadlines: {},
  ...NO_LOGIN,
};

const signedOut = (state: MicroState): MicroState =>
  state === initialMicroState
    ? state
    : { ...initialMicroState, view: { ...initialMicroView, seconds: state.view.seconds } };

/**
 * Shown, or held: rows with a time (a list decoded from a checkpoint written before lists had
 * one is not held: it could not say as of when).
 */
const isKnown = (list: MicroListView): boolean => (list.loaded || list.held) && list.at > 0;

const on = {
  'micro.setup': (state, event) => ({
    ...state,
    view: { ...state.view, ...event.body, error: null },
  }),
  'micro.orders': (state, event) => orders(state, event.body, event.at),
  'micro.failed': (state, event) => ({
    ...state,
    view: { ...state.view, error: event.body.message },
  }),
  'micro.closed': (state, event) => closed(state, event.body, event.at),
  'session.login': (state, event) => login(state, event.body.restored, event.body.tag ?? null),
  'session.logout': signedOut,
  'session.expired': signedOut,
  'engine.boot': (state) => {
    const { trading, closed } = state.view;
    const known = isKnown(trading) || isKnown(closed);
    const scope = holdAtBoot(state, known ? { trading, closed, pages: state.pages } : null);
    return scope === NO_LOGIN ? signedOut(state) : { ...signedOut(state), ...scope };
  },
} satisfies Handlers<MicroState>;

export type MicroEvent = HandledEvent<typeof on>;

export const foldMicro = (state: MicroState, event: EngineEvent): MicroState =>
  foldWith(microProjection.table, state, event);

export const microProjection = defineProjection({
  name: 'micro',
  initial: initialMicroState,
  on,
  view: (state: MicroState) => state.view,
});

/**
 * A login taken into use: the held lists come back (held, as of their time) when it is the same
 * login restored, in each list the server has not answered yet; another login sees nothing of
 * the one before (MC4).
 */
function login(state: MicroState, restored: boolean, tag: string | null): MicroState {
  const held = heldFor(state, restored, tag);
  if (held !== null) return giveBack({ ...state, tag, held: null }, held);
  if (tag === state.tag) return state.held === null ? state : { ...state, held: null };
  const { trading, closed } = initialMicroView;
  const view = { ...state.view, trading, closed };
  return { ...state, view, pages: initialMicroState.pages, deadlines: {}, tag, held: null };
}

/** The held lists, in each list the server has not answered yet, with their deadlines (MC1). */
function giveBack(state: MicroState, held: HeldMicro): MicroState {
  const view = { ...state.view };
  const pages = { ...state.pages };
  const rows: MicroOrderView[] = [];
  for (const tab of ['trading', 'closed'] as const) {
    const list = held[tab];
    if (isKnown(view[tab]) || !isKnown(list)) continue;
    view[tab] = { ...list, loaded: false, held: true };
    pages[tab] = held.pages[tab];
    rows.push(...list.rows);
  }
  return { ...state, view, pages, deadlines: remember(state.deadlines, rows) };
}

/** The trading rows still shown at `now` (a settled one stays 500 ms with its result). */
export function visibleTrading(view: MicroView, now: number): MicroOrderView[] {
  return view.trading.rows.filter((o) => o.removeAt === null || now < o.removeAt);
}

/** Milliseconds left at `now` (0 once expired); never negative. */
export const remainingMs = (order: MicroOrderView, now: number): number =>
  Math.max(0, order.deadline - now);

function anchor(body: MicroOrderBody, at: number, known: number | undefined): MicroOrderView {
  const { remainMs, ...rest } = body;
  const deadline = at + remainMs;
  // MC1: a later reply never pushes a deadline back
  return {
    ...rest,
    deadline: known === undefined ? deadline : Math.min(known, deadline),
    removeAt: null,
  };
}

function remember(
  deadlines: Readonly<Record<number, number>>,
  rows: readonly MicroOrderView[],
): Record<number, number> {
  const next: Record<number, number> = { ...deadlines };
  for (const o of rows) next[o.id] = o.deadline;
  const ids = Object.keys(next);
  if (ids.length <= DEADLINES_KEPT) return next;
  const kept: Record<number, number> = {};
  for (const id of ids.slice(ids.length - DEADLINES_KEPT)) kept[Number(id)] = next[Number(id)] ?? 0;
  return kept;
}

function orders(state: MicroState, body: MicroOrdersBody, at: number): MicroState {
  const current = state.view[body.tab];
  // MC4: a next page of this session does not continue the rows of another
  if (body.fromPage > 1 && current.held) return state;
  const known = new Map<number, number>(
    Object.entries(state.deadlines).map(([id, d]) => [Number(id), d]),
  );
  const fresh: MicroOrderView[] = [];
  for (const o of body.rows) {
    // an id twice in one reply: one row, the earlier deadline
    const row = anchor(o, at, known.get(o.id));
    known.set(o.id, row.deadline);
    const i = fresh.findIndex((f) => f.id === o.id);
    if (i < 0) fresh.push(row);
    else fresh[i] = row;
  }
  const rows =
    body.fromPage <= 1
      ? fresh
      : [...current.rows, ...fresh.filter((o) => !current.rows.some((c) => c.id === o.id))];
  const list: MicroListView = { rows, hasMore: body.hasMore, loaded: true, held: false, at };
  return {
    ...state,
    pages: { ...state.pages, [body.tab]: body.fromPage },
    view: { ...state.view, [body.tab]: list, error: null },
    deadlines: remember(state.deadlines, fresh),
  };
}

function closed(state: MicroState, body: MicroOrderBody, at: number): MicroState {
  const { trading } = state.view;
  const settled: MicroOrderView = {
    ...anchor(body, at, state.deadlines[body.id]),
    removeAt: at + MICRO_REMOVE_AFTER_MS,
  };
  const rows = trading.rows.map((o) => (o.id === body.id ? settled : o));
  const closedRows = [
    { ...settled, removeAt: null },
    ...state.view.closed.rows.filter((o) => o.id !== body.id),
  ];
  return {
    ...state,
    view: {
      ...state.view,
      trading: { ...trading, rows },
      closed: { ...state.view.closed, rows: closedRows },
    },
    deadlines: remember(state.deadlines, [settled]),
  };
}
