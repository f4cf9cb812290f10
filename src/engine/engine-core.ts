// What the engine is made of before it starts (engine.ts composes it, engine-boot.ts starts it):
// the services with the network heard once, the login holder, the event log, the store (every
// event counted and followed by the checkpoints), the book's reader and the frame scheduler,
// the statistics meter and the session store; and what the page told the engine of itself
// (language, visibility, bench mode).
import { DEFAULT_LANG } from '../shared/locales.ts';
import type { Lang } from '../shared/locales.ts';
import type { LogStatus, StorageIssue } from './api.ts';
import type { AuthHolder } from './context.ts';
import type { EngineEvent, NewEvent } from './events.ts';
import { createFrameScheduler } from './frames/frame-scheduler.ts';
import type { FrameScheduler } from './frames/frame-scheduler.ts';
import { markChanges } from './frames/marks.ts';
import { createSpotReader, stateFrameSource } from './frames/spot-reader.ts';
import type { SpotReader } from './frames/spot-reader.ts';
import { createEventLog } from './log/event-log.ts';
import type { EventLog, EventLogOptions } from './log/event-log.ts';
import { createSessionStore } from './log/session-store.ts';
import type { SessionStore } from './log/session-store.ts';
import type { Checkpointer } from './replay/recorder.ts';
import { FlightRecorder } from './flight/flight-recorder.ts';
import { DepthHeat } from './heat/depth-heat.ts';
import { HeatBackfill } from './replay/heat-backfill.ts';
import { relayedNetwork } from './services.ts';
import type { RelayedNetwork, Services } from './services.ts';
import { createStatsMeter } from './stats.ts';
import type { StatsMeter } from './stats.ts';
import { createStore } from './store.ts';
import type { EngineState, Store } from './store.ts';

export interface EngineOptions {
  /** Database names (tests use unique ones). */
  logDbName?: string;
  sessionDbName?: string;
  log?: Partial<Pick<EventLogOptions, 'retention' | 'memoryCapacity'>>;
}

/** What the page told the engine of itself. */
export interface PageSettings {
  lang: Lang;
  visible: boolean;
  /** Started for a benchmark (`benchFillLog` allowed). */
  bench: boolean;
}

export interface EngineCore {
  readonly services: Services;
  /** The platform's network events and the page's (setOnline), heard once each. */
  readonly network: RelayedNetwork;
  readonly auth: AuthHolder;
  readonly log: EventLog;
  readonly reader: SpotReader;
  readonly meter: StatsMeter;
  readonly frames: FrameScheduler;
  readonly store: Store;
  readonly sessionStore: SessionStore;
  readonly page: PageSettings;
  /** Set once the state is restored from the log (checkpoints follow the restored one). */
  checkpointer: Checkpointer | null;
  /** The invariants checked as the engine runs, and the report kept when one breaks. */
  readonly flight: FlightRecorder;
  /** The watched pair's book sampled as it is folded, for the depth heatmap (issue 47). */
  readonly heat: DepthHeat;
  /** The heatmap's history from the stored log, when the page first asks for a pair's. */
  readonly heatBackfill: HeatBackfill;
  /** UI events are logged only once the log is open (seq continues from the stored log). */
  logOpen: boolean;
  /** Logs a UI event once the log is open (before, it is dropped). */
  dispatchUi(event: NewEvent): void;
}

export function createEngineCore(given: Services, options: EngineOptions): EngineCore {
  const network = relayedNetwork(given.network);
  const services: Services = { ...given, network };
  // the store and the log refer to each other through the core, which is complete before use
  const core = { services, network, checkpointer: null, logOpen: false } as {
    -readonly [K in keyof EngineCore]: EngineCore[K];
  };
  core.auth = { token: null, generation: 0, epoch: 0, expiryShown: false };
  core.page = { lang: DEFAULT_LANG, visible: true, bench: false };
  core.log = createEventLog({
    services,
    ...(options.logDbName === undefined ? {} : { dbName: options.logDbName }),
    ...options.log,
    onStatus: (status, issue) => {
      // the stored checkpoints are gone with IndexedDB: take one in memory at once
      if (status === 'memory') core.checkpointer?.soon();
      core.store.dispatch(logStatusEvent(services.clock.now(), status, issue));
    },
  });
  const reader = createSpotReader();
  core.reader = reader;
  core.heat = new DepthHeat();
  core.meter = createStatsMeter();
  core.frames = createFrameScheduler(
    services.timers,
    stateFrameSource(() => core.store.state(), reader),
    true,
    services.clock,
    core.meter,
  );
  core.store = countedStore(
    createStore(
      core.log,
      {
        book: (state) => reader.book(state),
        depth: (state) => reader.depth(state),
        chart: (state) => reader.chart(state, true, new Set()),
      },
      (before, after) => markChanges(core.frames, before, after),
    ),
    core.meter,
    (event, state) => {
      core.checkpointer?.after(event, state);
      core.flight.after(event, state);
      core.heat.add(event.at, state);
    },
  );
  core.flight = new FlightRecorder(core.log, core.store, services);
  core.heatBackfill = new HeatBackfill(
    core.log,
    core.heat,
    () => services.clock.now(),
    services.logger,
  );
  // a newer schema of the session database means a newer build in another tab: the log steps
  // aside too (that tab will upgrade it), and the page asks for a reload
  core.sessionStore = createSessionStore(services, options.sessionDbName, () =>
    core.log.detach('newer-version'),
  );
  core.dispatchUi = (event) => {
    if (core.logOpen) core.store.dispatch(event);
  };
  return core;
}

export function logStatusEvent(
  at: number,
  status: LogStatus,
  issue: StorageIssue | null,
): NewEvent {
  return {
    at,
    kind: 'system',
    name: 'log.status',
    body: issue === null ? { status } : { status, reason: issue },
  };
}

/** The store, with every dispatched event counted (stats.ts) and then seen by `after`. */
function countedStore(
  store: Store,
  meter: StatsMeter,
  after: (event: EngineEvent, state: EngineState) => void,
): Store {
  return {
    ...store,
    dispatch(event) {
      const logged = store.dispatch(event);
      meter.event(logged);
      after(logged, store.state());
      return logged;
    },
  };
}
