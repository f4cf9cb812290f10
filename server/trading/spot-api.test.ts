// Spot over HTTP and socket.io against a real server (in-memory PGlite, timers off: the test
// drives the market makers and the publisher by hand).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { Decimal } from '../../src/shared/decimal.ts';
import type {
  EntrustRow,
  HistoryRow,
  MarketDepthDeltaPush,
  MarketDepthPush,
  MarketDetailPush,
  PagedList,
  SpotDeal,
  TradeHistoryItem,
  TransactionPush,
} from '../../src/shared/wire.ts';
import { issueToken } from '../accounts/tokens.ts';
import { insertUser } from '../accounts/users.ts';
import { SOCKET_PATH } from '../socket/hub.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import type { TestServer } from '../testing/helpers.ts';
import { get, post, startTestServer } from '../testing/helpers.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';

let s: TestServer;
let demo: string;
let demoId: number;
let other: string;
let otherId: number;
const BTC = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };

async function stepMakers(n = 1): Promise<void> {
  for (let i = 0; i < n; i++) await s.makers?.step();
  await s.spot.idle();
}

async function balances(token: string): Promise<{ legal: Decimal; currency: Decimal }> {
  const r = await post(s, '/api/transaction/deal', BTC, { authorization: token });
  const m = r.message as SpotDeal;
  return { legal: new Decimal(m.user_legal), currency: new Decimal(m.user_currency) };
}

async function wallet(userId: number, currencyId: number) {
  const rows = await s.ctx.db.query<{ change_balance: string; lock_change_balance: string }>(
    'SELECT change_balance, lock_change_balance FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
    [userId, currencyId],
  );
  return {
    available: new Decimal(rows[0]?.change_balance ?? '0'),
    locked: new Decimal(rows[0]?.lock_change_balance ?? '0'),
  };
}

beforeAll(async () => {
  s = await startTestServer({ marketTimer: false });
  const login = await post(s, '/api/user/login', {
    user_string: 'demo@bourse.local',
    password: 'demo1234',
    type: '1',
  });
  demo = String(login.message);
  const info = await get(s, '/api/user/info', { authorization: demo });
  demoId = (info.message as { id: number }).id;
  otherId = await insertUser(s.ctx.db, {
    kind: 'email',
    account: 'trader2@example.com',
    passwordHash: 'disabled',
    areaCode: null,
    countryCode: null,
    invitedBy: null,
    nowMs: s.clock.now,
  });
  await s.ctx.db.transaction(async (tx) => {
    for (const [currencyId, amount] of [
      [CURRENCY_ID.USDT, '50000'],
      [CURRENCY_ID.BTC, '2'],
    ] as const) {
      await changeBalance(tx, {
        userId: otherId,
        currencyId,
        field: 'change_balance',
        delta: new Decimal(amount),
        type: LOG_TYPE.demoGrant,
        memo: 'test grant',
        nowMs: s.clock.now,
      });
    }
  });
  other = await issueToken(s.ctx.db, otherId, s.clock.now);
  await stepMakers(8);
}, 60_000);

afterAll(async () => {
  await s.close();
});

