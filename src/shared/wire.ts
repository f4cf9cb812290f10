// Types of the wire contract (../shared/api-contract.md) for the calls and pushes not yet
// declared in src/shared/wire/ (ADR 0048: one declaration per call, with its zod schemas, that
// the server's route and the engine's ingest both use). These are TypeScript types only: the
// engine's ingest schemas (src/engine/ingest) are written beside them, not built from them, and
// nothing ties the two until the call is declared in wire/. Decimals are `string | number` on
// the wire (contract decision 8).
import type { KlinePeriod } from './constants.ts';

export type WireDecimal = string | number;

/** The `{type, message}` envelope (decision 1). `type` may be a number for the codes. */
export interface Envelope<T = unknown> {
  type: 'ok' | 'error' | '999' | '998' | '997' | 999 | 998 | 997 | string | number;
  message: T;
}

/** The kline call's own envelope (§3.3). */
export interface KlineEnvelope {
  code: 1 | -1 | number;
  msg: string;
  data: KlineBar[];
}

/**
 * `GET /api/currency/sparklines` (extension): one displayed pair's last one-minute closes
 * (at most 60, oldest first; `id` is the bar's open time in unix seconds, as in KlineBar).
 */
export interface SparklineSeries {
  symbol: string;
  data: { id: number; close: WireDecimal }[];
}

export interface KlineBar {
  id: number; // unix seconds
  period: string;
  'base-currency': string;
  'quote-currency': string;
  open: WireDecimal;
  close: WireDecimal;
  high: WireDecimal;
  low: WireDecimal;
  vol: WireDecimal;
  amount: WireDecimal;
  time: number; // ms
  volume: WireDecimal;
}

/** One trading pair inside a quotation group (a `currency_matches` row plus appended fields). */
export interface QuotationItem {
  id: number; // match_id
  legal_id: number;
  currency_id: number;
  legal_name: string;
  currency_name: string;
  logo: string;
  now_price: WireDecimal;
  change: string; // "+1.23" | "-0.50" | "0.00"
  high: WireDecimal;
  low: WireDecimal;
  volume: WireDecimal;
  /** Extension (issue 24): the day's turnover in the quote currency (Σ price × amount). */
  turnover?: WireDecimal;
  is_display: 0 | 1 | number;
  open_transaction: 0 | 1 | number;
  open_lever: 0 | 1 | number;
  open_microtrade: 0 | 1 | number;
  lever_share_num: WireDecimal;
  spread: WireDecimal;
  lever_trade_fee: WireDecimal;
  sort: number;
  market_from_name?: string;
  rmb_relation?: WireDecimal;
  /** Extension (reference server): decimals of prices / of quantities on this pair. */
  price_precision?: number;
  amount_precision?: number;
}

/** A legal (quote) currency with its pairs: `message` of /api/currency/quotation_new is an array of these. */
export interface QuotationGroup {
  id: number;
  name: string; // e.g. "USDT"
  logo: string;
  is_legal: 1 | number;
  is_display: 1 | number;
  quotation: QuotationItem[];
}

/** Common header of market pushes, with the reference server's extensions (decision 9). */
interface MarketPushHeader {
  match_id?: number;
  currency_id: number;
  currency_name: string;
  legal_id: number;
  legal_name: string;
  symbol: string; // "BTC/USDT"
  seq?: number;
  server_time?: number;
}

export interface DaymarketPush extends MarketPushHeader {
  type: 'daymarket';
  period: '1day';
  open: WireDecimal;
  close: WireDecimal;
  high: WireDecimal;
  low: WireDecimal;
  volume: WireDecimal;
  time: number;
  change: string;
  now_price: WireDecimal;
  api_form?: string;
  /**
   * Extension: the pair's mark price, at which contracts open, close and settle (api-contract
   * decision 10); `now_price` stays the last trade.
   */
  mark_price?: WireDecimal;
  /** Extension (issue 24): the day's turnover in the quote currency (Σ price × amount). */
  turnover?: WireDecimal;
}

export interface KlinePush extends MarketPushHeader {
  type: 'kline';
  period: KlinePeriod;
  open: WireDecimal;
  close: WireDecimal;
  high: WireDecimal;
  low: WireDecimal;
  volume: WireDecimal;
  time: number; // candle open time, ms
  change?: string;
  now_price?: WireDecimal;
}

