// Second contracts under parallel calls (issue 18), on PGlite and on PostgreSQL (READ
// COMMITTED, 20 connections), through the functions the route and the timer call. After each
// burst every balance equals the sum of its ledger rows, none is negative, and
//  S1 holdAndBalance: 30 orders of 10 USDT (+1 % fee) at once from 150: at most the holding
//     limit (10) are placed, each paid once.
//  S2 oneClientId: 20 submissions with one client_id at once place one order.
//  S3 settledOnce: 10 settlement runs at once after expiry pay each order once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { backends, openTestDatabase } from '../db/test-databases.ts';
import {
  balanceOf,
  burst,
  expectLedgerExplainsBalances,
  raceUser,
  summary,
  times,
} from '../testing/races.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import { settleDue, submitMicro } from './micro-orders.ts';

const USDT = CURRENCY_ID.USDT;
const BTC_USDT = 1;
const HOLD_MAX = 10;
const now = Date.UTC(2031, 8, 10, 14);
let price = new Decimal(67000);
const priceOf = () => price;

describe.each(backends())('second contracts under parallel calls on %s', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(backend, { poolSize: 20 });
    await migrate(db);
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });

  const submit = (userId: number, clientId: string | null, nowMs = now) =>
    submitMicro(db, priceOf, {
      userId,
      matchId: BTC_USDT,
      currencyId: USDT,
      type: 1,
      seconds: 30,
      number: new Decimal(10),
      clientId,
      nowMs,
    });
  const trader = () =>
    raceUser(db, now, [{ currencyId: USDT, field: 'micro_balance', amount: '150' }]);

  it('S1 holdAndBalance: 30 orders at once', async () => {
    const u = await trader();
    const o = await burst(times(30, () => submit(u, null)));
    console.log(`${backend} S1 orders: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(HOLD_MAX);
    expect((await balanceOf(db, u, USDT, 'micro_balance')).toFixed()).toBe('49');
    await expectLedgerExplainsBalances(db, [u]);
  });

  it('S2 oneClientId: 20 submissions with one client_id', async () => {
    const u = await trader();
    const o = await burst(times(20, () => submit(u, 'same-click')));
    console.log(`${backend} S2 one client_id: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(new Set(o.ok.map((r) => r.order.id)).size).toBe(1);
    expect(o.ok.filter((r) => !r.repeated)).toHaveLength(1);
    expect((await balanceOf(db, u, USDT, 'micro_balance')).toFixed()).toBe('139.9');
    await expectLedgerExplainsBalances(db, [u]);
  });

  it('S3 settledOnce: 10 settlement runs at once', async () => {
    const u = await trader();
    price = new Decimal(67000);
    const placed = await burst(times(5, (i) => submit(u, `settle-${i}`)));
    expect(placed.ok).toHaveLength(5);
    price = new Decimal(68000); // every "up" order wins: 10 × 1.85 back
    const o = await burst(times(10, () => settleDue(db, priceOf, now + 31_000)));
    const settled = o.ok.flat().filter((r) => r.user_id === u).length;
    console.log(`${backend} S3 settlements: ${summary(o)}; ${settled} orders settled`);
    expect(o.failed).toEqual([]);
    expect(settled).toBe(5);
    // 150 − 5 × 10.1 + 5 × 18.5
    expect((await balanceOf(db, u, USDT, 'micro_balance')).toFixed()).toBe('192');
    await expectLedgerExplainsBalances(db, [u]);
  });
});
