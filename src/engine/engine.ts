// The engine: composes transport, ingest, log, projections and frames behind EngineApi
// (api.ts). Runs in the dedicated worker (worker.ts) and under Node (node.ts). The calls that act
// on the exchange are in engine-calls.ts; this file keeps the engine's lifetime (start,
// visibility, language, the book's page settings, the log export, statistics, close).
import type { Subscription } from 'rxjs';
import { DEFAULT_LANG } from '../shared/locales.ts';
import type { Lang } from '../shared/locales.ts';
import type {
  EngineApi,
  EngineConfig,
  EngineSnapshot,
  FrameDiff,
  LogStatus,
  StorageIssue,
} from './api.ts';
import { createLeverSync } from './sync/lever-sync.ts';
import { createC2cSync } from './sync/c2c-sync.ts';
import { createMicroSync } from './sync/micro-sync.ts';
import type { AuthHolder, EngineContext } from './context.ts';
import { accountCalls, domainCalls } from './engine-calls.ts';
import type { CallDeps, Running } from './engine-calls.ts';
import { createFrameScheduler } from './frames/frame-scheduler.ts';
import type { FrameScheduler } from './frames/frame-scheduler.ts';
import { markChanges } from './frames/marks.ts';
import { createSpotReader, stateFrameSource } from './frames/spot-reader.ts';
import { ingestPush } from './ingest/ingest.ts';
import type { EngineEvent, NewEvent } from './events.ts';
import { createEventLog } from './log/event-log.ts';
import type { EventLog, EventLogOptions } from './log/event-log.ts';
import { createSessionStore } from './log/session-store.ts';
import type { SessionStore } from './log/session-store.ts';
import {
  createQuotationPoller,
  fetchHistory,
  fetchQuotation,
  fetchSparklines,
  syncClock,
} from './sync/market-sync.ts';
import { relayedNetwork } from './services.ts';
import type { Services } from './services.ts';
import {
  acknowledgeExpiry,
  adoptToken,
  expireSession,
  refreshUserInfo,
} from './session-actions.ts';
import { createSpotSync } from './sync/spot-sync.ts';
import { fillLogForBench } from './bench-fill.ts';
import { createStatsMeter } from './stats.ts';
import type { StatsMeter } from './stats.ts';
import type { SpotSync } from './sync/spot-sync.ts';
import { createWalletSync } from './sync/wallet-sync.ts';
import { createNoticesSync } from './sync/notices-sync.ts';
import { createWorkspaceSync } from './sync/workspace-sync.ts';
import { Checkpointer, exportLog, restoreFromLog } from './replay/recorder.ts';
import { APP_VERSION } from '../shared/version.ts';
import { createStore } from './store.ts';
import type { EngineState, Store } from './store.ts';
import { createRestClient } from './transport/rest.ts';
import { createSocketTransport } from './transport/socket.ts';

export interface EngineOptions {
  /** Database names (tests use unique ones). */
  logDbName?: string;
  sessionDbName?: string;
  log?: Partial<Pick<EventLogOptions, 'retention' | 'memoryCapacity'>>;
}

/** EngineApi plus what Node callers (tests, replay) need beyond the page's interface. */
export interface EngineHandle extends EngineApi {
  close(): Promise<void>;
  /** The event log (read-only use: tests, export). */
  readonly log: EventLog;
  /** The projections' state right now (tests, the command-line tools). */
  state(): EngineState;
}

/** What a started engine runs, and its socket subscriptions. */
interface Started extends Running {
  subscriptions: Subscription[];
}

