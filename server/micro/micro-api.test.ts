// Second contracts over HTTP and socket.io against a real server (in-memory PGlite, timers off:
// the test moves the clock, sets prices through the market's trade record and settles by hand
// with `s.micro.settle()`): durations, payment currencies, the identity gate, validation
// messages, the countdown, settlement with the private `closed_microorder` push, idempotency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { Decimal } from '../../src/shared/decimal.ts';
import type { LogItem, PagedList } from '../../src/shared/wire.ts';
import { issueToken } from '../accounts/tokens.ts';
import { insertUser } from '../accounts/users.ts';
import { SOCKET_PATH } from '../socket/hub.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { Reply, TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer } from '../testing/helpers.ts';
import type { MicroOrderOut, MicroPage } from './micro-views.ts';

let s: TestServer;
let demo: string;
let demoId: number;
let other: string;
let otherId: number;
const sockets: Socket[] = [];

const BTC = 1; // BTC/USDT, price_precision 2
const USDT = CURRENCY_ID.USDT;
const auth = (token: string) => ({ authorization: token });

let mark = '67000.00';
/** Sets BTC/USDT's mark price, which the test owns (the service reads it through `priceOf`). */
function setPrice(p: string): void {
  mark = p;
}

const submit = (token: string, body: Record<string, string>, lang = 'en'): Promise<Reply> =>
  post(
    s,
    '/api/microtrade/submit',
    {
      match_id: String(BTC),
      currency_id: String(USDT),
      type: '1',
      seconds: '30',
      number: '100',
      ...body,
    },
    { ...auth(token), lang },
  );

async function microBalance(userId: number): Promise<string> {
  const rows = await s.ctx.db.query<{ b: string }>(
    'SELECT micro_balance AS b FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
    [userId, USDT],
  );
  return new Decimal(rows[0]?.b ?? '0').toFixed();
}

async function list(token: string, query = '', lang = 'en'): Promise<MicroPage> {
  const r = await get(s, `/api/microtrade/lists?${query}`, { ...auth(token), lang });
  expect(r.type).toBe('ok');
  return r.message as MicroPage;
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
  // whole seconds: the countdown's arithmetic is then exact
  s.clock.now = Math.ceil(s.clock.now / 1000) * 1000 + 1000;
  const login = await post(s, '/api/user/login', {
    user_string: 'demo@bourse.local',
    password: 'demo1234',
    type: '1',
  });
  demo = String(login.message);
  demoId = ((await get(s, '/api/user/info', auth(demo))).message as { id: number }).id;
  // the demo account is approved from the start (issue 18): this test checks the gate with it
  await s.ctx.db.query('UPDATE users SET review_status = 0 WHERE id = $1', [demoId]);
  otherId = await insertUser(s.ctx.db, {
    kind: 'email',
    account: 'micro2@example.com',
    passwordHash: 'disabled',
    areaCode: null,
    countryCode: null,
    invitedBy: null,
    nowMs: s.clock.now,
  });
  other = await issueToken(s.ctx.db, otherId, s.clock.now);
  Object.assign(s.micro, { priceOf: (id: number) => (id === BTC ? new Decimal(mark) : null) });
  setPrice('67000.00');
}, 60_000);

afterAll(async () => {
  for (const c of sockets) c.close();
  await s.close();
});

describe('configuration', () => {
  it('lists the enabled durations with their profit ratios; none is an error with []', async () => {
    const r = await get(s, '/api/microtrade/seconds');
    expect(r.type).toBe('ok');
    const rows = r.message as Array<{ id: number; seconds: number; profit_ratio: string }>;
    expect(rows.map((x) => [x.seconds, x.profit_ratio])).toEqual([
      [30, '85'],
      [60, '85'],
      [180, '85'],
      [300, '80'],
      [600, '80'],
      [900, '75'],
    ]);
    expect(typeof rows[0]?.id).toBe('number');
    await s.ctx.db.query('UPDATE micro_seconds SET status = 0');
    try {
      expect(await get(s, '/api/microtrade/seconds')).toEqual({ type: 'error', message: [] });
    } finally {
      await s.ctx.db.query('UPDATE micro_seconds SET status = 1');
    }
  });

  it('lists the payable currencies, with the micro wallet for a logged-in user', async () => {
    const visitor = await get(s, '/api/microtrade/payable_currencies');
    expect(visitor).toEqual({
      type: 'ok',
      message: [
        {
          id: USDT,
          name: 'USDT',
          micro_trade_fee: '1',
          micro_min: '10',
          micro_max: '10000',
          micro_holdtrade_max: 10,
          micro_numbers: ['10', '50', '100', '500', '1000'].map((number) => ({ number })),
          insurance_types: [],
          user_insurance: null,
          user_wallet: null,
        },
      ],
    });
    const user = await get(s, '/api/microtrade/payable_currencies', auth(demo));
    const [usdt] = user.message as Array<{ user_wallet: unknown }>;
    expect(usdt?.user_wallet).toEqual({
      currency: USDT,
      micro_balance: '1000',
      lock_micro_balance: '0',
      insurance_balance: '0',
      micro_with_insurance: '1000',
    });
  });
});

