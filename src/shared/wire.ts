// Types of the wire contract (../shared/api-contract.md) for the calls and pushes the client
// uses. The reference server produces exactly these; the engine validates every payload
// against schemas built from them (src/engine/ingest) before anything else reads it.
// Decimals are `string | number` on the wire (contract decision 8).
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

/** `message` of /api/user/info. */
export interface UserInfo {
  id: number;
  account: string;
  account_number: string;
  phone: string | null;
  email: string | null;
  extension_code: string;
  is_seller: 0 | 1 | number;
  review_status: number;
  credit_score?: number;
  vip_code?: string;
}

/** `message` of /api/user/center (account settings screen). */
export interface UserCenter extends UserInfo {
  security_level: number;
  total_assets?: WireDecimal;
}

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
