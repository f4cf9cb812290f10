// Lock-up savings over HTTP against a real server (in-memory PGlite, timers off: the test moves
// the clock and runs the daily job by hand with `s.lockup.settle()`): the product cards, the
// 999 gate, validation messages, deposit and the add-and-re-tier rule, daily compounding,
// interest withdrawal, early cancel with its fee, maturity, paging and the ledger explanations.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import type { LogItem, PagedList } from '../../src/shared/wire.ts';
import { issueToken } from '../accounts/tokens.ts';
import { TEST_ADMIN_TOKEN } from '../config.ts';
import { insertUser } from '../accounts/users.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { Reply, TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer } from '../testing/helpers.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import type { LockupOrderPage, LockupProductView } from './lockup-views.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2030, 0, 10, 10, 0, 0); // 2030-01-10 10:00 UTC
const { USDT, BTC } = CURRENCY_ID;

let s: TestServer;
const users = { a: { id: 0, token: '' }, b: { id: 0, token: '' }, poor: { id: 0, token: '' } };
type Who = keyof typeof users;
const auth = (u: Who, lang = 'en') => ({ authorization: users[u].token, lang });

/** Moves the clock and issues fresh tokens (they live one day). */
async function at(ms: number): Promise<void> {
  s.clock.now = ms;
  for (const u of Object.values(users)) u.token = await issueToken(s.ctx.db, u.id, ms);
}

async function newUser(account: string, grants: Array<[number, string]>): Promise<number> {
  const id = await insertUser(s.ctx.db, {
    kind: 'email',
    account,
    passwordHash: 'disabled',
    areaCode: null,
    countryCode: null,
    invitedBy: null,
    nowMs: s.clock.now,
  });
  for (const [currencyId, amount] of grants)
    await changeBalance(s.ctx.db, {
      userId: id,
      currencyId,
      field: 'change_balance',
      delta: new Decimal(amount),
      type: LOG_TYPE.demoGrant,
      memo: '',
      nowMs: s.clock.now,
    });
  return id;
}

async function balance(u: Who, currencyId: number = USDT): Promise<string> {
  const rows = await s.ctx.db.query<{ b: string }>(
    'SELECT change_balance AS b FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
    [users[u].id, currencyId],
  );
  return new Decimal(rows[0]?.b ?? '0').toFixed();
}

const deposit = (u: Who, body: Record<string, string>, lang = 'en'): Promise<Reply> =>
  post(s, '/api/lh/deposit', body, auth(u, lang));

async function orders(u: Who, query = ''): Promise<LockupOrderPage> {
  const r = await get(s, `/api/lh/deposit/order?${query}`, auth(u));
  expect(r.type).toBe('ok');
  return r.message as LockupOrderPage;
}

async function products(): Promise<LockupProductView[]> {
  const r = await get(s, '/api/lh/deposit/config');
  expect(r.type).toBe('ok');
  return r.message as LockupProductView[];
}

beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
  s.clock.now = T0;
  users.a.id = await newUser('lock-a@example.com', [
    [USDT, '100000'],
    [BTC, '5'],
  ]);
  users.b.id = await newUser('lock-b@example.com', [[USDT, '100000']]);
  users.poor.id = await newUser('lock-poor@example.com', [[USDT, '150']]);
  await at(T0);
}, 60_000);

afterAll(async () => {
  await s.close();
});

describe('products', () => {
  it('lists every product with currency, range, term, daily rate, progress and cancel fee', async () => {
    const list = await products();
    expect(
      list.map((p) => [p.currency_name, p.save_min, p.save_max, p.day, p.interest_rate]),
    ).toEqual([
      ['USDT', '100', '5000', 7, '0.05'],
      ['USDT', '5000', '50000', 30, '0.08'],
      ['USDT', '50000', '500000', 90, '0.12'],
      ['BTC', '0.01', '1', 15, '0.03'],
      ['BTC', '1', '10', 60, '0.05'],
      ['ETH', '0.1', '10', 15, '0.04'],
      ['ETH', '10', '200', 60, '0.06'],
    ]);
    expect(list[0]).toEqual({
      id: list[0]?.id,
      currency_id: USDT,
      currency_name: 'USDT',
      currency_logo: '',
      image: '',
      save_min: '100',
      save_max: '5000',
      day: 7,
      interest_rate: '0.05',
      total_rate: '0.35',
      quota: '2000000',
      sold: '0',
      tempo: '0',
      cancel_fee: '2',
      sort: 1,
    });
  });
});

