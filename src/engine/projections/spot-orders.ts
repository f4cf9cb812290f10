// The user's spot orders on the watched pair: open (transaction_in + transaction_out, merged,
// newest first) and history (finished orders, transaction_history; a legacy server's fills,
// transaction_complete), a page of 10 at a time. Folded from
// `orders.open` / `orders.history` replies (page 1 replaces, later pages append),
// `orders.failed`, and cleared on logout or expiry.
//
// What the login knew of a pair is set aside when the watch moves on and at a new page session
// (held.ts), and shown again, held (as of its time, never loaded), when the same login watches
// that pair before the server has answered: a page opened offline shows the last known orders,
// labelled, and never another login's (issue 25, ADR 0032).
//
// Invariants (each has a fast-check property of the same name in spot-orders.test.ts):
//  O1 newestFirst: open and history ids are strictly descending (so unique).
//  O2 chunkedFoldEqualsWholeFold: folding a sequence at once equals folding it in any chunks.
//  O3 clearedWithoutSession: after logout or expiry both lists are empty, nothing is loading
//     and nothing is held.
//  O4 otherSymbolsIgnored: replies for another symbol change nothing.
//  O5 heldOnlyForItsLogin: a list shows rows this page session's server did not send only while
//     the login in use has the tag of the login that fetched them and the watched pair is
//     theirs; it is then held and not loaded, with their time. Any other login shows none.
//  O6 heldNeverExtended: a later page never appends to held rows; a first page replaces them
//     (loaded, no longer held).
import { NO_SPOT_ORDERS } from '../api.ts';
import type { FilledOrderView, OpenOrderView, SpotOrdersView } from '../api.ts';
import type { OrdersPageBody } from '../events.ts';
import { heldOfLogin, holdAtBoot, keptForLogin, NO_LOGIN, setAside } from './held.ts';
import type { LoginScope } from './held.ts';
import { definePart, type HandledEvent, type Handlers } from './projection.ts';

/** A list as the login knew it: its rows, whether the server had more, their time, its pages. */
export interface KnownOrders<R> {
  rows: R[];
  hasMore: boolean;
  at: number;
  pages: number;
}

/** The lists of a pair the login knew (null: that list was not known). */
export interface HeldOrders {
  symbol: string;
  open: KnownOrders<OpenOrderView> | null;
  history: KnownOrders<FilledOrderView> | null;
}

export interface OrdersState extends LoginScope<HeldOrders> {
  symbol: string | null;
  view: SpotOrdersView;
  /** Pages loaded so far (a refresh refetches them all). */
  openPages: number;
  historyPages: number;
}

export const EMPTY_ORDERS: SpotOrdersView = NO_SPOT_ORDERS;

export const initialOrdersState: OrdersState = {
  symbol: null,
  view: EMPTY_ORDERS,
  openPages: 0,
  historyPages: 0,
  ...NO_LOGIN,
};

/** The orders' events, one handler each (projection.ts). */
const ORDERS_ON = {
  'ui.watch-spot': (state, event) => watch(state, event.body.symbol, event.body.loggedIn),
  'orders.open': (state, event) =>
    event.body.symbol === state.symbol ? openPage(state, event.body, event.at) : state,
  'orders.history': (state, event) =>
    event.body.symbol === state.symbol ? historyPage(state, event.body, event.at) : state,
  'orders.failed': (state, event) => {
    const flag = event.body.tab === 'open' ? 'openLoading' : 'historyLoading';
    return event.body.symbol !== state.symbol || !state.view[flag]
      ? state
      : { ...state, view: { ...state.view, [flag]: false } };
  },
  'session.login': (state, event) => login(state, event.body.restored, event.body.tag ?? null),
  'session.logout': (state) => signedOut(state),
  'session.expired': (state) => signedOut(state),
  'engine.boot': (state) => {
    // a new page session watches nothing; what the login knew is held for it
    const scope = holdAtBoot(state, known(state) ?? heldOfLogin(state));
    return scope === NO_LOGIN ? initialOrdersState : { ...initialOrdersState, ...scope };
  },
} satisfies Handlers<OrdersState>;

export const ordersPart = definePart<OrdersState, typeof ORDERS_ON>(ORDERS_ON);
export type OrdersEvent = HandledEvent<typeof ORDERS_ON>;
export const ORDERS_EVENTS = ordersPart.events;
export const isOrdersEvent = ordersPart.handles;
export const foldOrders = ordersPart.fold;

