// C2C ads and deals under parallel calls (issue 18), on PGlite and on PostgreSQL (READ
// COMMITTED, 20 connections), through the functions the routes and the timer call. After each
// burst every balance equals the sum of its ledger rows, none is negative, the users' legal +
// lock_legal total is what they were granted (no fees in c2c), and
//  C1 takeSellAd: 30 users take one sell ad at once: one deal; the ad is taken, surplus 0.
//  C2 takeBuyAd: 30 users take one buy ad at once: one deal; only its taker is frozen.
//  C3 oneOpenDeal: one user takes 20 ads at once: one deal (one open deal per user).
//  C4 publishWithin: 40 sell ads of 10 published at once from 100: ten, 100 frozen.
//  C5 confirmOnce: the seller confirms a paid deal 30 times at once: the buyer is paid once.
//  C6 oneStateChange: the buyer cancels and marks paid 15 times each while the timer expires
//     the deal: one of them changes it, one cancellation is counted at most.
//  C7 withdrawOrTake: the publisher withdraws an ad 15 times while 15 users take it: one wins.
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
  totalsOf,
} from '../testing/races.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { C2cChange } from './c2c-deals.ts';
import type { C2cType } from './c2c-rules.ts';
import {
  cancelDeal,
  confirmDeal,
  expireDue,
  markPaid,
  publishAd,
  takeAd,
  withdrawAd,
} from './c2c-deals.ts';

const USDT = CURRENCY_ID.USDT;
const GRANT = '100';
const WINDOW_MS = 15 * 60_000;
const now = Date.UTC(2031, 5, 7, 9);