describe('the gate and validation', () => {
  it('answers 999 without a valid token', async () => {
    expect((await post(s, '/api/lh/deposit', { amount: '100' })).type).toBe('999');
    expect((await get(s, '/api/lh/deposit/order')).type).toBe('999');
    expect((await post(s, '/api/lh/deposit/order/cancel', { id: '1' })).type).toBe('999');
    const r = await post(
      s,
      '/api/lh/deposit/withdraw',
      { id: '1', amount: '1' },
      { authorization: 'x' },
    );
    expect(r.type).toBe('999');
  });

  it('refuses bad input with localized messages and charges nothing', async () => {
    const [p1] = await products();
    const c1 = String(p1?.id);
    const cases: Array<[Who, Record<string, string>, string]> = [
      ['a', {}, 'Please enter an amount.'],
      ['a', { amount: 'abc' }, 'Please enter an amount above 0.'],
      ['a', { amount: '0' }, 'Please enter an amount above 0.'],
      ['a', { amount: '-5', config_id: c1 }, 'Please enter an amount above 0.'],
      ['a', { amount: '100', config_id: '999' }, 'This lock-up product does not exist.'],
      ['a', { amount: '100', config_id: 'x' }, 'The field “config_id” is not valid.'],
      ['a', { amount: '50', config_id: c1 }, 'The amount must be between 100 and 5000 USDT.'],
      ['a', { amount: '5000.01', config_id: c1 }, 'The amount must be between 100 and 5000 USDT.'],
      ['a', { amount: '1000000000' }, 'No lock-up product accepts this amount.'],
      ['a', { amount: '50', currency_id: String(USDT) }, 'No lock-up product accepts this amount.'],
      [
        'a',
        { amount: '99.9999999', config_id: c1 },
        'The amount must be between 100 and 5000 USDT.',
      ],
      ['a', { amount: '200.0000001', config_id: c1 }, 'USDT amounts allow at most 6 decimals.'],
      ['poor', { amount: '200', config_id: c1 }, 'Insufficient USDT balance in your spot account.'],
    ];
    for (const [u, body, message] of cases)
      expect(await deposit(u, body), JSON.stringify(body)).toEqual({ type: 'error', message });
    expect(await deposit('a', { amount: '50', config_id: c1 }, 'zh')).toEqual({
      type: 'error',
      message: '金额必须在 100 到 5000 USDT 之间。',
    });
    expect(await balance('a')).toBe('100000');
    expect(await balance('poor')).toBe('150');
    expect((await orders('a')).total).toBe(0);
    // a page size beyond the largest is clamped (decision 11); a non-number is refused
    expect((await get(s, '/api/lh/deposit/order?limit=51', auth('a'))).type).toBe('ok');
    expect((await get(s, '/api/lh/deposit/order?limit=x', auth('a'))).type).toBe('error');
    expect((await get(s, '/api/lh/deposit/order?status=3', auth('a'))).type).toBe('error');
    expect((await get(s, '/api/lh/deposit/order?page=abc', auth('a'))).type).toBe('error');
  });
});

