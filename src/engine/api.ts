// The engine's public module: the only file of src/engine the UI may import (types only).
// The engine runs in a dedicated worker; the page reaches it through Comlink
// (src/ui/engine-bridge) and receives at most one coalesced FrameDiff per animation frame.
// Everything crossing the boundary is structured-clonable: decimals travel as DecStr.
// The types of each domain are in api/ (session, market, spot, wallet, lever, micro, c2c, earn,
// replay) and re-exported here; this file holds what crosses the boundary as a whole: the frame
// diff, the snapshot, command results and the EngineApi itself.
import type { KlinePeriod } from '../shared/constants.ts';
import type { DecStr } from '../shared/decimal.ts';
import type { Lang } from '../shared/locales.ts';
import type { SpotSide } from '../shared/spot.ts';
import type { AccountKind } from '../shared/validation.ts';
import type { CountryItem, NewsDetail, NewsItem } from '../shared/wire.ts';
import type {
  C2cAdView,
  C2cCommandKind,
  C2cCommands,
  C2cDealView,
  C2cListView,
  C2cType,
  C2cView,
} from './api/c2c.ts';
import type { EarnCommandKind, EarnCommands, EarnQueries, EarnQueryKind } from './api/earn.ts';
import type { LeverCommandKind, LeverCommands, LeverListView, LeverView } from './api/lever.ts';
import type { MarketView, Ticker } from './api/market.ts';
import type { MicroListView, MicroSubmit, MicroView } from './api/micro.ts';
import type {
  BindEmailCommand,
  ConnectionView,
  ForgetCommand,
  LoginCommand,
  RegisterCommand,
  SendCodeInput,
  SessionView,
} from './api/session.ts';
import type {
  BookGrouping,
  BookOwner,
  BookRate,
  BookView,
  BookWindow,
  ChartDiff,
  DepthView,
  PlaceSpotOrder,
  AmendSpotOrder,
  SpotOrdersView,
  SpotView,
  TradeView,
} from './api/spot.ts';
import type {
  AccountCommandKind,
  AccountCommands,
  AccountQueries,
  AccountQueryKind,
  AccountView,
  WalletView,
} from './api/wallet.ts';
import type { Workspace, WorkspaceView } from './api/workspace.ts';
import type { NoticesView, NotificationPrefs } from './api/notices.ts';
import { DEFAULT_NOTIFICATION_PREFS } from '../shared/notifications.ts';
import type { AddPriceAlert, PriceAlertsView, PriceAlertView } from './api/alerts.ts';
import type { PlaceSpotScale, SpotTriggerCalls, TriggersView } from './api/spot-triggers.ts';

export type * from './api/session.ts';
export type * from './api/market.ts';
export type * from './api/spot.ts';
export type * from './api/wallet.ts';
export type * from './api/lever.ts';
export type * from './api/micro.ts';
export type * from './api/c2c.ts';
export type * from './api/earn.ts';
export type * from './api/workspace.ts';
export type * from './api/notices.ts';
export type * from './api/alerts.ts';
export type * from './api/spot-triggers.ts';
export * from './api/replay.ts';
export * from './api/flight.ts';
export * from './api/moment.ts';
export * from './api/heat.ts';
export type * from './api/engine-run.ts';
import type { EngineConfig, EngineStats, ExportFile } from './api/engine-run.ts';
import type { FlightCalls } from './api/flight.ts';
import type { MomentCalls } from './api/moment.ts';
import type { HeatCalls } from './api/heat.ts';
import type {
  LogEventView,
  ProjectionName,
  ReplayDifference,
  ReplayLoadResult,
  ReplayRow,
  ReplaySpeed,
  ReplayStatus,
} from './api/replay.ts';

/** One coalesced change set, at most one per animation frame, none while hidden: what changed
 *  since the last diff, the view projections' views under their names. */
export interface FrameDiff extends Partial<Views> {
  frame: number;
  session?: SessionView;
  connection?: ConnectionView;
  market?: MarketView;
  /** Changed tickers only, by symbol. */
  tickers?: Record<string, Ticker>;
  /** Changed sparklines only: the last closes (≤ 60), oldest first. */
  sparklines?: Record<string, DecStr[]>;
  /** null when no pair is watched any more (watchSpot(null)). */
  spot?: SpotView | null;
  book?: BookView | null;
  /** Recent trades of the selected pair, newest first (at most 20). */
  trades?: readonly TradeView[];
  chart?: ChartDiff | null;
  orders?: SpotOrdersView;
  /** The depth chart's levels (while watched; null when no pair is watched). */
  depth?: DepthView | null;
}

