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
  WholePart,
  WholeValue,
  WalletView,
  WorkspaceView,
  NoticesView,
  LeverView,
  MicroView,
  C2cView,
} from '../../engine/api.ts';
import { INITIAL_VIEWS, NO_SPOT_ORDERS, WHOLE_PARTS } from '../../engine/api.ts';
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

/** What the page shows of each part the engine sends whole, until the engine has sent it. */
const INITIAL_WHOLES: { readonly [K in WholePart]: WholeValue<K> } = {
  session: VISITOR,
  connection: { state: 'idle', clockOffsetMs: 0, reconnects: 0, log: 'opening', storage: null },
  market: { groups: [], loaded: false, error: null },
  spot: null,
  trades: NO_TRADES,
  orders: NO_SPOT_ORDERS,
  ...INITIAL_VIEWS,
};

/** One signal per part the engine sends whole (WHOLE_PARTS: its own parts and every view). */
const wholes = wholeSignals();

function wholeSignals(): { readonly [K in WholePart]: Signal<WholeValue<K>> } {
  const out: Partial<Record<WholePart, Signal<unknown>>> = {};
  for (const name of WHOLE_PARTS) out[name] = signal<unknown>(INITIAL_WHOLES[name]);
  return out as { readonly [K in WholePart]: Signal<WholeValue<K>> };
}

const bookSignal = signal<BookView | null>(null);
const depthSignal = signal<DepthView | null>(null);
const chartSignal = signal<ChartState | null>(null);

export const bridgeStatus: ReadonlySignal<BridgeStatus> = bridgeStatusSignal;
/** The watched spot pair's panel (null until watched). */
export const spot: ReadonlySignal<SpotView | null> = wholes.spot;
/** The watched pair's order book: only the rows of the window set with `setBookWindow`. */
export const book: ReadonlySignal<BookView | null> = bookSignal;
/** The depth chart's levels (while the page watches them: `engine.watchDepth`). */
export const depth: ReadonlySignal<DepthView | null> = depthSignal;
/** Recent trades of the watched pair, newest first (≤ 20). */
export const trades: ReadonlySignal<readonly TradeView[]> = wholes.trades;
export const chart: ReadonlySignal<ChartState | null> = chartSignal;
export const orders: ReadonlySignal<SpotOrdersView> = wholes.orders;
/** The user's four accounts (fresh while a wallet screen watches: `useWallet`). */
export const wallet: ReadonlySignal<WalletView> = wholes.wallet;
/** The watched lever pair: panel, positions by tab, live risk (`engine.watchLever`). */
export const lever: ReadonlySignal<LeverView> = wholes.lever;
/** Second contracts: durations, payable currencies, the user's orders (`engine.watchMicro`). */
export const micro: ReadonlySignal<MicroView> = wholes.micro;
/** C2C: the market of the chosen side and coin, my ads, my deals (`engine.watchC2c`). */
export const c2c: ReadonlySignal<C2cView> = wholes.c2c;
/** The user's notifications: the centre's list, the unread count, toasts to show (issue 25). */
export const notices: ReadonlySignal<NoticesView> = wholes.notices;
/** The workspace as the engine knows it (the page's `workspace.ts` falls back to its own copy). */
export const workspaceView: ReadonlySignal<WorkspaceView> = wholes.workspace;
export const session: ReadonlySignal<SessionView> = wholes.session;
export const connection: ReadonlySignal<ConnectionView> = wholes.connection;
/** The socket is down: offline, or reconnecting after a loss ('connecting', a first connect, is not). */
export const isDown = (state: ConnectionView['state']): boolean =>
  state === 'offline' || state === 'reconnecting';
export const market: ReadonlySignal<MarketView> = wholes.market;

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
    for (const name of WHOLE_PARTS) applyWhole(name, diff[name]);
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
  });
}

/** The watched pair's parts of a diff sent in pieces or at their own pace: book, depth, chart. */
function applySpotParts(diff: FrameDiff): void {
  if (diff.book !== undefined) bookSignal.value = diff.book;
  if (diff.depth !== undefined) depthSignal.value = diff.depth;
  if (diff.chart !== undefined) chartSignal.value = applyChart(chartSignal.peek(), diff.chart);
}

/** A part sent whole, when the diff carries it. */
function applyWhole<K extends WholePart>(name: K, value: WholeValue<K> | undefined): void {
  if (value !== undefined) wholes[name].value = value;
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
