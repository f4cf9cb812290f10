// What the engine sends, as signals (ARCHITECTURE §5). Each FrameDiff is applied inside one
// batch(), so a frame causes at most one render per subscriber. Tickers and sparklines are one
// signal per symbol: a market row subscribes to its own pair only.
import { batch, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import type {
  ConnectionView,
  EngineSnapshot,
  FrameDiff,
  MarketView,
  SessionView,
  Ticker,
} from '../../engine/api.ts';
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
});
const marketSignal = signal<MarketView>({ groups: [], loaded: false, error: null });
const tickers = new Map<string, Signal<Ticker | null>>();
const sparklines = new Map<string, Signal<readonly DecStr[]>>();
const EMPTY: readonly DecStr[] = Object.freeze([]);

export const bridgeStatus: ReadonlySignal<BridgeStatus> = bridgeStatusSignal;
export const session: ReadonlySignal<SessionView> = sessionSignal;
export const connection: ReadonlySignal<ConnectionView> = connectionSignal;
export const market: ReadonlySignal<MarketView> = marketSignal;

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
      for (const [symbol, ticker] of Object.entries(diff.tickers)) {
        (tickerSignal(symbol) as Signal<Ticker | null>).value = ticker;
      }
    }
    if (diff.sparklines) {
      for (const [symbol, closes] of Object.entries(diff.sparklines)) {
        (sparklineSignal(symbol) as Signal<readonly DecStr[]>).value = closes;
      }
    }
  });
}

/** Apply the full snapshot `start` returns (the page (re)attaches). */
export function applySnapshot(snapshot: EngineSnapshot): void {
  applyFrame({ frame: 0, ...snapshot });
}
