// Every notification of deals, decisions and savings written where the money moves (issue 25),
// on PGlite and on PostgreSQL: c2c deals (taken, paid, released, cancelled, expired: each to the
// party who did not act, expiry to both), acceptor deals (the acceptor is the other party),
// the operator's decisions on deposits, withdrawals, identities, loans and repayments, and a
// lock-up order's maturity. Each action is taken through HTTP (the operator's through the
// operator API) or the function its own tests call; each party's list says exactly the kind
// and parameters, the other party and a bystander get nothing, and one pump run pushes each row
// to its owner's room. Dust amounts are told exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { issueToken } from '../accounts/tokens.ts';
import { ADMIN_HEADER } from '../http/admin-auth.ts';
import { c2cLimits } from '../c2c/c2c-rules.ts';
import { TEST_ADMIN_TOKEN } from '../config.ts';
import { backends } from '../db/test-databases.ts';
import { applyLoan, quoteRepayment, requestRepayment } from '../lending/lending.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer, testUser } from '../testing/helpers.ts';
import { notesOf, pumpNotes } from '../testing/notes.ts';
import type { Grant } from '../testing/races.ts';
import { requestDeposit, requestWithdrawal } from '../wallet/funds.ts';

type User = { id: number; token: string };
const auth = (u: User) => ({ authorization: u.token });
const USDT = CURRENCY_ID.USDT;
const DAY_MS = 86_400_000;