describe('placing', () => {
  it('needs a login and an approved identity (998)', async () => {
    expect((await submit('nope', {})).type).toBe('999');
    expect(await submit(demo, {})).toEqual({
      type: '998',
      message: 'Please complete identity verification first.',
    });
    expect((await get(s, '/api/microtrade/lists')).type).toBe('999');
    await s.ctx.db.query('UPDATE users SET review_status = 2 WHERE id = $1', [demoId]);
  });

  it('refuses bad input with localized messages, in the contract’s order, and charges nothing', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ number: '15' }, 'The amount must be a multiple of 10.'],
      [{ number: '0' }, 'The minimum amount is 10.'],
      // below the minimum or above the maximum: said so, whatever the multiple (issue 20)
      [{ number: '5' }, 'The minimum amount is 10.'],
      [{ number: '10010' }, 'The maximum amount is 10,000.'],
      [{ number: '10005' }, 'The maximum amount is 10,000.'],
      [{ number: '10.5' }, 'The amount must be a whole number.'],
      [{ number: 'abc' }, 'Enter the amount as digits, with a point for decimals.'],
      [{ number: '1e3' }, 'Enter the amount as digits, with a point for decimals.'],
      [{ number: '1000000000000000' }, 'Too large: at most 1,000,000,000,000.'],
      [{ number: '' }, 'Please choose an amount.'],
      [{ seconds: '45' }, 'This contract duration is not available.'],
      [{ match_id: '7' }, 'Second contracts are not open for this pair.'],
      [
        { currency_id: String(CURRENCY_ID.BTC) },
        'Second contracts cannot be paid with this currency.',
      ],
      [{ match_id: '7', number: '15' }, 'Second contracts are not open for this pair.'],
      [{ type: '3' }, 'The field “type” is not valid.'],
      [{ number: '1000' }, 'USDT balance insufficient: 1,010 needed (amount 1,000 + fee 10).'],
    ];
    for (const [body, message] of cases)
      expect(await submit(demo, body), JSON.stringify(body)).toEqual({ type: 'error', message });
    expect(await submit(demo, { number: '15' }, 'zh')).toEqual({
      type: 'error',
      message: '金额必须是 10 的整数倍。',
    });
    // numbers in the reader's format
    expect(await submit(demo, { number: '10005' }, 'de')).toEqual({
      type: 'error',
      message: 'Der Höchstbetrag beträgt 10.000.',
    });
    expect(await submit(demo, { number: '5' }, 'ru')).toEqual({
      type: 'error',
      message: 'Минимальная сумма — 10.',
    });
    expect(await microBalance(demoId)).toBe('1000');
    expect((await list(demo)).total).toBe(0);
  });

  it('places at the current price exactly, debits stake and fee, and counts down', async () => {
    const placedAt = s.clock.now;
    const r = await submit(demo, { client_id: 'order-1' });
    expect(r.type).toBe('ok');
    const o = r.message as MicroOrderOut;
    expect(o).toMatchObject({
      match_id: BTC,
      currency_id: USDT,
      type: 1,
      seconds: 30,
      number: '100',
      open_price: '67000',
      end_price: '67000',
      profit_ratio: '85',
      fee: '1',
      status: 1,
      profit_result: 0,
      fact_profits: '0',
      complete_at: null,
      currency_name: 'USDT',
      symbol_name: 'BTC/USDT',
      type_name: 'Up',
      status_name: 'Trading',
      profit_result_name: 'None',
      show_micro_id: o.id + 10000,
      remain_milli_seconds: 31300,
      end_time: placedAt + 30_000,
      server_time: placedAt,
    });
    expect(o.created_at).toBe(new Date(placedAt).toISOString().slice(0, 19).replace('T', ' '));
    expect(o.handled_at).toBe(
      new Date(placedAt + 30_000).toISOString().slice(0, 19).replace('T', ' '),
    );
    expect(await microBalance(demoId)).toBe('899');

    s.clock.now = placedAt + 10_000;
    expect((await list(demo, 'status=1')).data[0]?.remain_milli_seconds).toBe(21_300);
    s.clock.now = placedAt + 29_500;
    expect((await list(demo, 'status=1')).data[0]?.remain_milli_seconds).toBe(2_300);
    expect(await s.micro.settle()).toEqual([]); // not due yet
    s.clock.now = placedAt + 30_000;
    expect((await list(demo, 'status=1')).data[0]?.remain_milli_seconds).toBe(0);
  });

  it('a repeated client_id returns the first order and places nothing', async () => {
    const again = await submit(demo, { client_id: 'order-1', number: '500', type: '2' });
    expect(again.type).toBe('ok');
    const first = (await list(demo)).data[0];
    expect((again.message as MicroOrderOut).id).toBe(first?.id);
    expect((again.message as MicroOrderOut).number).toBe('100');
    expect(await microBalance(demoId)).toBe('899');
    expect((await list(demo)).total).toBe(1);
  });
});