describe('spot orders', () => {
  it('the makers quote a real book around the fair value', async () => {
    const r = await post(s, '/api/transaction/deal', BTC);
    expect(r.type).toBe('ok');
    const m = r.message as SpotDeal;
    expect(m.in.length).toBe(5);
    expect(m.out.length).toBe(5);
    const bestBid = new Decimal(m.in[0]?.price ?? 0);
    const bestAsk = new Decimal(m.out[m.out.length - 1]?.price ?? 0);
    expect(bestBid.lessThan(bestAsk)).toBe(true);
    // out is listed in descending price
    expect(new Decimal(m.out[0]?.price ?? 0).greaterThan(bestAsk)).toBe(true);
    expect(m.user_legal).toBe('0');
    expect(new Decimal(m.cny_price).greaterThan(0)).toBe(true);
  });

  it('a limit order rests with its funds locked, and cancelling gives them back', async () => {
    const before = await wallet(demoId, CURRENCY_ID.USDT);
    const r = await post(
      s,
      '/api/transaction/in',
      { ...BTC, price: '1000', num: '0.01', mode: '2' },
      { authorization: demo },
    );
    expect(r).toEqual({ type: 'ok', message: 'Order placed: 0.0100 BTC at 1,000.00 USDT.' });
    const mid = await wallet(demoId, CURRENCY_ID.USDT);
    expect(mid.available.toFixed()).toBe(before.available.minus(10).toFixed());
    expect(mid.locked.toFixed()).toBe(before.locked.plus(10).toFixed());
    const list = (
      await post(
        s,
        '/api/transaction_in',
        { currency_id: BTC.currency_id },
        { authorization: demo },
      )
    ).message as PagedList<EntrustRow>;
    expect(list.total).toBe(1);
    const row = list.list[0];
    expect(row).toMatchObject({
      type: 'in',
      price: '1000.00',
      number: '0.0100',
      total_number: '0.0100',
      complete_number: '0.0000',
      currency_name: 'BTC',
      legal_name: 'USDT',
    });
    const del = await post(
      s,
      '/api/transaction_del',
      { id: String(row?.id), type: 'in' },
      { authorization: demo, lang: 'de' },
    );
    expect(del).toEqual({ type: 'ok', message: 'Auftrag storniert.' });
    const after = await wallet(demoId, CURRENCY_ID.USDT);
    expect(after.available.toFixed()).toBe(before.available.toFixed());
    expect(after.locked.toFixed()).toBe(before.locked.toFixed());
    const again = await post(
      s,
      '/api/transaction_del',
      { id: String(row?.id), type: 'in' },
      { authorization: demo },
    );
    expect(again).toEqual({
      type: 'error',
      message: 'This order does not exist or is no longer open.',
    });
    const empty = (await post(s, '/api/transaction_in', {}, { authorization: demo }))
      .message as PagedList<EntrustRow>;
    expect(empty).toEqual({ list: [], page: 1, pages: 1, total: 0 });
  });

  it('a market buy fills against the makers at their prices', async () => {
    const deal = (await post(s, '/api/transaction/deal', BTC)).message as SpotDeal;
    const bestAsk = deal.out[deal.out.length - 1];
    const before = await balances(demo);
    const r = await post(
      s,
      '/api/transaction/in',
      { ...BTC, num: '0.0010', mode: '1' },
      { authorization: demo },
    );
    expect(r).toEqual({ type: 'ok', message: 'Order filled: 0.0010 BTC.' });
    const after = await balances(demo);
    expect(after.currency.minus(before.currency).toFixed()).toBe('0.001');
    expect(before.legal.minus(after.legal).toFixed()).toBe(
      new Decimal(bestAsk?.price ?? 0).times('0.001').toFixed(),
    );
    const hist = (await post(s, '/api/transaction_complete', {}, { authorization: demo }))
      .message as PagedList<HistoryRow>;
    expect(hist.list[0]).toMatchObject({
      way: 2,
      type: 'in',
      number: '0.0010',
      price: bestAsk?.price,
    });
    const trades = (await get(s, `/api/currency/new_tradehistory?${new URLSearchParams(BTC)}`))
      .message as TradeHistoryItem[];
    expect(trades[0]).toMatchObject({ price: bestAsk?.price, amount: '0.0010', direction: 'buy' });
  });

  it('a limit order crossing the book fills partly at the maker price and rests the rest', async () => {
    const deal = (await post(s, '/api/transaction/deal', BTC)).message as SpotDeal;
    const bestAsk = deal.out[deal.out.length - 1];
    const askPrice = new Decimal(bestAsk?.price ?? 0);
    const levelQty = new Decimal(bestAsk?.number ?? 0);
    const num = levelQty.plus('0.01');
    const before = await wallet(otherId, CURRENCY_ID.USDT);
    const beforeBtc = await wallet(otherId, CURRENCY_ID.BTC);
    const r = await post(
      s,
      '/api/transaction/in',
      { ...BTC, price: askPrice.toFixed(2), num: num.toFixed(4), mode: '2' },
      { authorization: other },
    );
    expect(r.type).toBe('ok');
    expect(r.message).toBe(
      `${levelQty.toFixed(4)} of ${num.toFixed(4)} BTC filled; the rest is on the order book at ${grouped(askPrice.toFixed(2))} USDT.`,
    );
    const after = await wallet(otherId, CURRENCY_ID.USDT);
    const afterBtc = await wallet(otherId, CURRENCY_ID.BTC);
    expect(afterBtc.available.minus(beforeBtc.available).toFixed()).toBe(levelQty.toFixed());
    expect(after.locked.toFixed()).toBe(askPrice.times('0.01').toFixed());
    expect(before.available.minus(after.available).toFixed()).toBe(askPrice.times(num).toFixed());
    // the rest is now the best bid
    const now = (await post(s, '/api/transaction/deal', BTC)).message as SpotDeal;
    expect(now.in[0]?.price).toBe(askPrice.toFixed(2));
    // a seller (the demo user) takes it: the resting order's owner gets BTC from its lock
    const sell = await post(
      s,
      '/api/transaction/out',
      { ...BTC, price: askPrice.toFixed(2), num: '0.0100', mode: '2' },
      { authorization: demo },
    );
    expect(sell).toEqual({ type: 'ok', message: 'Order filled: 0.0100 BTC.' });
    expect((await wallet(otherId, CURRENCY_ID.USDT)).locked.toFixed()).toBe('0');
    const btcNow = await wallet(otherId, CURRENCY_ID.BTC);
    expect(btcNow.available.minus(afterBtc.available).toFixed()).toBe('0.01');
    const hist = (await post(s, '/api/transaction_complete', {}, { authorization: other }))
      .message as PagedList<HistoryRow>;
    expect(hist.list[0]).toMatchObject({ way: 2, number: '0.0100' });
  });

  it('every balance equals the sum of its ledger entries', async () => {
    const rows = await s.ctx.db.query<{ ok: boolean }>(
      `SELECT bool_and(w.change_balance = COALESCE(a.s, 0) AND w.lock_change_balance = COALESCE(b.s, 0)) AS ok
       FROM users_wallet w
       LEFT JOIN (SELECT user_id, currency_id, SUM(delta) AS s FROM account_log WHERE field = 'change_balance' GROUP BY 1, 2) a
         ON a.user_id = w.user_id AND a.currency_id = w.currency_id
       LEFT JOIN (SELECT user_id, currency_id, SUM(delta) AS s FROM account_log WHERE field = 'lock_change_balance' GROUP BY 1, 2) b
         ON b.user_id = w.user_id AND b.currency_id = w.currency_id`,
    );
    expect(rows[0]?.ok).toBe(true);
  });

  it('refuses an order beyond the balance and leaves everything unchanged', async () => {
    const before = await wallet(demoId, CURRENCY_ID.USDT);
    const r = await post(
      s,
      '/api/transaction/in',
      { ...BTC, price: '1000', num: '1000', mode: '2' },
      { authorization: demo, lang: 'ru' },
    );
    expect(r).toEqual({
      type: 'error',
      message: `Недостаточно USDT: для этого ордера нужно 1\u00a0000\u00a0000, доступно ${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 20 }).format(before.available.toNumber())}.`,
    });
    expect((await wallet(demoId, CURRENCY_ID.USDT)).available.toFixed()).toBe(
      before.available.toFixed(),
    );
    const sell = await post(
      s,
      '/api/transaction/out',
      { ...BTC, num: '100', mode: '1' },
      { authorization: demo },
    );
    expect(sell.type).toBe('error');
    expect(sell.message).toMatch(
      /^Not enough BTC: this order needs [\d.]+, the available balance is [\d.]+\.$/,
    );
  });

  it('refuses orders on a pair whose spot trading is closed', async () => {
    await s.ctx.db.query('UPDATE currency_matches SET open_transaction = 0 WHERE id = 1');
    try {
      const r = await post(
        s,
        '/api/transaction/in',
        { ...BTC, price: '1', num: '1', mode: '2' },
        { authorization: demo },
      );
      expect(r).toEqual({
        type: 'error',
        message: 'Spot trading is not available for this pair.',
      });
    } finally {
      await s.ctx.db.query('UPDATE currency_matches SET open_transaction = 1 WHERE id = 1');
    }
  });

  it('takes no order that waited in the queue while the pair was closed', async () => {
    const before = await wallet(demoId, CURRENCY_ID.USDT);
    // The order is handed to the pair's queue; the back office closes the pair before its turn.
    const placing = s.spot.place({
      userId: demoId,
      matchId: 1,
      side: 'buy',
      mode: 2,
      price: new Decimal('1'),
      num: new Decimal('1'),
      clientId: null,
    });
    await s.ctx.db.query('UPDATE currency_matches SET open_transaction = 0 WHERE id = 1');
    try {
      await expect(placing).rejects.toMatchObject({ id: 'spot.pairClosed' });
      expect(await wallet(demoId, CURRENCY_ID.USDT)).toEqual(before);
    } finally {
      await s.ctx.db.query('UPDATE currency_matches SET open_transaction = 1 WHERE id = 1');
    }
  });

  it('answers bad input with localized envelopes', async () => {
    const auth = { authorization: demo };
    const cases: Array<[string, Record<string, string>, string]> = [
      [
        '/api/transaction/in',
        { ...BTC, num: '1', mode: '2' },
        'Please enter a buy price greater than 0.',
      ],
      [
        '/api/transaction/out',
        { ...BTC, price: '0', num: '1' },
        'Please enter a sell price greater than 0.',
      ],
      [
        '/api/transaction/in',
        { ...BTC, price: '10', mode: '2' },
        'Please enter a buy quantity greater than 0.',
      ],
      [
        '/api/transaction/out',
        { ...BTC, price: '10', num: '-1' },
        'Please enter a sell quantity greater than 0.',
      ],
      [
        '/api/transaction/in',
        { ...BTC, price: '10.001', num: '1' },
        'The price allows at most 2 decimals.',
      ],
      [
        '/api/transaction/in',
        { ...BTC, price: '10', num: '0.00001' },
        'The quantity allows at most 4 decimals.',
      ],
      [
        '/api/transaction/in',
        { legal_id: String(CURRENCY_ID.USDT), currency_id: '99', price: '1', num: '1' },
        'Spot trading is not available for this pair.',
      ],
      [
        '/api/transaction/in',
        { ...BTC, price: '1', num: '1', mode: '3' },
        'The field “mode” is not valid.',
      ],
      [
        '/api/transaction/in',
        { currency_id: String(CURRENCY_ID.BTC), price: '1', num: '1' },
        'The field “legal_id” is missing.',
      ],
      ['/api/transaction_del', { id: 'x' }, 'The field “id” is not valid.'],
    ];
    for (const [path, body, message] of cases) {
      expect(await post(s, path, body, auth), path + JSON.stringify(body)).toEqual({
        type: 'error',
        message,
      });
    }
    expect((await post(s, '/api/transaction/in', { ...BTC, price: '1', num: '1' })).type).toBe(
      '999',
    );
    expect((await post(s, '/api/transaction_in', {})).type).toBe('999');
    expect(
      (
        await post(
          s,
          '/api/transaction/in',
          { ...BTC, num: '1', mode: '2' },
          { ...auth, lang: 'jp' },
        )
      ).message,
    ).toBe('0より大きい買い価格を入力してください。');
  });

  it('a repeated client_id returns the first result and places one order', async () => {
    const body = { ...BTC, price: '1500', num: '0.002', mode: '2', client_id: 'abc-123' };
    const first = await post(s, '/api/transaction/in', body, { authorization: demo });
    const second = await post(s, '/api/transaction/in', body, { authorization: demo });
    expect(first).toEqual({ type: 'ok', message: 'Order placed: 0.0020 BTC at 1,500.00 USDT.' });
    expect(second).toEqual(first);
    // The stored reply is told again in the asker's language, with its separators (issue 20).
    const again = await post(
      s,
      '/api/transaction/in',
      { ...body, lang: 'de' },
      { authorization: demo },
    );
    expect(again.message).toContain('1.500,00 USDT');
    expect(again.message).toContain('0,0020 BTC');
    const list = (await post(s, '/api/transaction_in', {}, { authorization: demo }))
      .message as PagedList<EntrustRow>;
    expect(list.list.filter((r) => r.price === '1500.00')).toHaveLength(1);
    // racing duplicates: one order, one reply for all
    const race = { ...body, price: '1400', client_id: 'race-1' };
    const replies = await Promise.all(
      [0, 1, 2].map(() => post(s, '/api/transaction/in', race, { authorization: demo })),
    );
    expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(replies[0]?.type).toBe('ok');
    const raced = (await post(s, '/api/transaction_in', {}, { authorization: demo }))
      .message as PagedList<EntrustRow>;
    expect(raced.list.filter((r) => r.price === '1400.00')).toHaveLength(1);
    // another user may use the same client_id
    const theirs = await post(s, '/api/transaction/in', body, { authorization: other });
    expect(theirs.type).toBe('ok');
    for (const row of raced.list)
      await post(s, '/api/transaction_del', { id: String(row.id) }, { authorization: demo });
  });

  it('answers currency detail and the coin lists', async () => {
    const d = await get(s, `/api/currency/detail?id=${CURRENCY_ID.BTC}`);
    expect(d.message).toMatchObject({ id: CURRENCY_ID.BTC, name: 'BTC', full_name: 'Bitcoin' });
    expect((await get(s, '/api/currency/detail?id=999')).type).toBe('error');
    const q = await post(s, '/api/quotation_new', {});
    const coins = (q.message as { coin_list: Array<{ symbol: string; last_price: string }> })
      .coin_list;
    expect(coins.find((c) => c.symbol === 'BTC/USDT')?.last_price).toMatch(/^\d+\.\d{2}$/);
    expect((await post(s, '/api/quotation', {})).type).toBe('ok');
  });
});