describe.each(backends())('deal and decision notifications on %s', (backend) => {
  let s: TestServer;
  let nobody: User;
  let serial = 0;

  const user = (grants: Grant[] = [], approved = true) =>
    testUser(s, `ka-${backend}-${++serial}@bourse.test`, { grants, approved });
  const usdt = (amount: string, field: Grant['field'] = 'change_balance'): Grant => ({
    currencyId: USDT,
    field,
    amount,
  });
  const admin = async (path: string, body: Record<string, string>) => {
    const r = await post(s, `/api/admin/${path}`, body, { [ADMIN_HEADER]: TEST_ADMIN_TOKEN });
    expect(r.type).toBe('ok');
  };
  const newest = async (sql: string, id: number): Promise<number> => {
    const rows = await s.ctx.db.query<{ id: number }>(`${sql} ORDER BY id DESC LIMIT 1`, [id]);
    return rows[0]?.id ?? 0;
  };
  const pushedKinds = async () => (await pumpNotes(s)).map((n) => [n.userId, n.kind]);
  /** A new session at the current clock (tests move it days ahead). */
  const session = async (u: User): Promise<User> => ({
    id: u.id,
    token: await issueToken(s.ctx.db, u.id, s.clock.now),
  });

  beforeAll(async () => {
    s = await startTestServer({ marketTimer: false, backend });
    nobody = await user([usdt('1000')]);
    await s.notes.pump(); // the floor: nothing before this run is pushed
  }, 60_000);

  afterAll(async () => {
    // the clock moved days: a new session to read the bystander's list
    expect(await notesOf(s, await session(nobody))).toEqual([]);
    expect(s.ctx.metrics.internalErrors).toBe(0);
    await s.close();
  });

  // ---- c2c -----------------------------------------------------------------------------------

  /** A c2c user: approved, paid by Alipay, with legal USDT. */
  const trader = async (legal: string) => {
    const u = await user([usdt(legal, 'legal_balance')]);
    const r = await post(
      s,
      '/api/user/cash_save',
      { real_name: `Trader ${u.id}`, alipay_account: `t${u.id}@alipay` },
      auth(u),
    );
    expect(r.type).toBe('ok');
    return u;
  };
  const act = async (u: User, path: string, id: number) =>
    expect((await post(s, `/api/${path}`, { id: String(id) }, auth(u))).type).toBe('ok');
  /** Publishes an ad and another user takes it; the deal's id. */
  const dealOn = async (
    publisher: User,
    taker: User,
    ad: { type: 'buy' | 'sell'; price: string; total_number: string },
  ): Promise<number> => {
    const sent = await post(
      s,
      '/api/c2c_send',
      { ...ad, way: 'ali_pay', currency_id: String(USDT) },
      auth(publisher),
    );
    expect(sent.type).toBe('ok');
    const adId = await newest('SELECT id FROM c2c_ads WHERE seller_id = $1', publisher.id);
    await act(taker, 'c2c/do_legal_deal', adId);
    return newest('SELECT id FROM c2c_deals WHERE ad_id = $1', adId);
  };
  const deal = (kind: string, id: number, amount: string, total: string) => ({
    kind,
    params: { deal_id: String(id), coin: 'USDT', amount, currency: 'CNY', total },
  });

  it('c2c: taken and paid to the seller, released to the buyer', async () => {
    const seller = await trader('100');
    const buyer = await trader('0');
    const id = await dealOn(seller, buyer, { type: 'sell', price: '7.10', total_number: '10' });
    await act(buyer, 'c2c/user_legal_pay', id);
    await act(seller, 'c2c/legal_deal_sure', id);
    expect(await notesOf(s, seller)).toEqual([
      deal('c2c.taken', id, '10', '71'),
      deal('c2c.paid', id, '10', '71'),
    ]);
    expect(await notesOf(s, buyer)).toEqual([deal('c2c.released', id, '10', '71')]);
    expect(await pushedKinds()).toEqual([
      [seller.id, 'c2c.taken'],
      [seller.id, 'c2c.paid'],
      [buyer.id, 'c2c.released'],
    ]);
  });

  it('c2c: a dust buy ad, cancelled by the buyer: the seller side is told', async () => {
    const publisher = await trader('0'); // buys 0.01 USDT at 7.13 CNY
    const taker = await trader('1'); // sells it: frozen, then given back
    const id = await dealOn(publisher, taker, { type: 'buy', price: '7.13', total_number: '0.01' });
    await act(publisher, 'c2c/user_legal_pay_cancel', id);
    expect(await notesOf(s, publisher)).toEqual([deal('c2c.taken', id, '0.01', '0.0713')]);
    expect(await notesOf(s, taker)).toEqual([deal('c2c.cancelled', id, '0.01', '0.0713')]);
    expect(await pushedKinds()).toEqual([
      [publisher.id, 'c2c.taken'],
      [taker.id, 'c2c.cancelled'],
    ]);
  });

  it('c2c: an unpaid deal the exchange cancels is told to both', async () => {
    const seller = await trader('100');
    const buyer = await trader('0');
    const id = await dealOn(seller, buyer, { type: 'sell', price: '6.99', total_number: '3.33' });
    s.clock.now += (await c2cLimits(s.ctx.db)).windowMs + 1000;
    await s.c2c.expire();
    expect(await s.c2c.expire()).toEqual([]);
    const expired = deal('c2c.expired', id, '3.33', '23.2767');
    expect(await notesOf(s, seller)).toEqual([deal('c2c.taken', id, '3.33', '23.2767'), expired]);
    expect(await notesOf(s, buyer)).toEqual([expired]);
    expect(await pushedKinds()).toEqual([
      [seller.id, 'c2c.taken'],
      [buyer.id, 'c2c.expired'],
      [seller.id, 'c2c.expired'],
    ]);
  });

  it('acceptor deals: released, cancelled and paid as the acceptor acts; its self-confirmation is silent', async () => {
    const u = await user([usdt('200', 'legal_balance')]);
    const acceptor = (
      await s.ctx.db.query<{ id: number }>('SELECT MIN(id) AS id FROM acceptors')
    )[0]?.id;
    const open = async (type: 'buy' | 'sell', money: string) => {
      const body = {
        acceptor_id: String(acceptor),
        way: 'bank',
        mobile: '13800138000',
        deal_account: '6222000011112222',
        type,
        money,
      };
      expect((await post(s, '/api/acceptor/deal', body, auth(u))).type).toBe('ok');
      return newest('SELECT id FROM acceptor_deals WHERE user_id = $1', u.id);
    };
    const bought = await open('buy', '725'); // 100 USDT at 7.25
    await admin('acceptor-deal', { id: String(bought), action: 'confirm' });
    const refused = await open('buy', '72.5');
    await admin('acceptor-deal', { id: String(refused), action: 'reject' });
    const sold = await open('sell', '715'); // 100 USDT at 7.15, locked
    await admin('acceptor-deal', { id: String(sold), action: 'paid' });
    s.clock.now += 20 * 60_000 + 1000;
    await get(s, '/api/acceptor/my_deal', auth(u)); // confirms itself now
    const state = await s.ctx.db.query<{ is_sure: number }>(
      'SELECT is_sure FROM acceptor_deals WHERE id = $1',
      [sold],
    );
    expect(state[0]?.is_sure).toBe(1);
    expect(await notesOf(s, u)).toEqual([
      deal('c2c.released', bought, '100', '725'),
      deal('c2c.cancelled', refused, '10', '72.5'),
      deal('c2c.paid', sold, '100', '715'),
    ]);
    expect(await pushedKinds()).toEqual([
      [u.id, 'c2c.released'],
      [u.id, 'c2c.cancelled'],
      [u.id, 'c2c.paid'],
    ]);
  });

  // ---- the operator's decisions --------------------------------------------------------------

  it('deposits and withdrawals: approved and rejected, exact to the dust', async () => {
    const u = await user([usdt('100')]);
    const deposit = async (amount: string) =>
      requestDeposit(s.ctx.db, {
        userId: u.id,
        currencyId: USDT,
        network: '',
        amount: new Decimal(amount),
        source: 'an exchange',
        hash: `0x${amount}`,
        pic: '',
        nowMs: s.clock.now,
      });
    const withdraw = async (amount: string) =>
      requestWithdrawal(s.ctx.db, {
        userId: u.id,
        currencyId: USDT,
        network: 'trc20',
        number: new Decimal(amount),
        address: 'TXYZ1234567890',
        realName: 'A Name',
        bankName: '',
        bankAddress: '',
        nowMs: s.clock.now,
      });
    await admin('deposit', { id: String(await deposit('12.5')), action: 'confirm' });
    await admin('deposit', { id: String(await deposit('0.000001')), action: 'reject' });
    await admin('withdrawal', { id: String(await withdraw('20')), action: 'approve' });
    await admin('withdrawal', { id: String(await withdraw('10.5')), action: 'reject' });
    const money = (kind: string, amount: string, result: string) => ({
      kind,
      params: { currency: 'USDT', amount, result },
    });
    expect(await notesOf(s, u)).toEqual([
      money('wallet.deposit', '12.5', 'approved'),
      money('wallet.deposit', '0.000001', 'rejected'),
      money('wallet.withdrawal', '20', 'approved'),
      money('wallet.withdrawal', '10.5', 'rejected'),
    ]);
    expect((await pumpNotes(s)).map((n) => [n.userId, n.kind, n.params.result])).toEqual([
      [u.id, 'wallet.deposit', 'approved'],
      [u.id, 'wallet.deposit', 'rejected'],
      [u.id, 'wallet.withdrawal', 'approved'],
      [u.id, 'wallet.withdrawal', 'rejected'],
    ]);
  });

  it('identity: the operator’s decision, to its user only', async () => {
    const submit = async (u: User) => {
      await s.ctx.db.query(
        `INSERT INTO identity_submissions (user_id, name, card_id, card_type, front_pic,
           reverse_pic, hand_pic, status, created_at) VALUES ($1, 'A Name', 'X1', 1, '', '', '', 1, $2)`,
        [u.id, new Date(s.clock.now)],
      );
      await s.ctx.db.query('UPDATE users SET review_status = 1 WHERE id = $1', [u.id]);
      return newest('SELECT id FROM identity_submissions WHERE user_id = $1', u.id);
    };
    const yes = await user([], false);
    const no = await user([], false);
    await admin('identity', { id: String(await submit(yes)), action: 'approve' });
    await admin('identity', { id: String(await submit(no)), action: 'reject', reason: 'blurred' });
    expect(await notesOf(s, yes)).toEqual([
      { kind: 'identity.review', params: { result: 'approved' } },
    ]);
    expect(await notesOf(s, no)).toEqual([
      { kind: 'identity.review', params: { result: 'rejected' } },
    ]);
    expect(await pushedKinds()).toEqual([
      [yes.id, 'identity.review'],
      [no.id, 'identity.review'],
    ]);
  });

  it('loans: the decision, and each repayment’s, in what the user sent', async () => {
    const borrower = await user();
    const refused = await user();
    const apply = async (u: User, amount: string) => {
      const form = {
        amount: new Decimal(amount),
        day: 7,
        rate: new Decimal('0.15'),
        tel: '+1 555 0100',
        address: 'Somewhere 1',
        age: 40,
        income: new Decimal(3000),
        country: 'Nowhere',
      };
      return applyLoan(s.ctx.db, u.id, form, s.clock.now);
    };
    const loan = await apply(borrower, '1000');
    await admin('loan', { id: String(loan), action: 'approve' });
    await admin('loan', { id: String(await apply(refused, '150.55')), action: 'reject' });
    const repay = async (coin: 'btc' | 'usdt_trc20') => {
      const q = { userId: borrower.id, orderId: loan, coin, nowMs: s.clock.now };
      const quote = await quoteRepayment(s.ctx.db, {
        ...q,
        prices: { BTC: new Decimal('65000.5') },
      });
      const filed = await requestRepayment(s.ctx.db, {
        ...q,
        quoteId: quote.id,
        image: '/api/upload/voucher.png',
      });
      return { id: filed.id, amount: filed.amount.toFixed() };
    };
    const inBtc = await repay('btc');
    await admin('loan-repayment', { id: String(inBtc.id), action: 'reject' });
    const inUsdt = await repay('usdt_trc20');
    await admin('loan-repayment', { id: String(inUsdt.id), action: 'approve' });
    // 1000 + 1000 × 0.15 % × 7 days = 1010.5 USDT owed; in BTC at 65000.5, rounded up
    expect(inUsdt.amount).toBe('1010.5');
    expect(new Decimal(inBtc.amount).times('65000.5').greaterThanOrEqualTo('1010.5')).toBe(true);
    const note = (kind: string, currency: string, amount: string, result: string) => ({
      kind,
      params: { currency, amount, result },
    });
    expect(await notesOf(s, borrower)).toEqual([
      note('loan.decision', 'USDT', '1000', 'approved'),
      note('loan.repayment', 'BTC', inBtc.amount, 'rejected'),
      note('loan.repayment', 'USDT', '1010.5', 'approved'),
    ]);
    expect(await notesOf(s, refused)).toEqual([
      note('loan.decision', 'USDT', '150.55', 'rejected'),
    ]);
    expect(await pushedKinds()).toEqual([
      [borrower.id, 'loan.decision'],
      [refused.id, 'loan.decision'],
      [borrower.id, 'loan.repayment'],
      [borrower.id, 'loan.repayment'],
    ]);
  });

  // ---- savings -------------------------------------------------------------------------------

  it('lock-up: a matured order tells its principal and all its interest, once', async () => {
    const u = await user([usdt('2000')]);
    const r = await post(
      s,
      '/api/lh/deposit',
      { amount: '1000', currency_id: String(USDT) },
      auth(u),
    );
    expect(r.type).toBe('ok');
    const order = await newest('SELECT id FROM lh_deposit_orders WHERE user_id = $1', u.id);
    s.clock.now += 3 * DAY_MS;
    await s.lockup.settle(); // interest so far: no notification
    expect(await notesOf(s, await session(u))).toEqual([]);
    // a week's term from tomorrow: over once the eighth day begins
    s.clock.now += 5 * DAY_MS;
    await s.lockup.settle();
    expect(await s.lockup.settle()).toEqual([]);
    const log = await s.ctx.db.query<{ total: string; days: number }>(
      'SELECT SUM(interest) AS total, COUNT(*)::int AS days FROM lh_deposit_interest_log WHERE order_id = $1',
      [order],
    );
    expect(log[0]?.days).toBe(7);
    const interest = new Decimal(log[0]?.total ?? '0');
    expect(interest.greaterThan('3.5')).toBe(true); // 0.05 % a day on 1000, compounded
    expect(await notesOf(s, await session(u))).toEqual([
      {
        kind: 'earn.matured',
        params: { currency: 'USDT', amount: '1000', interest: interest.toFixed() },
      },
    ]);
    const balance = await s.ctx.db.query<{ b: string }>(
      'SELECT change_balance AS b FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
      [u.id, USDT],
    );
    expect(new Decimal(balance[0]?.b ?? '0').toFixed()).toBe(interest.plus(2000).toFixed());
    expect(await pushedKinds()).toEqual([[u.id, 'earn.matured']]);
  });
});
