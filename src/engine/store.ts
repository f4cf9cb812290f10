// The engine's state: every event goes through `dispatch`, which logs it (the log assigns
// seq), folds it into the projections, and marks what changed for the next frame.
import type { EngineSnapshot } from './api.ts';
import type { EngineEvent, NewEvent } from './ingest/events.ts';
import type { LogEvent } from '../shared/log-event.ts';
import type { FrameScheduler } from './frames/frame-scheduler.ts';
import { foldMarket, initialMarketState, sparklineCloses } from './projections/market.ts';
import type { MarketState } from './projections/market.ts';
import { foldSession, initialSessionState } from './projections/session.ts';
import type { SessionState } from './projections/session.ts';
import { foldSpot, initialSpotState } from './projections/spot.ts';
import type { SpotState } from './projections/spot.ts';
import { foldWallet, initialWalletState, isWalletEvent } from './projections/wallet.ts';
import type { WalletState } from './projections/wallet.ts';
import { foldLever, initialLeverState, isLeverEvent } from './projections/lever.ts';
import type { LeverState } from './projections/lever.ts';
import { foldMicro, initialMicroState, isMicroEvent } from './projections/micro.ts';
import type { MicroState } from './projections/micro.ts';
import { foldC2c, initialC2cState, isC2cEvent } from './projections/c2c.ts';
import type { C2cState } from './projections/c2c.ts';

export interface EngineState {
  session: SessionState;
  market: MarketState;
  spot: SpotState;
  wallet: WalletState;
  lever: LeverState;
  micro: MicroState;
  c2c: C2cState;
}

/**
 * Where `dispatch` sends an event first: the event log (log/event-log.ts), which gives it its
 * seq. Declared here, not imported, so that the store does not depend on the log (whose
 * checkpoints encode the store's state).
 */
export interface EventSink {
  append<E extends Omit<LogEvent, 'seq'>>(event: E): E & { seq: number };
}

export interface Store {
  state(): EngineState;
  dispatch(event: NewEvent): EngineEvent;
  /** Replaces the state (start-up restore from the log; nothing is marked for frames). */
  restore(state: EngineState): void;
  snapshot(): EngineSnapshot;
}

/** Frame-time views that depend on page settings (the book's grouping and window). */
export interface SnapshotViews {
  book(state: EngineState): EngineSnapshot['book'];
  chart(state: EngineState): EngineSnapshot['chart'];
}

export const initialEngineState: EngineState = {
  session: initialSessionState,
  market: initialMarketState,
  spot: initialSpotState,
  wallet: initialWalletState,
  lever: initialLeverState,
  micro: initialMicroState,
  c2c: initialC2cState,
};

export function foldEngine(state: EngineState, event: EngineEvent): EngineState {
  const session = foldSession(state.session, event);
  const market = foldMarket(state.market, event);
  // a daymarket push the tickers refuse (stale: reordered, duplicated) must not move the spot
  // panel's last price either (push-faults.test.ts)
  const spot =
    event.name === 'market.daymarket' && market === state.market
      ? state.spot
      : foldSpot(state.spot, event);
  const wallet = isWalletEvent(event) ? foldWallet(state.wallet, event) : state.wallet;
  const lever = isLeverEvent(event) ? foldLever(state.lever, event) : state.lever;
  const micro = isMicroEvent(event) ? foldMicro(state.micro, event) : state.micro;
  const c2c = isC2cEvent(event) ? foldC2c(state.c2c, event) : state.c2c;
  return session === state.session &&
    market === state.market &&
    spot === state.spot &&
    wallet === state.wallet &&
    lever === state.lever &&
    micro === state.micro &&
    c2c === state.c2c
    ? state
    : { session, market, spot, wallet, lever, micro, c2c };
}

export function createStore(log: EventSink, frames: FrameScheduler, views: SnapshotViews): Store {
  let state = initialEngineState;
  return {
    state: () => state,
    dispatch(event) {
      const logged = log.append(event) as EngineEvent;
      const previous = state;
      state = foldEngine(state, logged);
      if (state !== previous) markChanges(frames, previous, state);
      return logged;
    },
    restore(next) {
      state = next;
    },
    snapshot: () => snapshotOf(state, views),
  };
}

export function snapshotOf(state: EngineState, views: SnapshotViews): EngineSnapshot {
  const sparklines: EngineSnapshot['sparklines'] = {};
  for (const [symbol, line] of Object.entries(state.market.sparklines))
    sparklines[symbol] = sparklineCloses(line);
  return {
    session: state.session.session,
    connection: state.session.connection,
    market: state.market.market,
    tickers: { ...state.market.tickers },
    sparklines,
    spot: state.spot.view.view,
    book: views.book(state),
    trades: [...state.spot.trades.list],
    chart: views.chart(state),
    orders: state.spot.orders.view,
    wallet: state.wallet.view,
    lever: state.lever.view,
    micro: state.micro.view,
    c2c: state.c2c.view,
  };
}

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
  markAccountChanges(frames, a, b);
}

/** Wallet, contracts and c2c: one view each. */
function markAccountChanges(frames: FrameScheduler, a: EngineState, b: EngineState): void {
  if (a.wallet.view !== b.wallet.view) frames.markWallet();
  if (a.lever.view !== b.lever.view) frames.markLever();
  if (a.micro.view !== b.micro.view) frames.markMicro();
  if (a.c2c.view !== b.c2c.view) frames.markC2c();
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
