// Market: quotation groups, tickers and 1-minute sparklines (MarketView, Ticker of api.ts),
// folded from `market.quotation` replies, `market.daymarket` pushes, `market.history` replies
// and `market.kline` pushes (1min only).
//
// Invariants (each has a fast-check property of the same name in market.test.ts):
//  M1 groupsMatchTickers: the symbols listed by the groups are exactly the keys of `tickers`,
//     and each appears in one group only.
//  M2 sparklineBounded: every sparkline holds at most SPARKLINE_POINTS points.
//  M3 sparklineMinutesIncrease: a sparkline's points are on strictly increasing minutes.
//  M4 unknownSymbolIgnored: a daymarket or kline push for a symbol without a ticker leaves
//     the state unchanged.
//  M5 stalePushIgnored: a daymarket push with seq ≤ the stream's last seq, or with an event
//     time before the ticker's `at`, leaves the state unchanged.
//  M6 chunkedFoldEqualsWholeFold: folding a sequence at once equals folding it in any chunks.
//  M7 decimalsCanonical: ticker prices, highs, lows, volumes and sparkline closes are
//     canonical decimal strings (decStr(x) === x).
import { SPARKLINE_POINTS } from '../../shared/constants.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { MarketView, Ticker } from '../api.ts';
import { partedFromHandlers } from './projection.ts';
import type { Handlers } from './projection.ts';
import type {
  DaymarketBody,
  EngineEvent,
  HistoryBody,
  KlineBody,
  QuotationGroupBody,
} from '../events.ts';

export interface Sparkline {
  /** Minute index (ms / 60 000) of each point, strictly increasing. */
  minutes: number[];
  closes: DecStr[];
}

export interface MarketState {
  market: MarketView;
  tickers: Readonly<Record<string, Ticker>>;
  sparklines: Readonly<Record<string, Sparkline>>;
  /** Last daymarket `seq` per symbol (extension); cleared on every snapshot and reconnect. */
  pushSeq: Readonly<Record<string, number>>;
}

export const initialMarketState: MarketState = {
  market: { groups: [], loaded: false, error: null },
  tickers: {},
  sparklines: {},
  pushSeq: {},
};

const MINUTE_MS = 60_000;

const on = {
  'market.quotation': (state, event) => applyQuotation(state, event.body.groups, event.at),
  'market.quotation-failed': (state, event) =>
    state.market.error === event.body.message
      ? state
      : { ...state, market: { ...state.market, error: event.body.message } },
  'market.daymarket': (state, event) => applyDaymarket(state, event.body, event.at),
  'market.kline': (state, event) => applyKline(state, event.body),
  'market.history': (state, event) => applyHistory(state, event.body),
  'engine.boot': (state) =>
    Object.keys(state.pushSeq).length > 0 ? { ...state, pushSeq: {} } : state,
  'socket.state': (state, event) =>
    event.body.state === 'online' && Object.keys(state.pushSeq).length > 0
      ? { ...state, pushSeq: {} }
      : state,
} satisfies Handlers<MarketState>;

/** The market projection of the registry (registry.ts). */
export const marketProjection = partedFromHandlers('market', initialMarketState, on);

export const foldMarket = marketProjection.fold;

export function foldMarketAll(state: MarketState, events: readonly EngineEvent[]): MarketState {
  return events.reduce(foldMarket, state);
}

/** The closes of a sparkline, as the page receives them. */
export function sparklineCloses(line: Sparkline | undefined): DecStr[] {
  return line === undefined ? [] : line.closes;
}

function applyQuotation(state: MarketState, groups: QuotationGroupBody[], at: number): MarketState {
  const tickers: Record<string, Ticker> = {};
  const views: MarketView['groups'] = [];
  for (const group of groups) {
    const symbols: string[] = [];
    const pairs = [...group.pairs].sort((a, b) => a.sort - b.sort);
    for (const pair of pairs) {
      if (pair.symbol in tickers) continue;
      tickers[pair.symbol] = { ...pair, at };
      symbols.push(pair.symbol);
    }
    views.push({ legalId: group.legalId, name: group.name, symbols });
  }
  const sparklines: Record<string, Sparkline> = {};
  for (const [symbol, line] of Object.entries(state.sparklines)) {
    if (symbol in tickers) sparklines[symbol] = line;
  }
  return { market: { groups: views, loaded: true, error: null }, tickers, sparklines, pushSeq: {} };
}

function applyDaymarket(state: MarketState, push: DaymarketBody, at: number): MarketState {
  const ticker = state.tickers[push.symbol];
  if (ticker === undefined || at < ticker.at) return state;
  const lastSeq = state.pushSeq[push.symbol];
  if (push.seq !== null && lastSeq !== undefined && push.seq <= lastSeq) return state;
  const next: Ticker = {
    ...ticker,
    price: push.price,
    change: push.change,
    high: push.high,
    low: push.low,
    volume: push.volume,
    ...(push.markPrice === undefined ? {} : { markPrice: push.markPrice }),
    ...(push.turnover === undefined ? {} : { turnover: push.turnover }),
    at,
  };
  const pushSeq = push.seq === null ? state.pushSeq : { ...state.pushSeq, [push.symbol]: push.seq };
  return { ...state, tickers: { ...state.tickers, [push.symbol]: next }, pushSeq };
}

function applyKline(state: MarketState, push: KlineBody): MarketState {
  if (push.period !== '1min' || !(push.symbol in state.tickers)) return state;
  const line = state.sparklines[push.symbol] ?? { minutes: [], closes: [] };
  const minute = Math.floor(push.time / MINUTE_MS);
  const lastMinute = line.minutes[line.minutes.length - 1];
  if (lastMinute !== undefined && minute < lastMinute) return state;
  if (lastMinute === minute && line.closes[line.closes.length - 1] === push.close) return state;
  const keep = lastMinute === minute ? line.minutes.length - 1 : line.minutes.length;
  const next = trim({
    minutes: [...line.minutes.slice(0, keep), minute],
    closes: [...line.closes.slice(0, keep), push.close],
  });
  return { ...state, sparklines: { ...state.sparklines, [push.symbol]: next } };
}

function applyHistory(state: MarketState, history: HistoryBody): MarketState {
  if (history.period !== '1min' || !(history.symbol in state.tickers)) return state;
  const byMinute = new Map<number, DecStr>();
  for (const bar of history.bars) byMinute.set(Math.floor(bar.time / MINUTE_MS), bar.close);
  const historyLast = Math.max(-Infinity, ...byMinute.keys());
  const existing = state.sparklines[history.symbol];
  if (existing !== undefined) {
    existing.minutes.forEach((m, i) => {
      const close = existing.closes[i];
      if (m > historyLast && close !== undefined) byMinute.set(m, close);
    });
  }
  const points = [...byMinute.entries()].sort((a, b) => a[0] - b[0]);
  const minutes = points.map(([m]) => m);
  const closes = points.map(([, close]) => close);
  return {
    ...state,
    sparklines: { ...state.sparklines, [history.symbol]: trim({ minutes, closes }) },
  };
}

function trim(line: Sparkline): Sparkline {
  const extra = line.minutes.length - SPARKLINE_POINTS;
  return extra > 0
    ? { minutes: line.minutes.slice(extra), closes: line.closes.slice(extra) }
    : line;
}