export function createEngine(given: Services, options: EngineOptions = {}): EngineHandle {
  // the platform's network events and the page's (setOnline), heard once each
  const network = relayedNetwork(given.network);
  const services: Services = { ...given, network };
  const auth: AuthHolder = { token: null, generation: 0, epoch: 0, expiryShown: false };
  let lang: Lang = DEFAULT_LANG;
  let visible = true;
  let bench = false;
  let store: Store | null = null;
  /** Set once the state is restored from the log (checkpoints follow the restored one). */
  let checkpointer: Checkpointer | null = null;
  const log = createEventLog({
    services,
    ...(options.logDbName === undefined ? {} : { dbName: options.logDbName }),
    ...options.log,
    onStatus: (status, issue) => {
      // the stored checkpoints are gone with IndexedDB: take one in memory at once
      if (status === 'memory') checkpointer?.soon();
      store?.dispatch(logStatusEvent(services.clock.now(), status, issue));
    },
  });
  const reader = createSpotReader();
  const meter = createStatsMeter();
  const frames: FrameScheduler = createFrameScheduler(
    services.timers,
    stateFrameSource(() => requireStore().state(), reader),
    true,
    services.clock,
    meter,
  );
  store = countedStore(
    createStore(
      log,
      {
        book: (state) => reader.book(state),
        depth: (state) => reader.depth(state),
        chart: (state) => reader.chart(state, true, new Set()),
      },
      (before, after) => markChanges(frames, before, after),
    ),
    meter,
    (event, state) => checkpointer?.after(event, state),
  );
  // a newer schema of the session database means a newer build in another tab: the log steps
  // aside too (that tab will upgrade it), and the page asks for a reload
  const sessionStore: SessionStore = createSessionStore(services, options.sessionDbName, () =>
    log.detach('newer-version'),
  );
  let running: Promise<Started> | null = null;
  /** UI events are logged only once the log is open (seq continues from the stored log). */
  let logOpen = false;
  const dispatchUi = (event: NewEvent): void => {
    if (logOpen) requireStore().dispatch(event);
  };

  function requireStore(): Store {
    if (store === null) throw new Error('engine store not created');
    return store;
  }

  const boot = async (config: EngineConfig): Promise<Started> => {
    const s = requireStore();
    const ctx = buildContext(services, config, s, sessionStore, auth, () => lang);
    const status = await log.open();
    const restored = await restoreFromLog(log, services.logger);
    s.restore(restored.state);
    checkpointer = new Checkpointer(log, restored.checkpoint);
    logOpen = true;
    s.dispatch({
      at: services.clock.now(),
      kind: 'system',
      name: 'engine.boot',
      body: { app: APP_VERSION },
    });
    s.dispatch(logStatusEvent(services.clock.now(), status, log.issue()));
    const poller = createQuotationPoller(ctx);
    const spot = createSpotSync(ctx);
    const wallet = createWalletSync(ctx);
    const lever = createLeverSync(ctx);
    const micro = createMicroSync(ctx);
    const c2c = createC2cSync(ctx);
    const workspace = createWorkspaceSync(ctx);
    const notices = createNoticesSync(ctx, () => visible);
    const subscriptions = wireSocket(
      ctx,
      spot,
      [wallet, lever, micro, c2c, workspace, notices],
      meter,
      () => poller.update(visible),
    );
    const token = await sessionStore.loadToken();
    if (token !== null) await adoptToken(ctx, token, true);
    // The socket first: it carries the live book, the critical path of a start (B10); on a busy
    // server its connect would otherwise queue behind the start-up requests below.
    ctx.socket.connect();
    await Promise.all([
      token === null ? null : refreshUserInfo(ctx),
      syncClock(ctx),
      fetchQuotation(ctx),
    ]);
    poller.update(visible);
    void fetchSparklines(ctx);
    // the notifications are read when the socket is online (NoticesSync.online): a page
    // opened offline keeps the held ones, and none pushed before the socket joined is missed
    if (token !== null) void workspace.refresh();
    return { ctx, poller, spot, wallet, lever, micro, c2c, workspace, notices, subscriptions };
  };

  const running$ = async (): Promise<Started> => {
    if (running === null) throw new Error('engine not started: call start() first');
    return running;
  };

  /** After a login or logout: the spot balances and orders of the new session. */
  const sessionChanged = async (): Promise<void> => {
    if (running === null) return;
    const r = await running;
    r.spot.update(visible);
    await Promise.all([
      r.spot.refresh(),
      r.wallet.refresh(),
      r.lever.refresh(),
      r.micro.refresh(),
      r.c2c.refresh(),
      r.workspace.refresh(),
      r.notices.refresh(),
    ]);
  };

  const ready = async (): Promise<EngineContext> => {
    if (running === null) throw new Error('engine not started: call start() first');
    return (await running).ctx;
  };

  const deps: CallDeps = { ready, running: running$, sessionChanged };
  const handle: EngineHandle = {
    ...accountCalls(deps),
    ...domainCalls(deps),
    log,
    state: () => requireStore().state(),
    async start(config: EngineConfig, onFrame: (diff: FrameDiff) => void): Promise<EngineSnapshot> {
      lang = config.lang;
      visible = config.visible;
      bench = config.bench === true;
      meter.setBench(bench);
      const keep = config.logRetention;
      if (keep !== undefined)
        log.setRetention({
          ...(keep.events === undefined ? {} : { events: keep.events }),
          ...(keep.minutes === undefined ? {} : { ageMs: keep.minutes * 60_000 }),
        });
      running ??= boot(config);
      const r = await running;
      frames.setVisible(visible);
      r.poller.update(visible);
      r.spot.update(visible);
      frames.reset();
      frames.setSink(onFrame);
      return requireStore().snapshot();
    },
    async setOnline(online) {
      await Promise.resolve();
      network.set(online);
    },
    async setVisible(next) {
      visible = next;
      // a hidden page may be closed: checkpoint now, so the next start folds little
      if (!next) checkpointer?.soon();
      frames.setVisible(next);
      dispatchUi({
        at: services.clock.now(),
        kind: 'command',
        name: 'ui.visible',
        body: { visible: next },
      });
      // and written now, with what waits: a page navigated away or closed loses nothing it showed
      if (!next && logOpen) void log.flush();
      if (running !== null) {
        const r = await running;
        r.poller.update(next);
        r.spot.update(next);
      }
    },
    async setLang(next) {
      lang = next;
      dispatchUi({
        at: services.clock.now(),
        kind: 'command',
        name: 'ui.lang',
        body: { lang: next },
      });
      await Promise.resolve();
    },
    async ackExpired() {
      acknowledgeExpiry(auth);
      dispatchUi({
        at: services.clock.now(),
        kind: 'command',
        name: 'session.expired-ack',
        body: {},
      });
      await Promise.resolve();
    },
    async selectPair(symbol) {
      const ctx = await ready();
      ctx.store.dispatch({
        at: services.clock.now(),
        kind: 'command',
        name: 'ui.select-pair',
        body: { symbol },
      });
      const state = ctx.store.state().market;
      if (symbol in state.tickers && state.sparklines[symbol] === undefined)
        await fetchHistory(ctx, symbol);
    },
    async setBookGrouping(grouping) {
      reader.grouping = grouping;
      frames.markBook(true);
      await Promise.resolve();
    },
    async setBookWindow(window) {
      reader.window = { ...window };
      frames.markBook(true);
      await Promise.resolve();
    },
    async setBookRate(rate) {
      frames.setBookRate(rate);
      await Promise.resolve();
    },
    async setBookOwner(owner) {
      reader.owner = owner === 'lever' ? 'lever' : 'spot';
      frames.markBook(true);
      await Promise.resolve();
    },
    async watchDepth(on) {
      reader.depthOn = on === true;
      frames.setDepth(reader.depthOn);
      await Promise.resolve();
    },
    async exportLog(sinceMs, onProgress) {
      await running$();
      const now = services.clock.now();
      return exportLog(log, requireStore().state(), now - sinceMs, now, onProgress);
    },
    stats: async (resetSamples = false) => {
      await Promise.resolve();
      return meter.snapshot(log.stats(), resetSamples);
    },
    async benchFillLog(count) {
      if (!bench) throw new Error('benchFillLog: start the engine with bench: true');
      await running$();
      return fillLogForBench(log, count, () => requireStore().state());
    },
    async close() {
      frames.dispose();
      if (running !== null) {
        const r = await running;
        r.poller.stop();
        r.spot.stop();
        r.lever.stop();
        r.subscriptions.forEach((sub) => sub.unsubscribe());
        r.ctx.socket.close();
      }
      await log.close();
    },
  };
  return handle;
}

