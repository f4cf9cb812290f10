// Lock-up savings under parallel calls (issue 18), on PGlite and on PostgreSQL (READ
// COMMITTED, 20 connections), through the functions the routes and the job call. After each
// burst every balance equals the sum of its ledger rows, none is negative, and
//  K1 depositsWithinBalance: 30 deposits of 100 from 1,000 at once: ten, one order of 1,000.
//  K2 quotaHolds: 20 users deposit 50 each at once into a product with a quota of 500: sold
//     never passes the quota, and what was sold is what the orders hold.
//  K3 cancelOnce: an order cancelled 20 times at once pays amount − fee once.
//  K4 closeOnce: at maturity the job (10 runs), 10 cancels and 10 interest withdrawals at once:
//     the order ends once and its amount is paid back once; the user's money is the grant plus
//     the interest credited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { backends, openTestDatabase } from '../db/test-databases.ts';
import {
  balanceOf,
  burst,
  expectLedgerExplainsBalances,
  mixed,
  raceUser,
  summary,
  times,
} from '../testing/races.ts';
import { cancelLockup, depositLockup, settleDueLockups, withdrawLockup } from './lockup.ts';

const DAY = 86_400_000;
const now = Date.UTC(2031, 6, 8, 10);
let currencySeq = 0;

describe.each(backends())('lock-up savings under parallel calls on %s', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(backend, { poolSize: 20 });
    await migrate(db);
    await db.query("UPDATE settings SET value = '5' WHERE key = 'cancel_deposit_fee'");
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });

  /** A fresh currency (2 decimals) with one product: 3 days at 1 % a day. */
  async function product(quota: string): Promise<{ currencyId: number; productId: number }> {
    currencySeq += 1;
    const currencyId = 900 + currencySeq;
    await db.query(
      `INSERT INTO currencies (id, name, full_name, decimal_scale, sort) VALUES ($1, $2, $2, 2, 99)`,
      [currencyId, `RK${currencySeq}`],
    );
    const rows = await db.query<{ id: number }>(
      `INSERT INTO lh_deposit_config (currency_id, save_min, save_max, day, interest_rate, quota)
       VALUES ($1, 1, 100000, 3, 1, $2) RETURNING id`,
      [currencyId, quota],
    );
    return { currencyId, productId: rows[0]?.id ?? 0 };
  }
  const saver = (currencyId: number, amount: string) =>
    raceUser(db, now, [{ currencyId, field: 'change_balance', amount }]);
  const deposit = (userId: number, productId: number, amount: string, nowMs = now) =>
    depositLockup(db, {
      userId,
      amount: new Decimal(amount),
      configId: productId,
      currencyId: null,
      nowMs,
    });
  const order = async (id: number) =>
    (
      await db.query<{
        amount: string;
        lock_amount: string;
        status: number;
        total_interest: string;
      }>(
        'SELECT amount, lock_amount, status, total_interest FROM lh_deposit_orders WHERE id = $1',
        [id],
      )
    )[0];

  it('K1 depositsWithinBalance: 30 × 100 from 1,000', async () => {
    const { currencyId, productId } = await product('0');
    const u = await saver(currencyId, '1000');
    const o = await burst(times(30, () => deposit(u, productId, '100')));
    console.log(`${backend} K1 deposits: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(10);
    expect(new Set(o.ok.map((r) => r.orderId)).size).toBe(1);
    const ord = await order(o.ok[0]?.orderId ?? 0);
    expect(new Decimal(ord?.amount ?? '0').toFixed()).toBe('1000');
    expect(new Decimal(ord?.lock_amount ?? '0').toFixed()).toBe('1000');
    expect((await balanceOf(db, u, currencyId, 'change_balance')).toFixed()).toBe('0');
    await expectLedgerExplainsBalances(db, [u]);
  });

  it('K2 quotaHolds: 20 × 50 into a quota of 500', async () => {
    const { currencyId, productId } = await product('500');
    const savers: number[] = [];
    for (let i = 0; i < 20; i++) savers.push(await saver(currencyId, '50'));
    const o = await burst(savers.map((u) => () => deposit(u, productId, '50')));
    console.log(`${backend} K2 quota: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(10);
    const sold = await db.query<{ sold: string }>(
      'SELECT sold FROM lh_deposit_config WHERE id = $1',
      [productId],
    );
    const held = await db.query<{ s: string | null }>(
      'SELECT SUM(lock_amount) AS s FROM lh_deposit_orders WHERE config_id = $1',
      [productId],
    );
    expect(new Decimal(sold[0]?.sold ?? '0').toFixed()).toBe('500');
    expect(new Decimal(held[0]?.s ?? '0').toFixed()).toBe('500');
    await expectLedgerExplainsBalances(db, savers);
  });

  it('K3 cancelOnce: 20 cancels of one order', async () => {
    const { currencyId, productId } = await product('0');
    const u = await saver(currencyId, '1000');
    const { orderId } = await deposit(u, productId, '400');
    const o = await burst(times(20, () => cancelLockup(db, u, orderId, now + 1000)));
    console.log(`${backend} K3 cancels: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(1);
    // 5 % of 400 kept: 600 + 380
    expect((await balanceOf(db, u, currencyId, 'change_balance')).toFixed()).toBe('980');
    expect((await order(orderId))?.status).toBe(2);
    await expectLedgerExplainsBalances(db, [u]);
  });

  it('K4 closeOnce: the job, cancels and withdrawals at maturity', async () => {
    const { currencyId, productId } = await product('0');
    const u = await saver(currencyId, '1000');
    const { orderId } = await deposit(u, productId, '1000');
    const later = now + 6 * DAY;
    const o = await burst(
      mixed<unknown>(
        times(10, () => settleDueLockups(db, later)),
        times(10, () => cancelLockup(db, u, orderId, later)),
        times(10, () => withdrawLockup(db, u, orderId, new Decimal('1'), later)),
      ),
    );
    console.log(`${backend} K4 maturity: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    const ord = await order(orderId);
    expect(ord?.status).toBe(2);
    const paid = await db.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM account_log WHERE user_id = $1 AND currency_id = $2
       AND type IN (91, 92)`,
      [u, currencyId],
    );
    expect(paid[0]?.n).toBe(1);
    // three days at 1 % compounded: 1000 → 1010 → 1020.1 → 1030.3 (rounded down each day)
    const interest = new Decimal(ord?.total_interest ?? '0');
    expect(interest.toFixed()).toBe('30.3');
    expect((await balanceOf(db, u, currencyId, 'change_balance')).toFixed()).toBe(
      new Decimal(1000).plus(interest).toFixed(),
    );
    await expectLedgerExplainsBalances(db, [u]);
  });
});
