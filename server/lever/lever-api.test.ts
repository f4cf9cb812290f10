// Leveraged contracts over HTTP and socket.io against a real server (in-memory PGlite, timers
// off: the test sets prices through the simulator's last candle and runs the risk tick by hand).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { Decimal } from '../../src/shared/decimal.ts';
import { issueToken } from '../accounts/tokens.ts';
import { insertUser } from '../accounts/users.ts';
import { SOCKET_PATH } from '../socket/hub.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { TestServer } from '../testing/helpers.ts';
import { post, startTestServer } from '../testing/helpers.ts';

let s: TestServer;
let token: string;
let userId: number;
const BTC = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };
let mark = new Decimal('67000');

interface Position {
  id: number;
  status: number;
  price: string;
  profits: string;
  caution_money: string;
  trade_fee: string;
  number: string;
  target_profit_price: string;
  stop_loss_price: string;
}

async function lever(): Promise<{ free: Decimal; locked: Decimal }> {
  const rows = await s.ctx.db.query<{ a: string; l: string }>(
    'SELECT lever_balance AS a, lock_lever_balance AS l FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
    [userId, CURRENCY_ID.USDT],
  );
  return { free: new Decimal(rows[0]?.a ?? 0), locked: new Decimal(rows[0]?.l ?? 0) };
}

async function list(status: number): Promise<Position[]> {
  const r = await post(
    s,
    '/api/lever/my_trade',
    { ...BTC, status: String(status) },
    { authorization: token },
  );
  return (r.message as { message: { data: Position[] } }).message.data;
}

const submit = (form: Record<string, string>) =>
  post(
    s,
    '/api/lever/submit',
    { ...BTC, multiple: '10', type: '1', ...form },
    { authorization: token },
  );

beforeAll(async () => {
  s = await startTestServer({ marketTimer: false, simOff: true });
  // the test owns the price: the lever service reads it through its price source
  Object.assign(s.lever, { priceOf: (id: number) => (id === 1 ? mark : null) });
  userId = await insertUser(s.ctx.db, {
    kind: 'email',
    account: 'lever-api@example.com',
    passwordHash: 'x',
    areaCode: null,
    countryCode: null,
    invitedBy: null,
    nowMs: s.clock.now,
  });
  token = await issueToken(s.ctx.db, userId, s.clock.now);
  await s.ctx.db.query(
    `INSERT INTO users_wallet (user_id, currency_id, lever_balance) VALUES ($1, $2, 10000)`,
    [userId, CURRENCY_ID.USDT],
  );
  await s.ctx.db.query(
    `INSERT INTO account_log (user_id, currency_id, field, delta, before, after, type, memo, created_at)
     VALUES ($1, $2, 'lever_balance', 10000, 0, 10000, 1, 'grant', now())`,
    [userId, CURRENCY_ID.USDT],
  );
}, 60_000);

afterAll(async () => {
  await s.close();
});

