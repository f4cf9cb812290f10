// C2C over HTTP and socket.io against a real server (in-memory PGlite, timers off: the test
// moves the clock and runs the auto-cancel by hand with `s.c2c.expire()`): the 998 / 997
// gates, a sell ad and a buy ad traded between two users with the `c2c_deal` push to the
// counterparty, privacy of the detail, auto-cancel with the daily cancel limit, withdrawal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { Decimal } from '../../src/shared/decimal.ts';
import { issueToken } from '../accounts/tokens.ts';
import { insertUser } from '../accounts/users.ts';
import { SOCKET_PATH } from '../socket/hub.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { Reply, TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer } from '../testing/helpers.ts';
import { saveSetting } from '../wallet/funds.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import type { PageData } from '../http/paging.ts';
import type { AdView, DealView } from './c2c-views.ts';

let s: TestServer;
const USDT = String(CURRENCY_ID.USDT);
const sockets: Socket[] = [];
const users: Record<'a' | 'b' | 'c', { id: number; token: string }> = {
  a: { id: 0, token: '' },
  b: { id: 0, token: '' },
  c: { id: 0, token: '' },
};
const auth = (u: keyof typeof users, lang = 'en') => ({ authorization: users[u].token, lang });

async function newUser(account: string): Promise<{ id: number; token: string }> {
  const id = await insertUser(s.ctx.db, {
    kind: 'email',
    account,
    passwordHash: 'disabled',
    areaCode: null,
    countryCode: null,
    invitedBy: null,
    nowMs: s.clock.now,
  });
  await changeBalance(s.ctx.db, {
    userId: id,
    currencyId: CURRENCY_ID.USDT,
    field: 'legal_balance',
    delta: new Decimal(100),
    type: LOG_TYPE.demoGrant,
    memo: '',
    nowMs: s.clock.now,
  });
  return { id, token: await issueToken(s.ctx.db, id, s.clock.now) };
}

const approve = (u: keyof typeof users) =>
  s.ctx.db.query('UPDATE users SET review_status = 2 WHERE id = $1', [users[u].id]);

const saveCash = (u: keyof typeof users, name: string) =>
  post(
    s,
    '/api/user/cash_save',
    { real_name: name, alipay_account: `${name.toLowerCase()}@alipay` },
    auth(u),
  );

async function legal(u: keyof typeof users): Promise<[string, string]> {
  const rows = await s.ctx.db.query<{ l: string; k: string }>(
    'SELECT legal_balance AS l, lock_legal_balance AS k FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
    [users[u].id, CURRENCY_ID.USDT],
  );
  return [new Decimal(rows[0]?.l ?? '0').toFixed(), new Decimal(rows[0]?.k ?? '0').toFixed()];
}

const send = (u: keyof typeof users, body: Record<string, string>): Promise<Reply> =>
  post(
    s,
    '/api/c2c_send',
    { type: 'sell', way: 'ali_pay', price: '7.10', total_number: '10', currency_id: USDT, ...body },
    auth(u),
  );

async function myNewestAd(u: keyof typeof users): Promise<AdView> {
  const r = await get(s, '/api/c2c/seller_trade', auth(u));
  expect(r.type).toBe('ok');
  const ad = (r.message as PageData<AdView>).data[0];
  if (ad === undefined) throw new Error('no ad');
  return ad;
}

async function openSocket(token: string): Promise<Socket> {
  const c = connect(s.url, { path: SOCKET_PATH, transports: ['websocket'] });
  sockets.push(c);
  await new Promise<void>((resolve) => c.on('connect', () => resolve()));
  await new Promise<void>((resolve) => c.emit('login', { token }, () => resolve()));
  return c;
}

function collect<T>(c: Socket, event: string): T[] {
  const out: T[] = [];
  c.on(event, (m: T) => out.push(m));
  return out;
}

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 250 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
};

beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
  s.clock.now = Date.UTC(2031, 5, 1, 8, 0, 0);
  users.a = await newUser('c2c-a@example.com');
  users.b = await newUser('c2c-b@example.com');
  users.c = await newUser('c2c-c@example.com');
}, 60_000);

