// Constants the server tests share (no server, no database): the seeded currency ids and the
// seeded BTC/USDT pair as the simulator and the lever service see it
// (server/db/migrations/0002-seed-market.sql, 0007-lever.sql, 0015-legacy-currency-ids.sql).
import type { LeverPair } from '../lever/lever-service.ts';
import type { PairSpec } from '../market/simulator.ts';

/** Currency ids of the seed (legacy ids, migration 0015). */
export const CURRENCY_ID = {
  BTC: 1,
  ETH: 2,
  USDT: 3,
  LTC: 4,
  XRP: 5,
  DOGE: 6,
  TRX: 7,
  BCH: 8,
  EOS: 9,
  ADA: 10,
  DOT: 11,
} as const;

export const BTC_USDT_SPEC: PairSpec = {
  matchId: 1,
  legalId: CURRENCY_ID.USDT,
  currencyId: CURRENCY_ID.BTC,
  legalName: 'USDT',
  currencyName: 'BTC',
  pricePrecision: 2,
  amountPrecision: 4,
  refPrice: 67000,
  dailyVolatility: 0.03,
  minuteVolume: 4,
};

export const BTC_USDT_LEVER: LeverPair = {
  ...BTC_USDT_SPEC,
  openLever: true,
  shareNum: '0.01',
  spreadPct: '0.01',
  feePct: '0.1',
  overnightPct: '0.05',
  minShare: 1,
  maxShare: 500,
};
