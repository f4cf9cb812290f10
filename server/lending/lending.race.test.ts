// Loans under parallel calls (issue 18), on PGlite and on PostgreSQL (READ COMMITTED, 20
// connections), through the functions the routes and the operator API call. After each burst
// every balance equals the sum of its ledger rows and none is negative, and
//  N1 oneApplication: 20 applications of one user at once file one loan.
//  N2 decidedOnce: 30 approvals and 10 rejections of one loan at once: one decision; the
//     principal is credited once (or never).
//  N3 oneRepayment: 20 repayments of one loan at once file one (the loan under review once):
//     ten with a quote each, ten sharing one quote (issue 20: a quote is used once).
//  N4 repaymentDecidedOnce: 20 approvals and 20 rejections of one repayment at once: one.
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
import { CURRENCY_ID } from '../testing/fixtures.ts';
import {
  applyLoan,
  decideLoan,
  decideRepayment,
  loanTerms,
  quoteRepayment,
  requestRepayment,
} from './lending.ts';

const USDT = CURRENCY_ID.USDT;
const now = Date.UTC(2031, 7, 9, 8);

describe.each(backends())('loans under parallel calls on %s', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(backend, { poolSize: 20 });
    await migrate(db);
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });

  async function apply(userId: number): Promise<number> {
    const term = (await loanTerms(db))[0];
    if (term === undefined) throw new Error('no loan terms');
    return applyLoan(
      db,
      userId,
      {
        amount: new Decimal('1500'),
        day: term.day,
        rate: term.rate,
        tel: '+1 555 0100',
        address: 'Somewhere 1',
        age: 40,
        income: new Decimal(3000),
        country: 'Nowhere',
      },
      now,
    );
  }
  const quote = async (userId: number, orderId: number): Promise<number> =>
    (await quoteRepayment(db, { userId, orderId, coin: 'usdt_erc20', prices: {}, nowMs: now })).id;
  const repay = (userId: number, orderId: number, quoteId: number) =>
    requestRepayment(db, {
      userId,
      orderId,
      coin: 'usdt_erc20',
      quoteId,
      image: '/api/upload/voucher.png',
      nowMs: now,
    });
  const loans = (userId: number) =>
    db.query<{ id: number; status: number; repayment_status: number }>(
      'SELECT id, status, repayment_status FROM loan_orders WHERE user_id = $1',
      [userId],
    );

  it('N1 oneApplication: 20 at once', async () => {
    const u = await raceUser(db, now);
    const o = await burst(times(20, () => apply(u)));
    console.log(`${backend} N1 applications: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(1);
    expect(await loans(u)).toHaveLength(1);
  });

  it('N2 decidedOnce: 30 approvals and 10 rejections at once', async () => {
    const u = await raceUser(db, now);
    const id = await apply(u);
    const o = await burst(
      mixed(
        times(30, () => decideLoan(db, id, true, '', now)),
        times(10, () => decideLoan(db, id, false, 'no', now)),
      ),
    );
    console.log(`${backend} N2 loan decided: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(1);
    const status = (await loans(u))[0]?.status;
    expect((await balanceOf(db, u, USDT, 'change_balance')).toFixed()).toBe(
      status === 1 ? '1500' : '0',
    );
    await expectLedgerExplainsBalances(db, [u]);
  });

  it('N3 oneRepayment and N4 repaymentDecidedOnce', async () => {
    const u = await raceUser(db, now);
    const id = await apply(u);
    await decideLoan(db, id, true, '', now);
    const own: number[] = [];
    for (let i = 0; i < 10; i++) own.push(await quote(u, id));
    const shared = await quote(u, id);
    const filed = await burst([
      ...own.map((q) => () => repay(u, id, q)),
      ...times(10, () => repay(u, id, shared)),
    ]);
    console.log(`${backend} N3 repayments: ${summary(filed)}`);
    expect(filed.failed).toEqual([]);
    expect(filed.ok).toHaveLength(1);
    const repaymentId = filed.ok[0]?.id ?? 0;
    const decided = await burst(
      mixed(
        times(20, () => decideRepayment(db, repaymentId, true, '', now)),
        times(20, () => decideRepayment(db, repaymentId, false, 'no', now)),
      ),
    );
    console.log(`${backend} N4 repayment decided: ${summary(decided)}`);
    expect(decided.failed).toEqual([]);
    expect(decided.ok).toHaveLength(1);
    const rows = await db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM loan_repayments WHERE order_id = $1 AND status <> 0',
      [id],
    );
    expect(rows[0]?.n).toBe(1);
    expect((await balanceOf(db, u, USDT, 'change_balance')).toFixed()).toBe('1500');
    await expectLedgerExplainsBalances(db, [u]);
  });
});