describe('spot pushes', () => {
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const c of sockets) c.close();
  });

  async function open(auth: Record<string, string> = {}): Promise<Socket> {
    const c = connect(s.url, { path: SOCKET_PATH, transports: ['websocket'], auth });
    sockets.push(c);
    await new Promise<void>((resolve) => c.on('connect', () => resolve()));
    return c;
  }

  function collect<T>(c: Socket, event: string): T[] {
    const out: T[] = [];
    c.on(event, (m: T) => out.push(m));
    return out;
  }

  type Book = Map<string, string>;
  const bookOf = (levels: ReadonlyArray<readonly [unknown, unknown]> | undefined): Book =>
    new Map((levels ?? []).map(([p, a]) => [String(p), String(a)]));
  const applyLevels = (book: Book, levels: ReadonlyArray<readonly [unknown, unknown]>) => {
    for (const [p, a] of levels) {
      if (new Decimal(String(a)).isZero()) book.delete(String(p));
      else book.set(String(p), String(a));
    }
  };
  const isDelta = (m: MarketDepthDeltaPush | MarketDepthPush): m is MarketDepthDeltaPush =>
    'mode' in m;

  const until = async (cond: () => boolean) => {
    for (let i = 0; i < 250 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
  };

  it('legacy market_depth: top 10 each side, best first, with seq; market_detail trades', async () => {
    const c = await open();
    const depth = collect<MarketDepthPush>(c, 'market_depth');
    const detail = collect<MarketDetailPush>(c, 'market_detail');
    await post(
      s,
      '/api/transaction/in',
      { ...BTC, num: '0.0010', mode: '1' },
      { authorization: demo },
    );
    s.spotPublisher.publish();
    s.spotPublisher.publish();
    await until(() => depth.length >= 20 && detail.length >= 1);
    const btc = depth.filter((d) => d.symbol === 'BTC/USDT');
    expect(btc).toHaveLength(2);
    const [a, b] = btc;
    if (a === undefined || b === undefined) throw new Error('no depth');
    expect(b.seq).toBe((a.seq ?? 0) + 1);
    expect(a).not.toHaveProperty('mode');
    const bids = a.bids as Array<[string, string]>;
    const asks = a.asks as Array<[string, string]>;
    expect(bids).toHaveLength(10);
    expect(asks).toHaveLength(10);
    expect(Number(bids[0]?.[0])).toBeGreaterThan(Number(bids[1]?.[0]));
    expect(Number(asks[0]?.[0])).toBeLessThan(Number(asks[1]?.[0]));
    const d = detail.find((x) => x.symbol === 'BTC/USDT');
    expect(d?.data[0]).toMatchObject({ amount: '0.0010', direction: 'buy' });
    expect(d?.data[0]?.time).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(typeof d?.server_time).toBe('number');
  });

  it('delta mode: snapshot, then deltas with continuous seq/prev_seq that rebuild the book', async () => {
    const c = await open();
    const got = collect<MarketDepthDeltaPush | MarketDepthPush>(c, 'market_depth');
    c.emit('depth_subscribe', { symbol: 'BTC/USDT', mode: 'delta' });
    await until(() => got.some(isDelta));
    const snap = got.find(isDelta);
    if (snap === undefined) throw new Error('no snapshot');
    expect(snap.mode).toBe('snapshot');
    const bids = bookOf(snap.bids);
    const asks = bookOf(snap.asks);
    let last = snap.seq;
    for (let i = 0; i < 4; i++) {
      await stepMakers();
      s.spotPublisher.publish();
    }
    const deltas = () => got.filter(isDelta).filter((m) => m.mode === 'delta');
    await until(() => deltas().length >= 4);
    // only the delta form reaches a subscribed socket for BTC/USDT
    expect(got.filter((m) => m.symbol === 'BTC/USDT' && !isDelta(m))).toHaveLength(0);
    expect(deltas().length).toBeGreaterThanOrEqual(4);
    for (const d of deltas()) {
      expect(d.prev_seq).toBe(last);
      last = d.seq;
      applyLevels(bids, d.bids);
      applyLevels(asks, d.asks);
    }
    const fresh: MarketDepthDeltaPush[] = [];
    c.once('market_depth', (m: MarketDepthDeltaPush) => fresh.push(m));
    c.emit('depth_snapshot', { symbol: 'btcusdt' });
    await until(() => fresh.length > 0);
    const again = fresh[0];
    if (again === undefined) throw new Error('no snapshot');
    expect(again.mode).toBe('snapshot');
    expect(again.seq).toBe(last);
    expect(bookOf(again.bids)).toEqual(bids);
    expect(bookOf(again.asks)).toEqual(asks);
  });

  it('update_balance reaches only the trader’s room; transaction is broadcast', async () => {
    const mine = await open();
    const theirs = await open();
    const anon = await open();
    // log in with an acknowledgement, so the rooms are joined before the order
    for (const [c, token] of [
      [mine, demo],
      [theirs, other],
    ] as const) {
      const ack = (await c.emitWithAck('login', { token })) as { type: string };
      expect(ack.type).toBe('ok');
    }
    const a = collect<{ type: string }>(mine, 'update_balance');
    const b = collect<{ type: string }>(theirs, 'update_balance');
    const tx = collect<TransactionPush>(anon, 'transaction');
    const r = await post(
      s,
      '/api/transaction/in',
      { ...BTC, price: '1200', num: '0.001' },
      { authorization: demo },
    );
    expect(r.type).toBe('ok');
    await until(() => a.length > 0 && tx.length > 0);
    expect(a[0]).toEqual({ type: `update_balance_${demoId}` });
    expect(b).toHaveLength(0);
    expect(typeof tx[0]?.in).toBe('string');
    const levels = JSON.parse(tx[0]?.in ?? '[]') as Array<{ price: string }>;
    expect(levels.length).toBeGreaterThan(0);
    expect(tx[0]).toMatchObject({
      currency_id: String(CURRENCY_ID.BTC),
      legal_id: String(CURRENCY_ID.USDT),
    });
  });
});