/** A full snapshot, used when the page (re)attaches: its own parts, and every view. */
export interface EngineSnapshot extends Views {
  session: SessionView;
  connection: ConnectionView;
  market: MarketView;
  tickers: Record<string, Ticker>;
  sparklines: Record<string, DecStr[]>;
  spot: SpotView | null;
  book: BookView | null;
  trades: readonly TradeView[];
  chart: ChartDiff | null;
  orders: SpotOrdersView;
  depth: DepthView | null;
}

/**
 * The views sent whole whenever they change (FrameDiff and EngineSnapshot field of the same
 * name), one per projection of the registry (projections/registry.ts, ADR 0030).
 */
export const VIEW_NAMES = [
  'wallet',
  'lever',
  'micro',
  'c2c',
  'workspace',
  'notices',
  'triggers',
] as const satisfies readonly (keyof Views)[];
export type ViewName = (typeof VIEW_NAMES)[number];

/**
 * The parts of a frame sent whole when they changed (the FrameDiff field of the same name): the
 * parted projections' parts not sent in pieces (projections/whole-parts.ts says where each is in
 * the state), then every view. The page keeps one signal per name (ui/engine-bridge/signals.ts).
 */
export const WHOLE_PARTS = [
  'session',
  'connection',
  'market',
  'spot',
  'trades',
  'orders',
  ...VIEW_NAMES,
] as const;
export type WholePart = (typeof WHOLE_PARTS)[number];
/** The value sent for a whole part. */
export type WholeValue<K extends WholePart> = Required<FrameDiff>[K];
/** The views sent whole, one per view projection of the registry (the one list of their types). */
export interface Views {
  wallet: WalletView;
  lever: LeverView;
  micro: MicroView;
  c2c: C2cView;
  workspace: WorkspaceView;
  notices: NoticesView;
  triggers: TriggersView;
}

const ZERO = '0' as DecStr;
const NO_ACCOUNT: AccountView = { rows: [], totalUsdt: ZERO, totalCny: ZERO };
const EMPTY_LIST = { rows: [], hasMore: false, loaded: false, held: false, at: 0 };
const NO_POSITIONS: LeverListView = EMPTY_LIST;
const NO_MICRO_ORDERS: MicroListView = EMPTY_LIST;
/** An empty c2c list (the initial views, and a list whose filter changed). */
export const noC2cRows = <T>(): C2cListView<T> => ({
  rows: [],
  page: 0,
  hasMore: false,
  loaded: false,
  held: false,
  at: 0,
});

/** The spot orders before any is known (the page's signal starts from it too). */
export const NO_SPOT_ORDERS: SpotOrdersView = {
  open: [],
  history: [],
  openHasMore: false,
  historyHasMore: false,
  openLoading: false,
  historyLoading: false,
  openLoaded: false,
  historyLoaded: false,
  openHeld: false,
  historyHeld: false,
  openAt: 0,
  historyAt: 0,
};

/**
 * Each view before the engine knows anything: the projections start from these, and so do the
 * page's signals (one definition, not a copy on each side).
 */
export const INITIAL_VIEWS: Readonly<Views> = {
  wallet: {
    loaded: false,
    held: false,
    error: null,
    fundingOpen: false,
    exRate: ZERO,
    accounts: { legal: NO_ACCOUNT, change: NO_ACCOUNT, lever: NO_ACCOUNT, micro: NO_ACCOUNT },
    at: 0,
  },
  lever: {
    symbol: null,
    deal: null,
    holding: NO_POSITIONS,
    entrusts: NO_POSITIONS,
    closed: NO_POSITIONS,
    revoked: NO_POSITIONS,
    risk: null,
    error: null,
  },
  micro: {
    currencies: [],
    seconds: [],
    trading: NO_MICRO_ORDERS,
    closed: NO_MICRO_ORDERS,
    error: null,
  },
  c2c: {
    currencies: [],
    market: { ...noC2cRows<C2cAdView>(), type: 'sell', currencyId: null },
    myAds: noC2cRows<C2cAdView>(),
    deals: noC2cRows<C2cDealView>(),
    limits: null,
    error: null,
  },
  workspace: {
    workspace: null,
    copy: null,
    copyAfter: 0,
    loaded: false,
    stored: false,
    error: null,
  },
  notices: {
    items: [],
    unread: 0,
    hasMore: false,
    loaded: false,
    held: false,
    at: 0,
    prefs: DEFAULT_NOTIFICATION_PREFS,
    prefsLoaded: false,
    toast: null,
    error: null,
  },
  triggers: { waiting: [], done: [], at: 0 },
};

