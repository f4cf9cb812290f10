// What the spot order tests do against a running test server, on BTC/USDT (match 1, price
// decimals 2): users with coins, orders and conditional orders through the API, the last price
// set by two users trading, and the rows and balances read back from the database.
import { expect } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { CURRENCY_ID } from './fixtures.ts';
import type { TestServer } from './helpers.ts';
import { get, post, spotUser } from './helpers.ts';

export interface User {
  id: number;
  token: string;
}

type Reply = Awaited<ReturnType<typeof post>>;

const BTC = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };
const MATCH = 1;
const num = (v: string) => new Decimal(v).toFixed();

export type SpotKit = ReturnType<typeof spotKit>;

export function spotKit(s: TestServer, prefix: string) {
  let seq = 0;
  const db = s.ctx.db;
  const auth = (u: User) => ({ authorization: u.token });

  async function wallet(u: User, currencyId: number) {
    const rows = await db.query<{ change_balance: string; lock_change_balance: string }>(
      'SELECT change_balance, lock_change_balance FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
      [u.id, currencyId],
    );
    return {
      available: num(rows[0]?.change_balance ?? '0'),
      locked: num(rows[0]?.lock_change_balance ?? '0'),
    };
  }

  /** A limit order; the id of the user's newest order. */
  async function order(u: User, type: 'in' | 'out', price: string, qty: string): Promise<number> {
    const r = await post(
      s,
      `/api/transaction/${type}`,
      { ...BTC, mode: '2', price, num: qty },
      auth(u),
    );
    expect(r.type, JSON.stringify(r.message)).toBe('ok');
    const rows = await db.query<{ id: number }>(
      'SELECT max(id) AS id FROM spot_orders WHERE user_id = $1',
      [u.id],
    );
    return rows[0]?.id ?? 0;
  }

  return {
    user: (usdt: string, btc: string): Promise<User> =>
      spotUser(s, `${prefix}${++seq}@example.com`, usdt, btc),
    usdt: (u: User) => wallet(u, CURRENCY_ID.USDT),
    btc: (u: User) => wallet(u, CURRENCY_ID.BTC),
    order,
    /** A conditional order (or an OCO, with `oco_price`). */
    place: (u: User, form: Record<string, string>): Promise<Reply> =>
      post(s, '/api/transaction/conditional', { ...BTC, ...form }, auth(u)),
    async cancelTrigger(u: User, id: number): Promise<void> {
      const r = await post(s, '/api/transaction/conditional_cancel', { id: String(id) }, auth(u));
      expect(r.type, JSON.stringify(r.message)).toBe('ok');
    },
    async cancelOrder(u: User, id: number): Promise<void> {
      const r = await post(s, '/api/transaction_del', { id: String(id) }, auth(u));
      expect(r.type, JSON.stringify(r.message)).toBe('ok');
      await s.spot.idle();
    },
    amend: (u: User, id: number, price: string): Promise<Reply> =>
      post(s, '/api/transaction/amend', { id: String(id), price }, auth(u)),
    async list(u: User, status: 'waiting' | 'done'): Promise<Record<string, unknown>[]> {
      const r = await get(s, `/api/transaction/conditional_list?status=${status}`, auth(u));
      return (r.message as { list: Record<string, unknown>[] }).list;
    },
    /**
     * The last price becomes `price`: `maker` sells 0.01 BTC there and `taker` buys it. With
     * `after`, the last price the orders it fires leave (null: not checked).
     */
    async tradeAt(maker: User, taker: User, price: string, after: string | null = price) {
      await order(maker, 'out', price, '0.01');
      await order(taker, 'in', price, '0.01');
      await s.spot.idle();
      if (after !== null)
        expect(s.spot.lastPrice(MATCH)).toBe(BigInt(new Decimal(after).times(100).toFixed(0)));
    },
    async trigger(id: number) {
      const rows = await db.query<{ status: number; order_id: number | null; reason: string }>(
        'SELECT status, order_id, reason FROM spot_triggers WHERE id = $1',
        [id],
      );
      const r = rows[0];
      if (r === undefined) throw new Error(`no trigger ${id}`);
      return r;
    },
    async orderStatus(id: number): Promise<number | undefined> {
      const rows = await db.query<{ status: number }>(
        'SELECT status FROM spot_orders WHERE id = $1',
        [id],
      );
      return rows[0]?.status;
    },
    /** How many fills an order has had. */
    async fills(orderId: number): Promise<number> {
      const rows = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM transaction_complete WHERE maker_order_id = $1 OR taker_order_id = $1',
        [orderId],
      );
      return rows[0]?.n ?? 0;
    },
    async openOrders(u: User): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        'SELECT id FROM spot_orders WHERE user_id = $1 AND status = 0 ORDER BY id',
        [u.id],
      );
      return rows.map((r) => r.id);
    },
    /** The user's order and conditional order rows, counted. */
    async counts(u: User) {
      const rows = await db.query<{ orders: number; triggers: number }>(
        `SELECT (SELECT count(*)::int FROM spot_orders WHERE user_id = $1) AS orders,
                (SELECT count(*)::int FROM spot_triggers WHERE user_id = $1) AS triggers`,
        [u.id],
      );
      return rows[0];
    },
    notes: (u: User): Promise<{ kind: string; params: Record<string, string> }[]> =>
      db.query(
        'SELECT kind, params::json AS params FROM user_notification WHERE user_id = $1 ORDER BY id',
        [u.id],
      ),
  };
}

/**
 * A kit on `s` and a market at 60,000: a maker with 10 BTC and a taker with 10,000,000 USDT
 * have traded there.
 */
export async function spotMarket(
  s: TestServer,
  prefix: string,
): Promise<{ k: SpotKit; maker: User; taker: User }> {
  const k = spotKit(s, prefix);
  const maker = await k.user('0', '10');
  const taker = await k.user('10000000', '0');
  await k.tradeAt(maker, taker, '60000');
  return { k, maker, taker };
}
