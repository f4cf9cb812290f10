// Candles of the watched spot pair and the chosen period, folded from `chart.history`
// (GET /api/currency/new_timeshar, full OHLCV) and `market.kline` pushes (upsert by time).
// `epoch` counts resets (new pair, new period, history loaded): the frame sends all bars when
// it changed, otherwise only the bar that `changed` names.
//
// Invariants (each has a fast-check property of the same name in chart.test.ts):
//  C1 barsStrictlyIncreasing: bar times are strictly increasing.
//  C2 bounded: at most MAX_BARS bars.
//  C3 chunkedFoldEqualsWholeFold: folding a sequence at once equals folding it in any chunks.
//  C4 otherStreamsIgnored: pushes of another symbol or period change nothing.
//  C5 historyKeepsNewerPushes: after a history reply, the bars are the history bars plus the
//     pushed bars newer than the last history bar.
import type { KlinePeriod } from '../../shared/constants.ts';
import type { Bar } from '../api.ts';
import type { KlineBody } from '../events.ts';
import { definePart, type HandledEvent, type Handlers } from './projection.ts';

export const MAX_BARS = 2000;
export const DEFAULT_PERIOD: KlinePeriod = '1min';

export interface ChartState {
  symbol: string | null;
  period: KlinePeriod;
  bars: readonly Bar[];
  loading: boolean;
  error: string | null;
  /** +1 on every reset (pair, period, history). */
  epoch: number;
  /** Time of the bar the last event changed (for the frame diff), null when none. */
  changed: number | null;
}

export const initialChartState: ChartState = {
  symbol: null,
  period: DEFAULT_PERIOD,
  bars: [],
  loading: false,
  error: null,
  epoch: 0,
  changed: null,
};

/** The chart's events, one handler each (projection.ts). */
const CHART_ON = {
  'ui.watch-spot': (state, event) =>
    event.body.symbol === state.symbol && event.body.period === state.period
      ? state
      : reset(state, event.body.symbol, event.body.period),
  'ui.chart-period': (state, event) =>
    event.body.period === state.period ? state : reset(state, state.symbol, event.body.period),
  'market.kline': (state, event) => upsert(state, event.body),
  'chart.history': (state, event) =>
    event.body.symbol !== state.symbol || event.body.period !== state.period
      ? state
      : {
          ...state,
          bars: mergeHistory(event.body.bars, state.bars),
          loading: false,
          error: null,
          epoch: state.epoch + 1,
          changed: null,
        },
  'chart.history-failed': (state, event) =>
    event.body.symbol !== state.symbol || event.body.period !== state.period
      ? state
      : { ...state, loading: false, error: event.body.message, changed: null },
} satisfies Handlers<ChartState>;

export const chartPart = definePart<ChartState, typeof CHART_ON>(CHART_ON);
export type ChartEvent = HandledEvent<typeof CHART_ON>;
export const CHART_EVENTS = chartPart.events;
export const isChartEvent = chartPart.handles;
export const foldChart = chartPart.fold;

function reset(state: ChartState, symbol: string | null, period: KlinePeriod): ChartState {
  return {
    symbol,
    period,
    bars: [],
    loading: symbol !== null,
    error: null,
    epoch: state.epoch + 1,
    changed: null,
  };
}

export function barOf(k: KlineBody): Bar {
  return { time: k.time, open: k.open, high: k.high, low: k.low, close: k.close, volume: k.volume };
}

function upsert(state: ChartState, k: KlineBody): ChartState {
  if (k.symbol !== state.symbol || k.period !== state.period) return state;
  const bar = barOf(k);
  const bars = state.bars;
  const i = searchTime(bars, bar.time);
  if (i >= 0) {
    if (sameBar(bars[i], bar)) return state;
    const next = bars.slice();
    next[i] = bar;
    return { ...state, bars: next, changed: bar.time };
  }
  const next = bars.slice();
  next.splice(-i - 1, 0, bar);
  return { ...state, bars: trim(next), changed: bar.time };
}

/** History bars (any order) plus the current bars newer than the last history bar. */
function mergeHistory(history: readonly Bar[], current: readonly Bar[]): Bar[] {
  const byTime = new Map<number, Bar>();
  for (const b of history) byTime.set(b.time, b);
  const last = Math.max(-Infinity, ...byTime.keys());
  for (const b of current) if (b.time > last) byTime.set(b.time, b);
  return trim([...byTime.values()].sort((a, b) => a.time - b.time));
}

function trim(bars: Bar[]): Bar[] {
  return bars.length > MAX_BARS ? bars.slice(bars.length - MAX_BARS) : bars;
}

/** Index of the bar at `time`, else −(insertion point) − 1. */
export function searchTime(bars: readonly Bar[], time: number): number {
  let lo = 0;
  let hi = bars.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const t = (bars[mid] as Bar).time;
    if (t === time) return mid;
    if (t < time) lo = mid + 1;
    else hi = mid - 1;
  }
  return -lo - 1;
}

function sameBar(a: Bar | undefined, b: Bar): boolean {
  return (
    a !== undefined &&
    a.open === b.open &&
    a.high === b.high &&
    a.low === b.low &&
    a.close === b.close &&
    a.volume === b.volume
  );
}
