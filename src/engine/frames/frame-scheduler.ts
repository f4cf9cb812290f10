// Coalesces changes into at most one FrameDiff per animation frame (ARCHITECTURE §4 "Frames").
// Callers mark what changed; at the frame the scheduler reads the current state through
// `read` and posts only the marked parts. While hidden it keeps collecting marks and posts
// nothing; on becoming visible it posts one diff with everything that changed meanwhile.
// The order book honours the page's update rate (`setBookRate`): at most one book per 250 ms
// or 1 s when asked (a grouping or window change is sent at the next frame regardless). The
// depth chart's levels go with the book while the page shows it (`setDepth`), at most every
// DEPTH_MS: a chart of the whole depth needs no more, and a frame stays small (B3).
// Back-pressure: when the sink returns a promise (the page's bridge settles it at the page's
// next animation frame after applying the diff), the next diff waits for it, so a page that is
// busy for several frames receives one coalesced diff afterwards instead of a queue of them,
// and never two in one frame (B3: ≤ 1 message per page frame). A diff not acknowledged within
// ACK_TIMEOUT_MS no longer holds the next one back.
import type {
  BookRate,
  BookView,
  ChartDiff,
  DepthView,
  ConnectionView,
  FrameDiff,
  MarketView,
  SessionView,
  SpotOrdersView,
  SpotView,
  Ticker,
  TradeView,
  ViewName,
  Views,
} from '../api.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { Clock, Timers, TimerId } from '../services.ts';

export interface FrameSource {
  session(): SessionView;
  connection(): ConnectionView;
  market(): MarketView;
  ticker(symbol: string): Ticker | undefined;
  sparkline(symbol: string): DecStr[] | undefined;
  spot(): SpotView | null;
  book(): BookView | null;
  depth(): DepthView | null;
  trades(): TradeView[];
  /** All bars when `reset`, else the bars at `times` (and the loading/error state). */
  chart(reset: boolean, times: ReadonlySet<number>): ChartDiff | null;
  orders(): SpotOrdersView;
  /** A view projection's view (projections/registry.ts). */
  view<K extends ViewName>(name: K): Views[K];
}

/** The depth chart's levels are sent at most this often. */
export const DEPTH_MS = 250;

/** How long an unacknowledged diff may hold the next one back (a page that went away). */
export const ACK_TIMEOUT_MS = 1000;

/** Optional counters (stats.ts): frames posted, changes held back while hidden. */
export interface FrameMeter {
  frame(diff: FrameDiff): void;
  held(): void;
}

/** What changed in the chart: everything, one bar (its time), or only loading/error. */
export type ChartMark = 'reset' | 'meta' | number;

export interface FrameScheduler {
  markSession(): void;
  markConnection(): void;
  markMarket(): void;
  markTicker(symbol: string): void;
  markSparkline(symbol: string): void;
  markSpot(): void;
  /** `force`: a view change (grouping, window) that is not held back by the book rate. */
  markBook(force?: boolean): void;
  markTrades(): void;
  markChart(mark: ChartMark): void;
  markOrders(): void;
  /** A view projection's view changed. */
  markView(name: ViewName): void;
  setBookRate(rate: BookRate): void;
  /** The page shows (true) or hides the depth chart: its levels are sent with the book. */
  setDepth(on: boolean): void;
  setVisible(visible: boolean): void;
  setSink(sink: ((diff: FrameDiff) => void) | null): void;
  /** Drop pending marks (after a full snapshot has been handed over). */
  reset(): void;
  dispose(): void;
}

