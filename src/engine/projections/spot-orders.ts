// The user's spot orders on the watched pair: open (transaction_in + transaction_out, merged,
// newest first) and history (finished orders, transaction_history; a legacy server's fills,
// transaction_complete), a page of 10 at a time. Folded from
// `orders.open` / `orders.history` replies (page 1 replaces, later pages append),
// `orders.failed`, and cleared on logout or expiry.
//
// Invariants (each has a fast-check property of the same name in spot-orders.test.ts):
//  O1 newestFirst: open and history ids are strictly descending (so unique).
//  O2 chunkedFoldEqualsWholeFold: folding a sequence at once equals folding it in any chunks.
//  O3 clearedWithoutSession: after logout or expiry both lists are empty and nothing is loading.
//  O4 otherSymbolsIgnored: replies for another symbol change nothing.
import type { FilledOrderView, OpenOrderView, SpotOrdersView } from '../api.ts';
import { exhaustive } from '../events.ts';
import type { EngineEvent, OrdersPageBody } from '../events.ts';

export interface OrdersState {
  symbol: string | null;
  view: SpotOrdersView;
  /** Pages loaded so far (a refresh refetches them all). */
  openPages: number;
  historyPages: number;
}

export const EMPTY_ORDERS: SpotOrdersView = {
  open: [],
  history: [],
  openHasMore: false,
  historyHasMore: false,
  loading: false,
};

export const initialOrdersState: OrdersState = {
  symbol: null,
  view: EMPTY_ORDERS,
  openPages: 0,
  historyPages: 0,
};

export const ORDERS_EVENTS = [
  'ui.watch-spot',
  'orders.open',
  'orders.history',
  'orders.failed',
  'session.logout',
  'session.expired',
] as const satisfies readonly EngineEvent['name'][];
export type OrdersEvent = Extract<EngineEvent, { name: (typeof ORDERS_EVENTS)[number] }>;
const SET: ReadonlySet<string> = new Set(ORDERS_EVENTS);
export const isOrdersEvent = (e: EngineEvent): e is OrdersEvent => SET.has(e.name);

// eslint-disable-next-line complexity -- a flat exhaustive switch, one line per event name (CONVENTIONS 2)
export function foldOrders(state: OrdersState, event: OrdersEvent): OrdersState {
  switch (event.name) {
    case 'ui.watch-spot':
      if (event.body.symbol === state.symbol) return state;
      return {
        ...initialOrdersState,
        symbol: event.body.symbol,
        view: { ...EMPTY_ORDERS, loading: event.body.symbol !== null && event.body.loggedIn },
      };
    case 'orders.open':
      return event.body.symbol === state.symbol ? openPage(state, event.body) : state;
    case 'orders.history':
      return event.body.symbol === state.symbol ? historyPage(state, event.body) : state;
    case 'orders.failed':
      return event.body.symbol !== state.symbol || !state.view.loading
        ? state
        : { ...state, view: { ...state.view, loading: false } };
    case 'session.logout':
    case 'session.expired':
      return state.view === EMPTY_ORDERS && state.openPages === 0 && state.historyPages === 0
        ? state
        : { ...state, view: EMPTY_ORDERS, openPages: 0, historyPages: 0 };
    default:
      return exhaustive(event, state);
  }
}

function openPage(state: OrdersState, body: OrdersPageBody<OpenOrderView>): OrdersState {
  const open = page(state.view.open, body);
  const view = { ...state.view, open, openHasMore: body.hasMore, loading: false };
  return { ...state, view, openPages: body.toPage };
}

function historyPage(state: OrdersState, body: OrdersPageBody<FilledOrderView>): OrdersState {
  const history = page(state.view.history, body);
  const view = { ...state.view, history, historyHasMore: body.hasMore, loading: false };
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