afterAll(async () => {
  for (const c of sockets) c.close();
  await s.close();
});

describe('gates', () => {
  it('answers 998 without an approved identity, then 997 without payout details', async () => {
    const r1 = await send('a', {});
    expect(r1.type).toBe('998');
    await approve('a');
    const r2 = await send('a', {});
    expect(r2.type).toBe('997');
    expect(r2.message).toBe('Please add your payout details first.');
    expect((await saveCash('a', 'Alice')).type).toBe('ok');
    await approve('b');
    expect((await saveCash('b', 'Bob')).type).toBe('ok');
  });

  it('validates the ad: legal currency, 2 decimals, positive, enough balance', async () => {
    expect(await send('a', { currency_id: String(CURRENCY_ID.BTC) })).toMatchObject({
      type: 'error',
      message: 'This currency cannot be traded in C2C.',
    });
    expect((await send('a', { total_number: '1.234' })).type).toBe('error');
    expect((await send('a', { price: '0' })).type).toBe('error');
    expect((await send('a', { way: 'cash' })).type).toBe('error');
    expect((await send('a', { total_number: '100.01' })).type).toBe('error');
    expect(await legal('a')).toEqual(['100', '0']);
  });
});

describe('a sell ad', () => {
  it('freezes, is taken whole, paid by the taker, confirmed by the publisher; pushes both', async () => {
    const sockA = await openSocket(users.a.token);
    const sockB = await openSocket(users.b.token);
    const pushesA = collect<{ type: string; deal: DealView }>(sockA, 'c2c_deal');
    const pushesB = collect<{ type: string; deal: DealView }>(sockB, 'c2c_deal');
    const balanceA = collect<unknown>(sockA, 'update_balance');

    expect(await send('a', {})).toEqual({ type: 'ok', message: 'Ad published.' });
    expect(await legal('a')).toEqual(['90', '10']);
    const ad = await myNewestAd('a');

    // the platform: others' open ads, pageData form, masked name
    const visitor = await get(s, `/api/c2c_deal_platform?type=sell&currency_id=${USDT}&page=1`);
    const list = visitor.message as PageData<AdView>;
    expect(list).toMatchObject({ page: 1, pages: 1, total: 1 });
    expect(list.data[0]).toMatchObject({
      id: ad.id,
      seller_name: 'c2***@example.com',
      surplus_number: '10.00',
      price: '7.10',
      way: 'ali_pay',
      way_name: 'Alipay',
      currency_name: 'USDT',
    });
    const own = await get(s, '/api/c2c_deal_platform?type=sell', auth('a'));
    expect((own.message as PageData<AdView>).total).toBe(0);

    expect((await post(s, '/api/c2c/do_legal_deal', { id: String(ad.id) }, auth('a'))).type).toBe(
      'error',
    );
    const taken = await post(s, '/api/c2c/do_legal_deal', { id: String(ad.id) }, auth('b'));
    expect(taken.type).toBe('ok');
    const { msg, data } = taken.message as { msg: string; data: DealView };
    expect(typeof msg).toBe('string');
    expect(data).toMatchObject({
      type: 'sell',
      number: '10.00',
      price: '7.10',
      deal_money: '71.00',
      is_sure: 0,
      is_seller: 0,
      side: 'buy',
      currency_name: 'USDT',
      way_name: 'Alipay',
      hes_realname: 'Alice',
      sell_cash_info: { real_name: 'Alice', alipay_account: 'alice@alipay' },
      user_cash_info: { real_name: 'Bob' },
      deadline: s.clock.now + 15 * 60_000,
      server_time: s.clock.now,
    });
    await until(() => pushesA.length >= 1);
    expect(pushesA[0]).toMatchObject({ type: 'c2c_deal', deal: { id: data.id, is_seller: 1 } });
    expect(pushesA[0]?.deal.side).toBe('sell');

    // the ad is gone from the platform; only the buyer pays, only the seller confirms
    const after = await get(s, '/api/c2c_deal_platform?type=sell');
    expect((after.message as PageData<AdView>).total).toBe(0);
    const id = { id: String(data.id) };
    expect((await post(s, '/api/c2c/user_legal_pay', id, auth('a'))).type).toBe('error');
    expect((await post(s, '/api/c2c/legal_deal_sure', id, auth('a'))).type).toBe('error');
    expect((await post(s, '/api/c2c/user_legal_pay', id, auth('b'))).type).toBe('ok');
    await until(() => pushesA.length >= 2);
    expect(pushesA[1]?.deal.is_sure).toBe(3);
    expect((await post(s, '/api/c2c/user_legal_pay_cancel', id, auth('b'))).type).toBe('error');
    expect((await post(s, '/api/c2c/legal_deal_user_sure', id, auth('a'))).type).toBe('error');
    expect((await post(s, '/api/c2c/legal_deal_sure', id, auth('b'))).type).toBe('error');
    expect(await post(s, '/api/c2c/legal_deal_sure', id, auth('a'))).toEqual({
      type: 'ok',
      message: 'Receipt confirmed. The order is complete.',
    });
    expect(await legal('a')).toEqual(['90', '0']);
    expect(await legal('b')).toEqual(['110', '0']);
    await until(() => pushesB.some((p) => p.deal.is_sure === 1) && balanceA.length >= 1);
    expect(pushesB.map((p) => p.deal.is_sure)).toEqual([0, 3, 1]);
    expect(balanceA.length).toBeGreaterThan(0);

    // the detail: the parties only
    expect((await get(s, `/api/c2c_deal?id=${data.id}`, auth('b'))).message).toMatchObject({
      is_sure: 1,
    });
    await approve('c');
    expect((await get(s, `/api/c2c_deal?id=${data.id}`, auth('c'))).type).toBe('error');
    const orders = await get(s, `/api/c2c/legal_send_deal_list?id=${ad.id}`, auth('a'));
    expect((orders.message as PageData<DealView>).data.map((d) => d.id)).toEqual([data.id]);
    expect((await get(s, `/api/c2c/legal_send_deal_list?id=${ad.id}`, auth('b'))).type).toBe(
      'error',
    );
  });

  it('answers 997 to a taker without payout details, 998 without identity', async () => {
    await send('a', { total_number: '1' });
    const ad = await myNewestAd('a');
    const r = await post(s, '/api/c2c/do_legal_deal', { id: String(ad.id) }, auth('c'));
    expect(r.type).toBe('997');
    await s.ctx.db.query('UPDATE users SET review_status = 0 WHERE id = $1', [users.c.id]);
    expect((await post(s, '/api/c2c/do_legal_deal', { id: String(ad.id) }, auth('c'))).type).toBe(
      '998',
    );
    // withdrawing refunds the frozen amount
    expect(await legal('a')).toEqual(['89', '1']);
    expect((await post(s, '/api/c2c/back_send', { id: String(ad.id) }, auth('b'))).type).toBe(
      'error',
    );
    expect(await post(s, '/api/c2c/back_send', { id: String(ad.id) }, auth('a'))).toEqual({
      type: 'ok',
      message: 'Ad withdrawn.',
    });
    expect(await legal('a')).toEqual(['90', '0']);
    expect((await post(s, '/api/c2c/back_send', { id: String(ad.id) }, auth('a'))).type).toBe(
      'error',
    );
  });
});

