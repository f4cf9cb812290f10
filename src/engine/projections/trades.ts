// Recent trades of the watched spot pair, newest first, folded from `trades.history`
// (GET /api/currency/new_tradehistory) and `trades.push` (market_detail), deduplicated by id.
//
// Invariants (each has a fast-check property of the same name in trades.test.ts):
//  T1 newestFirst: trades are ordered by time, then id, descending.
//  T2 bounded: at most TRADES_KEPT (20, spec §9) trades are kept.
//  T3 uniqueIds: no two trades share an id.
//  T4 chunkedFoldEqualsWholeFold: folding a sequence at once equals folding it in any chunks.
//  T5 otherSymbolsIgnored: trades of another symbol change nothing.
import type { TradeView } from '../api.ts';
import { newestTrades } from '../events.ts';
import { definePart, type HandledEvent, type Handlers } from './projection.ts';

export interface TradesState {
  symbol: string | null;
  list: readonly TradeView[];
}

export const initialTradesState: TradesState = { symbol: null, list: [] };

/** A page or a push of trades of the watched pair, merged newest first. */
const merged = (state: TradesState, body: { symbol: string; trades: readonly TradeView[] }) =>
  body.symbol === state.symbol ? merge(state, body.trades) : state;

/** The recent trades' events, one handler each (projection.ts). */
const TRADES_ON = {
  'ui.watch-spot': (state, event) =>
    event.body.symbol === state.symbol ? state : { symbol: event.body.symbol, list: [] },
  'trades.push': (state, event) => merged(state, event.body),
  'trades.history': (state, event) => merged(state, event.body),
} satisfies Handlers<TradesState>;

export const tradesPart = definePart<TradesState, typeof TRADES_ON>(TRADES_ON);
export type TradesEvent = HandledEvent<typeof TRADES_ON>;
export const TRADES_EVENTS = tradesPart.events;
export const isTradesEvent = tradesPart.handles;
export const foldTrades = tradesPart.fold;

function merge(state: TradesState, trades: readonly TradeView[]): TradesState {
  if (trades.length === 0) return state;
  const list = newestTrades([...trades, ...state.list]);
  const same =
    list.length === state.list.length && list.every((t, i) => sameTrade(t, state.list[i]));
  return same ? state : { ...state, list };
}

function sameTrade(a: TradeView, b: TradeView | undefined): boolean {
  return (
    b !== undefined &&
    a.id === b.id &&
    a.time === b.time &&
    a.price === b.price &&
    a.amount === b.amount &&
    a.direction === b.direction
  );
}