describe('spot engine under concurrency, restart and load', () => {
  it('concurrent orders cannot spend the same funds twice', async () => {
    const { available, locked } = await wallet(otherId, CURRENCY_ID.USDT);
    // each order locks 40 % of the available USDT at a price far below the market
    const price = new Decimal(100);
    const num = available.times('0.4').div(price).toDecimalPlaces(4, Decimal.ROUND_DOWN);
    const replies = await Promise.all(
      [0, 1, 2, 3].map(() =>
        post(
          s,
          '/api/transaction/in',
          { ...BTC, price: price.toFixed(2), num: num.toFixed(4) },
          { authorization: other },
        ),
      ),
    );
    expect(replies.filter((r) => r.type === 'ok')).toHaveLength(2);
    expect(replies.filter((r) => r.type === 'error')).toHaveLength(2);
    const after = await wallet(otherId, CURRENCY_ID.USDT);
    expect(after.available.isNegative()).toBe(false);
    expect(after.locked.minus(locked).toFixed()).toBe(price.times(num).times(2).toFixed());
  });

  it('rebuilds the books from resting orders at start', async () => {
    const { SpotService } = await import('./spot-service.ts');
    const { loadPairs } = await import('../market/pairs.ts');
    const fresh = new SpotService({
      db: s.ctx.db,
      market: s.market,
      pairs: await loadPairs(s.ctx.db),
      fees: new Map(),
      now: () => s.clock.now,
      feeAccount: s.spot.feeAccount,
      simulatedUsers: [],
    });
    const n = await fresh.loadResting();
    const rows = await s.ctx.db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM spot_orders WHERE status = 0',
    );
    expect(n).toBe(rows[0]?.n);
    expect(n).toBeGreaterThan(0);
    const mine = [...fresh.core.book(1).allOrders()].filter((o) => o.userId === otherId);
    const live = [...s.spot.core.book(1).allOrders()].filter((o) => o.userId === otherId);
    expect(mine.map((o) => [o.id, o.price, o.remaining])).toEqual(
      live.map((o) => [o.id, o.price, o.remaining]),
    );
  });

  it('the load driver builds a deep focused book and changes it every slice', async () => {
    const { MarketMakers } = await import('./market-makers.ts');
    const ids = await s.ctx.db.query<{ id: number; account: string }>(
      'SELECT id, account FROM users WHERE is_simulated = 1 ORDER BY id',
    );
    const makers = ids.filter((r) => r.account.startsWith('maker')).map((r) => r.id);
    const taker = ids.find((r) => r.account.startsWith('taker'))?.id ?? 0;
    const load = new MarketMakers(
      s.spot,
      s.market,
      { makers, taker },
      { seed: 3, profile: 'F-busy' },
    );
    expect(load.focusPair).toBe(1);
    await load.seedLoadBook();
    await s.spot.idle();
    const book = s.spot.core.book(1);
    expect(book.levelCount('buy')).toBeGreaterThanOrEqual(1000);
    expect(book.levelCount('sell')).toBeGreaterThanOrEqual(1000);
    book.drainChanges();
    await load.loadStep();
    await s.spot.idle();
    const changes = book.drainChanges().length;
    expect(changes).toBeGreaterThanOrEqual(20);
    expect(book.checkInvariants()).toBeNull();
  });

  it('reads SIM_OFF and LOAD_PROFILE from the environment or the command line', async () => {
    const { configFromEnv } = await import('../config.ts');
    expect(configFromEnv({}).simOff).toBe(false);
    expect(configFromEnv({ SIM_OFF: '1' }).simOff).toBe(true);
    expect(configFromEnv({}, ['--no-sim']).simOff).toBe(true);
    expect(configFromEnv({ LOAD_PROFILE: 'F-deep' }).loadProfile).toBe('F-deep');
    expect(configFromEnv({}, ['--load=F-burst']).loadProfile).toBe('F-burst');
    expect(configFromEnv({ SIM_OFF: '1', LOAD_PROFILE: 'F-busy' }).loadProfile).toBeNull();
    expect(() => configFromEnv({ LOAD_PROFILE: 'F-nope' })).toThrow(/Unknown load profile/);
  });
});

