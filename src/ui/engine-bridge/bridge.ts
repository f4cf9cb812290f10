// The page's only door to the engine (ARCHITECTURE §1): starts the worker, wraps it with
// Comlink, applies each FrameDiff to the signals, and forwards page visibility. Pages call the
// typed `engine` facade; every call waits for the engine to be started, so a page can be used
// while the worker is still booting, and a dead worker becomes a 'network' failure, not a throw.
import * as Comlink from 'comlink';
import type {
  BindEmailCommand,
  BookGrouping,
  BookRate,
  BookWindow,
  CommandResult,
  EngineApi,
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
import { applyFrame, applySnapshot, setBridgeStatus } from './signals.ts';

type Remote = Comlink.Remote<EngineApi>;

let remote: Promise<Remote> | null = null;

/** Start the worker once; later calls return the same promise. */
export function startEngine(lang: Lang): Promise<Remote> {
  if (remote === null) remote = boot(lang);
  return remote;
}

async function boot(lang: Lang): Promise<Remote> {
  try {
    const worker = new Worker(new URL('../../engine/worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.addEventListener('error', () => setBridgeStatus('failed'));
    const api = Comlink.wrap<EngineApi>(worker);
    const visible = (): boolean => document.visibilityState === 'visible';
    const snapshot = await api.start(
      { baseUrl: '', lang, visible: visible() },
      Comlink.proxy(applyFrame),
    );
    applySnapshot(snapshot);
    document.addEventListener(
      'visibilitychange',
      () => void api.setVisible(visible()).catch(() => undefined),
    );
    setBridgeStatus('ready');
    return api;
  } catch (err) {
    setBridgeStatus('failed');
    throw err;
  }
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
  setLang: (lang: Lang) => notify((api) => api.setLang(lang)),
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
  placeSpotOrder: (order: PlaceSpotOrder) => command((api) => api.placeSpotOrder(order)),
  cancelSpotOrder: (input: { id: number; side: SpotSide }) =>
    command((api) => api.cancelSpotOrder(input)),
  loadMoreSpotOrders: (tab: 'open' | 'history') => notify((api) => api.loadMoreSpotOrders(tab)),
};

export type Engine = typeof engine;
