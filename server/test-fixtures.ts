// Constants the server tests share (no server, no database): the seeded BTC/USDT pair as the
// simulator and the lever service see it (server/db/migrations/0002-seed-market.sql, 0007-lever.sql).
import type { LeverPair } from './lever/lever-service.ts';
import type { PairSpec } from './market/simulator.ts';

export const BTC_USDT_SPEC: PairSpec = {
  matchId: 1,
  legalId: 1,
  currencyId: 2,
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