export type { CommandResult } from './api/command-result.ts';
import type { CommandResult } from './api/command-result.ts';

/** Methods the page may call on the engine (through Comlink, so every result is a Promise). */
export interface EngineApi extends SpotTriggerCalls, FlightCalls, MomentCalls, HeatCalls {
  /**
   * Start (or re-attach to) the engine; `onFrame` receives the coalesced diffs. When it returns
   * a promise, the next diff waits until it settles (at most ACK_TIMEOUT_MS): the page's
   * back-pressure.
   */
  start(config: EngineConfig, onFrame: (diff: FrameDiff) => unknown): Promise<EngineSnapshot>;
  setVisible(visible: boolean): Promise<void>;
  /** The page's online/offline events (a dedicated worker gets none of its own in Chromium). */
  setOnline(online: boolean): Promise<void>;
  setLang(lang: Lang): Promise<void>;

  sendCode(input: SendCodeInput): Promise<CommandResult>;
  /** Checks a verification code before step 2 of forgot-password (check_mobile / check_email). */
  checkCode(input: { kind: AccountKind; account: string; code: string }): Promise<CommandResult>;
  register(cmd: RegisterCommand): Promise<CommandResult>;
  login(cmd: LoginCommand): Promise<CommandResult<{ userId: number }>>;
  forget(cmd: ForgetCommand): Promise<CommandResult>;
  bindEmail(cmd: BindEmailCommand): Promise<CommandResult>;
  logout(): Promise<void>;
  /** Acknowledge a 999 once the page has shown it (clears `session.expiredAt`). */
  ackExpired(): Promise<void>;

  countries(): Promise<CommandResult<CountryItem[]>>;
  newsList(cId?: number): Promise<CommandResult<NewsItem[]>>;
  newsDetail(id: number): Promise<CommandResult<NewsDetail>>;
  /** The customer-service URL with {id} and {name} filled, or '' when none is configured. */
  customerService(): Promise<CommandResult<string>>;
  /** Data URL of the app-download QR code. */
  appQrCode(text: string): Promise<CommandResult<string>>;
  /** Select the pair the trading screens open on (the page also stores it under the spec keys). */
  selectPair(symbol: string): Promise<void>;

  /**
   * Open (symbol) or close (null) the spot screen's live data: book, trades, chart, balances,
   * orders of that pair. While open, the engine subscribes to the pair's delta depth stream.
   */
  watchSpot(symbol: string | null): Promise<void>;
  setBookGrouping(grouping: BookGrouping): Promise<void>;
  setBookWindow(window: BookWindow): Promise<void>;
  setBookRate(rate: BookRate): Promise<void>;
  /** Whose orders the book marks (default the spot orders). */
  setBookOwner(owner: BookOwner): Promise<void>;
  /** Send the depth chart's levels (while `on`). */
  watchDepth(on: boolean): Promise<void>;
  setChartPeriod(period: KlinePeriod): Promise<void>;
  /**
   * Place a spot order on the watched pair (a second identical submit in flight is `busy`).
   * When the reply is lost or late the engine retries with the same client_id (placed once at
   * most) and calls `onUnknown` once: the outcome is unknown until the promise settles.
   */
  placeSpotOrder(order: PlaceSpotOrder, onUnknown?: () => void): Promise<CommandResult>;
  cancelSpotOrder(input: { id: number; side: SpotSide }): Promise<CommandResult>;
  /** A new price and/or total amount for an open order: kept in the queue, or replaced. */
  amendSpotOrder(input: AmendSpotOrder): Promise<CommandResult<{ id: number; kept: boolean }>>;
  /** Next page of open orders or of history. */
  loadMoreSpotOrders(tab: 'open' | 'history'): Promise<void>;