describe('lever over HTTP', () => {
  it('the deal panel lists multiples, hand presets, limits and the cost terms', async () => {
    const r = await post(s, '/api/lever/deal', BTC, { authorization: token });
    expect(r.type).toBe('ok');
    expect(r.message).toMatchObject({
      lever_share_limit: { min: 1, max: 500 },
      multiple: {
        muit: [{ value: 5 }, { value: 10 }, { value: 20 }, { value: 50 }, { value: 100 }],
      },
      // money moves at the mark; the last trade is what screens show (api-contract decision 10)
      mark_price: '67000.00',
      last_price: new Decimal(s.ctx.market.lastPrice(1) ?? 0).dividedBy(100).toFixed(2),
      user_lever: '10000',
      lever_share_num: '0.01',
      spread: '0.01',
      lever_trade_fee: '0.1',
      burst_hazard_rate: '10',
    });
  });

  it('refuses an unverified user (998), then checks hands, multiple and limit prices', async () => {
    expect((await submit({ share: '1' })).type).toBe('998');
    await s.ctx.db.query('UPDATE users SET review_status = 2 WHERE id = $1', [userId]);
    expect((await submit({ share: '0' })).type).toBe('error');
    expect((await submit({ share: '1.5' })).message).toBe(
      'The number of hands must be a positive whole number.',
    );
    expect((await submit({ share: '501' })).message).toBe('More than the maximum of 500 hands.');
    expect((await submit({ share: '1', multiple: '7' })).message).toBe(
      'This multiple is not available for this pair.',
    );
    // prices in messages: the pair's decimals, the reader's separators (issue 20)
    expect((await submit({ share: '1', status: '0', target_price: '68000' })).message).toBe(
      'A limit long must be below the mark price (67,000.00 USDT).',
    );
    const german = await post(
      s,
      '/api/lever/submit',
      { ...BTC, multiple: '10', type: '2', share: '1', status: '0', target_price: '66000' },
      { authorization: token, lang: 'de' },
    );
    expect(german.message).toBe(
      'Ein Limit-Verkaufsauftrag (Short) muss über dem Markpreis (67.000,00 USDT) liegen.',
    );
    expect((await submit({ share: '400', multiple: '5' })).message).toMatch(
      /^USDT balance insufficient/,
    );
    expect((await lever()).free.toFixed()).toBe('10000');
  });

  it('opens a long with margin and fee exact, marks it, sets stops and closes at take-profit', async () => {
    const r = await submit({ share: '10', client_id: 'abc' });
    expect(r.type).toBe('ok');
    // the reply says what happened: opened at its open price, the mark plus the spread
    const opened =
      'Long opened: 10 hands at 10×, open price 67,006.70 USDT (the mark price 67,000.00 plus the 0.01% spread).';
    expect((r.message as { text: string }).text).toBe(opened);
    const again = await submit({ share: '10', client_id: 'abc' });
    expect((again.message as { repeated: boolean }).repeated).toBe(true);
    expect((again.message as { text: string }).text).toBe(opened);
    const [p] = await list(1);
    // price 67000 + 0.01 % = 67006.7; value = 67006.7 × 0.1 = 6700.67; margin /10; fee 0.1 %
    expect(p).toMatchObject({
      price: '67006.7',
      number: '0.1',
      caution_money: '670.067',
      trade_fee: '6.70067',
    });
    expect((await lever()).free.toFixed()).toBe(
      new Decimal(10000).minus('670.067').minus('6.70067').toFixed(),
    );
    expect((await lever()).locked.toFixed()).toBe('670.067');
    const refused = await post(
      s,
      '/api/wallet/change',
      {
        currency_id: String(CURRENCY_ID.USDT),
        number: '1',
        from_field: 'lever',
        to_field: 'change',
      },
      { authorization: token },
    );
    expect(refused.type).toBe('error');
    const bad = await post(
      s,
      '/api/lever/setstop',
      { id: String(p?.id), target_profit_price: '66000', stop_loss_price: '60000' },
      { authorization: token },
    );
    expect(bad.message).toMatch(/take-profit must be above/);
    const ok = await post(
      s,
      '/api/lever/setstop',
      { id: String(p?.id), target_profit_price: '68000', stop_loss_price: '60000' },
      { authorization: token },
    );
    expect(ok.type).toBe('ok');
    mark = new Decimal('67500');
    await s.leverRunner.step();
    expect((await list(1))[0]?.profits).toBe(
      new Decimal('67500').minus('67006.7').times('0.1').toFixed(),
    );
    mark = new Decimal('68000');
    await s.leverRunner.step();
    const [closed] = await list(3);
    expect(closed?.id).toBe(p?.id);
    const profit = new Decimal('68000').minus('67006.7').times('0.1');
    expect(closed?.profits).toBe(profit.toFixed());
    const w = await lever();
    expect(w.locked.isZero()).toBe(true);
    expect(w.free.toFixed()).toBe(new Decimal(10000).minus('6.70067').plus(profit).toFixed());
  });

  it('a limit order rests, activates when the price reaches it, and a pending one is revoked with a refund', async () => {
    mark = new Decimal('67000');
    const before = await lever();
    expect((await submit({ share: '2', status: '0', target_price: '66000' })).type).toBe('ok');
    const one = await submit({ share: '1', status: '0', target_price: '65000' });
    expect((one.message as { text: string }).text).toBe(
      'Limit long placed: 1 hand at 10×. It opens when the mark price reaches 65,000.00 USDT, at 65,006.50 USDT with the 0.01% spread.',
    );
    const pending = await list(0);
    expect(pending.length).toBe(2);
    mark = new Decimal('65900');
    await s.leverRunner.step();
    expect((await list(0)).length).toBe(1);
    expect((await list(1)).length).toBe(1);
    const rest = (await list(0))[0];
    expect(
      (await post(s, '/api/lever/cancel', { id: String(rest?.id) }, { authorization: token })).type,
    ).toBe('ok');
    expect((await list(4)).length).toBe(1);
    const held = (await list(1))[0];
    const w = await lever();
    expect(w.locked.toFixed()).toBe(new Decimal(held?.caution_money ?? 0).toFixed());
    expect(
      w.free
        .plus(w.locked)
        .plus(held?.trade_fee ?? 0)
        .toFixed(),
    ).toBe(before.free.toFixed());
  });

  it('pushes lever_trade to the owner only; batch close closes the longs', async () => {
    const mine: Socket = connect(s.url, {
      path: SOCKET_PATH,
      auth: { token },
      transports: ['websocket'],
    });
    const other: Socket = connect(s.url, { path: SOCKET_PATH, transports: ['websocket'] });
    const got: Record<string, unknown>[] = [];
    const leaked: unknown[] = [];
    mine.on('lever_trade', (m: Record<string, unknown>) => got.push(m));
    other.on('lever_trade', (m: unknown) => leaked.push(m));
    await new Promise((r) => setTimeout(r, 300));
    await s.leverRunner.step();
    await new Promise((r) => setTimeout(r, 200));
    expect(got.length).toBeGreaterThan(0);
    expect(leaked).toEqual([]);
    const push = got[0] ?? {};
    expect(push).toMatchObject({
      type: 'lever_trade',
      to: userId,
      legal_id: CURRENCY_ID.USDT,
      currency_id: CURRENCY_ID.BTC,
    });
    expect(JSON.parse(String(push.trades_all)).length).toBe(1);
    expect(Number(push.hazard_rate)).toBeGreaterThan(100);
    const r = await post(s, '/api/lever/batch_close', { type: '1' }, { authorization: token });
    expect(r).toEqual({ type: 'ok', message: '1 position closed.' });
    expect((await list(1)).length).toBe(0);
    mine.close();
    other.close();
  });

  it('after the user closes everything, the risk figures follow: none open, no P&L, a last push', async () => {
    mark = new Decimal('67000');
    const mine: Socket = connect(s.url, {
      path: SOCKET_PATH,
      auth: { token },
      transports: ['websocket'],
    });
    const got: Record<string, unknown>[] = [];
    mine.on('lever_trade', (m: Record<string, unknown>) => got.push(m));
    await new Promise((r) => setTimeout(r, 300));
    const risk = async () =>
      (
        (await post(s, '/api/lever/my_trade', { ...BTC, status: '1' }, { authorization: token }))
          .message as { rate_profits_total: Record<string, unknown> }
      ).rate_profits_total;
    expect((await submit({ share: '1' })).type).toBe('ok');
    mark = new Decimal('66900'); // a loss, marked by the tick
    await s.leverRunner.step();
    expect(await risk()).toMatchObject({ open_positions: 1 });
    expect(Number((await risk()).profits_total)).toBeLessThan(0);
    got.length = 0;
    const r = await post(s, '/api/lever/batch_close', { type: '0' }, { authorization: token });
    expect(r).toEqual({ type: 'ok', message: '1 position closed.' });
    // the positions ended outside the tick: their last push comes at once, with nothing open
    for (let i = 0; i < 100 && got.length === 0; i++) await new Promise((w) => setTimeout(w, 20));
    expect(got.length).toBeGreaterThan(0);
    const last = got.at(-1) ?? {};
    expect(JSON.parse(String(last.trades_all))).toEqual([]);
    expect(last).toMatchObject({ profits_all: '0', caution_money_all: '0' });
    expect(await risk()).toEqual({ hazard_rate: '0.00', profits_total: '0', open_positions: 0 });
    // and the tick after it has nothing more to say to this user
    got.length = 0;
    await s.leverRunner.step();
    await new Promise((w) => setTimeout(w, 100));
    expect(got).toEqual([]);
    mine.close();
  });

  it('liquidates at the line: all positions of the quote currency, at once', async () => {
    mark = new Decimal('67000');
    await s.ctx.db.query(
      'UPDATE users_wallet SET lever_balance = 0 WHERE user_id = $1 AND currency_id = $2',
      [userId, CURRENCY_ID.USDT],
    );
    await s.ctx.db.query(
      `UPDATE users_wallet SET lever_balance = 1000 WHERE user_id = $1 AND currency_id = $2`,
      [userId, CURRENCY_ID.USDT],
    );
    expect((await submit({ share: '10', multiple: '100' })).type).toBe('ok'); // margin 67.0067
    const rate = await post(s, '/api/lever/dealall', BTC, { authorization: token });
    expect(Number((rate.message as { hazard_rate: string }).hazard_rate)).toBeGreaterThan(100);
    // lose about all of the free balance and 95 % of the margin
    mark = new Decimal('57000');
    await s.leverRunner.step();
    expect((await list(1)).length).toBe(0);
    const log = await post(
      s,
      '/api/account/list',
      { page: '1', limit: '3' },
      { authorization: token },
    );
    expect(JSON.stringify(log.message)).toContain('Contract liquidated');
  });

  it('charges the overnight fee once per day, from the margin first', async () => {
    await s.ctx.db.query(
      'UPDATE users_wallet SET lever_balance = 5000 WHERE user_id = $1 AND currency_id = $2',
      [userId, CURRENCY_ID.USDT],
    );
    mark = new Decimal('67000');
    expect((await submit({ share: '10' })).type).toBe('ok');
    const [p] = await list(1);
    s.clock.now += 86_400_000;
    token = await issueToken(s.ctx.db, userId, s.clock.now); // a token lives one day
    mark = new Decimal('68000');
    await s.leverRunner.night();
    // the position's value at the mark, not at its open price
    const fee = mark
      .times(p?.number ?? 0)
      .times('0.05')
      .dividedBy(100);
    const [after] = await list(1);
    expect(after?.caution_money).toBe(new Decimal(p?.caution_money ?? 0).minus(fee).toFixed());
    await s.leverRunner.night();
    expect((await list(1))[0]?.caution_money).toBe(after?.caution_money);
  });
});