export function createFrameScheduler(
  timers: Timers,
  read: FrameSource,
  visible = true,
  clock: Clock = { now: () => 0 },
  meter: FrameMeter | null = null,
): FrameScheduler {
  let sink: ((diff: FrameDiff) => void) | null = null;
  let isVisible = visible;
  let frame = 0;
  let pending: TimerId | null = null;
  let session = false;
  let connection = false;
  let market = false;
  let tickers = new Set<string>();
  let sparklines = new Set<string>();
  let spot = false;
  let book = false;
  let bookForced = false;
  let trades = false;
  let orders = false;
  let views = new Set<ViewName>();
  let chartReset = false;
  let chartMeta = false;
  let chartTimes = new Set<number>();
  let bookRate: BookRate = 'frame';
  let lastBookAt = -Infinity;
  let bookTimer: TimerId | null = null;
  let depthOn = false;
  /** The book changed since the last depth sent (while the depth chart is shown). */
  let depth = false;
  let lastDepthAt = -Infinity;
  let depthTimer: TimerId | null = null;
  /** The page has not yet acknowledged the last diff: its timeout timer. */
  let unacked: TimerId | null = null;

  const chartDirty = (): boolean => chartReset || chartMeta || chartTimes.size > 0;
  const depthDue = (): boolean => depth && clock.now() - lastDepthAt >= DEPTH_MS;
  const bookDue = (): boolean =>
    book && (bookForced || bookRate === 'frame' || clock.now() - lastBookAt >= bookRate);
  const others = (): boolean =>
    session ||
    connection ||
    market ||
    tickers.size > 0 ||
    sparklines.size > 0 ||
    spot ||
    trades ||
    orders ||
    views.size > 0 ||
    chartDirty() ||
    depthDue();
  const dirty = (): boolean => others() || book || depth;

  const clear = (): void => {
    session = connection = market = spot = book = bookForced = trades = orders = false;
    views = new Set();
    chartReset = chartMeta = false;
    chartTimes = new Set();
    tickers = new Set();
    sparklines = new Set();
  };

  const build = (): FrameDiff => {
    frame += 1;
    const diff: FrameDiff = { frame };
    if (session) diff.session = read.session();
    if (connection) diff.connection = read.connection();
    if (market) diff.market = read.market();
    if (tickers.size > 0) diff.tickers = collect(tickers, (s) => read.ticker(s));
    if (sparklines.size > 0) diff.sparklines = collect(sparklines, (s) => read.sparkline(s));
    if (spot) diff.spot = read.spot();
    if (trades) diff.trades = read.trades();
    if (orders) diff.orders = read.orders();
    for (const name of views) putView(diff, name, read.view(name));
    if (chartDirty()) diff.chart = read.chart(chartReset, chartTimes);
    return diff;
  };

  /** Hold the book back until its rate allows, then ask for a frame. */
  const armBookTimer = (): void => {
    if (bookTimer !== null || bookRate === 'frame') return;
    const wait = Math.max(0, lastBookAt + bookRate - clock.now());
    bookTimer = timers.setTimeout(() => {
      bookTimer = null;
      schedule();
    }, wait);
  };

  /** Hold the depth back until DEPTH_MS after the last, then ask for a frame. */
  const armDepthTimer = (): void => {
    if (depthTimer !== null) return;
    depthTimer = timers.setTimeout(
      () => {
        depthTimer = null;
        schedule();
      },
      Math.max(0, lastDepthAt + DEPTH_MS - clock.now()),
    );
  };

  /** Diffs posted with an acknowledgement pending, numbered so a late one is ignored. */
  let posted = 0;

  const release = (): void => {
    if (unacked !== null) timers.clearTimeout(unacked);
    unacked = null;
  };

  const acknowledged = (id: number): void => {
    if (id !== posted || unacked === null) return;
    release();
    if (dirty()) schedule();
  };

  /** The book and the depth, each only when its rate allows. */
  const addBookParts = (diff: FrameDiff, withBook: boolean, withDepth: boolean): void => {
    if (withBook) {
      diff.book = read.book();
      lastBookAt = clock.now();
    }
    if (withDepth) {
      diff.depth = read.depth();
      lastDepthAt = clock.now();
    }
  };

  const deliver = (diff: FrameDiff, to: (diff: FrameDiff) => void): void => {
    // Through Comlink the sink is a proxy returning a promise; a closed page must not crash us.
    const delivered: unknown = to(diff);
    if (delivered instanceof Promise) {
      const id = ++posted;
      const ack = (): void => acknowledged(id);
      unacked = timers.setTimeout(ack, ACK_TIMEOUT_MS);
      delivered.then(ack, ack);
    }
    meter?.frame(diff);
  };

  const post = (): void => {
    pending = null;
    if (!isVisible || sink === null || unacked !== null) return;
    const withBook = bookDue();
    const withDepth = depthDue();
    if (book && !withBook) armBookTimer();
    if (depth && !withDepth) armDepthTimer();
    if (!others() && !withBook) return;
    const diff = build();
    const held = { book: book && !withBook, depth: depth && !withDepth };
    addBookParts(diff, withBook, withDepth);
    clear();
    book = held.book;
    depth = held.depth;
    deliver(diff, sink);
  };

  const schedule = (): void => {
    if (!isVisible) meter?.held();
    else if (pending === null && sink !== null) pending = timers.requestFrame(post);
  };

  const cancel = (): void => {
    if (pending !== null) timers.cancelFrame(pending);
    pending = null;
  };

  return {
    markSession: () => {
      session = true;
      schedule();
    },
    markConnection: () => {
      connection = true;
      schedule();
    },
    markMarket: () => {
      market = true;
      schedule();
    },
    markTicker: (symbol) => {
      tickers.add(symbol);
      schedule();
    },
    markSparkline: (symbol) => {
      sparklines.add(symbol);
      schedule();
    },
    markSpot: () => {
      spot = true;
      schedule();
    },
    markBook: (force = false) => {
      book = true;
      bookForced ||= force;
      depth ||= depthOn;
      schedule();
    },
    markTrades: () => {
      trades = true;
      schedule();
    },
    markChart: (mark) => {
      if (mark === 'reset') chartReset = true;
      else if (mark === 'meta') chartMeta = true;
      else chartTimes.add(mark);
      schedule();
    },
    markOrders: () => {
      orders = true;
      schedule();
    },
    markView: (name) => {
      views.add(name);
      schedule();
    },
    setDepth(on) {
      depthOn = on;
      depth = on;
      // shown: its levels at the next frame; hidden: the page forgets them
      lastDepthAt = -Infinity;
      if (!on && depthTimer !== null) timers.clearTimeout(depthTimer);
      if (!on) depthTimer = null;
      schedule();
    },
    setBookRate(rate) {
      bookRate = rate;
      if (bookTimer !== null) timers.clearTimeout(bookTimer);
      bookTimer = null;
      if (book) schedule();
    },
    setVisible(next) {
      isVisible = next;
      if (!next) cancel();
      else if (dirty()) schedule();
    },
    setSink(next) {
      sink = next;
      release();
      if (next === null) cancel();
      else if (dirty()) schedule();
    },
    reset: clear,
    dispose() {
      cancel();
      release();
      if (bookTimer !== null) timers.clearTimeout(bookTimer);
      bookTimer = null;
      if (depthTimer !== null) timers.clearTimeout(depthTimer);
      depthTimer = null;
      sink = null;
      clear();
    },
  };
}

function putView<K extends ViewName>(diff: Partial<Views>, name: K, view: Views[K]): void {
  diff[name] = view;
}

function collect<T>(keys: Set<string>, get: (key: string) => T | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of keys) {
    const value = get(key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}