// user/info and user/center are declared in wire/accounts.ts and wire/wallet.ts.

export interface NewsItem {
  id: number;
  c_id: number;
  title: string;
  abstract: string;
  thumbnail: string;
  update_time: string; // "Y-m-d H:i:s"
}

export interface NewsDetail extends NewsItem {
  content: string; // server HTML: render only through the sanitizing component
}

/** `message` of POST /api/news/list. */
export interface NewsList {
  list: NewsItem[];
  page?: number;
  pages?: number;
  total?: number;
}

/** An area code, as the register form lists them (wallet-account-earn.md §3 "Country item"). */
export interface CountryItem {
  country_id: number;
  area_code: string; // "86"
  name_cn: string;
  name_en: string;
}

// ---- Spot (issue 3) ------------------------------------------------------------------------

/** One aggregated depth level on the Huobi layout: [price, amount], decimal strings. */
export type DepthLevel = [WireDecimal, WireDecimal];

/** Header of the spot market pushes (market_depth, market_detail). */
export interface SpotPushHeader {
  symbol: string; // "BTC/USDT"
  'base-currency': string;
  'quote-currency': string;
  currency_id: number;
  currency_name: string;
  legal_id: number;
  legal_name: string;
  seq?: number;
  server_time?: number;
}

/** Legacy `market_depth`: top 10 a side, bids best (highest) first, asks best (lowest) first. */
export interface MarketDepthPush extends SpotPushHeader {
  type: 'market_depth';
  bids: DepthLevel[] | string;
  asks: DepthLevel[] | string;
}

/**
 * Extension (decision 9): `market_depth` as a snapshot or delta of the whole book. A delta level
 * with amount "0" removes the level; `prev_seq` is the `seq` of the previous message of the
 * stream (null on a snapshot, which describes the book after delta `seq`).
 */
