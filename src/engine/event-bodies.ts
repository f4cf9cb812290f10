// The bodies of the engine's events (events.ts declares which event carries which): the shapes a
// projection folds and a recording holds, in domain form (decimals are canonical DecStr), and the
// names of the commands the engine logs. No body carries a secret: no password, token or code.
import { z } from 'zod';
import type { DecStr } from '../shared/decimal.ts';
import type { KlinePeriod } from '../shared/constants.ts';
import type { NotificationRow } from '../shared/notifications.ts';
import type {
  C2cDealView,
  C2cType,
  MicroOrderView,
  LeverDealView,
  LeverPositionView,
  LeverTab,
  AccountView,
  AccountName,
  Ticker,
} from './api.ts';
import {
  bool,
  c2cPayout,
  c2cType,
  c2cWay,
  dec,
  id,
  levels,
  num,
  oneTwo,
  str,
} from './event-shapes.ts';
import type { BookLevel } from './event-shapes.ts';

/** A page of notifications: the newest (merged) or an older one (appended: `older`). */
export interface NoticesListBody {
  rows: NotificationRow[];
  hasMore: boolean;
  unread: number;
  older: boolean;
}

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
  /** The day's turnover in the quote currency (extension); absent when the push has none. */
  turnover?: DecStr;
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

/** Every command the engine logs (command.issued, command.result, command.unknown). */
export const COMMAND_NAMES = [
  'send-code',
  'check-code',
  'register',
  'login',
  'forget',
  'bind-email',
  'countries',
  'news-list',
  'news-detail',
  'customer-service',
  'app-qrcode',
  'spot-place',
  'spot-cancel',
  'spot-amend',
  'account-query',
  'wallet-transfer',
  'wallet-withdraw',
  'wallet-deposit',
  'wallet-address-add',
  'wallet-address-delete',
  'identity-submit',
  'acceptor-deal',
  'acceptor-confirm',
  'cash-save',
  'session-end',
  'upload-image',
  'lever-submit',
  'lever-close',
  'lever-cancel',
  'lever-amend',
  'lever-set-stop',
  'lever-set-trail',
  'lever-batch-close',
  'micro-submit',
  'c2c-publish',
  'c2c-take',
  'c2c-pay',
  'c2c-cancel',
  'c2c-confirm',
  'c2c-withdraw',
  'earn-query',
  'lock-buy',
  'lock-cancel',
  'loan-apply',
  'loan-repay',
  'notices-read',
  'notices-prefs',
  'alert-list',
  'alert-add',
  'alert-remove',
  'trigger-list',
  'trigger-place',
  'trigger-cancel',
  'trigger-amend',
  'scale-place',
  'scale-cancel',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

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

// ---- the schemas of the bodies that have more than one field of their own -----------------
export const ordersPage = <Row>(row: z.ZodType<Row>) =>
  z.object({ symbol: str, fromPage: id, toPage: id, rows: z.array(row), hasMore: bool });

export const c2cList = <Row>(row: z.ZodType<Row>) =>
  z.object({
    list: z.enum(['market', 'myAds', 'deals']),
    page: id,
    rows: z.array(row),
    hasMore: bool,
    filter: z.object({ type: c2cType, currencyId: id.nullable() }).nullable(),
  });

export const microOrder: z.ZodType<MicroOrderBody> = z.object({
  id,
  showId: id,
  symbol: str,
  matchId: id,
  currency: str,
  side: oneTwo,
  seconds: num,
  number: dec,
  openPrice: dec,
  endPrice: dec,
  profitRatio: dec,
  fee: dec,
  status: id,
  result: id,
  profit: dec,
  createdAt: str,
  remainMs: num,
});

export const c2cDeal: z.ZodType<C2cDealBody> = z.object({
  id,
  adId: id,
  type: c2cType,
  way: c2cWay,
  wayName: str,
  currency: str,
  number: dec,
  price: dec,
  money: dec,
  isSure: id,
  sellerName: str,
  userName: str,
  counterpartyName: str,
  isPublisher: bool,
  side: c2cType,
  payTo: c2cPayout.nullable(),
  createTime: str,
  updateTime: str,
  leftMs: num.nullable(),
});

export const bookLevels = <Extra extends z.ZodRawShape>(extra: Extra) =>
  z.object({ symbol: str, bids: levels, asks: levels, ...extra });
