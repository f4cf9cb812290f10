// Money operations under parallel calls (issue 18), on PGlite and on PostgreSQL (READ
// COMMITTED, 20 connections): bursts of the functions the routes and the operator API call.
// After each burst: every balance equals the sum of its ledger rows and none is negative, and
//  F1 transfers: 60 transfers of 5 from a balance of 100 move exactly 100, 20 succeed.
//  F2 withdrawalDayLimit: 40 withdrawals of 1 BTC against a day limit of 10 lock at most 10.
//  F3 withdrawalDecidedOnce: 20 approvals and 20 rejections of one withdrawal: one decision.
//  F4 depositConfirmedOnce: 40 confirmations and 10 rejections of one deposit: credited once.
//  F5 acceptorDeals: one open deal per user and acceptor under 40 parallel requests; a buy deal
//     confirmed 40 times (and rejected) takes the float and credits the user once; a paid sell
//     deal confirmed by the user and the operator at once releases its lock once.
//  F6 leverHold: while a contract position opens, 30 transfers out of the contract account run;
//     none may commit after the position (a transfer out of lever with a position open is
//     refused, `wallet.leverOpen`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { confirmDeal, createDeal, markPaid, rejectDeal } from '../acceptors/acceptors.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { backends, openTestDatabase } from '../db/test-databases.ts';
import { LeverService } from '../lever/lever-service.ts';
import type { LeverPair } from '../lever/lever-service.ts';
import {
  balanceOf,
  burst,
  expectLedgerExplainsBalances,
  mixed,
  raceUser,
  summary,
  times,
} from '../testing/races.ts';
import {
  decideDeposit,
  decideWithdrawal,
  requestDeposit,
  requestWithdrawal,
  transfer,
} from './funds.ts';
import { BTC_USDT_LEVER, CURRENCY_ID } from '../testing/fixtures.ts';

const { USDT, BTC } = CURRENCY_ID;
const now = Date.UTC(2031, 4, 6, 12);

const PAIR: LeverPair = BTC_USDT_LEVER;