  /** Keep the wallet list fresh (fetch now, again on `update_balance`) while `on`. */
  watchWallet(on: boolean): Promise<void>;
  /** A read-only account query (lists, details, rules); identical calls in flight share one request. */
  accountQuery<K extends AccountQueryKind>(
    kind: K,
    input: AccountQueries[K]['input'],
  ): Promise<CommandResult<AccountQueries[K]['output']>>;
  /** A read-only query of the savings, loan or pre-sale screens. */
  earnQuery<K extends EarnQueryKind>(
    kind: K,
    input: EarnQueries[K]['input'],
  ): Promise<CommandResult<EarnQueries[K]['output']>>;
  /** A savings or loan command, validated with src/shared/earn.ts before it is sent. */
  earnCommand<K extends EarnCommandKind>(kind: K, input: EarnCommands[K]): Promise<CommandResult>;
  /** A state-changing account command, validated with the shared rules before it is sent. */
  accountCommand<K extends AccountCommandKind>(
    kind: K,
    input: AccountCommands[K],
  ): Promise<CommandResult>;
  /** Open (symbol) or close (null) the lever screens' data: panel, positions, live risk. */
  watchLever(symbol: string | null): Promise<void>;
  /** A lever command on the watched pair, validated with src/shared/lever.ts first. */
  leverCommand<K extends LeverCommandKind>(
    kind: K,
    input: LeverCommands[K],
    /** A submit only: called once when its reply is lost or late (the engine is checking). */
    onUnknown?: () => void,
  ): Promise<CommandResult>;
  /** The next page of closed or revoked positions. */
  loadMoreLever(tab: 'closed' | 'revoked'): Promise<void>;
  /** Keep the second-contract data (durations, currencies, orders) fresh while `on`. */
  watchMicro(on: boolean): Promise<void>;
  /** Places a second-contract order (validated with src/shared/micro.ts first). */
  submitMicro(order: MicroSubmit, onUnknown?: () => void): Promise<CommandResult>;
  loadMoreMicro(tab: 'trading' | 'closed'): Promise<void>;
  /** Open (or refilter) the c2c screens' data: the market of one side and coin, my ads, my deals. */
  watchC2c(filter: { type: C2cType; currencyId: number | null } | null): Promise<void>;
  /**
   * The page changed the workspace (it is logged, and saved on the server for a logged-in
   * user, the latest of quick changes once they settle).
   */
  setWorkspace(workspace: Workspace): Promise<void>;
  /** The next older page of the user's notifications (the centre's "load more"). */
  loadMoreNotices(): Promise<void>;
  /** Marks the user's notifications read (the ids, or all); the other tabs follow. */
  readNotices(ids: readonly number[] | 'all'): Promise<CommandResult>;
  /** Saves the notification preferences (normalized with parseNotificationPrefs). */
  saveNoticePrefs(prefs: NotificationPrefs): Promise<CommandResult>;
  c2cCommand<K extends C2cCommandKind>(kind: K, input: C2cCommands[K]): Promise<CommandResult>;
  /** The user's price alerts: the waiting ones of every pair and the newest fired ones. */
  priceAlerts(): Promise<CommandResult<PriceAlertsView>>;
  /** Sets a price alert, checked with src/shared/price-alerts.ts before it is sent. */
  addPriceAlert(input: AddPriceAlert): Promise<CommandResult<PriceAlertView>>;
  /** Removes one of the user's waiting price alerts. */
  removePriceAlert(input: { id: number }): Promise<CommandResult>;
  /** Places a scale order on the watched pair (ADR 0057): all its orders, or none. */
  placeSpotScale(input: PlaceSpotScale): Promise<CommandResult<{ group: number; count: number }>>;
  /** Cancels every open order of one of the user's scale orders. */
  cancelSpotScale(input: { group: number }): Promise<CommandResult>;
  loadMoreC2c(list: 'market' | 'myAds' | 'deals'): Promise<void>;
  /** Uploads a jpg or png (≤ 4 MB); the result is the URL the other calls take. */
  uploadImage(
    file: Blob,
    onProgress?: (sent: number, total: number) => void,
  ): Promise<CommandResult<{ url: string }>>;

  /**
   * The log of about the last `sinceMs` (from the checkpoint at or before it) as an exported file:
   * gzipped NDJSON, personal identifiers masked ("Report a problem"). Rejects with a reason.
   */
  exportLog(
    sinceMs: number,
    onProgress?: (done: number, total: number) => void,
  ): Promise<ExportFile>;

  /** Counters since start; `resetSamples` empties `frameSizes` after reading them. */
  stats(resetSamples?: boolean): Promise<EngineStats>;
  /** Benchmarks only (refused unless started with `bench`): `count` copies of the logged events
   *  appended through the log's writer, as a long session leaves it; resolves once written. */
  benchFillLog(count: number): Promise<number>;
  close(): Promise<void>; // stops timers and the network and flushes the log
}