describe('a buy ad', () => {
  it('freezes the taker, is paid by the publisher and confirmed by the taker', async () => {
    expect((await send('b', { type: 'buy', total_number: '5', price: '7' })).type).toBe('ok');
    expect(await legal('b')).toEqual(['110', '0']);
    const ad = await myNewestAd('b');
    const platform = await get(s, '/api/c2c_deal_platform?type=buy', auth('a'));
    expect((platform.message as PageData<AdView>).data.map((x) => x.id)).toEqual([ad.id]);
    const taken = await post(s, '/api/c2c/do_legal_deal', { id: String(ad.id) }, auth('a'));
    const deal = (taken.message as { data: DealView }).data;
    expect(deal).toMatchObject({ type: 'buy', is_seller: 0, side: 'sell', deal_money: '35.00' });
    expect(await legal('a')).toEqual(['85', '5']);
    const id = { id: String(deal.id) };
    expect((await post(s, '/api/c2c/user_legal_pay', id, auth('a'))).type).toBe('error');
    expect((await post(s, '/api/c2c/user_legal_pay', id, auth('b'))).type).toBe('ok');
    expect((await post(s, '/api/c2c/legal_deal_sure', id, auth('a'))).type).toBe('error');
    expect((await post(s, '/api/c2c/legal_deal_user_sure', id, auth('a'))).type).toBe('ok');
    expect(await legal('a')).toEqual(['85', '0']);
    expect(await legal('b')).toEqual(['115', '0']);

    const mine = await get(s, '/api/c2c_user_deal?page=1', auth('a'));
    const rows = (mine.message as PageData<DealView>).data;
    expect(rows.map((d) => [d.type, d.is_seller, d.is_sure])).toEqual([
      ['buy', 0, 1],
      ['sell', 1, 1],
    ]);
    const done = await get(s, '/api/c2c_user_deal?is_sure=0', auth('a'));
    expect((done.message as PageData<DealView>).total).toBe(0);
  });
});

