// The spot screen's state: the composition of the watched pair's projections (panel, book,
// recent trades, chart, the user's orders). Each part is a handler map over its own events
// (definePart, projection.ts), with its invariants at the top of its file; this file only
// routes events to them.
import type { EngineEvent } from '../events.ts';
import { bookPart, initialBookState } from './book/book.ts';
import type { BookState } from './book/book.ts';
import { chartPart, initialChartState } from './chart.ts';
import type { ChartState } from './chart.ts';
import { initialOrdersState, ordersPart } from './spot-orders.ts';
import type { OrdersState } from './spot-orders.ts';
import { initialSpotViewState, spotViewPart } from './spot-view.ts';
import type { SpotViewState } from './spot-view.ts';
import type { Part, PartedProjection } from './projection.ts';
import { initialTradesState, tradesPart } from './trades.ts';
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

/** The parts, each with its handler map (projection.ts): spot routes each event to those that handle it. */
const PARTS = {
  view: spotViewPart,
  book: bookPart,
  trades: tradesPart,
  chart: chartPart,
  orders: ordersPart,
} as const;
type PartOf<K extends keyof SpotState> = Part<SpotState[K], EngineEvent>;
const PART_NAMES = Object.keys(PARTS) as (keyof SpotState)[];

/** One part's next state: its fold leaves it as it was for an event it has no handler for. */
function foldPart<K extends keyof SpotState>(
  k: K,
  state: SpotState,
  event: EngineEvent,
): SpotState[K] {
  const part = PARTS[k] as unknown as PartOf<K>;
  return part.fold(state[k], event);
}

export function foldSpot(state: SpotState, event: EngineEvent): SpotState {
  if (event.name === 'engine.boot') return boot(state, event);
  let next: SpotState | null = null;
  for (const k of PART_NAMES) {
    const folded = foldPart(k, state, event);
    if (folded !== state[k]) (next ??= { ...state })[k] = folded as never;
  }
  return next ?? state;
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
    orders: ordersPart.fold(state.orders, event),
  };
}

/**
 * The spot projection of the registry (registry.ts): its parts' events, and a daymarket push
 * only when the tickers took it (a stale or duplicated one moves neither, push-faults.test.ts).
 */
export const spotProjection: PartedProjection<'spot', SpotState> = {
  name: 'spot',
  initial: initialSpotState,
  handles: new Set<string>(['engine.boot', ...Object.values(PARTS).flatMap((p) => p.events)]),
  fold: foldSpot,
  after: { 'market.daymarket': 'market' },
};
