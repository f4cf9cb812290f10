// The engine's events: the discriminated union every projection folds. Each is a LogEvent
// (src/shared/log-event.ts) whose body is already validated and in domain form (decimals
// are canonical DecStr). Bodies never carry secrets: no password, token or code.
import { TRADES_KEPT } from '../shared/constants.ts';
import type { DecStr } from '../shared/decimal.ts';
import type { LogEvent, LogKind } from '../shared/log-event.ts';
import type { KlinePeriod } from '../shared/constants.ts';
import type { CurrencyDetail } from '../shared/wire.ts';
import type {
  C2cAdView,
  C2cDealView,
  C2cLimits,
  C2cType,
  MicroCurrencyView,
  MicroOrderView,
  MicroSecondsView,
  LeverDealView,
  LeverPositionView,
  LeverTab,
  AccountView,
  AccountName,
  Bar,
  ConnectionState,
  FilledOrderView,
  LogStatus,
  OpenOrderView,
  StorageIssue,
  Ticker,
  TradeView,
} from './api.ts';

type Ev<K extends LogKind, N extends string, B> = LogEvent<B> & { kind: K; name: N };

/** A ticker as a quotation reply describes it (the fold adds `at`). */
export type TickerSeed = Omit<Ticker, 'at'>;

export interface QuotationGroupBody {
  legalId: number;
  name: string;
  pairs: TickerSeed[];
}

export interface DaymarketBody {
  symbol: string;
  price: DecStr;
  change: DecStr;
  high: DecStr;
  low: DecStr;
  volume: DecStr;
  /** Stream sequence (reference-server extension), null when absent. */
  seq: number | null;
  serverTime: number | null;
  /** The mark price (extension), absent when the push has none. */
  markPrice?: DecStr;
}

export interface KlineBody {
  symbol: string;
  period: string;
  /** Candle open time, ms. */
  time: number;
  open: DecStr;
  high: DecStr;
  low: DecStr;
  close: DecStr;
  volume: DecStr;
  seq: number | null;
  serverTime: number | null;
}

export interface HistoryBody {
  symbol: string;
  period: string;
  bars: { time: number; close: DecStr }[];
}

export interface UserBody {
  id: number;
  account: string;
  phone: string | null;
  email: string | null;
  extensionCode: string;
  isSeller: boolean;
  reviewStatus: number;
}

export interface ClockSyncBody {
  serverMs: number;
  sentAt: number;
  receivedAt: number;
}

// ---- Spot (issue 3) ------------------------------------------------------------------------

/** One depth level: [price, amount], canonical decimals. Amount "0" (deltas only) removes it. */
export type BookLevel = readonly [DecStr, DecStr];

export interface BookLevelsBody {
  symbol: string;
  /** Stream sequence (extension); null when absent (legacy). */
  seq: number | null;
  /** Best first is NOT assumed: the fold orders levels itself. */
  bids: BookLevel[];
  asks: BookLevel[];
}

export interface BookDeltaBody extends BookLevelsBody {
  seq: number;
  prevSeq: number;
}

export interface SpotPair {
  legalId: number;
  currencyId: number;
  legalName: string;
  currencyName: string;
  pricePrecision: number;
  amountPrecision: number;
  /** The ticker's last price when the pair was opened. */
  price: DecStr;
}

export interface WatchSpotBody {
  symbol: string | null;
  /** The pair as the quotation describes it; null when unknown. */
  pair: SpotPair | null;
  period: KlinePeriod;
  loggedIn: boolean;
}

export interface SpotDealBody {
  symbol: string;
  lastPrice: DecStr;
  cnyPrice: DecStr;
  userLegal: DecStr;
  userCurrency: DecStr;
  /** Top bids and asks (any order). */
  bids: BookLevel[];
  asks: BookLevel[];
}

export interface SpotTransactionBody {
  legalId: number;
  currencyId: number;
  lastPrice: DecStr;
  bids: BookLevel[];
  asks: BookLevel[];
}

export interface OrdersPageBody<Row> {
  symbol: string;
  /** Pages fromPage..toPage (1-based) are in `rows`; fromPage 1 replaces, later pages append. */
  fromPage: number;
  toPage: number;
  rows: Row[];
  hasMore: boolean;
}

// ---- Leveraged contracts (issue 7) ---------------------------------------------------------

export interface WatchLeverBody {
  symbol: string | null;
  legalId: number | null;
  currencyId: number | null;
}

export interface LeverDealBody extends Omit<LeverDealView, 'symbol' | 'legalId' | 'currencyId'> {
  symbol: string;
}

export interface LeverPositionsBody {
  symbol: string;
  tab: LeverTab;
  /** Pages fromPage..toPage are in `rows`; page 1 replaces the list, later pages append. */
  fromPage: number;
  rows: LeverPositionView[];
  hasMore: boolean;
  /** The risk figures the list call answers with (null when absent). */
  hazardRate: DecStr | null;
  /** The list call's P&L over the quote currency's open positions (absent in older logs). */
  profitsAll?: DecStr;
  /** How many positions of the quote currency are open (extension; absent when not sent). */
  openPositions?: number;
}