export interface MarketDepthDeltaPush extends SpotPushHeader {
  type: 'market_depth';
  mode: 'snapshot' | 'delta';
  seq: number;
  prev_seq: number | null;
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface MarketTrade {
  id: number;
  tradeId: number;
  price: WireDecimal;
  amount: WireDecimal;
  ts: number; // ms
  time: string; // "HH:mm:ss" (UTC)
  direction: 'buy' | 'sell';
}

/** `market_detail`: up to 30 recent trades, newest first. */
export interface MarketDetailPush extends SpotPushHeader {
  type: 'market_detail';
  data: MarketTrade[];
}

/** A price level of `transaction/deal` and of the `transaction` push. */
export interface SpotLevel {
  price: WireDecimal;
  number: WireDecimal;
  /** Cumulative number from the best level. */
  sum: WireDecimal;
  currency: number;
  legal: number;
}

/** `transaction` push after a user's order: values are strings as in the legacy (§3.2). */
export interface TransactionPush {
  type: 'transaction';
  in: string; // JSON SpotLevel[] (bids, best first)
  out: string; // JSON SpotLevel[] (asks, descending price)
  last_price: string;
  currency_id: string;
  legal_id: string;
  content: string;
  seq?: number;
  server_time?: number;
}

/** `update_balance`, sent to the user's room only (decision 4). */
export interface UpdateBalancePush {
  type: string; // "update_balance_<uid>"
}

/** A public fill (`complete` of transaction/deal). */
export interface SpotFill {
  id: number;
  price: WireDecimal;
  number: WireDecimal;
  way: 1 | 2 | number; // taker direction: 2 buy, 1 sell
  time: string; // "Y-m-d H:i:s"
  create_time: number; // unix s
}

/** `message` of POST /api/transaction/deal. */
export interface SpotDeal {
  in: SpotLevel[];
  out: SpotLevel[];
  last_price: WireDecimal;
  cny_price: WireDecimal;
  user_legal: WireDecimal;
  user_currency: WireDecimal;
  complete: SpotFill[];
}

/** Entrust row: a user's resting order (transaction_in / transaction_out). */
export interface EntrustRow {
  id: number;
  type: 'in' | 'out';
  legal_id: number;
  currency_id: number;
  legal_name: string;
  currency_name: string;
  price: WireDecimal;
  number: WireDecimal; // remaining
  total_number: WireDecimal;
  complete_number: WireDecimal;
  total_money: WireDecimal; // price × remaining
  mode: 1 | 2 | number;
  create_time: string; // "Y-m-d H:i:s"
}

/** History row: one of the user's fills (transaction_complete). */
export interface HistoryRow {
  id: number;
  way: 1 | 2 | number; // the user's direction: 2 buy, 1 sell
  type: 'in' | 'out';
  legal_id: number;
  currency_id: number;
  legal_name: string;
  currency_name: string;
  price: WireDecimal;
  number: WireDecimal;
  in_fee: WireDecimal;
  out_fee: WireDecimal;
  time: string; // "Y-m-d H:i:s"
  create_time: number; // unix s
}

/**
 * Extension (issue 20), `transaction_history`: one of the user's finished spot orders, with what
 * it really did, summed from its own fills. `status` 1 filled, 2 cancelled: nothing filled
 * (`complete_number` "0"), or partly filled first (a cancelled resting order, or a market order
 * whose rest the band or the book dropped).
 */
export interface OrderHistoryRow {
  id: number;
  way: 1 | 2 | number; // the user's direction: 2 buy, 1 sell
  type: 'in' | 'out';
  legal_id: number;
  currency_id: number;
  legal_name: string;
  currency_name: string;
  mode: 1 | 2 | number; // 1 market, 2 limit
  status: 1 | 2 | number;
  total_number: WireDecimal; // ordered
  complete_number: WireDecimal; // filled: the sum of its fills
  /** The volume-weighted average fill price, in the pair's price decimals; only when filled. */
  avg_price?: WireDecimal;
  /** The limit of a limit order (a market order has none). */
  limit_price?: WireDecimal;
  /** The user's fees on its fills (base for a buy, quote for a sell). */
  fee: WireDecimal;
  create_time: string; // "Y-m-d H:i:s"
  update_time: string; // when it filled or was cancelled
}

/** Paged lists of the spot calls: `message` = `{list, page, pages, total}` (like news/list). */
export interface PagedList<T> {
  list: T[];
  page: number;
  pages: number;
  total: number;
}

/** A trade of GET /api/currency/new_tradehistory. */
export interface TradeHistoryItem {
  id: number;
  price: WireDecimal;
  amount: WireDecimal;
  direction: 'buy' | 'sell';
  ts: number;
  time: string; // "HH:mm:ss" (UTC)
}

/** `message` of GET /api/currency/detail. */
export interface CurrencyDetail {
  id: number;
  name: string;
  full_name: string;
  desc: string;
}

// ---- Wallets and the account area (issue 6; api-contract §4, docs/api-extensions.md) ------

// The wallet calls are declared in wire/wallet.ts and wire/funding.ts; the rows a reader has
// (after the wire forms) are their own types, re-exported here for the server's tests.
export type { LogItem, WalletList } from './wire/wallet.ts';
export type { DepositAddresses, WithdrawInfo } from './wire/funding.ts';

export interface EntrustItem {
  id: number;
  create_time: string;
  legal_name: string;
  currency_name: string;
  number: WireDecimal;
  price: WireDecimal;
  account_number: string;
  type: 'in' | 'out';
  /** Extension: what was ordered and what is left; status 0 resting, 1 filled, 2 cancelled. */
  total_number?: WireDecimal;
  status?: number;
  /**
   * Extension (issue 20): what the order really did, from its fills: `complete_number` filled,
   * `avg_price` their volume-weighted average (only when something filled), `limit_price` the
   * limit of a limit order, `mode` 1 market, 2 limit. In the `complete` list `price` is the
   * average fill price when something filled (else the limit) and `number` the filled quantity.
   */
  complete_number?: WireDecimal;
  avg_price?: WireDecimal;
  limit_price?: WireDecimal;
  mode?: number;
  /**
   * Extension (issue 41): the fee the order's fills paid, in the currency it received (the coin
   * of a buy, the legal currency of a sell), and `notional` Σ price × number of its fills.
   */
  fee?: WireDecimal;
  notional?: WireDecimal;
}