describe('auto-cancel and the daily limit', () => {
  it('cancels unpaid deals after 15 minutes, counts them, refuses the 4th buy ad', async () => {
    const sockA = await openSocket(users.a.token);
    const pushes = collect<{ deal: DealView }>(sockA, 'c2c_deal');
    expect((await send('b', { type: 'buy', total_number: '2', price: '7' })).type).toBe('ok');
    const ad = await myNewestAd('b');
    for (let i = 0; i < 3; i++) {
      const r = await post(s, '/api/c2c/do_legal_deal', { id: String(ad.id) }, auth('a'));
      expect(r.type).toBe('ok');
      expect(await legal('a')).toEqual(['83', '2']);
      s.clock.now += 14 * 60_000;
      expect(await s.c2c.expire()).toEqual([]);
      s.clock.now += 60_000;
      expect((await s.c2c.expire()).length).toBe(1);
      expect(await legal('a')).toEqual(['85', '0']);
    }
    await until(() => pushes.filter((p) => p.deal.is_sure === 2).length >= 3);
    expect(await get(s, '/api/c2c/limits', auth('b'))).toEqual({
      type: 'ok',
      message: { cancel_today: 3, cancel_limit: 3, pay_minutes: 15 },
    });
    expect((await get(s, '/api/c2c/limits', auth('a'))).message).toMatchObject({
      cancel_today: 0,
    });
    const limited = await send('b', { type: 'buy', total_number: '1', price: '7' });
    expect(limited).toEqual({
      type: 'error',
      message: 'You have cancelled 3 orders today; C2C trading is restricted until tomorrow.',
    });
    // the canceller was the buyer side (b), not a
    expect((await send('a', { type: 'buy', total_number: '1', price: '7' })).type).toBe('ok');
    s.clock.now += 86_400_000;
    // tokens live a day
    users.a.token = await issueToken(s.ctx.db, users.a.id, s.clock.now);
    users.b.token = await issueToken(s.ctx.db, users.b.id, s.clock.now);
    expect((await send('b', { type: 'buy', total_number: '1', price: '7' })).type).toBe('ok');
    expect((await get(s, '/api/c2c/limits', auth('b'))).message).toMatchObject({
      cancel_today: 0,
    });
  });

  it('lists the legal currencies', async () => {
    const r = await get(s, '/api/currency/list', auth('a'));
    expect(r).toEqual({ type: 'ok', message: { legal: [{ id: CURRENCY_ID.USDT, name: 'USDT' }] } });
  });
});