describe.each(backends())('money operations under parallel calls on %s', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(backend, { poolSize: 20 });
    await migrate(db);
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });

  const withdraw = (userId: number, currencyId: number, number: string) =>
    requestWithdrawal(db, {
      userId,
      currencyId,
      network: currencyId === BTC ? 'btc' : 'erc20',
      number: new Decimal(number),
      address: '0xabc',
      realName: '',
      bankName: '',
      bankAddress: '',
      nowMs: now,
    });

  it('F1 transfers: 60 × 5 from 100 move exactly 100', async () => {
    const u = await raceUser(db, now, [
      { currencyId: USDT, field: 'change_balance', amount: '100' },
    ]);
    const o = await burst(
      times(60, () =>
        transfer(db, {
          userId: u,
          currencyId: USDT,
          number: new Decimal(5),
          from: 'change',
          to: 'legal',
          nowMs: now,
        }),
      ),
    );
    console.log(`${backend} F1 transfers: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(20);
    expect((await balanceOf(db, u, USDT, 'change_balance')).toFixed()).toBe('0');
    expect((await balanceOf(db, u, USDT, 'legal_balance')).toFixed()).toBe('100');
    await expectLedgerExplainsBalances(db, [u]);
  });

  it('F2 withdrawalDayLimit: 40 × 1 BTC against a day limit of 10', async () => {
    const u = await raceUser(db, now, [
      { currencyId: BTC, field: 'change_balance', amount: '100' },
    ]);
    const o = await burst(times(40, () => withdraw(u, BTC, '1')));
    const filed = await db.query<{ n: number; total: string | null }>(
      'SELECT COUNT(*)::int AS n, SUM(number) AS total FROM withdrawals WHERE user_id = $1',
      [u],
    );
    console.log(`${backend} F2 day limit: ${summary(o)}; ${filed[0]?.n} filed`);
    expect(o.failed).toEqual([]);
    expect(o.ok.length).toBeLessThanOrEqual(10);
    expect(new Decimal(filed[0]?.total ?? '0').lessThanOrEqualTo(10)).toBe(true);
    expect((await balanceOf(db, u, BTC, 'lock_change_balance')).toFixed()).toBe(
      String(o.ok.length),
    );
    await expectLedgerExplainsBalances(db, [u]);
  });

  it('F3 withdrawalDecidedOnce: 20 approvals and 20 rejections at once', async () => {
    const u = await raceUser(db, now, [
      { currencyId: USDT, field: 'change_balance', amount: '100' },
    ]);
    const id = await withdraw(u, USDT, '40');
    const o = await burst(
      mixed(
        times(20, () => decideWithdrawal(db, id, true, '', now)),
        times(20, () => decideWithdrawal(db, id, false, 'no', now)),
      ),
    );
    console.log(`${backend} F3 withdrawal decided: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(1);
    const status = (
      await db.query<{ status: number }>('SELECT status FROM withdrawals WHERE id = $1', [id])
    )[0]?.status;
    expect((await balanceOf(db, u, USDT, 'lock_change_balance')).toFixed()).toBe('0');
    expect((await balanceOf(db, u, USDT, 'change_balance')).toFixed()).toBe(
      status === 1 ? '60' : '100',
    );
    await expectLedgerExplainsBalances(db, [u]);
  });

  it('F4 depositConfirmedOnce: 40 confirmations and 10 rejections at once', async () => {
    const u = await raceUser(db, now);
    const id = await requestDeposit(db, {
      userId: u,
      currencyId: USDT,
      network: '',
      amount: new Decimal('25.5'),
      source: 'default',
      hash: '',
      pic: '/x.png',
      nowMs: now,
    });
    const o = await burst(
      mixed(
        times(40, () => decideDeposit(db, id, true, '', now)),
        times(10, () => decideDeposit(db, id, false, 'no', now)),
      ),
    );
    console.log(`${backend} F4 deposit decided: ${summary(o)}`);
    expect(o.failed).toEqual([]);
    expect(o.ok).toHaveLength(1);
    const status = (
      await db.query<{ status: number }>('SELECT status FROM deposits WHERE id = $1', [id])
    )[0]?.status;
    expect((await balanceOf(db, u, USDT, 'change_balance')).toFixed()).toBe(
      status === 1 ? '25.5' : '0',
    );
    await expectLedgerExplainsBalances(db, [u]);
  });

  const deal = (userId: number, type: 'buy' | 'sell', money: string) =>
    createDeal(db, {
      userId,
      acceptorId: 1,
      type,
      way: 'bank',
      mobile: '1',
      dealAccount: '1',
      money: new Decimal(money),
      nowMs: now,
    });
  const float = async () =>
    new Decimal(
      (await db.query<{ f: string }>('SELECT user_balance AS f FROM acceptors WHERE id = 1'))[0]
        ?.f ?? '0',
    );

  it('F5 acceptorDeals: one open deal per user; each deal completes once', async () => {
    const u = await raceUser(db, now, [
      { currencyId: USDT, field: 'legal_balance', amount: '500' },
    ]);
    const opened = await burst(times(40, () => deal(u, 'sell', '71.5')));
    console.log(`${backend} F5 open deals: ${summary(opened)}`);
    expect(opened.failed).toEqual([]);
    expect(opened.ok).toHaveLength(1);
    const sellId = opened.ok[0] ?? 0;
    await markPaid(db, sellId, now);
    const floatBefore = await float();
    const sold = await burst(
      mixed(
        times(20, () => confirmDeal(db, sellId, u, now)),
        times(20, () => confirmDeal(db, sellId, null, now)),
        times(10, () => rejectDeal(db, sellId, now)),
      ),
    );
    console.log(`${backend} F5 sell deal decided: ${summary(sold)}`);
    expect(sold.failed).toEqual([]);
    expect(sold.ok).toHaveLength(1);
    const sellDone = (
      await db.query<{ s: number }>('SELECT is_sure AS s FROM acceptor_deals WHERE id = $1', [
        sellId,
      ])
    )[0]?.s;
    expect((await float()).minus(floatBefore).toFixed()).toBe(sellDone === 1 ? '10' : '0');
    expect((await balanceOf(db, u, USDT, 'lock_legal_balance')).toFixed()).toBe('0');

    const buyId = await deal(u, 'buy', '72.5');
    const floatAtBuy = await float();
    const bought = await burst(
      mixed(
        times(40, () => confirmDeal(db, buyId, null, now)),
        times(10, () => rejectDeal(db, buyId, now)),
      ),
    );
    console.log(`${backend} F5 buy deal decided: ${summary(bought)}`);
    expect(bought.failed).toEqual([]);
    expect(bought.ok).toHaveLength(1);
    const buyDone = (
      await db.query<{ s: number }>('SELECT is_sure AS s FROM acceptor_deals WHERE id = $1', [
        buyId,
      ])
    )[0]?.s;
    expect(floatAtBuy.minus(await float()).toFixed()).toBe(buyDone === 1 ? '10' : '0');
    const legal = await balanceOf(db, u, USDT, 'legal_balance');
    expect(legal.toFixed()).toBe(
      new Decimal(500)
        .minus(sellDone === 1 ? 10 : 0)
        .plus(buyDone === 1 ? 10 : 0)
        .toFixed(),
    );
    await expectLedgerExplainsBalances(db, [u]);
  });

  it('F6 leverHold: no transfer out of the contract account commits after a position', async () => {
    const lever = new LeverService(
      db,
      () => [PAIR],
      () => new Decimal(67000),
      () => now,
    );
    let late = 0;
    let moved = 0;
    for (let round = 0; round < 4; round++) {
      const u = await raceUser(db, now, [
        { currencyId: USDT, field: 'lever_balance', amount: '1000' },
      ]);
      const submit = () =>
        lever.submit({
          userId: u,
          legalId: USDT,
          currencyId: BTC,
          side: 1,
          share: 1,
          multiple: 10,
          mode: 1,
          targetPrice: null,
          clientId: null,
          stops: { tp: null, sl: null },
          triggerBy: 'mark',
          trail: { rate: null, activation: null },
        });
      const out = () =>
        transfer(db, {
          userId: u,
          currencyId: USDT,
          number: new Decimal(10),
          from: 'lever',
          to: 'change',
          nowMs: now,
        });
      const o = await burst<unknown>([submit, ...times(30, out)]);
      expect(o.failed).toEqual([]);
      const rows = await db.query<{ id: number; memo: string; type: number }>(
        `SELECT id, memo, type FROM account_log WHERE user_id = $1 AND field = 'lever_balance'
         AND type IN (20, 70) ORDER BY id`,
        [u],
      );
      const opened = rows.find((r) => r.type === 70)?.id ?? Infinity;
      late += rows.filter((r) => r.type === 20 && r.id > opened).length;
      moved += rows.filter((r) => r.type === 20).length;
      await expectLedgerExplainsBalances(db, [u]);
    }
    console.log(`${backend} F6 lever hold: ${moved} transfers out, ${late} after a position`);
    expect(late).toBe(0);
  });
});