export interface LeverTradeBody {
  legalId: number | null;
  currencyId: number | null;
  hazardRate: DecStr | null;
  profitsAll: DecStr;
  marginAll: DecStr;
  balance: DecStr | null;
  holding: LeverPositionView[];
  entrusts: LeverPositionView[];
  /** The push's `server_time` (extension; null without it): orders pushes that arrive reordered. */
  serverTime?: number | null;
}

// ---- Second contracts (issue 7) ------------------------------------------------------------

export interface MicroOrderBody extends Omit<MicroOrderView, 'deadline' | 'removeAt'> {
  /** Time left when the reply or push left the server (ms). */
  remainMs: number;
}

export interface MicroOrdersBody {
  tab: 'trading' | 'closed';
  fromPage: number;
  rows: MicroOrderBody[];
  hasMore: boolean;
}

// ---- C2C (issue 8) ---------------------------------------------------------------------------

export interface C2cDealBody extends Omit<C2cDealView, 'deadline'> {
  /** Time left before an unpaid deal cancels itself (ms), as the server said; null otherwise. */
  leftMs: number | null;
}

export interface C2cListBody<T> {
  list: 'market' | 'myAds' | 'deals';
  page: number;
  rows: T[];
  hasMore: boolean;
  /** The market's filter the list was asked with. */
  filter: { type: C2cType; currencyId: number | null } | null;
}

// ---- Wallets (issue 6) ---------------------------------------------------------------------

/** A wallet/list reply in domain form. */
export interface WalletBody {
  fundingOpen: boolean;
  exRate: DecStr;
  accounts: Record<AccountName, AccountView>;
}

export type CommandName =
  | 'send-code'
  | 'check-code'
  | 'register'
  | 'login'
  | 'forget'
  | 'bind-email'
  | 'countries'
  | 'news-list'
  | 'news-detail'
  | 'customer-service'
  | 'app-qrcode'
  | 'spot-place'
  | 'spot-cancel'
  | 'account-query'
  | 'wallet-transfer'
  | 'wallet-withdraw'
  | 'wallet-deposit'
  | 'wallet-address-add'
  | 'wallet-address-delete'
  | 'identity-submit'
  | 'acceptor-deal'
  | 'acceptor-confirm'
  | 'cash-save'
  | 'upload-image'
  | 'lever-submit'
  | 'lever-close'
  | 'lever-cancel'
  | 'lever-set-stop'
  | 'lever-batch-close'
  | 'micro-submit'
  | 'c2c-publish'
  | 'c2c-take'
  | 'c2c-pay'
  | 'c2c-cancel'
  | 'c2c-confirm'
  | 'c2c-withdraw'
  | 'earn-query'
  | 'lock-buy'
  | 'lock-cancel'
  | 'loan-apply'
  | 'loan-repay';

/** A command as logged: its name and non-secret fields only. */
export interface CommandBody {
  command: CommandName;
  fields: Record<string, string | number | boolean | null>;
}

export interface CommandResultBody {
  command: CommandName;
  ok: boolean;
  /**
   * 'ok', a server type ('error', '999', …), 'network', 'malformed', 'unknown', or 'internal'
   * (an exception in the engine's code; `message` is then its cause).
   */
  type: string;
  /** Server text; omitted where the reply is a secret (login token) or bulky (images). */
  message: string | null;
}

/** A placement whose reply was lost or late (commands/idempotent.ts): its outcome is unknown. */
export interface CommandUnknownBody {
  command: CommandName;
  clientId: string;
  /** 1 for the first request, +1 per retry. */
  attempt: number;
  /** 'timeout', the network error, or 'no envelope'. */
  reason: string;
  /** The same request (same client_id) goes out again; false: the engine gave up. */
  retrying: boolean;
}

