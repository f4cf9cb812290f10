// What the contract tests share: a user granted USDT in the contract account through the ledger
// (for the service's properties), and a verified trader with a token (for the server's tests).
import Decimal from 'decimal.js';
import { issueToken } from '../accounts/tokens.ts';
import { insertUser } from '../accounts/users.ts';
import type { Queryable } from '../db/database.ts';
import type { Database } from '../db/database.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import { CURRENCY_ID } from './fixtures.ts';
import type { TestServer } from './helpers.ts';

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