describe('a deposit’s life', () => {
  let orderId = 0;

  it('deposits into the chosen product: start tomorrow, end after the term, shouyi ignored', async () => {
    const [p1] = await products();
    const r = await deposit('a', { config_id: String(p1?.id), amount: '1000', shouyi: '999999' });
    expect(r).toEqual({ type: 'ok', message: 'Deposit successful: 1000 USDT locked.' });
    expect(await balance('a')).toBe('99000');
    const page = await orders('a');
    expect(page).toMatchObject({ total: 1, page: 1, pages: 1, total_interest: '0' });
    const o = page.order_list[0];
    orderId = o?.id ?? 0;
    expect(o).toEqual({
      id: orderId,
      currency_id: USDT,
      currency_name: 'USDT',
      config_id: p1?.id,
      amount: '1000',
      lock_amount: '1000',
      day_rate: '0.0005',
      interest_rate: '0.05',
      day: 7,
      total_interest: '0',
      withdraw_amount: '0',
      withdrawable: '0',
      cancel_fee: '20',
      shouyi: '3.5',
      start_at: '2030-01-11 00:00:00',
      end_at: '2030-01-18 00:00:00',
      status: 1,
      is_cancel: 0,
      created_at: '2030-01-10 10:00:00',
    });
    expect((await products())[0]).toMatchObject({ sold: '1000', tempo: '0.05' });
  });

  it('a second deposit in the currency is added to the running order and re-tiered', async () => {
    const r = await deposit('a', { amount: '4500', currency_id: String(USDT) });
    expect(r.type).toBe('ok');
    const page = await orders('a');
    expect(page.total).toBe(1);
    expect(page.order_list[0]).toMatchObject({
      id: orderId,
      amount: '5500',
      lock_amount: '5500',
      day_rate: '0.0008', // 5500 is in the 5000–50000 tier
      day: 7,
      end_at: '2030-01-18 00:00:00',
    });
    expect(await balance('a')).toBe('94500');
  });

  it('credits a day’s interest once the day is over, compounded, exactly once', async () => {
    await at(T0 + DAY); // 2030-01-11 10:00: the first day is running
    expect(await s.lockup.settle()).toEqual([]);
    await at(T0 + 2 * DAY); // 2030-01-12 10:00: 2030-01-11 is over
    const done = await s.lockup.settle();
    expect(done).toEqual([{ orderId, userId: users.a.id, days: 1, matured: false }]);
    expect(await s.lockup.settle()).toEqual([]);
    const o = (await orders('a')).order_list[0];
    expect(o).toMatchObject({ amount: '5504.4', total_interest: '4.4', withdrawable: '4.4' });
    const log = await s.ctx.db.query<{ day: Date; amount: string; interest: string }>(
      'SELECT day, amount, interest FROM lh_deposit_interest_log WHERE order_id = $1',
      [orderId],
    );
    expect(
      log.map((l) => [
        new Date(l.day).toISOString(),
        new Decimal(l.amount).toFixed(),
        new Decimal(l.interest).toFixed(),
      ]),
    ).toEqual([['2030-01-11T00:00:00.000Z', '5500', '4.4']]);
  });

  it('withdraws earned interest only, to the spot balance', async () => {
    const over = await post(
      s,
      '/api/lh/deposit/withdraw',
      { id: String(orderId), amount: '4.41' },
      auth('a'),
    );
    expect(over).toEqual({
      type: 'error',
      message: 'Please enter an amount above 0 and at most 4.4 USDT (the interest earned so far).',
    });
    const ok = await post(
      s,
      '/api/lh/deposit/withdraw',
      { id: String(orderId), amount: '4' },
      auth('a'),
    );
    expect(ok).toEqual({ type: 'ok', message: '4 USDT of interest moved to your spot account.' });
    expect(await balance('a')).toBe('94504');
    expect((await orders('a')).order_list[0]).toMatchObject({
      amount: '5500.4',
      withdraw_amount: '4',
      withdrawable: '0.4',
    });
    const theirs = await post(
      s,
      '/api/lh/deposit/withdraw',
      { id: String(orderId), amount: '0.1' },
      auth('b'),
    );
    expect(theirs).toEqual({ type: 'error', message: 'This lock-up deposit does not exist.' });
  });

  it('a command settles the days the job has not settled yet', async () => {
    await at(T0 + 3 * DAY); // 2030-01-12 is over, nobody ran the job
    const r = await post(
      s,
      '/api/lh/deposit/withdraw',
      { id: String(orderId), amount: '0.4' },
      auth('a'),
    );
    expect(r.type).toBe('ok');
    // 5500.4 × 0.0008 = 4.40032
    expect((await orders('a')).order_list[0]).toMatchObject({
      amount: '5504.40032',
      total_interest: '8.80032',
      withdraw_amount: '4.4',
    });
  });

  it('early cancel pays amount − lock_amount × 2 % and ends the order', async () => {
    const spy = vi.spyOn(s.ctx.notify, 'balance');
    const theirs = await post(
      s,
      '/api/lh/deposit/order/cancel',
      { id: String(orderId) },
      auth('b'),
    );
    expect(theirs).toEqual({ type: 'error', message: 'This lock-up deposit does not exist.' });
    const r = await post(s, '/api/lh/deposit/order/cancel', { id: String(orderId) }, auth('a'));
    // 5504.40032 − 5500 × 2 / 100
    expect(r).toEqual({
      type: 'ok',
      message: 'Deposit cancelled: 5394.40032 USDT returned to your spot account (fee 110 USDT).',
    });
    expect(spy).toHaveBeenCalledWith(users.a.id);
    spy.mockRestore();
    expect(await balance('a')).toBe(new Decimal('94504.4').plus('5394.40032').toFixed());
    const o = (await orders('a', 'status=2&is_cancel=1')).order_list[0];
    expect(o).toMatchObject({
      id: orderId,
      status: 2,
      is_cancel: 1,
      cancel_fee: '110',
      shouyi: '8.80032',
      withdrawable: '0',
    });
    const again = await post(s, '/api/lh/deposit/order/cancel', { id: String(orderId) }, auth('a'));
    expect(again).toEqual({ type: 'error', message: 'This lock-up deposit has already ended.' });
    expect((await post(s, '/api/lh/deposit/order/cancel', { id: '0' }, auth('a'))).type).toBe(
      'error',
    );
    expect(await s.lockup.settle()).toEqual([]);
  });

  it('matures after the term: the whole compounded amount back, status 2, update_balance', async () => {
    const btc = (await products()).find((p) => p.currency_name === 'BTC' && p.day === 15);
    const r = await deposit('a', { config_id: String(btc?.id), amount: '0.5' });
    expect(r.type).toBe('ok');
    expect(await balance('a', BTC)).toBe('4.5');
    const id = (await orders('a', 'status=1')).order_list[0]?.id ?? 0;
    await at(s.clock.now + 10 * DAY);
    await s.lockup.settle();
    const spy = vi.spyOn(s.ctx.notify, 'balance');
    await at(s.clock.now + 10 * DAY);
    const done = await s.lockup.settle();
    expect(done).toEqual([{ orderId: id, userId: users.a.id, days: 6, matured: true }]);
    expect(spy).toHaveBeenCalledWith(users.a.id);
    spy.mockRestore();
    // 15 days at 0.03 % a day, each day rounded down to 8 decimals
    let amount = new Decimal('0.5');
    for (let d = 0; d < 15; d++)
      amount = amount.plus(amount.times('0.0003').toDecimalPlaces(8, Decimal.ROUND_DOWN));
    expect(await balance('a', BTC)).toBe(amount.plus('4.5').toFixed());
    const o = (await orders('a')).order_list.find((x) => x.id === id);
    expect(o).toMatchObject({ status: 2, is_cancel: 0, cancel_fee: '0', amount: amount.toFixed() });
    expect(o?.total_interest).toBe(amount.minus('0.5').toFixed());
    expect(
      (await post(s, '/api/lh/deposit/order/cancel', { id: String(id) }, auth('a'))).type,
    ).toBe('error');
  });

  it('explains every ledger row', async () => {
    const log = await post(
      s,
      '/api/wallet/legal_log',
      { type: '2', currency: String(USDT), page: '1' },
      auth('a'),
    );
    const items = (log.message as PagedList<LogItem>).list.filter((i) =>
      i.info.includes(`#${orderId}`),
    );
    expect(items.map((i) => [i.info, i.value])).toEqual([
      [`Lock-up deposit #${orderId} cancelled early, fee deducted`, '5394.40032'],
      [`Lock-up deposit #${orderId}: interest withdrawn`, '0.4'],
      [`Lock-up deposit #${orderId}: interest withdrawn`, '4'],
      [`Lock-up deposit #${orderId}`, '-4500'],
      [`Lock-up deposit #${orderId}`, '-1000'],
    ]);
    const zh = await post(
      s,
      '/api/wallet/legal_log',
      { type: '2', currency: String(BTC), page: '1' },
      auth('a', 'zh'),
    );
    expect((zh.message as PagedList<LogItem>).list[0]?.info).toMatch(
      /^锁仓#\d+到期：本金和利息已退回$/,
    );
  });
});