export type EngineEvent =
  | Ev<'reply', 'market.quotation', { groups: QuotationGroupBody[] }>
  | Ev<'reply', 'market.quotation-failed', { message: string }>
  | Ev<'push', 'market.daymarket', DaymarketBody>
  | Ev<'push', 'market.kline', KlineBody>
  | Ev<'reply', 'market.history', HistoryBody>
  | Ev<'reply', 'session.login', { restored: boolean }>
  | Ev<'reply', 'session.info', UserBody>
  | Ev<'reply', 'session.expired', Record<string, never>>
  | Ev<'command', 'session.logout', Record<string, never>>
  | Ev<'command', 'session.expired-ack', Record<string, never>>
  | Ev<'reply', 'clock.sync', ClockSyncBody>
  | Ev<'system', 'socket.state', { state: ConnectionState }>
  | Ev<'system', 'log.status', { status: LogStatus; reason?: StorageIssue }>
  /** A new engine session begins (page load): the stored state was restored before it. */
  | Ev<'system', 'engine.boot', { app: string }>
  | Ev<'system', 'system.malformed', { source: string; reason: string }>
  | Ev<'command', 'command.issued', CommandBody>
  | Ev<'reply', 'command.result', CommandResultBody>
  | Ev<'system', 'command.unknown', CommandUnknownBody>
  | Ev<'command', 'ui.visible', { visible: boolean }>
  | Ev<'command', 'ui.lang', { lang: string }>
  | Ev<'command', 'ui.select-pair', { symbol: string }>
  | Ev<'command', 'ui.watch-spot', WatchSpotBody>
  | Ev<'command', 'ui.chart-period', { period: KlinePeriod }>
  | Ev<'push', 'book.top', BookLevelsBody>
  | Ev<'push', 'book.snapshot', BookLevelsBody & { seq: number }>
  | Ev<'push', 'book.delta', BookDeltaBody>
  | Ev<'system', 'book.resync', { symbol: string; reason: 'gap' | 'reconnect' }>
  | Ev<'push', 'spot.transaction', SpotTransactionBody>
  | Ev<'push', 'spot.balance', { userId: number | null }>
  | Ev<'reply', 'spot.deal', SpotDealBody>
  | Ev<'reply', 'spot.detail', { symbol: string; detail: CurrencyDetail }>
  | Ev<'push', 'trades.push', { symbol: string; seq: number | null; trades: TradeView[] }>
  | Ev<'reply', 'trades.history', { symbol: string; trades: TradeView[] }>
  | Ev<'reply', 'chart.history', { symbol: string; period: KlinePeriod; bars: Bar[] }>
  | Ev<'reply', 'chart.history-failed', { symbol: string; period: KlinePeriod; message: string }>
  | Ev<'reply', 'orders.open', OrdersPageBody<OpenOrderView>>
  | Ev<'reply', 'orders.history', OrdersPageBody<FilledOrderView>>
  | Ev<'reply', 'orders.failed', { symbol: string; tab: 'open' | 'history'; message: string }>
  | Ev<'reply', 'wallet.list', WalletBody>
  | Ev<'reply', 'wallet.failed', { message: string }>
  /** `update_user` (extension): the user's profile changed; user/info is fetched again. */
  | Ev<'push', 'session.user-changed', { userId: number | null }>
  | Ev<'command', 'ui.watch-lever', WatchLeverBody>
  | Ev<'reply', 'lever.deal', LeverDealBody>
  | Ev<'reply', 'lever.positions', LeverPositionsBody>
  | Ev<'reply', 'lever.failed', { symbol: string; message: string }>
  | Ev<'push', 'lever.trade', LeverTradeBody>
  | Ev<'reply', 'micro.setup', { currencies: MicroCurrencyView[]; seconds: MicroSecondsView[] }>
  | Ev<'reply', 'micro.orders', MicroOrdersBody>
  | Ev<'reply', 'micro.failed', { message: string }>
  | Ev<'push', 'micro.closed', MicroOrderBody>
  | Ev<'reply', 'c2c.currencies', { currencies: { id: number; name: string }[] }>
  | Ev<'reply', 'c2c.ads', C2cListBody<C2cAdView>>
  | Ev<'reply', 'c2c.deals', C2cListBody<C2cDealBody>>
  | Ev<'push', 'c2c.deal', C2cDealBody>
  | Ev<'reply', 'c2c.limits', C2cLimits>
  | Ev<'reply', 'c2c.failed', { message: string }>;

export type EventName = EngineEvent['name'];
/** An event before the log has given it a seq. */
type WithoutSeq<E> = E extends unknown ? Omit<E, 'seq'> : never;
export type NewEvent = WithoutSeq<EngineEvent>;

/**
 * The end of every reducer's switch: a compile-time exhaustiveness check that stays total at
 * run time (an unknown event from an old recorded log leaves the state as it was).
 */
export function exhaustive<S>(_event: never, state: S): S {
  return state;
}

// ---- trade lists -----------------------------------------------------------------------------
// A trade list in an event body (`trades.history`, `trades.push`) and in the projection is
// newest first, without duplicates: the one rule both the ingest and the fold apply.

/** Newest first (time, then id, descending), without duplicate ids, at most TRADES_KEPT. */
export function newestTrades(trades: readonly TradeView[]): TradeView[] {
  // Pushes and merges usually arrive in this order already: then there is nothing to sort.
  const sorted = isNewestFirst(trades) ? trades : [...trades].sort(newerFirst);
  const seen = new Set<number>();
  const out: TradeView[] = [];
  for (const t of sorted) {
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    out.push(t);
    if (out.length === TRADES_KEPT) break;
  }
  return out;
}

const newerFirst = (a: TradeView, b: TradeView): number => b.time - a.time || b.id - a.id;

function isNewestFirst(trades: readonly TradeView[]): boolean {
  for (let i = 1; i < trades.length; i += 1)
    if (newerFirst(trades[i - 1] as TradeView, trades[i] as TradeView) > 0) return false;
  return true;
}
