// The page's only door to the engine (ARCHITECTURE §1): starts the worker, wraps it with
// Comlink, applies each FrameDiff to the signals, and forwards page visibility and the network's
// online/offline events. Pages call the typed `engine` facade; every call waits for the engine to
// be started, so a page can be used while the worker is still booting, an engine that did not
// start is a 'network' failure and an exception out of the engine an 'internal' one, never a
// throw.
// Benchmark switches (`?engine=main`, `?bench=1`) are in bench-hook.ts (ADR 0011).
import * as Comlink from 'comlink';
import { ENGINE_CALLS } from '../../engine/api.ts';
import type {
  CommandResult,
  EngineApi,
  EngineCallsOf,
  FrameDiff,
  MomentRequest,
} from '../../engine/api.ts';
import type { Lang } from '../../shared/locales.ts';
import { benchFlags, countingSink, exposeBenchHook } from './bench-hook.ts';
import { applyFrame, applySnapshot, setBridgeStatus } from './signals.ts';
import { frameBudget } from './frame-budget.ts';
import { watchPage } from './page-watch.ts';

type Remote = EngineApi;

let remote: Promise<Remote> | null = null;
/** The worker behind `remote` (null for the main-thread peer). */
let currentWorker: Worker | null = null;
let currentLang: Lang | null = null;

const visible = (): boolean => document.visibilityState === 'visible';

/** Start the engine once (in its worker, or on the main thread with `?engine=main`). */
export function startEngine(lang: Lang): Promise<Remote> {
  currentLang = lang;
  if (remote === null) {
    remote = boot(lang);
    document.addEventListener(
      'visibilitychange',
      () => void notify((api) => api.setVisible(visible())),
    );
    // the worker sees navigator.onLine change but gets no events of its own (Chromium)
    for (const event of ['online', 'offline'] as const)
      window.addEventListener(event, () => void notify((api) => api.setOnline(event === 'online')));
    // the flight recorder hears what broke on the page (issue 47)
    watchPage((report) => void notify((api) => api.flightBreak(report)));
  }
  return remote;
}

/** The engine now answering (live or replay). */
export function currentEngine(): Promise<Remote> {
  return ready();
}

/**
 * Ends the engine now answering (its worker flushes the log and stops, then is terminated) and
 * puts `next` in its place. `next` null: a new live engine, which restores from the log.
 */
export async function swapEngine(next: { api: Remote; worker: Worker } | null): Promise<Remote> {
  const previous = remote;
  const worker = currentWorker;
  currentWorker = null;
  if (previous !== null) {
    const ending = previous.then((api) => api.close()).catch(() => undefined);
    await Promise.race([ending, new Promise((resolve) => setTimeout(resolve, 2000))]);
  }
  worker?.terminate();
  setBridgeStatus('starting');
  remote = next === null ? boot(currentLang ?? 'en') : attach(next.api, next.worker);
  return remote;
}

async function attach(api: Remote, worker: Worker): Promise<Remote> {
  currentWorker = worker;
  const snapshot = await api.start(
    { baseUrl: '', lang: currentLang ?? 'en', visible: visible() },
    Comlink.proxy(untilPainted(applyFrame)),
  );
  applySnapshot(snapshot);
  setBridgeStatus('ready');
  return api;
}

async function boot(lang: Lang): Promise<Remote> {
  try {
    const flags = benchFlags(window.location.search);
    const api = flags.mainThread ? await mainThreadEngine() : workerEngine();
    const counted = flags.bench ? countingSink(applyFrame) : null;
    const sink = untilPainted(counted?.sink ?? applyFrame);
    const snapshot = await api.start(
      // Frame sizes are measured in the worker only: the main-thread peer must not pay for it.
      {
        baseUrl: '',
        lang,
        visible: visible(),
        bench: flags.bench && !flags.mainThread,
        logRetention: logRetention(),
      },
      flags.mainThread ? sink : Comlink.proxy(sink),
    );
    applySnapshot(snapshot);
    if (counted !== null) exposeBenchHook(api, flags, counted);
    setBridgeStatus('ready');
    return api;
  } catch (err) {
    setBridgeStatus('failed');
    throw err;
  }
}

/**
 * The engine waits for each diff's acknowledgement before it posts the next (frame-scheduler.ts,
 * back-pressure). Acknowledging at the end of the page's next animation frame after which no
 * canvas waits to be painted (engine-bridge/frame-budget.ts), rather than right after applying,
 * makes that at most one diff per page frame even when the page's and the worker's frames drift
 * apart (B3), and lets a slow page receive one coalesced diff once it has painted the last one
 * instead of new work every frame (issue 19). While the page is hidden there is no frame and no
 * diff either.
 */
function untilPainted(apply: (diff: FrameDiff) => void): (diff: FrameDiff) => Promise<void> {
  return (diff) => {
    apply(diff);
    return frameBudget.whenPainted();
  };
}

