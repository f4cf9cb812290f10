// The engine's state: every event goes through `dispatch`, which logs it (the log assigns
// seq), folds it into the projections, and marks what changed for the next frame.
import type { EngineSnapshot } from './api.ts';
import type { EngineEvent, NewEvent } from './ingest/events.ts';
import type { EventLog } from './log/event-log.ts';
import type { FrameScheduler } from './frames/frame-scheduler.ts';
import { foldMarket, initialMarketState, sparklineCloses } from './projections/market.ts';
import type { MarketState } from './projections/market.ts';
import { foldSession, initialSessionState } from './projections/session.ts';
import type { SessionState } from './projections/session.ts';

export interface EngineState {
  session: SessionState;
  market: MarketState;
}

export interface Store {
  state(): EngineState;
  dispatch(event: NewEvent): EngineEvent;
  snapshot(): EngineSnapshot;
}

export const initialEngineState: EngineState = {
  session: initialSessionState,
  market: initialMarketState,
};

export function foldEngine(state: EngineState, event: EngineEvent): EngineState {
  const session = foldSession(state.session, event);
  const market = foldMarket(state.market, event);
  return session === state.session && market === state.market ? state : { session, market };
}

export function createStore(log: EventLog, frames: FrameScheduler): Store {
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
    snapshot: () => snapshotOf(state),
  };
}

export function snapshotOf(state: EngineState): EngineSnapshot {
  const sparklines: EngineSnapshot['sparklines'] = {};
  for (const [symbol, line] of Object.entries(state.market.sparklines))
    sparklines[symbol] = sparklineCloses(line);
  return {
    session: state.session.session,
    connection: state.session.connection,
    market: state.market.market,
    tickers: { ...state.market.tickers },
    sparklines,
  };
}

function markChanges(frames: FrameScheduler, a: EngineState, b: EngineState): void {
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
}
