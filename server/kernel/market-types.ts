// The market's vocabulary, below every room: a pair's specification and the candles in
// integer units (prices in ticks, amounts in lots, turnover in ticks × lots). The simulator
// (market/) produces them; the context's market port (context.ts) hands them to the routes.
import type { KlinePeriod } from '../../src/shared/constants.ts';

export interface PairSpec {
  matchId: number;
  legalId: number;
  currencyId: number;
  legalName: string;
  currencyName: string;
  pricePrecision: number;
  amountPrecision: number;
  /** Reference price (a plain number: it only seeds the simulation). */
  refPrice: number;
  /** Typical daily volatility, e.g. 0.03 for 3 %. */
  dailyVolatility: number;
  /** Typical base amount traded per minute. */
  minuteVolume: number;
}

/** The periods of the push plus `1year`, which only new_timeshar answers. */
export type ServerPeriod = KlinePeriod | '1year';

export interface TickBar {
  /** Open time, unix seconds. */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  q: number;
}

/** An aggregated bar: turnover summed exactly as a bigint. */
export interface AggBar extends Omit<TickBar, 'q'> {
  q: bigint;
}