describe('paging', () => {
  it('lists newest first, 20 a page, with status and is_cancel filters', async () => {
    for (let i = 0; i < 23; i++) {
      expect(
        (await deposit('b', { amount: String(100 + i), currency_id: String(USDT) })).type,
      ).toBe('ok');
      const id = (await orders('b', 'status=1')).order_list[0]?.id ?? 0;
      expect(
        (await post(s, '/api/lh/deposit/order/cancel', { id: String(id) }, auth('b'))).type,
      ).toBe('ok');
    }
    expect((await deposit('b', { amount: '1000', currency_id: String(USDT) })).type).toBe('ok');
    const p1 = await orders('b');
    expect(p1).toMatchObject({ total: 24, page: 1, pages: 2 });
    expect(p1.order_list).toHaveLength(20);
    expect(p1.order_list[0]?.amount).toBe('1000');
    expect(p1.order_list[1]?.amount).toBe('122');
    const p2 = await orders('b', 'page=2');
    expect(p2.order_list.map((o) => o.amount)).toEqual(['103', '102', '101', '100']);
    expect((await orders('b', 'limit=10&page=3')).order_list).toHaveLength(4);
    expect(await orders('b', 'status=1')).toMatchObject({ total: 1, pages: 1 });
    expect(await orders('b', 'is_cancel=1&status=')).toMatchObject({ total: 23 });
    expect(await orders('b', 'is_cancel=0')).toMatchObject({ total: 1 });
    expect((await orders('b', 'page=9')).order_list).toEqual([]);
  });
});

describe('operator', () => {
  it('sets the early-cancel fee (0–100 %) through the operator API', async () => {
    const admin = { 'x-admin-token': TEST_ADMIN_TOKEN };
    const set = (value: string) =>
      post(s, '/api/admin/setting', { key: 'cancel_deposit_fee', value }, admin);
    expect((await set('101')).type).toBe('error');
    expect((await set('-1')).type).toBe('error');
    expect((await set('12.5')).type).toBe('ok');
    expect((await products())[0]?.cancel_fee).toBe('12.5');
    const running = (await orders('b', 'status=1')).order_list[0];
    expect(running).toMatchObject({ lock_amount: '1000', cancel_fee: '125' });
    expect((await set('2')).type).toBe('ok');
  });
});