describe('market orders over HTTP', () => {
  const DOT = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.DOT) };

  it('stop at the protective band and say so; with no orders at all, refuse', async () => {
    // clear the simulated quotes of DOT/USDT so the test owns the book
    const book = s.spot.core.book(10);
    for (const o of [...book.allOrders()]) {
      if (s.spot.isSimulated(o.userId)) await s.spot.simCancel(10, o.id);
    }
    expect(book.orderCount).toBe(0);
    const noBids = await post(
      s,
      '/api/transaction/out',
      { ...DOT, num: '1', mode: '1' },
      { authorization: demo },
    );
    expect(noBids).toEqual({
      type: 'error',
      message: 'There are no orders to trade against. The market order was cancelled.',
    });
    for (const price of ['7.000', '8.000']) {
      const r = await post(
        s,
        '/api/transaction/out',
        { ...DOT, price, num: '1', mode: '2' },
        { authorization: demo },
      );
      expect(r.type).toBe('ok');
    }
    const before = await wallet(otherId, CURRENCY_ID.USDT);
    const buy = await post(
      s,
      '/api/transaction/in',
      { ...DOT, num: '2', mode: '1' },
      { authorization: other },
    );
    expect(buy).toEqual({
      type: 'ok',
      message:
        '1.00 of 2.00 DOT filled; the rest was cancelled because it would have traded more than 5 % away from the best price.',
    });
    const paid = before.available.minus((await wallet(otherId, CURRENCY_ID.USDT)).available);
    expect(paid.toFixed()).toBe('7');
    expect((await wallet(otherId, CURRENCY_ID.DOT)).available.toFixed()).toBe('1');
    const thin = await post(
      s,
      '/api/transaction/in',
      { ...DOT, num: '3', mode: '1' },
      { authorization: other, lang: 'zh' },
    );
    expect(thin).toEqual({
      type: 'ok',
      message: '3.00 DOT 中已成交 1.00；其余已撤销，因为没有更多可成交的委托。',
    });
    expect(book.orderCount).toBe(0);
  });
});

