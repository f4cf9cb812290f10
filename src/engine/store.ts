// The engine's state: every event goes through `dispatch`, which logs it (the log assigns
// seq), folds it into the projections, and reports the change to its listener (the engine
// marks the next frame with it: frames/marks.ts).
import type { EngineSnapshot } from './api.ts';
import type { EngineEvent, NewEvent } from './events.ts';
import type { LogEvent } from '../shared/log-event.ts';
import { sparklineCloses } from './projections/market.ts';
import { partedWholes } from './projections/whole-parts.ts';
import { allViews, foldEngine, initialEngineState } from './projections/registry.ts';
import type { EngineState } from './projections/registry.ts';

// The engine's state and its fold are the registry's (projections/registry.ts).
export { foldEngine, initialEngineState };
export type { EngineState };

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
  depth(state: EngineState): EngineSnapshot['depth'];
  chart(state: EngineState): EngineSnapshot['chart'];
}

/**
 * `changed` hears of every change of state (before, after): the engine marks the next frame
 * with it (frames/marks.ts). The store itself knows nothing of frames.
 */
export function createStore(
  log: EventSink,
  views: SnapshotViews,
  changed: (before: EngineState, after: EngineState) => void,
): Store {
  let state = initialEngineState;
  return {
    state: () => state,
    dispatch(event) {
      const logged = log.append(event) as EngineEvent;
      const previous = state;
      state = foldEngine(state, logged);
      if (state !== previous) changed(previous, state);
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
    ...partedWholes(state),
    tickers: { ...state.market.tickers },
    sparklines,
    book: views.book(state),
    depth: views.depth(state),
    chart: views.chart(state),
    ...allViews(state),
  };
}
