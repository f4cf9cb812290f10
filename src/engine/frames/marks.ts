// What changed between two engine states, as marks for the next frame (the frame scheduler
// reads the marked parts back at the frame). The store reports each change (store.ts); the
// live engine and the replay engine mark frames with it. The parts sent whole are marked from
// their one declaration (whole-parts.ts) and the registry's views; what is sent in pieces or at
// a pace of its own (tickers, sparklines, the book, the chart) is marked here.
import { eachChangedView } from '../projections/registry.ts';
import type { MarketState } from '../projections/market.ts';
import type { SpotState } from '../projections/spot.ts';
import type { EngineState } from '../store.ts';
import type { FrameScheduler } from './frame-scheduler.ts';
import { PARTED_WHOLE_NAMES, PARTED_WHOLES } from '../projections/whole-parts.ts';

/** Marks for the next frame what differs between two states. */
export function markChanges(frames: FrameScheduler, a: EngineState, b: EngineState): void {
  for (const part of PARTED_WHOLE_NAMES)
    if (PARTED_WHOLES[part](a) !== PARTED_WHOLES[part](b)) frames.mark(part);
  if (a.market !== b.market) markKeyed(frames, a.market, b.market);
  if (a.spot !== b.spot) markSpotPieces(frames, a.spot, b.spot);
  eachChangedView(a, b, (name) => frames.mark(name));
  // the contracts screen's book marks the open limit entrusts
  if (a.lever.view.entrusts !== b.lever.view.entrusts && b.spot.book.symbol !== null)
    frames.markBook();
}

/** The tickers and sparklines that changed, by symbol. */
function markKeyed(frames: FrameScheduler, a: MarketState, b: MarketState): void {
  if (a.tickers !== b.tickers) {
    for (const [symbol, ticker] of Object.entries(b.tickers)) {
      if (a.tickers[symbol] !== ticker) frames.markKey('tickers', symbol);
    }
  }
  if (a.sparklines !== b.sparklines) {
    for (const [symbol, line] of Object.entries(b.sparklines)) {
      if (a.sparklines[symbol] !== line) frames.markKey('sparklines', symbol);
    }
  }
}

/** The book (with the own orders it marks) and the chart: everything, one bar, or its state. */
function markSpotPieces(frames: FrameScheduler, a: SpotState, b: SpotState): void {
  if (a.book !== b.book) frames.markBook(a.book.symbol !== b.book.symbol);
  // Own-order marks live in the book rows.
  if (a.orders.view.open !== b.orders.view.open && b.book.symbol !== null) frames.markBook();
  if (a.chart !== b.chart) {
    const ca = a.chart;
    const cb = b.chart;
    if (ca.epoch !== cb.epoch) frames.markChart('reset');
    else if (ca.bars !== cb.bars && cb.changed !== null) frames.markChart(cb.changed);
    else if (ca.loading !== cb.loading || ca.error !== cb.error) frames.markChart('meta');
  }
}
