// Helpers for the race tests (`*.race.test.ts`): fire a bounded burst of concurrent calls and
// count how they ended; check that the ledger explains every balance and nothing is negative;
// make users. On PostgreSQL the calls really run at once (a pool of connections, READ
// COMMITTED); on PGlite one transaction runs at a time, but statements outside transactions
// still interleave.
import { expect } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { insertUser } from '../accounts/users.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import type { BalanceField } from '../wallet/ledger.ts';
import { BALANCE_FIELDS, changeBalance, LOG_TYPE } from '../wallet/ledger.ts';

/** How a burst ended: values of the calls that succeeded, message ids of the refused ones. */
export interface Outcomes<T> {
  ok: T[];
  refused: string[];
  /** Anything but an ApiError (a database error, a bug): a race test expects none. */
  failed: unknown[];
}

/** Starts every call at once (each after the previous one was started) and waits for all. */
export async function burst<T>(calls: ReadonlyArray<() => Promise<T>>): Promise<Outcomes<T>> {
  const settled = await Promise.allSettled(calls.map((call) => call()));
  const out: Outcomes<T> = { ok: [], refused: [], failed: [] };
  for (const s of settled) {
    if (s.status === 'fulfilled') out.ok.push(s.value);
    else if (s.reason instanceof ApiError) out.refused.push(s.reason.id);
    else out.failed.push(s.reason);
  }
  return out;
}

/** `n` copies of one call. */
export const times = <T>(n: number, call: (i: number) => Promise<T>): Array<() => Promise<T>> =>
  Array.from({ length: n }, (_, i) => () => call(i));

/** Interleaves lists of calls (a, b, a, b, …) so different kinds start mixed. */
export function mixed<T>(...lists: ReadonlyArray<ReadonlyArray<() => Promise<T>>>) {
  const out: Array<() => Promise<T>> = [];
  const longest = Math.max(...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++)
    for (const l of lists) {
      const call = l[i];
      if (call !== undefined) out.push(call);
    }
  return out;
}

let serial = 0;

/** A balance a test user starts with, credited through the ledger. */
export interface Grant {
  currencyId: number;
  field: BalanceField;
  amount: string;
}

/** A user put straight into the database (no usable password), with `grants`; its id. */
export async function grantedUser(
  db: Database,
  account: string,
  nowMs: number,
  grants: readonly Grant[] = [],
): Promise<number> {
  const id = await insertUser(db, {
    kind: 'email',
    account,
    passwordHash: 'disabled',
    areaCode: null,
    countryCode: null,
    invitedBy: null,
    nowMs,
  });
  await db.transaction(async (tx) => {
    for (const g of grants)
      await changeBalance(tx, {
        userId: id,
        currencyId: g.currencyId,
        field: g.field,
        delta: new Decimal(g.amount),
        type: LOG_TYPE.demoGrant,
        memo: 'grant',
        nowMs,
      });
  });
  return id;
}

/** A new user with a unique e-mail account, optionally with grants into balance fields. */
export async function raceUser(
  db: Database,
  nowMs: number,
  grants: readonly Grant[] = [],
): Promise<number> {
  serial += 1;
  const account = `race-${serial}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  return grantedUser(db, account, nowMs, grants);
}

/** One balance field of a user (0 without a wallet row). */
export async function balanceOf(
  q: Queryable,
  userId: number,
  currencyId: number,
  field: BalanceField,
): Promise<Decimal> {
  const rows = await q.query<{ v: string }>(
    `SELECT ${field} AS v FROM users_wallet WHERE user_id = $1 AND currency_id = $2`,
    [userId, currencyId],
  );
  return new Decimal(rows[0]?.v ?? '0');
}

/** Every field of every wallet of `userIds` added up per currency. */
export async function totalsOf(q: Queryable, userIds: readonly number[]) {
  const out = new Map<number, Decimal>();
  for (const userId of userIds) {
    const rows = await q.query<Record<string, string | number>>(
      'SELECT * FROM users_wallet WHERE user_id = $1',
      [userId],
    );
    for (const w of rows) {
      const c = Number(w.currency_id);
      let sum = out.get(c) ?? new Decimal(0);
      for (const f of BALANCE_FIELDS) sum = sum.plus(String(w[f]));
      out.set(c, sum);
    }
  }
  return out;
}

/**
 * Each balance field of each user equals the sum of its ledger rows (account_log), the last
 * ledger row's `after` is the balance, and no field is below zero.
 */
export async function expectLedgerExplainsBalances(
  q: Queryable,
  userIds: readonly number[],
): Promise<void> {
  for (const userId of userIds) {
    const wallets = await q.query<Record<string, string | number>>(
      'SELECT * FROM users_wallet WHERE user_id = $1',
      [userId],
    );
    const sums = await q.query<{ currency_id: number; field: string; total: string }>(
      `SELECT currency_id, field, SUM(delta) AS total FROM account_log WHERE user_id = $1
       GROUP BY currency_id, field`,
      [userId],
    );
    for (const w of wallets)
      for (const f of BALANCE_FIELDS) {
        const c = Number(w.currency_id);
        const value = new Decimal(String(w[f]));
        const ledger = new Decimal(
          sums.find((s) => s.currency_id === c && s.field === f)?.total ?? '0',
        );
        const where = `user ${userId} currency ${c} ${f}`;
        expect(value.toFixed(), `${where} vs its ledger`).toBe(ledger.toFixed());
        expect(value.isNegative(), `${where} below zero: ${value.toFixed()}`).toBe(false);
      }
  }
}

/** Counts ok / refused for the report lines the race tests print. */
export const summary = (o: Outcomes<unknown>): string =>
  `${o.ok.length} ok, ${o.refused.length} refused, ${o.failed.length} failed`;