describe('fees', () => {
  it('each side pays the pair fee on what it receives, credited to the fee account', async () => {
    const DOT = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.DOT) };
    s.spot.core.setFeeRate(10, 100_000n); // 0.1 %
    try {
      const fees = s.spot.feeAccount;
      const sellerUsdt = await wallet(demoId, CURRENCY_ID.USDT);
      const buyerDot = await wallet(otherId, CURRENCY_ID.DOT);
      const sell = await post(
        s,
        '/api/transaction/out',
        { ...DOT, price: '7.000', num: '2', mode: '2' },
        { authorization: demo },
      );
      expect(sell.type).toBe('ok');
      const buy = await post(
        s,
        '/api/transaction/in',
        { ...DOT, price: '7.000', num: '2', mode: '2' },
        { authorization: other },
      );
      expect(buy).toEqual({ type: 'ok', message: 'Order filled: 2.00 DOT.' });
      const dotAfter = await wallet(otherId, CURRENCY_ID.DOT);
      const usdtAfter = await wallet(demoId, CURRENCY_ID.USDT);
      expect(dotAfter.available.minus(buyerDot.available).toFixed()).toBe('1.998');
      expect(usdtAfter.available.minus(sellerUsdt.available).toFixed()).toBe('13.986');
      expect((await wallet(fees, CURRENCY_ID.DOT)).available.toFixed()).toBe('0.002');
      expect((await wallet(fees, CURRENCY_ID.USDT)).available.toFixed()).toBe('0.014');
      const hist = (await post(s, '/api/transaction_complete', {}, { authorization: other }))
        .message as PagedList<HistoryRow>;
      expect(hist.list[0]).toMatchObject({ way: 2, in_fee: '0.002', out_fee: '0' });
      const mine = (await post(s, '/api/transaction_complete', {}, { authorization: demo }))
        .message as PagedList<HistoryRow>;
      expect(mine.list[0]).toMatchObject({ way: 1, in_fee: '0', out_fee: '0.014' });
      // each side's ledger rows name its own order: the maker's resting sell, the taker's buy
      // (they named the taker's for both; a simulated taker's "#-5" showed as no number at all)
      const orderOf = async (userId: number) =>
        (
          await s.ctx.db.query<{ id: number }>(
            'SELECT id FROM spot_orders WHERE user_id = $1 AND match_id = 10 ORDER BY id DESC LIMIT 1',
            [userId],
          )
        )[0]?.id;
      const memoOf = async (userId: number, currencyId: number) =>
        (
          await s.ctx.db.query<{ memo: string }>(
            'SELECT memo FROM account_log WHERE user_id = $1 AND currency_id = $2 ORDER BY id DESC LIMIT 1',
            [userId, currencyId],
          )
        )[0]?.memo;
      expect(await memoOf(demoId, CURRENCY_ID.USDT)).toBe(`spot order #${await orderOf(demoId)}`);
      expect(await memoOf(otherId, CURRENCY_ID.DOT)).toBe(`spot order #${await orderOf(otherId)}`);
      expect(await orderOf(demoId)).not.toBe(await orderOf(otherId));
    } finally {
      s.spot.core.setFeeRate(10, 0n);
    }
  });
});

/** "12345.67" with English grouping: "12,345.67". */
function grouped(fixedText: string): string {
  const [whole = '', frac] = fixedText.split('.');
  const g = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? g : `${g}.${frac}`;
}