function buildContext(
  services: Services,
  config: EngineConfig,
  store: Store,
  sessionStore: SessionStore,
  auth: AuthHolder,
  lang: () => Lang,
): EngineContext {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const ctx: EngineContext = {
    services,
    config,
    store,
    sessionStore,
    auth,
    lang,
    rest: createRestClient({
      services,
      baseUrl,
      lang,
      auth: () => ({ token: auth.token, epoch: auth.epoch }),
      onExpired: (_path, sent) => void expireSession(ctx, sent),
    }),
    socket: createSocketTransport({
      services,
      url: baseUrl === '' ? services.origin : baseUrl,
      token: () => auth.token,
    }),
  };
  return ctx;
}

function logStatusEvent(at: number, status: LogStatus, issue: StorageIssue | null): NewEvent {
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

/** Socket state, pushes and resync into the store. */
function wireSocket(
  ctx: EngineContext,
  spot: SpotSync,
  others: readonly {
    pushed?(event: NewEvent): void;
    refresh(): Promise<void>;
    /** The socket is online (every connect): what a push may have missed meanwhile. */
    online?(): void;
  }[],
  meter: StatsMeter,
  onState: () => void,
): Subscription[] {
  const { clock } = ctx.services;
  return [
    ctx.socket.state$.subscribe((state) => {
      ctx.store.dispatch({
        at: clock.now(),
        kind: 'system',
        name: 'socket.state',
        body: { state },
      });
      onState();
      if (state === 'online') {
        spot.online();
        for (const o of others) o.online?.();
      }
    }),
    ctx.socket.push$.subscribe(({ event, payload }) => {
      meter.socket(event);
      const parsed = ingestPush(event, payload, clock.now());
      spot.push(parsed);
      for (const o of others) o.pushed?.(parsed);
    }),
    ctx.socket.resync$.subscribe(() => {
      // who is logged in, too: a page opened offline adopted its stored login but not its info
      void refreshUserInfo(ctx);
      spot.resync();
      for (const o of others) void o.refresh();
      void fetchQuotation(ctx).then(() => fetchSparklines(ctx));
    }),
  ];
}