/** The log's window from the build's environment (README, Configuration); unset: defaults. */
function logRetention(): { events?: number; minutes?: number } {
  const positive = (value: unknown): number | undefined => {
    const n = Number(value);
    return typeof value === 'string' && value !== '' && Number.isFinite(n) && n > 0 ? n : undefined;
  };
  const events = positive(import.meta.env.VITE_LOG_RETENTION_EVENTS);
  const minutes = positive(import.meta.env.VITE_LOG_RETENTION_MINUTES);
  return {
    ...(events === undefined ? {} : { events }),
    ...(minutes === undefined ? {} : { minutes }),
  };
}

function workerEngine(): Remote {
  const worker = new Worker(new URL('../../engine/worker.ts', import.meta.url), {
    type: 'module',
  });
  worker.addEventListener('error', () => setBridgeStatus('failed'));
  currentWorker = worker;
  // Comlink.Remote<EngineApi> fits EngineApi: every method already returns a Promise, and the
  // only callback (start's onFrame) is wrapped in Comlink.proxy by `boot`.
  return Comlink.wrap<EngineApi>(worker);
}

/**
 * The benchmark peer (B4/B5, ADR 0011): the engine on the main thread. Deliberately the one
 * import of engine internals in the UI, and a dynamic one, so the engine stays out of the
 * page's bundle and is loaded only with `?engine=main`.
 */
async function mainThreadEngine(): Promise<Remote> {
  // eslint-disable-next-line no-restricted-syntax -- the main-thread peer, see above
  const { createMainThreadEngine } = await import('../../engine/main-thread.ts');
  return createMainThreadEngine();
}

function ready(): Promise<Remote> {
  return remote ?? Promise.reject(new Error('engine not started'));
}

const NETWORK_FAILURE = { ok: false, code: 'network', message: '' } as const;

/**
 * A command through the engine. An engine that never started (or whose worker failed to boot)
 * is unreachable: a 'network' failure, and the status bar says so. An exception out of the
 * engine's call (Comlink carries it over from the worker; an argument it cannot clone) is a
 * defect, not the network: logged with its cause and answered as 'internal'. Exceptions in a
 * command's own code are caught in the engine already (run-command.ts), where it is known
 * whether anything was sent.
 */
async function command<T>(
  run: (api: Remote) => Promise<CommandResult<T>>,
): Promise<CommandResult<T>> {
  let api: Remote;
  try {
    api = await ready();
  } catch {
    return NETWORK_FAILURE;
  }
  try {
    return await run(api);
  } catch (err) {
    console.error('[bourse] the engine failed a call', err);
    return { ok: false, code: 'internal', message: describeError(err) };
  }
}

function describeError(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

async function notify(run: (api: Remote) => Promise<void>): Promise<void> {
  try {
    await run(await ready());
  } catch {
    // The engine is gone: nothing to tell it; the status signal already says so.
  }
}

/**
 * The engine's calls as pages use them, by their kind in ENGINE_CALLS (api.ts): a command
 * answers a CommandResult (and never throws: see `command`), a notice answers nothing. The
 * facade's methods are EngineApi's own (generic ones stay generic); a callback argument is
 * handed over with Comlink.proxy.
 */
type Facade = { [K in EngineCallsOf<'command' | 'tell'>]: EngineApi[K] };

type AnyCall = (...args: unknown[]) => Promise<unknown>;

/** Calls `name` on the engine, each function argument handed over by proxy. */
function call(api: Remote, name: keyof EngineApi, args: unknown[]): Promise<unknown> {
  const wrapped = args.map((a) => (typeof a === 'function' ? Comlink.proxy(a) : a));
  return (api[name] as AnyCall)(...wrapped);
}

function facade(): Facade {
  const out: Record<string, AnyCall> = {};
  for (const [name, kind] of Object.entries(ENGINE_CALLS) as [keyof EngineApi, string][]) {
    if (kind === 'command')
      out[name] = (...args) =>
        command((api) => call(api, name, args) as Promise<CommandResult<unknown>>);
    else if (kind === 'tell')
      out[name] = (...args) => notify(async (api) => void (await call(api, name, args)));
  }
  // every command and notice of ENGINE_CALLS has its function: the facade is complete
  return out as Facade;
}

/** The engine as pages see it. */
export const engine = {
  ...facade(),
  setLang: (lang: Lang) => {
    currentLang = lang;
    return notify((api) => api.setLang(lang));
  },
  /** The last `sinceMs` of the log as a file ("Report a problem"); rejects with a reason. */
  exportLog: async (sinceMs: number, onProgress: (done: number, total: number) => void) =>
    (await ready()).exportLog(sinceMs, Comlink.proxy(onProgress)),
  /** The flight recorder's report of the incident offered (issue 47); rejects with a reason. */
  flightReport: async (onProgress: (done: number, total: number) => void) =>
    (await ready()).flightReport(Comlink.proxy(onProgress)),
  /** "At this moment" (issue 47): the past around `request.at`, read from the local log. */
  momentOpen: async (request: MomentRequest) => (await ready()).momentOpen(request),
  momentSeek: async (index: number) => (await ready()).momentSeek(index),
  /** The depth heatmap's samples and trades newer than `since` (issue 47). */
  depthHeat: async (symbol: string, since: number) => (await ready()).depthHeat(symbol, since),
};

export type Engine = typeof engine;
