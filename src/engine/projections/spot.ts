// The spot screen's state: the composition of the watched pair's projections (panel, book,
// recent trades, chart, the user's orders). Each part is a pure fold over its own subset of
// events, with its invariants at the top of its file; this file only routes events to them.
import type { EngineEvent } from '../events.ts';
import { BOOK_EVENTS, foldBook, initialBookState, isBookEvent } from './book/book.ts';
import type { BookState } from './book/book.ts';
import { CHART_EVENTS, foldChart, initialChartState, isChartEvent } from './chart.ts';
import type { ChartState } from './chart.ts';
import { foldOrders, initialOrdersState, isOrdersEvent, ORDERS_EVENTS } from './spot-orders.ts';
import type { OrdersState } from './spot-orders.ts';
import {
  foldSpotView,
  initialSpotViewState,
  isSpotViewEvent,
  SPOT_VIEW_EVENTS,
} from './spot-view.ts';
import type { SpotViewState } from './spot-view.ts';
import type { PartedProjection } from './projection.ts';
import { foldTrades, initialTradesState, isTradesEvent, TRADES_EVENTS } from './trades.ts';
import type { TradesState } from './trades.ts';

export interface SpotState {
  view: SpotViewState;
  book: BookState;
  trades: TradesState;
  chart: ChartState;
  orders: OrdersState;
}

export const initialSpotState: SpotState = {
  view: initialSpotViewState,
  book: initialBookState,
  trades: initialTradesState,
  chart: initialChartState,
  orders: initialOrdersState,
};

export function foldSpot(state: SpotState, event: EngineEvent): SpotState {
  if (event.name === 'engine.boot') return boot(state, event);
  const view = isSpotViewEvent(event) ? foldSpotView(state.view, event) : state.view;
  const book = isBookEvent(event) ? foldBook(state.book, event) : state.book;
  const trades = isTradesEvent(event) ? foldTrades(state.trades, event) : state.trades;
  const chart = isChartEvent(event) ? foldChart(state.chart, event) : state.chart;
  const orders = isOrdersEvent(event) ? foldOrders(state.orders, event) : state.orders;
  return view === state.view &&
    book === state.book &&
    trades === state.trades &&
    chart === state.chart &&
    orders === state.orders
    ? state
    : { view, book, trades, chart, orders };
}

/**
 * A new page session watches nothing until the page asks again (the recorded book is stale).
 * The book's version and the chart's epoch keep counting, so frame-time caches keyed by them
 * never mistake a new state for an old one. The user's orders are held for their login
 * (spot-orders.ts).
 */
function boot(state: SpotState, event: Extract<EngineEvent, { name: 'engine.boot' }>): SpotState {
  return {
    ...initialSpotState,
    book: { ...initialBookState, version: state.book.version + 1 },
    chart: { ...initialChartState, epoch: state.chart.epoch + 1 },
    orders: foldOrders(state.orders, event),
  };
}

/**
 * The spot projection of the registry (registry.ts): its parts' events, and a daymarket push
 * only when the tickers took it (a stale or duplicated one moves neither, push-faults.test.ts).
 */
export const spotProjection: PartedProjection<'spot', SpotState> = {
  name: 'spot',
  initial: initialSpotState,
  handles: new Set<string>([
    'engine.boot',
    ...SPOT_VIEW_EVENTS,
    ...BOOK_EVENTS,
    ...TRADES_EVENTS,
    ...CHART_EVENTS,
    ...ORDERS_EVENTS,
  ]),
  fold: foldSpot,
  after: { 'market.daymarket': 'market' },
};
