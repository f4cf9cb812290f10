// Coalesces changes into at most one FrameDiff per animation frame (ARCHITECTURE §4 "Frames").
// Callers mark what changed; at the frame the scheduler reads the current state through
// `read` and posts only the marked parts. While hidden it keeps collecting marks and posts
// nothing; on becoming visible it posts one diff with everything that changed meanwhile.
import type { ConnectionView, FrameDiff, MarketView, SessionView, Ticker } from '../api.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { Timers, TimerId } from '../services.ts';

export interface FrameSource {
  session(): SessionView;
  connection(): ConnectionView;
  market(): MarketView;
  ticker(symbol: string): Ticker | undefined;
  sparkline(symbol: string): DecStr[] | undefined;
}

export interface FrameScheduler {
  markSession(): void;
  markConnection(): void;
  markMarket(): void;
  markTicker(symbol: string): void;
  markSparkline(symbol: string): void;
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

  const dirty = (): boolean =>
    session || connection || market || tickers.size > 0 || sparklines.size > 0;

  const clear = (): void => {
    session = connection = market = false;
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
    return diff;
  };

  const post = (): void => {
    pending = null;
    if (!isVisible || sink === null || !dirty()) return;
    const diff = build();
    clear();
    // Through Comlink the sink is a proxy returning a promise; a closed page must not crash us.
    const delivered: unknown = sink(diff);
    if (delivered instanceof Promise) delivered.catch(() => undefined);
  };

  const schedule = (): void => {
    if (pending === null && isVisible && sink !== null) pending = timers.requestFrame(post);
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
    setVisible(next) {
      isVisible = next;
      if (!next) cancel();
      else if (dirty()) schedule();
    },
    setSink(next) {
      sink = next;
      if (next === null) cancel();
      else if (dirty()) schedule();
    },
    reset: clear,
    dispose() {
      cancel();
      sink = null;
      clear();
    },
  };
}

function collect<T>(keys: Set<string>, get: (key: string) => T | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of keys) {
    const value = get(key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}