describe.each(backends())('c2c under parallel calls on %s', (backend) => {
  let db: Database;
  let users: number[] = [];
  beforeAll(async () => {
    db = await openTestDatabase(backend, { poolSize: 20 });
    await migrate(db);
    users = [];
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });

  /** A user ready for c2c (approved identity, payout details) with GRANT legal USDT. */
  async function trader(): Promise<number> {
    const id = await raceUser(db, now, [
      { currencyId: USDT, field: 'legal_balance', amount: GRANT },
    ]);
    await db.query('UPDATE users SET review_status = 2 WHERE id = $1', [id]);
    await db.query(
      `INSERT INTO user_cash_info (user_id, real_name, alipay_account, updated_at)
       VALUES ($1, $2, $3, $4)`,
      [id, `Trader ${id}`, `ali${id}`, new Date(now)],
    );
    users.push(id);
    return id;
  }
  const traders = async (n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(await trader());
    return out;
  };
  const publish = (userId: number, type: C2cType, number: string) =>
    publishAd(db, {
      userId,
      currencyId: USDT,
      type,
      way: 'ali_pay',
      price: new Decimal('7.1'),
      totalNumber: new Decimal(number),
      nowMs: now,
    });
  const ad = async (id: number) =>
    (
      await db.query<{ is_done: number; surplus: string }>(
        'SELECT is_done, surplus_number AS surplus FROM c2c_ads WHERE id = $1',
        [id],
      )
    )[0];
  const dealsOfAd = async (id: number) =>
    db.query<{ id: number; is_sure: number; user_id: number }>(
      'SELECT id, is_sure, user_id FROM c2c_deals WHERE ad_id = $1 ORDER BY id',
      [id],
    );

  /** Ledger, non-negative, and the grants conserved over everybody made so far. */
  async function checkMoney(): Promise<void> {
    await expectLedgerExplainsBalances(db, users);
    const total = (await totalsOf(db, users)).get(USDT) ?? new Decimal(0);
    expect(total.toFixed()).toBe(new Decimal(GRANT).times(users.length).toFixed());
  }

  it('C1 takeSellAd: 30 takers, one deal', async () => {
    const seller = await trader();
    const adId = await publish(seller, 'sell', '50');
    const takers = await traders(30);
    const o = await burst(takers.map((u) => () => takeAd(db, u, adId, now)));
    console.log(`${backend} C1 take a sell ad: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(1);
    expect(await dealsOfAd(adId)).toHaveLength(1);
    expect((await ad(adId))?.is_done).toBe(1);
    expect(new Decimal((await ad(adId))?.surplus ?? '-1').toFixed()).toBe('0');
    expect((await balanceOf(db, seller, USDT, 'lock_legal_balance')).toFixed()).toBe('50');
    await checkMoney();
  });

  it('C2 takeBuyAd: 30 takers, one deal, one frozen', async () => {
    const buyer = await trader();
    const adId = await publish(buyer, 'buy', '40');
    const takers = await traders(30);
    const o = await burst(takers.map((u) => () => takeAd(db, u, adId, now)));
    console.log(`${backend} C2 take a buy ad: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(1);
    let frozen = new Decimal(0);
    for (const u of takers)
      frozen = frozen.plus(await balanceOf(db, u, USDT, 'lock_legal_balance'));
    expect(frozen.toFixed()).toBe('40');
    await checkMoney();
  });

  it('C3 oneOpenDeal: one user takes 20 ads at once', async () => {
    const publishers = await traders(20);
    const ads: number[] = [];
    for (const p of publishers) ads.push(await publish(p, 'sell', '5'));
    const taker = await trader();
    const o = await burst(ads.map((a) => () => takeAd(db, taker, a, now)));
    console.log(`${backend} C3 one taker, 20 ads: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(1);
    const open = await db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM c2c_deals WHERE user_id = $1 AND is_sure IN (0, 3)',
      [taker],
    );
    expect(open[0]?.n).toBe(1);
    await checkMoney();
  });

  it('C4 publishWithin: 40 sell ads of 10 from 100', async () => {
    const seller = await trader();
    const o = await burst(times(40, () => publish(seller, 'sell', '10')));
    console.log(`${backend} C4 publish: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(10);
    expect((await balanceOf(db, seller, USDT, 'lock_legal_balance')).toFixed()).toBe('100');
    expect((await balanceOf(db, seller, USDT, 'legal_balance')).toFixed()).toBe('0');
    await checkMoney();
  });

  it('C5 confirmOnce: a paid deal confirmed 30 times at once', async () => {
    const [seller, buyer] = await traders(2);
    if (seller === undefined || buyer === undefined) throw new Error('traders');
    const adId = await publish(seller, 'sell', '30');
    const { dealId } = await takeAd(db, buyer, adId, now);
    await markPaid(db, buyer, dealId, now);
    const o = await burst(times(30, () => confirmDeal(db, seller, dealId, now)));
    console.log(`${backend} C5 confirm: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(1);
    expect((await balanceOf(db, buyer, USDT, 'legal_balance')).toFixed()).toBe('130');
    expect((await balanceOf(db, seller, USDT, 'lock_legal_balance')).toFixed()).toBe('0');
    await checkMoney();
  });

  it('C6 oneStateChange: cancel, paid and the timer at once', async () => {
    const [publisher, taker] = await traders(2);
    if (publisher === undefined || taker === undefined) throw new Error('traders');
    // a buy ad: the taker is the seller side (frozen), the publisher the buyer side
    const adId = await publish(publisher, 'buy', '20');
    const { dealId } = await takeAd(db, taker, adId, now);
    const later = now + WINDOW_MS + 1000;
    const o = await burst(
      mixed<unknown>(
        times(15, () => cancelDeal(db, publisher, dealId, later)),
        times(15, () => markPaid(db, publisher, dealId, later)),
        times(10, () => expireDue(db, later)),
      ),
    );
    // the timer also expires the earlier tests' unpaid deals: count this one's
    const expired = o.ok
      .filter((x): x is C2cChange[] => Array.isArray(x))
      .flat()
      .filter((c) => c.dealId === dealId).length;
    const changed = o.ok.filter((x) => !Array.isArray(x)).length + expired;
    console.log(`${backend} C6 cancel/paid/expire: ${summary(o)}; ${changed} changes`);
    expect(o.failed).toEqual([]);
    expect(changed).toBe(1);
    const cancels = await db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM c2c_cancels WHERE deal_id = $1',
      [dealId],
    );
    const state = (await dealsOfAd(adId))[0]?.is_sure;
    expect(cancels[0]?.n).toBe(state === 2 ? 1 : 0);
    // cancelled: the taker's freeze is returned and the ad is open again
    expect((await balanceOf(db, taker, USDT, 'lock_legal_balance')).toFixed()).toBe(
      state === 2 ? '0' : '20',
    );
    expect((await ad(adId))?.is_done).toBe(state === 2 ? 0 : 1);
    await checkMoney();
  });

  it('C7 withdrawOrTake: the publisher withdraws while 15 users take', async () => {
    const seller = await trader();
    const adId = await publish(seller, 'sell', '60');
    const takers = await traders(15);
    const o = await burst(
      mixed<unknown>(
        times(15, () => withdrawAd(db, seller, adId, now)),
        takers.map((u) => () => takeAd(db, u, adId, now)),
      ),
    );
    console.log(`${backend} C7 withdraw/take: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(1);
    const a = await ad(adId);
    expect(new Decimal(a?.surplus ?? '-1').isNegative()).toBe(false);
    const deals = await dealsOfAd(adId);
    expect(deals).toHaveLength(a?.is_done === 2 ? 0 : 1);
    expect((await balanceOf(db, seller, USDT, 'lock_legal_balance')).toFixed()).toBe(
      a?.is_done === 2 ? '0' : '60',
    );
    await checkMoney();
  });
});
