// What changed between two engine states, as marks for the next frame (the frame scheduler
// reads the marked parts back at the frame). The store reports each change (store.ts); the
// live engine and the replay engine mark frames with it. The view projections of the registry
// are marked by name; the spot, market and session parts field by field.
import { eachChangedView } from '../projections/registry.ts';
import type { SpotState } from '../projections/spot.ts';
import type { EngineState } from '../store.ts';
import type { FrameScheduler } from './frame-scheduler.ts';

/** Marks for the next frame what differs between two states. */
export function markChanges(frames: FrameScheduler, a: EngineState, b: EngineState): void {
  if (a.session.session !== b.session.session) frames.markSession();
  if (a.session.connection !== b.session.connection) frames.markConnection();
  if (a.market.market !== b.market.market) frames.markMarket();
  if (a.market.tickers !== b.market.tickers) {
    for (const [symbol, ticker] of Object.entries(b.market.tickers)) {
      if (a.market.tickers[symbol] !== ticker) frames.markTicker(symbol);
    }
  }
  if (a.market.sparklines !== b.market.sparklines) {
    for (const [symbol, line] of Object.entries(b.market.sparklines)) {
      if (a.market.sparklines[symbol] !== line) frames.markSparkline(symbol);
    }
  }
  if (a.spot !== b.spot) markSpotChanges(frames, a.spot, b.spot);
  eachChangedView(a, b, frames.markView);
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
