// The page's only door to the engine (ARCHITECTURE §1): starts the worker, wraps it with
// Comlink, applies each FrameDiff to the signals, and forwards page visibility. Pages call the
// typed `engine` facade; every call waits for the engine to be started, so a page can be used
// while the worker is still booting, and a dead worker becomes a 'network' failure, not a throw.
// Benchmark switches (`?engine=main`, `?bench=1`) are in bench-hook.ts (ADR 0011).
import * as Comlink from 'comlink';
import type {
  AccountCommandKind,
  AccountCommands,
  AccountQueries,
  AccountQueryKind,
  EarnCommandKind,
  EarnCommands,
  EarnQueries,
  EarnQueryKind,
  BindEmailCommand,
  LeverCommandKind,
  LeverCommands,
  MicroSubmit,
  C2cCommandKind,
  C2cCommands,
  C2cType,
  BookGrouping,
  BookRate,
  BookWindow,
  CommandResult,
  EngineApi,
  FrameDiff,
  ForgetCommand,
  LoginCommand,
  PlaceSpotOrder,
  RegisterCommand,
  SendCodeInput,
} from '../../engine/api.ts';
import type { KlinePeriod } from '../../shared/constants.ts';
import type { Lang } from '../../shared/locales.ts';
import type { SpotSide } from '../../shared/spot.ts';
import type { AccountKind } from '../../shared/validation.ts';
import type { CountryItem, NewsDetail, NewsItem } from '../../shared/wire.ts';
import { benchFlags, countingSink, exposeBenchHook } from './bench-hook.ts';
import { applyFrame, applySnapshot, setBridgeStatus } from './signals.ts';
import { frameBudget } from '../components/frame-budget.ts';

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
 * canvas waits to be painted (components/frame-budget.ts), rather than right after applying,
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

async function command<T>(
  run: (api: Remote) => Promise<CommandResult<T>>,
): Promise<CommandResult<T>> {
  try {
    return await run(await ready());
  } catch {
    return NETWORK_FAILURE;
  }
}

async function notify(run: (api: Remote) => Promise<void>): Promise<void> {
  try {
    await run(await ready());
  } catch {
    // The engine is gone: nothing to tell it; the status signal already says so.
  }
}

/** The engine as pages see it. */
export const engine = {
  setLang: (lang: Lang) => {
    currentLang = lang;
    return notify((api) => api.setLang(lang));
  },
  sendCode: (input: SendCodeInput) => command((api) => api.sendCode(input)),
  checkCode: (input: { kind: AccountKind; account: string; code: string }) =>
    command((api) => api.checkCode(input)),
  register: (cmd: RegisterCommand) => command((api) => api.register(cmd)),
  login: (cmd: LoginCommand) => command<{ userId: number }>((api) => api.login(cmd)),
  forget: (cmd: ForgetCommand) => command((api) => api.forget(cmd)),
  bindEmail: (cmd: BindEmailCommand) => command((api) => api.bindEmail(cmd)),
  logout: () => notify((api) => api.logout()),
  ackExpired: () => notify((api) => api.ackExpired()),
  countries: () => command<CountryItem[]>((api) => api.countries()),
  newsList: (cId?: number) => command<NewsItem[]>((api) => api.newsList(cId)),
  newsDetail: (id: number) => command<NewsDetail>((api) => api.newsDetail(id)),
  customerService: () => command<string>((api) => api.customerService()),
  appQrCode: (text: string) => command<string>((api) => api.appQrCode(text)),
  selectPair: (symbol: string) => notify((api) => api.selectPair(symbol)),
  /** Open (symbol) or close (null) the spot screen's live data. */
  watchSpot: (symbol: string | null) => notify((api) => api.watchSpot(symbol)),
  setBookGrouping: (grouping: BookGrouping) => notify((api) => api.setBookGrouping(grouping)),
  setBookWindow: (window: BookWindow) => notify((api) => api.setBookWindow(window)),
  setBookRate: (rate: BookRate) => notify((api) => api.setBookRate(rate)),
  setChartPeriod: (period: KlinePeriod) => notify((api) => api.setChartPeriod(period)),
  /** `onUnknown`: the reply was lost or late; the engine is checking (same client_id). */
  placeSpotOrder: (order: PlaceSpotOrder, onUnknown: () => void) =>
    command((api) => api.placeSpotOrder(order, Comlink.proxy(onUnknown))),
  cancelSpotOrder: (input: { id: number; side: SpotSide }) =>
    command((api) => api.cancelSpotOrder(input)),
  loadMoreSpotOrders: (tab: 'open' | 'history') => notify((api) => api.loadMoreSpotOrders(tab)),
  /** Keep the wallet list fresh while a wallet or account screen is mounted (counted). */
  watchWallet: (on: boolean) => notify((api) => api.watchWallet(on)),
  accountQuery: <K extends AccountQueryKind>(kind: K, input: AccountQueries[K]['input']) =>
    command<AccountQueries[K]['output']>((api) => api.accountQuery(kind, input)),
  accountCommand: <K extends AccountCommandKind>(kind: K, input: AccountCommands[K]) =>
    command((api) => api.accountCommand(kind, input)),
  earnQuery: <K extends EarnQueryKind>(kind: K, input: EarnQueries[K]['input']) =>
    command<EarnQueries[K]['output']>((api) => api.earnQuery(kind, input)),
  earnCommand: <K extends EarnCommandKind>(kind: K, input: EarnCommands[K]) =>
    command((api) => api.earnCommand(kind, input)),
  /** Open (symbol) or close (null) the lever screens' data. */
  watchLever: (symbol: string | null) => notify((api) => api.watchLever(symbol)),
  leverCommand: <K extends LeverCommandKind>(
    kind: K,
    input: LeverCommands[K],
    onUnknown?: () => void,
  ) =>
    command((api) =>
      api.leverCommand(kind, input, onUnknown === undefined ? undefined : Comlink.proxy(onUnknown)),
    ),
  loadMoreLever: (tab: 'closed' | 'revoked') => notify((api) => api.loadMoreLever(tab)),
  watchMicro: (on: boolean) => notify((api) => api.watchMicro(on)),
  submitMicro: (order: MicroSubmit, onUnknown?: () => void) =>
    command((api) =>
      api.submitMicro(order, onUnknown === undefined ? undefined : Comlink.proxy(onUnknown)),
    ),
  loadMoreMicro: (tab: 'trading' | 'closed') => notify((api) => api.loadMoreMicro(tab)),
  watchC2c: (filter: { type: C2cType; currencyId: number | null } | null) =>
    notify((api) => api.watchC2c(filter)),
  c2cCommand: <K extends C2cCommandKind>(kind: K, input: C2cCommands[K]) =>
    command((api) => api.c2cCommand(kind, input)),
  loadMoreC2c: (list: 'market' | 'myAds' | 'deals') => notify((api) => api.loadMoreC2c(list)),
  uploadImage: (file: Blob, onProgress: (sent: number, total: number) => void) =>
    command<{ url: string }>((api) => api.uploadImage(file, Comlink.proxy(onProgress))),
  /** The last `sinceMs` of the log as a file ("Report a problem"); rejects with a reason. */
  exportLog: async (sinceMs: number, onProgress: (done: number, total: number) => void) =>
    (await ready()).exportLog(sinceMs, Comlink.proxy(onProgress)),
};

export type Engine = typeof engine;
