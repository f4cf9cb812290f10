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
import { exhaustive, newestTrades } from '../events.ts';
import type { EngineEvent } from '../events.ts';

export interface TradesState {
  symbol: string | null;
  list: readonly TradeView[];
}

export const initialTradesState: TradesState = { symbol: null, list: [] };

export const TRADES_EVENTS = [
  'ui.watch-spot',
  'trades.push',
  'trades.history',
] as const satisfies readonly EngineEvent['name'][];
export type TradesEvent = Extract<EngineEvent, { name: (typeof TRADES_EVENTS)[number] }>;
const SET: ReadonlySet<string> = new Set(TRADES_EVENTS);
export const isTradesEvent = (e: EngineEvent): e is TradesEvent => SET.has(e.name);

export function foldTrades(state: TradesState, event: TradesEvent): TradesState {
  switch (event.name) {
    case 'ui.watch-spot':
      return event.body.symbol === state.symbol ? state : { symbol: event.body.symbol, list: [] };
    case 'trades.push':
    case 'trades.history':
      return event.body.symbol === state.symbol ? merge(state, event.body.trades) : state;
    default:
      return exhaustive(event, state);
  }
}

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
