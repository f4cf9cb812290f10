// The engine's public types: tickers and the quotation groups (re-exported by api.ts).
import type { DecStr } from '../../shared/decimal.ts';

export interface Ticker {
  matchId: number;
  symbol: string; // "BTC/USDT"
  legalId: number;
  currencyId: number;
  legalName: string;
  currencyName: string;
  logo: string;
  price: DecStr;
  /** Percent change, signed, 2 decimals, e.g. "1.23" or "-0.50". */
  change: DecStr;
  high: DecStr;
  low: DecStr;
  volume: DecStr;
  /**
   * The day's turnover in the quote currency (extension of `daymarket` and `quotation_new`);
   * absent when the server does not say.
   */
  turnover?: DecStr;
  /**
   * The mark price (extension of `daymarket`), at which contracts open, close and settle;
   * absent until a push carries one. `price` is the last trade.
   */
  markPrice?: DecStr;
  isDisplay: boolean;
  sort: number;
  /** Time of the last update (event time, ms). */
  at: number;
  /** Decimals of prices and of quantities on this pair (extension of quotation_new). */
  pricePrecision: number;
  amountPrecision: number;
}

export interface QuotationGroupView {
  legalId: number;
  name: string;
  /** Symbols of the group's pairs, in the server's sort order. */
  symbols: string[];
}

export interface MarketView {
  groups: QuotationGroupView[];
  loaded: boolean;
  error: string | null;
}