/** Another pair (or none): the lists of the one before are set aside for the login. */
function watch(state: OrdersState, symbol: string | null, loggedIn: boolean): OrdersState {
  if (symbol === state.symbol) return state;
  const { tag, held } = setAside(state, known(state));
  const asking = symbol !== null && loggedIn;
  const view = { ...EMPTY_ORDERS, openLoading: asking, historyLoading: asking };
  return giveBack({ ...initialOrdersState, tag, held, symbol, view });
}

/** The same login restored keeps what is held; another one sees nothing of the one before. */
function login(state: OrdersState, restored: boolean, tag: string | null): OrdersState {
  const scope = keptForLogin(state, restored, tag);
  if (tag === state.tag && scope.held?.value === state.held?.value) return state;
  const kept =
    tag === state.tag
      ? state
      : {
          ...state,
          view: {
            ...EMPTY_ORDERS,
            openLoading: state.view.openLoading,
            historyLoading: state.view.historyLoading,
          },
          openPages: 0,
          historyPages: 0,
        };
  return giveBack({ ...kept, tag: scope.tag, held: scope.held });
}

function signedOut(state: OrdersState): OrdersState {
  const { view, openPages, historyPages, tag, held } = state;
  return view === EMPTY_ORDERS &&
    openPages === 0 &&
    historyPages === 0 &&
    tag === null &&
    held === null
    ? state
    : { ...state, ...NO_LOGIN, view: EMPTY_ORDERS, openPages: 0, historyPages: 0 };
}

/** The lists of the watched pair that are known (loaded or held), to be set aside. */
function known(state: OrdersState): HeldOrders | null {
  const { symbol, view: v } = state;
  if (symbol === null) return null;
  const open =
    v.openLoaded || v.openHeld
      ? { rows: v.open, hasMore: v.openHasMore, at: v.openAt, pages: state.openPages }
      : null;
  const history =
    v.historyLoaded || v.historyHeld
      ? { rows: v.history, hasMore: v.historyHasMore, at: v.historyAt, pages: state.historyPages }
      : null;
  return open === null && history === null ? null : { symbol, open, history };
}

/** The held lists of the watched pair, in each list this page session knows nothing of (O5). */
function giveBack(state: OrdersState): OrdersState {
  const held = heldOfLogin(state);
  if (held === null || held.symbol !== state.symbol) return state;
  const v = state.view;
  const open = v.openLoaded || v.openHeld ? null : held.open;
  const history = v.historyLoaded || v.historyHeld ? null : held.history;
  if (open === null && history === null) return state;
  return {
    ...state,
    view: { ...v, ...heldOpen(open), ...heldHistory(history) },
    // a refresh fetches as many pages as were held
    openPages: open?.pages ?? state.openPages,
    historyPages: history?.pages ?? state.historyPages,
  };
}

const heldOpen = (list: KnownOrders<OpenOrderView> | null): Partial<SpotOrdersView> =>
  list === null
    ? {}
    : { open: list.rows, openHasMore: list.hasMore, openAt: list.at, openHeld: true };

const heldHistory = (list: KnownOrders<FilledOrderView> | null): Partial<SpotOrdersView> =>
  list === null
    ? {}
    : { history: list.rows, historyHasMore: list.hasMore, historyAt: list.at, historyHeld: true };

function openPage(
  state: OrdersState,
  body: OrdersPageBody<OpenOrderView>,
  at: number,
): OrdersState {
  // O6: a next page of this session does not continue the rows of another
  if (body.fromPage > 1 && state.view.openHeld) return state;
  const open = page(state.view.open, body);
  const view = {
    ...state.view,
    open,
    openHasMore: body.hasMore,
    openLoading: false,
    openLoaded: true,
    openHeld: false,
    openAt: at,
  };
  return { ...state, view, openPages: body.toPage };
}

function historyPage(
  state: OrdersState,
  body: OrdersPageBody<FilledOrderView>,
  at: number,
): OrdersState {
  if (body.fromPage > 1 && state.view.historyHeld) return state;
  const history = page(state.view.history, body);
  const view = {
    ...state.view,
    history,
    historyHasMore: body.hasMore,
    historyLoading: false,
    historyLoaded: true,
    historyHeld: false,
    historyAt: at,
  };
  return { ...state, view, historyPages: body.toPage };
}

function page<R extends OpenOrderView | FilledOrderView>(
  current: readonly R[],
  body: OrdersPageBody<R>,
): R[] {
  const byId = new Map<number, R>();
  if (body.fromPage > 1) for (const r of current) byId.set(r.id, r);
  for (const r of body.rows) byId.set(r.id, r);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}