describe('the pay way (issue 20)', () => {
  const more: Record<'d' | 'e', { id: number; token: string }> = {
    d: { id: 0, token: '' },
    e: { id: 0, token: '' },
  };
  const as = (u: 'd' | 'e', lang = 'en') => ({ authorization: more[u].token, lang });
  const balanceOf = async (id: number): Promise<[string, string]> => {
    const rows = await s.ctx.db.query<{ l: string; k: string }>(
      'SELECT legal_balance AS l, lock_legal_balance AS k FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
      [id, CURRENCY_ID.USDT],
    );
    return [new Decimal(rows[0]?.l ?? '0').toFixed(), new Decimal(rows[0]?.k ?? '0').toFixed()];
  };

  beforeAll(async () => {
    more.d = await newUser('c2c-d@example.com');
    more.e = await newUser('c2c-e@example.com');
    for (const u of [more.d, more.e])
      await s.ctx.db.query('UPDATE users SET review_status = 2 WHERE id = $1', [u.id]);
    // d can be paid by WeChat only
    const saved = await post(
      s,
      '/api/user/cash_save',
      { real_name: 'Dan', wechat_account: 'dan-wx', wechat_nickname: 'Dan W' },
      as('d'),
    );
    expect(saved.type).toBe('ok');
  });

  it('refuses to sell into an Alipay buy ad without Alipay details, naming the way (997)', async () => {
    expect((await send('b', { type: 'buy', total_number: '3', price: '7.2' })).type).toBe('ok');
    const ad = await myNewestAd('b');
    expect(ad).toMatchObject({ type: 'buy', way: 'ali_pay' });
    const refused = await post(s, '/api/c2c/do_legal_deal', { id: String(ad.id) }, as('d'));
    expect(refused).toEqual({
      type: '997',
      message:
        'This buyer pays by Alipay: add an Alipay account to your payout details to sell to this ad.',
    });
    const zh = await post(s, '/api/c2c/do_legal_deal', { id: String(ad.id) }, as('d', 'zh'));
    expect(zh.type).toBe('997');
    expect(zh.message).toContain('支付宝');
    // nothing frozen, no deal, the ad still open on the platform
    expect(await balanceOf(more.d.id)).toEqual(['100', '0']);
    const platform = await get(s, '/api/c2c_deal_platform?type=buy', as('d'));
    expect((platform.message as PageData<AdView>).data.map((x) => x.id)).toContain(ad.id);
    const deals = await get(s, '/api/c2c_user_deal', as('d'));
    expect((deals.message as PageData<DealView>).total).toBe(0);

    // with an Alipay account the sale goes through; the buyer sees Alipay only
    expect(
      (
        await post(
          s,
          '/api/user/cash_save',
          {
            real_name: 'Dan',
            alipay_account: 'dan@alipay',
            wechat_account: 'dan-wx',
            wechat_nickname: 'Dan W',
          },
          as('d'),
        )
      ).type,
    ).toBe('ok');
    const taken = await post(s, '/api/c2c/do_legal_deal', { id: String(ad.id) }, as('d'));
    expect(taken.type).toBe('ok');
    const deal = (taken.message as { data: DealView }).data;
    expect(deal).toMatchObject({ type: 'buy', way: 'ali_pay', side: 'sell' });
    const seen = (await get(s, `/api/c2c_deal?id=${deal.id}`, auth('b'))).message as DealView;
    expect(seen.side).toBe('buy');
    // the buyer pays to the ad's way, never another
    expect(seen.user_cash_info).toEqual({
      real_name: 'Dan',
      bank_name: '',
      bank_account: '',
      alipay_account: 'dan@alipay',
      wechat_nickname: '',
      wechat_account: '',
    });
    expect(
      (await post(s, '/api/c2c/user_legal_pay_cancel', { id: String(deal.id) }, auth('b'))).type,
    ).toBe('ok');
    expect(await balanceOf(more.d.id)).toEqual(['100', '0']);
  });

  it('refuses a sell ad paid by a way its publisher has no details for (997)', async () => {
    expect(
      (
        await post(
          s,
          '/api/user/cash_save',
          { real_name: 'Eve', bank_name: 'Bank of E', bank_account: '6222000099990000' },
          as('e'),
        )
      ).type,
    ).toBe('ok');
    const body = { type: 'sell', price: '7.1', total_number: '4', currency_id: USDT };
    const refused = await post(s, '/api/c2c_send', { ...body, way: 'we_chat' }, as('e'));
    expect(refused).toEqual({
      type: '997',
      message:
        'You are paid by WeChat for this ad: add a WeChat account to your payout details first.',
    });
    expect(await balanceOf(more.e.id)).toEqual(['100', '0']);
    // a buy ad pays by the way: the publisher needs no account for it
    expect(
      (await post(s, '/api/c2c_send', { ...body, type: 'buy', way: 'we_chat' }, as('e'))).type,
    ).toBe('ok');
    expect((await post(s, '/api/c2c_send', { ...body, way: 'bank' }, as('e'))).type).toBe('ok');
    expect(await balanceOf(more.e.id)).toEqual(['96', '4']);
  });

  it('refuses to buy from a sell ad whose publisher can no longer be paid by its way', async () => {
    const mine = await get(s, '/api/c2c/seller_trade?type=sell', as('e'));
    const ad = (mine.message as PageData<AdView>).data[0];
    expect(ad).toMatchObject({ way: 'bank', is_done: 0 });
    // e drops the bank card after publishing
    expect(
      (
        await post(
          s,
          '/api/user/cash_save',
          { real_name: 'Eve', alipay_account: 'eve@alipay' },
          as('e'),
        )
      ).type,
    ).toBe('ok');
    const refused = await post(s, '/api/c2c/do_legal_deal', { id: String(ad?.id) }, as('d'));
    expect(refused).toEqual({
      type: 'error',
      message: 'This seller can no longer be paid by bank card. Please choose another ad.',
    });
    expect(await balanceOf(more.e.id)).toEqual(['96', '4']);
  });
});

