// What the contract tests share: a user granted USDT in the contract account through the ledger
// (for the service's properties), and a verified trader with a token (for the server's tests).
import Decimal from 'decimal.js';
import { issueToken } from '../accounts/tokens.ts';
import { insertUser } from '../accounts/users.ts';
import type { Queryable } from '../db/database.ts';
import type { Database } from '../db/database.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import { CURRENCY_ID } from './fixtures.ts';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Backend } from '../db/test-databases.ts';
import type { Reply, TestServer } from './helpers.ts';
import { post, startTestServer } from './helpers.ts';
import { ledgerProblems } from './security/fuzz-world.ts';

/** BTC/USDT as a contract submit names it. */
export const BTC_PAIR = {
  legal_id: String(CURRENCY_ID.USDT),
  currency_id: String(CURRENCY_ID.BTC),
};

const newUser = (q: Queryable, account: string, nowMs: number) =>
  insertUser(q, {
    kind: 'email',
    account,
    passwordHash: 'x',
    areaCode: null,
    countryCode: null,
    invitedBy: null,
    nowMs,
  });

/** A user with `balance` USDT in the contract account, granted through the ledger. */
export async function leverUserWith(
  db: Database,
  account: string,
  balance: Decimal,
  nowMs: number,
): Promise<number> {
  const id = await newUser(db, account, nowMs);
  await db.transaction((tx) =>
    changeBalance(tx, {
      userId: id,
      currencyId: CURRENCY_ID.USDT,
      field: 'lever_balance',
      delta: balance,
      type: LOG_TYPE.demoGrant,
      memo: 'grant',
      nowMs,
    }),
  );
  return id;
}

/** A verified user of a test server with 10,000 USDT in the contract account, and a token. */
export async function leverTrader(
  s: TestServer,
  account: string,
): Promise<{ id: number; token: string }> {
  const id = await newUser(s.ctx.db, account, s.clock.now);
  await s.ctx.db.query('UPDATE users SET review_status = 2 WHERE id = $1', [id]);
  await s.ctx.db.query(
    'INSERT INTO users_wallet (user_id, currency_id, lever_balance) VALUES ($1, $2, 10000)',
    [id, CURRENCY_ID.USDT],
  );
  await s.ctx.db.query(
    `INSERT INTO account_log (user_id, currency_id, field, delta, before, after, type, memo, created_at)
     VALUES ($1, $2, 'lever_balance', 10000, 0, 10000, 1, 'grant', now())`,
    [id, CURRENCY_ID.USDT],
  );
  return { id, token: await issueToken(s.ctx.db, id, s.clock.now) };
}

/** A user's contract account: its free and its frozen balance. */
export async function leverWallet(
  q: Queryable,
  userId: number,
): Promise<{ free: Decimal; locked: Decimal }> {
  const r = await q.query<{ a: string; l: string }>(
    `SELECT lever_balance::text AS a, lock_lever_balance::text AS l FROM users_wallet
       WHERE user_id = $1 AND currency_id = $2`,
    [userId, CURRENCY_ID.USDT],
  );
  return { free: new Decimal(r[0]?.a ?? '0'), locked: new Decimal(r[0]?.l ?? '0') };
}

/** The parameters of a user's notifications of one kind, oldest first. */
export async function notesOf(
  q: Queryable,
  userId: number,
  kind: string,
): Promise<Record<string, string>[]> {
  const found = await q.query<{ params: string }>(
    'SELECT params FROM user_notification WHERE user_id = $1 AND kind = $2 ORDER BY id',
    [userId, kind],
  );
  return found.map((n) => JSON.parse(n.params) as Record<string, string>);
}

/** A contract order's stored figures, as the tests compare them (exact decimals as text). */
export interface LeverRow {
  id: number;
  type: number;
  status: number;
  share: string;
  price: string;
  origin_price: string;
  margin: string;
  fee: string;
  stop_price: string;
  stop_dir: number;
  stop_market: number;
  stop_state: number;
}

/** A user's contract orders, oldest first. */
export async function leverRows(q: Queryable, userId: number): Promise<LeverRow[]> {
  const found = await q.query<LeverRow & Record<string, unknown>>(
    `SELECT id, type, status, share::text, price::text, origin_price::text,
            caution_money::text AS margin, trade_fee::text AS fee, stop_price::text, stop_dir,
            stop_market, stop_state
       FROM lever_transactions WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
  const n = (v: string) => new Decimal(v).toFixed();
  return found.map((r) => ({
    ...r,
    share: n(r.share),
    price: n(r.price),
    origin_price: n(r.origin_price),
    margin: n(r.margin),
    fee: n(r.fee),
    stop_price: n(r.stop_price),
  }));
}

/**
 * A long's or short's open price, margin and fee at `reference` on the test pair BTC/USDT
 * (spread 0.01 %, fee 0.1 %, 10×, 0.01 BTC a hand).
 */
export function leverFigures(side: 1 | 2, reference: string, hands: number) {
  const moved = new Decimal(reference).times(side === 1 ? '1.0001' : '0.9999');
  const price = moved.toDecimalPlaces(2, side === 1 ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
  const value = price.times(hands).times('0.01');
  return { price: price.toFixed(), margin: value.dividedBy(10), fee: value.times('0.001') };
}

/** The test server of a contract test file: BTC/USDT's mark and last trade are the test's to set. */
export interface LeverTestServer {
  readonly s: TestServer;
  /** The mark and last price the server reads for BTC/USDT (match 1). */
  prices: { mark: Decimal; last: Decimal | null };
  /** A new verified trader with 10,000 USDT in the contract account. */
  trader(): Promise<{ id: number; token: string }>;
  /** `lever/submit` on BTC/USDT: a long of 10 hands at 10× unless `form` says otherwise. */
  submit(u: { token: string }, form: Record<string, string>): Promise<Reply>;
}

/**
 * Starts a test server for the file's `describe` (registers its beforeAll and afterAll): no market
 * timer, no simulator, BTC/USDT's prices from `prices`; at the end every balance must equal its
 * ledger.
 */
export function leverTestServer(backend: Backend, name: string): LeverTestServer {
  let server: TestServer | null = null;
  let seq = 0;
  const h: LeverTestServer = {
    get s(): TestServer {
      if (server === null) throw new Error('the lever test server has not started');
      return server;
    },
    prices: { mark: new Decimal('67000'), last: null },
    trader: () => leverTrader(h.s, `${name}-${backend}-${++seq}@example.com`),
    submit: (u, form) =>
      post(
        h.s,
        '/api/lever/submit',
        { ...BTC_PAIR, multiple: '10', type: '1', share: '10', ...form },
        { authorization: u.token },
      ),
  };
  beforeAll(async () => {
    const s = await startTestServer({ marketTimer: false, simOff: true, backend });
    Object.assign(s.lever, {
      priceOf: (id: number) => (id === 1 ? h.prices.mark : null),
      lastOf: (id: number) => (id === 1 ? h.prices.last : null),
    });
    server = s;
  }, 60_000);
  afterAll(async () => {
    if (server === null) return;
    expect(await ledgerProblems(server)).toEqual([]);
    await server.close();
  });
  return h;
}