describe('settlement', () => {
  it('settles at the price at expiry, credits a win and pushes the full order to the owner only', async () => {
    const mine = await openSocket(demo);
    const theirs = await openSocket(other);
    const closed = collect<{ type: string; to: number; data: MicroOrderOut }>(
      mine,
      'closed_microorder',
    );
    const balance = collect<{ type: string }>(mine, 'update_balance');
    const leaked = collect<unknown>(theirs, 'closed_microorder');
    setPrice('67000.50');
    const settled = await s.micro.settle();
    expect(settled).toHaveLength(1);
    await until(() => closed.length >= 1 && balance.length >= 1);
    const push = closed[0];
    expect(push?.type).toBe('closed_microorder');
    expect(push?.to).toBe(demoId);
    expect(push?.data).toMatchObject({
      id: settled[0]?.id,
      status: 3,
      profit_result: 1,
      open_price: '67000',
      end_price: '67000.5',
      fact_profits: '85',
      status_name: 'Closed',
      profit_result_name: 'Profit',
      remain_milli_seconds: 0,
      show_micro_id: (settled[0]?.id ?? 0) + 10000,
    });
    expect(push?.data.complete_at).toBe(
      new Date(s.clock.now).toISOString().slice(0, 19).replace('T', ' '),
    );
    expect(balance[0]).toEqual({ type: `update_balance_${demoId}` });
    expect(leaked).toEqual([]);
    expect(await microBalance(demoId)).toBe('1084'); // 899 + 100 × 1.85
    expect(await s.micro.settle()).toEqual([]); // once only
  });

  it('a down order at an unchanged price is even: the stake comes back, the fee stays', async () => {
    const r = await submit(demo, { type: '2', seconds: '60', number: '50' });
    expect(r.type).toBe('ok');
    expect(await microBalance(demoId)).toBe('1033.5');
    s.clock.now += 60_000;
    const [o] = await s.micro.settle();
    expect(o).toMatchObject({ profit_result: 0, fact_profits: '0', end_price: '67000.5' });
    expect(await microBalance(demoId)).toBe('1083.5');
  });

  it('lists finished orders newest first, localized, paged; the ledger explains each row', async () => {
    const page = await list(demo, 'status=3&limit=1&page=2', 'zh');
    expect(page).toMatchObject({ current_page: 2, per_page: 1, last_page: 2, total: 2 });
    expect(page.from).toBe(2);
    expect(page.to).toBe(2);
    expect(page.data[0]).toMatchObject({
      type_name: '涨',
      status_name: '已平仓',
      profit_result_name: '盈利',
    });
    expect((await list(demo, 'status=1')).total).toBe(0);
    expect((await list(demo, 'match_id=2')).total).toBe(0);
    expect((await list(demo, `match_id=${BTC}&status=-1`)).total).toBe(2);
    // a page size beyond the largest is clamped (decision 11); a non-number is refused
    const clamped = await get(s, '/api/microtrade/lists?limit=51', auth(demo));
    expect((clamped.message as { per_page: number }).per_page).toBe(50);
    expect((await get(s, '/api/microtrade/lists?limit=x', auth(demo))).type).toBe('error');
    const first = page.data[0]?.show_micro_id ?? 0;
    const log = await post(
      s,
      '/api/wallet/legal_log',
      { type: '4', currency: String(USDT), page: '1' },
      auth(demo),
    );
    const items = (log.message as PagedList<LogItem>).list.filter((i) =>
      i.info.includes(`#${first}`),
    );
    expect(items.map((i) => [i.info, i.value])).toEqual([
      [`Second contract #${first} won: amount and profit`, '185'],
      [`Second contract #${first}: fee`, '-1'],
      [`Second contract #${first}: amount`, '-100'],
    ]);
  });
});
