// The engine: composes transport, ingest, log, projections and frames behind EngineApi
// (api.ts). Runs in the dedicated worker (worker.ts) and under Node (node.ts). What it is made
// of is in engine-core.ts, its start in engine-boot.ts; the calls that act on the exchange are
// in engine-calls.ts, those by which the page tells of itself in page-calls.ts. This file keeps
// the engine's lifetime: start, the log export, statistics and close.
import type { EngineApi, EngineConfig, EngineSnapshot, FrameDiff } from './api.ts';
import { fillLogForBench } from './bench-fill.ts';
import type { EngineContext } from './context.ts';
import { bootEngine } from './engine-boot.ts';
import type { Started } from './engine-boot.ts';
import { accountCalls, domainCalls } from './engine-calls.ts';
import type { CallDeps } from './engine-calls.ts';
import { createEngineCore } from './engine-core.ts';
import type { EngineCore, EngineOptions } from './engine-core.ts';
import type { EventLog } from './log/event-log.ts';
import { pageCalls } from './page-calls.ts';
import { exportLog } from './replay/recorder.ts';
import type { Services } from './services.ts';
import type { EngineState } from './store.ts';
import { MomentKeeper } from './moment/moment.ts';

export type { EngineOptions } from './engine-core.ts';

/** EngineApi plus what Node callers (tests, replay) need beyond the page's interface. */
export interface EngineHandle extends EngineApi {
  close(): Promise<void>;
  /** The event log (read-only use: tests, export). */
  readonly log: EventLog;
  /** The projections' state right now (tests, the command-line tools). */
  state(): EngineState;
  /** An uncaught error or rejection in the engine's own thread (the worker hears them). */
  engineError(error: unknown): void;
  /**
   * The snapshot once the start-up reads (user, clock, market list) are in: start() answers
   * before them (B10). Tests and the Node tools wait for it.
   */
  firstReads(): Promise<EngineSnapshot>;
}

export function createEngine(given: Services, options: EngineOptions = {}): EngineHandle {
  const core = createEngineCore(given, options);
  const { services, log, meter, frames, page } = core;
  const moment = new MomentKeeper(log);
  let running: Promise<Started> | null = null;

  const started = async (): Promise<Started> => {
    if (running === null) throw new Error('engine not started: call start() first');
    return running;
  };
  const ready = async (): Promise<EngineContext> => (await started()).ctx;

  /** After a login or logout: the spot balances and orders of the new session. */
  const sessionChanged = async (): Promise<void> => {
    if (running === null) return;
    const r = await running;
    r.spot.update(page.visible);
    await Promise.all(
      [r.spot, r.wallet, r.lever, r.micro, r.c2c, r.workspace, r.notices].map((s) => s.refresh()),
    );
  };

  const deps: CallDeps = { ready, running: started, sessionChanged };
  return {
    ...accountCalls(deps),
    ...domainCalls(deps),
    ...pageCalls(core, { ready, started: () => running }),
    log,
    state: () => core.store.state(),
    async firstReads() {
      const r = await started();
      await r.firstReads;
      return core.store.snapshot();
    },
    async start(config: EngineConfig, onFrame: (diff: FrameDiff) => void): Promise<EngineSnapshot> {
      takeSettings(core, config);
      running ??= bootEngine(core, config);
      const r = await running;
      frames.setVisible(page.visible);
      r.poller.update(page.visible);
      r.spot.update(page.visible);
      frames.reset();
      frames.setSink(onFrame);
      return core.store.snapshot();
    },
    async exportLog(sinceMs, onProgress) {
      await started();
      const now = services.clock.now();
      return exportLog(log, core.store.state(), now - sinceMs, now, onProgress);
    },
    async flightBreak(report) {
      await started();
      core.flight.break(report.invariant, report.detail);
    },
    async flightReport(onProgress) {
      await started();
      return core.flight.report(onProgress);
    },
    async flightDismiss() {
      await started();
      core.flight.dismiss();
    },
    async momentOpen(request) {
      await started();
      return moment.open(request);
    },
    momentSeek: (index) => moment.seek(index),
    async depthHeat(symbol, since) {
      await started();
      core.heatBackfill.ask(symbol);
      return core.heat.since(symbol, since);
    },
    async momentClose() {
      await Promise.resolve();
      moment.close();
    },
    engineError(error) {
      // before the log is open there is nothing to keep: the console has it
      if (core.logOpen) core.flight.engineError(error);
      else services.logger.error('engine error before start', error);
    },
    stats: async (resetSamples = false) => {
      await Promise.resolve();
      return meter.snapshot(log.stats(), resetSamples);
    },
    async benchFillLog(count) {
      if (!page.bench) throw new Error('benchFillLog: start the engine with bench: true');
      await started();
      return fillLogForBench(log, count, () => core.store.state());
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
}

/** What a start() tells of the page: its language, visibility, bench mode and log retention. */
function takeSettings(core: EngineCore, config: EngineConfig): void {
  core.page.lang = config.lang;
  core.page.visible = config.visible;
  core.page.bench = config.bench === true;
  core.meter.setBench(core.page.bench);
  const keep = config.logRetention;
  if (keep !== undefined)
    core.log.setRetention({
      ...(keep.events === undefined ? {} : { events: keep.events }),
      ...(keep.minutes === undefined ? {} : { ageMs: keep.minutes * 60_000 }),
    });
}