describe('the payment deadline (ADR 0051)', () => {
  it('is fixed when the deal is taken: a shorter window later neither cancels it early nor moves it', async () => {
    const seller = await newUser('c2c-deadline-s@example.com');
    const buyer = await newUser('c2c-deadline-b@example.com');
    const as = (u: { token: string }) => ({ authorization: u.token, lang: 'en' });
    for (const [u, name] of [
      [seller, 'Sam'],
      [buyer, 'Bea'],
    ] as const) {
      await s.ctx.db.query('UPDATE users SET review_status = 2 WHERE id = $1', [u.id]);
      const cash = { real_name: name, alipay_account: `${name.toLowerCase()}@alipay` };
      expect((await post(s, '/api/user/cash_save', cash, as(u))).type).toBe('ok');
    }
    const sell = { type: 'sell', way: 'ali_pay', price: '7.10', total_number: '5' };
    const take = async (): Promise<DealView> => {
      expect(
        (await post(s, '/api/c2c_send', { ...sell, currency_id: USDT }, as(seller))).type,
      ).toBe('ok');
      const mine = await get(s, '/api/c2c/seller_trade', as(seller));
      const ad = (mine.message as PageData<AdView>).data[0];
      const taken = await post(s, '/api/c2c/do_legal_deal', { id: String(ad?.id) }, as(buyer));
      expect(taken.type).toBe('ok');
      return (taken.message as { data: DealView }).data;
    };
    const detail = async (id: number) =>
      (await get(s, `/api/c2c_deal?id=${id}`, as(buyer))).message as DealView;
    const setWindow = (minutes: string) =>
      saveSetting(s.ctx.db, 'user_legal_deal_cancel_time', minutes);

    await setWindow('15');
    const first = await take();
    const promised = s.clock.now + 15 * 60_000;
    expect(first.deadline).toBe(promised);
    // the operator shortens the window to 1 minute; 2 minutes later the deal is still open, and
    // its deadline is the one the buyer was shown
    await setWindow('1');
    s.clock.now += 2 * 60_000;
    expect(await s.c2c.expire()).toEqual([]);
    expect(await detail(first.id)).toMatchObject({ is_sure: 0, deadline: promised });
    // at the promised deadline it is cancelled
    s.clock.now = promised;
    expect((await s.c2c.expire()).length).toBe(1);
    expect((await detail(first.id)).is_sure).toBe(2);
    // a deal taken after the change has the new window
    const second = await take();
    expect(second.deadline).toBe(s.clock.now + 60_000);
    s.clock.now += 60_000;
    expect((await s.c2c.expire()).length).toBe(1);
    expect((await detail(second.id)).is_sure).toBe(2);
    await setWindow('15');
  });
});
