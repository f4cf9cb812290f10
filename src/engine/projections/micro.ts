// Second contracts (MicroView of api.ts): the payable currencies with the user's micro balance,
// the durations and their profit ratios, and the user's orders (trading, closed). Each order's
// deadline is anchored to the engine's clock: the event time of the reply or push that brought
// it plus the time left the server gave, so the page's countdown (deadline − now) reads the
// same after a reconnect and in a replay (where now is the replay clock).
//
// Invariants (each has a fast-check property of the same name in micro.test.ts):
//  MC1 countdownNeverIncreases: a known order's deadline never moves later.
//  MC2 settledLeavesAfterHalfSecond: a `closed_microorder` push replaces the trading row with
//      the result and sets it to leave at the push time + 500 ms (visibleTrading), and the
//      order heads the closed list.
//  MC3 emptyWithoutSession: logout, expiry or a new page session leave no order or balance.
import { MICRO_REMOVE_AFTER_MS } from '../../shared/micro.ts';
import { INITIAL_VIEWS } from '../api.ts';
import type { MicroOrderView, MicroView } from '../api.ts';
import type { EngineEvent, MicroOrderBody, MicroOrdersBody } from '../events.ts';
import { defineProjection, foldWith } from './projection.ts';
import type { HandledEvent, Handlers } from './projection.ts';

export interface MicroState {
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
};

const signedOut = (state: MicroState): MicroState =>
  state === initialMicroState
    ? state
    : { ...initialMicroState, view: { ...initialMicroView, seconds: state.view.seconds } };

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
  'session.logout': signedOut,
  'session.expired': signedOut,
  'engine.boot': signedOut,
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
  return {
    pages: { ...state.pages, [body.tab]: body.fromPage },
    view: { ...state.view, [body.tab]: { rows, hasMore: body.hasMore, loaded: true }, error: null },
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
