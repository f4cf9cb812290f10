// What the engine sends, as signals (ARCHITECTURE §5). Each FrameDiff is applied inside one
// batch(), so a frame causes at most one render per subscriber. Tickers and sparklines are one
// signal per symbol: a market row subscribes to its own pair only.
import { batch, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import type {
  Bar,
  BookView,
  DepthView,
  ChartDiff,
  ConnectionView,
  EngineSnapshot,
  FrameDiff,
  MarketView,
  SessionView,
  SpotOrdersView,
  SpotView,
  Ticker,
  TradeView,
  ViewName,
  Views,
  WalletView,
  WorkspaceView,
  NoticesView,
  LeverView,
  MicroView,
  C2cView,
} from '../../engine/api.ts';
import { INITIAL_VIEWS, NO_SPOT_ORDERS, VIEW_NAMES } from '../../engine/api.ts';
import type { KlinePeriod } from '../../shared/constants.ts';
import type { DecStr } from '../../shared/decimal.ts';

/** Whether the worker has answered `start`: pages show loading states until it has. */
export type BridgeStatus = 'starting' | 'ready' | 'failed';

export const VISITOR: SessionView = {
  loggedIn: false,
  userId: null,
  maskedAccount: null,
  account: null,
  extensionCode: null,
  isSeller: false,
  email: null,
  phone: null,
  reviewStatus: 3,
  expiredAt: null,
};

const bridgeStatusSignal = signal<BridgeStatus>('starting');
const sessionSignal = signal<SessionView>(VISITOR);
const connectionSignal = signal<ConnectionView>({
  state: 'idle',
  clockOffsetMs: 0,
  reconnects: 0,
  log: 'opening',
  storage: null,
});
const marketSignal = signal<MarketView>({ groups: [], loaded: false, error: null });
const tickers = new Map<string, Signal<Ticker | null>>();
const sparklines = new Map<string, Signal<readonly DecStr[]>>();
const EMPTY: readonly DecStr[] = Object.freeze([]);

/** The chart of the watched pair as the page keeps it: bars sorted by time, upserted per frame. */
export interface ChartState {
  symbol: string;
  period: KlinePeriod;
  bars: readonly Bar[];
  loading: boolean;
  error: string | null;
  /** +1 on every applied chart diff (a cheap "redraw needed" key). */
  version: number;
}

const NO_TRADES: readonly TradeView[] = Object.freeze([]);

const spotSignal = signal<SpotView | null>(null);
const bookSignal = signal<BookView | null>(null);
const depthSignal = signal<DepthView | null>(null);
const tradesSignal = signal<readonly TradeView[]>(NO_TRADES);
const chartSignal = signal<ChartState | null>(null);
const ordersSignal = signal<SpotOrdersView>(NO_SPOT_ORDERS);

/** One signal per view projection (engine registry), starting from the engine's initial view. */
const viewSignals: { readonly [K in ViewName]: Signal<Views[K]> } = {
  wallet: signal(INITIAL_VIEWS.wallet),
  lever: signal(INITIAL_VIEWS.lever),
  micro: signal(INITIAL_VIEWS.micro),
  c2c: signal(INITIAL_VIEWS.c2c),
  workspace: signal(INITIAL_VIEWS.workspace),
  notices: signal(INITIAL_VIEWS.notices),
};

export const bridgeStatus: ReadonlySignal<BridgeStatus> = bridgeStatusSignal;
/** The watched spot pair's panel (null until watched). */
export const spot: ReadonlySignal<SpotView | null> = spotSignal;
/** The watched pair's order book: only the rows of the window set with `setBookWindow`. */
export const book: ReadonlySignal<BookView | null> = bookSignal;
/** The depth chart's levels (while the page watches them: `engine.watchDepth`). */
export const depth: ReadonlySignal<DepthView | null> = depthSignal;
/** Recent trades of the watched pair, newest first (≤ 20). */
export const trades: ReadonlySignal<readonly TradeView[]> = tradesSignal;
export const chart: ReadonlySignal<ChartState | null> = chartSignal;
export const orders: ReadonlySignal<SpotOrdersView> = ordersSignal;
/** The user's four accounts (fresh while a wallet screen watches: `useWallet`). */
export const wallet: ReadonlySignal<WalletView> = viewSignals.wallet;
/** The watched lever pair: panel, positions by tab, live risk (`engine.watchLever`). */
export const lever: ReadonlySignal<LeverView> = viewSignals.lever;
/** Second contracts: durations, payable currencies, the user's orders (`engine.watchMicro`). */
export const micro: ReadonlySignal<MicroView> = viewSignals.micro;
/** C2C: the market of the chosen side and coin, my ads, my deals (`engine.watchC2c`). */
export const c2c: ReadonlySignal<C2cView> = viewSignals.c2c;
/** The user's notifications: the centre's list, the unread count, toasts to show (issue 25). */
export const notices: ReadonlySignal<NoticesView> = viewSignals.notices;
/** The workspace as the engine knows it (the page's `workspace.ts` falls back to its own copy). */
export const workspaceView: ReadonlySignal<WorkspaceView> = viewSignals.workspace;
export const session: ReadonlySignal<SessionView> = sessionSignal;
export const connection: ReadonlySignal<ConnectionView> = connectionSignal;
export const market: ReadonlySignal<MarketView> = marketSignal;

const tickersAtSignal = signal<number | null>(null);
/** The time of the newest ticker (event time, ms; null until one came): the market lists'
 *  "as of" while the connection is down. */
export const tickersAt: ReadonlySignal<number | null> = tickersAtSignal;

/** The ticker of one symbol (null until the engine has sent it). Stable per symbol. */
export function tickerSignal(symbol: string): ReadonlySignal<Ticker | null> {
  let s = tickers.get(symbol);
  if (s === undefined) {
    s = signal<Ticker | null>(null);
    tickers.set(symbol, s);
  }
  return s;
}

/** The last one-minute closes of one symbol, oldest first. Stable per symbol. */
export function sparklineSignal(symbol: string): ReadonlySignal<readonly DecStr[]> {
  let s = sparklines.get(symbol);
  if (s === undefined) {
    s = signal<readonly DecStr[]>(EMPTY);
    sparklines.set(symbol, s);
  }
  return s;
}

export function setBridgeStatus(status: BridgeStatus): void {
  bridgeStatusSignal.value = status;
}

/** Apply one coalesced diff: every signal it touches changes in a single batch. */
export function applyFrame(diff: FrameDiff): void {
  batch(() => {
    if (diff.session) sessionSignal.value = diff.session;
    if (diff.connection) connectionSignal.value = diff.connection;
    if (diff.market) marketSignal.value = diff.market;
    if (diff.tickers) {
      let newest = tickersAtSignal.peek() ?? 0;
      for (const [symbol, ticker] of Object.entries(diff.tickers)) {
        (tickerSignal(symbol) as Signal<Ticker | null>).value = ticker;
        if (ticker.at > newest) newest = ticker.at;
      }
      if (newest > 0) tickersAtSignal.value = newest;
    }
    if (diff.sparklines) {
      for (const [symbol, closes] of Object.entries(diff.sparklines)) {
        (sparklineSignal(symbol) as Signal<readonly DecStr[]>).value = closes;
      }
    }
    applySpotParts(diff);
    for (const name of VIEW_NAMES) applyView(name, diff[name]);
  });
}

/** The watched pair's parts of a diff: panel, book, depth, trades, orders, chart. */
function applySpotParts(diff: FrameDiff): void {
  if (diff.spot !== undefined) spotSignal.value = diff.spot;
  if (diff.book !== undefined) bookSignal.value = diff.book;
  if (diff.depth !== undefined) depthSignal.value = diff.depth;
  if (diff.trades !== undefined) tradesSignal.value = diff.trades;
  if (diff.orders !== undefined) ordersSignal.value = diff.orders;
  if (diff.chart !== undefined) chartSignal.value = applyChart(chartSignal.peek(), diff.chart);
}

/** A view projection's part of a diff, when the diff carries it. */
function applyView<K extends ViewName>(name: K, view: Views[K] | undefined): void {
  if (view !== undefined) viewSignals[name].value = view;
}

/**
 * A chart diff onto the page's copy: `reset` (or another pair/period) replaces the bars;
 * otherwise each bar is upserted by time, keeping the bars sorted.
 */
export function applyChart(current: ChartState | null, diff: ChartDiff | null): ChartState | null {
  if (diff === null) return null;
  const version = (current?.version ?? 0) + 1;
  const same = current !== null && current.symbol === diff.symbol && current.period === diff.period;
  if (diff.reset || !same) {
    const bars = [...diff.bars].sort((a, b) => a.time - b.time);
    return {
      symbol: diff.symbol,
      period: diff.period,
      bars,
      loading: diff.loading,
      error: diff.error,
      version,
    };
  }
  let bars = current.bars;
  if (diff.bars.length > 0) {
    const next = [...current.bars];
    for (const bar of diff.bars) upsertBar(next, bar);
    bars = next;
  }
  return { ...current, bars, loading: diff.loading, error: diff.error, version };
}

function upsertBar(bars: Bar[], bar: Bar): void {
  let lo = 0;
  let hi = bars.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const t = (bars[mid] as Bar).time;
    if (t === bar.time) {
      bars[mid] = bar;
      return;
    }
    if (t < bar.time) lo = mid + 1;
    else hi = mid - 1;
  }
  bars.splice(lo, 0, bar);
}

/** Apply the full snapshot `start` returns (the page (re)attaches). */
export function applySnapshot(snapshot: EngineSnapshot): void {
  applyFrame({ frame: 0, ...snapshot });
}
