// What changed between two engine states, as marks for the next frame (the frame scheduler
// reads the marked parts back at the frame). The store reports each change (store.ts); the
// live engine and the replay engine mark frames with it. The view projections of the registry
// are marked by name; each parted projection (session, market, spot) part by part (MARKS).
import { eachChangedView, PARTED_NAMES } from '../projections/registry.ts';
import type { PartedName, PartedStates } from '../projections/registry.ts';
import type { MarketState } from '../projections/market.ts';
import type { SessionState } from '../projections/session.ts';
import type { SpotState } from '../projections/spot.ts';
import type { EngineState } from '../store.ts';
import type { FrameScheduler } from './frame-scheduler.ts';

/** How each parted projection's change is marked, part by part (a new one needs its line). */
const MARKS: {
  readonly [K in PartedName]: (
    frames: FrameScheduler,
    a: PartedStates[K],
    b: PartedStates[K],
  ) => void;
} = {
  session: markSessionChanges,
  market: markMarketChanges,
  spot: markSpotChanges,
};

/** Marks for the next frame what differs between two states. */
export function markChanges(frames: FrameScheduler, a: EngineState, b: EngineState): void {
  for (const name of PARTED_NAMES) if (a[name] !== b[name]) markParted(frames, name, a, b);
  eachChangedView(a, b, frames.markView);
  // the contracts screen's book marks the open limit entrusts
  if (a.lever.view.entrusts !== b.lever.view.entrusts && b.spot.book.symbol !== null)
    frames.markBook();
}

function markParted<K extends PartedName>(
  frames: FrameScheduler,
  name: K,
  a: PartedStates,
  b: PartedStates,
): void {
  MARKS[name](frames, a[name], b[name]);
}

function markSessionChanges(frames: FrameScheduler, a: SessionState, b: SessionState): void {
  if (a.session !== b.session) frames.markSession();
  if (a.connection !== b.connection) frames.markConnection();
}

function markMarketChanges(frames: FrameScheduler, a: MarketState, b: MarketState): void {
  if (a.market !== b.market) frames.markMarket();
  if (a.tickers !== b.tickers) {
    for (const [symbol, ticker] of Object.entries(b.tickers)) {
      if (a.tickers[symbol] !== ticker) frames.markTicker(symbol);
    }
  }
  if (a.sparklines !== b.sparklines) {
    for (const [symbol, line] of Object.entries(b.sparklines)) {
      if (a.sparklines[symbol] !== line) frames.markSparkline(symbol);
    }
  }
}

function markSpotChanges(frames: FrameScheduler, a: SpotState, b: SpotState): void {
  if (a.view.view !== b.view.view) frames.markSpot();
  if (a.book !== b.book) frames.markBook(a.book.symbol !== b.book.symbol);
  // Own-order marks live in the book rows.
  if (a.orders.view.open !== b.orders.view.open && b.book.symbol !== null) frames.markBook();
  if (a.orders.view !== b.orders.view) frames.markOrders();
  if (a.trades.list !== b.trades.list) frames.markTrades();
  if (a.chart !== b.chart) {
    const ca = a.chart;
    const cb = b.chart;
    if (ca.epoch !== cb.epoch) frames.markChart('reset');
    else if (ca.bars !== cb.bars && cb.changed !== null) frames.markChart(cb.changed);
    else if (ca.loading !== cb.loading || ca.error !== cb.error) frames.markChart('meta');
  }
}
