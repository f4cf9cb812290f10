// The engine's public types: second contracts (re-exported by api.ts).
import type { DecStr } from '../../shared/decimal.ts';

// ---- Second contracts (issue 7) ------------------------------------------------------------

export interface MicroOrderView {
  id: number;
  /** id + 10000, the number users see. */
  showId: number;
  symbol: string;
  matchId: number;
  currency: string;
  /** 1 up, 2 down. */
  side: 1 | 2;
  seconds: number;
  number: DecStr;
  openPrice: DecStr;
  endPrice: DecStr;
  /** Percent paid on a win. */
  profitRatio: DecStr;
  fee: DecStr;
  /** 1 trading, 3 finished. */
  status: number;
  /** -1 loss, 0 draw, 1 win. */
  result: number;
  /** Realized profit (negative: the stake lost). */
  profit: DecStr;
  createdAt: string;
  /**
   * When it expires, on the engine's clock (event time of the reply or push that brought it
   * plus the time left the server gave): the countdown is deadline − now, in live and replay.
   */
  deadline: number;
  /** A settled order leaves the trading list at this time (push time + 500 ms); else null. */
  removeAt: number | null;
}

export interface MicroCurrencyView {
  id: number;
  name: string;
  feePct: DecStr;
  min: DecStr;
  max: DecStr;
  holdMax: number;
  presets: DecStr[];
  /** The user's micro balance; null for visitors. */
  balance: DecStr | null;
}

export interface MicroSecondsView {
  seconds: number;
  profitRatio: DecStr;
}

/**
 * One tab's orders: this page session's server answer (`loaded`), or held from an earlier page
 * session of the same login (`held`, ADR 0032: as of `at`, never loaded), or not known.
 */
export interface MicroListView {
  rows: MicroOrderView[];
  hasMore: boolean;
  loaded: boolean;
  held: boolean;
  /** Event time of the reply the rows came from (0 while not known). */
  at: number;
}

export interface MicroView {
  currencies: MicroCurrencyView[];
  seconds: MicroSecondsView[];
  trading: MicroListView;
  closed: MicroListView;
  error: string | null;
}

export interface MicroSubmit {
  matchId: number;
  currencyId: number;
  /** 1 up, 2 down. */
  side: 1 | 2;
  seconds: number | null;
  number: string;
}