/**
 * Every EngineApi call and how a page makes it; the bridge's facade is derived from this table
 * (a call missing here, or named here and not in EngineApi, does not compile):
 * - 'command' answers a CommandResult and never throws (an engine failure becomes one);
 * - 'tell' answers nothing (a dead engine has nothing to be told);
 * - 'internal' is made by the bridge itself or a harness: start-up, visibility, language,
 *   the log export, statistics and benchmarks.
 */
export const ENGINE_CALLS = {
  start: 'internal',
  setVisible: 'internal',
  setOnline: 'internal',
  setLang: 'internal',
  sendCode: 'command',
  checkCode: 'command',
  register: 'command',
  login: 'command',
  forget: 'command',
  bindEmail: 'command',
  logout: 'tell',
  ackExpired: 'tell',
  countries: 'command',
  newsList: 'command',
  newsDetail: 'command',
  customerService: 'command',
  appQrCode: 'command',
  selectPair: 'tell',
  watchSpot: 'tell',
  setBookGrouping: 'tell',
  setBookWindow: 'tell',
  setBookRate: 'tell',
  setBookOwner: 'tell',
  watchDepth: 'tell',
  setChartPeriod: 'tell',
  placeSpotOrder: 'command',
  cancelSpotOrder: 'command',
  amendSpotOrder: 'command',
  loadMoreSpotOrders: 'tell',
  watchWallet: 'tell',
  accountQuery: 'command',
  earnQuery: 'command',
  earnCommand: 'command',
  accountCommand: 'command',
  watchLever: 'tell',
  leverCommand: 'command',
  loadMoreLever: 'tell',
  watchMicro: 'tell',
  submitMicro: 'command',
  loadMoreMicro: 'tell',
  watchC2c: 'tell',
  setWorkspace: 'tell',
  loadMoreNotices: 'tell',
  readNotices: 'command',
  saveNoticePrefs: 'command',
  c2cCommand: 'command',
  priceAlerts: 'command',
  addPriceAlert: 'command',
  removePriceAlert: 'command',
  spotTriggers: 'command',
  placeSpotTrigger: 'command',
  cancelSpotTrigger: 'command',
  amendSpotTrigger: 'command',
  placeSpotScale: 'command',
  cancelSpotScale: 'command',
  loadMoreC2c: 'tell',
  uploadImage: 'command',
  exportLog: 'internal',
  flightBreak: 'tell',
  flightReport: 'internal',
  flightDismiss: 'tell',
  momentOpen: 'internal',
  momentSeek: 'internal',
  momentClose: 'tell',
  depthHeat: 'internal',
  stats: 'internal',
  benchFillLog: 'internal',
  close: 'internal',
} as const satisfies { readonly [K in keyof EngineApi]: 'command' | 'tell' | 'internal' };

/** The calls of one kind. */
export type EngineCallsOf<Kind extends 'command' | 'tell' | 'internal'> = {
  [K in keyof EngineApi]: (typeof ENGINE_CALLS)[K] extends Kind ? K : never;
}[keyof EngineApi];

/** The replay worker: the engine's page interface (commands refused) plus the replay controls. */
export interface ReplayApi extends EngineApi {
  replayLoad(
    bytes: Uint8Array,
    onProgress: (done: number, total: number) => void,
  ): Promise<ReplayLoadResult>;
  replayWatch(onStatus: (status: ReplayStatus) => void): Promise<void>;
  replaySeek(index: number): Promise<void>;
  /** Index of the last event with seq ≤ `seq`, or time ≤ `at` (-1 when none). */
  replayFind(target: { seq: number } | { at: number }): Promise<number>;
  replayPlay(speed: ReplaySpeed): Promise<void>;
  replaySetSpeed(speed: ReplaySpeed): Promise<void>;
  replayPause(): Promise<void>;
  /** Filters the event list by name (case-insensitive substring); returns the rows' count. */
  replayFilter(text: string): Promise<number>;
  replayRows(start: number, count: number): Promise<ReplayRow[]>;
  /** Row of the filtered list at or before event `index` (-1 when none). */
  replayRowOf(index: number): Promise<number>;
  replayEvent(index: number): Promise<LogEventView>;
  /** A projection's state at the cursor, and its hash. */
  replayProjection(name: ProjectionName): Promise<{ state: unknown; hash: string }>;
  /** Folds the recording again and finds the first event where this version differs (issue 47). */
  replayFirstDifference(
    onProgress: (done: number, total: number) => void,
  ): Promise<ReplayDifference>;
}
