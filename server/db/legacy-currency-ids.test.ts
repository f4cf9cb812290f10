// Migration 0015 (ADR 0029): a database that an older release seeded with USDT 1, BTC 2, ETH 3
// and then used (balances, ledger rows, a resting spot order, the pairs and lock-up tiers)
// comes out with the legacy ids (BTC 1, ETH 2, USDT 3) and every amount still under its own
// currency; a database numbered otherwise is left alone.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { changeBalance } from '../wallet/ledger.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { backends, openTestDatabase } from './test-databases.ts';

const BEFORE = '0014-presale-links';
const OLD = { USDT: 1, BTC: 2, ETH: 3, LTC: 4 } as const;

describe.each(backends())('legacy currency ids on %s', (backend) => {
  let db: Database;
  beforeEach(async () => {
    db = await openTestDatabase(backend);
  });
  afterEach(async () => {
    await db.close();
  });

  /** A user of the old release with money in four currencies and a resting order. */
  async function oldReleaseInUse(): Promise<number> {
    expect((await migrate(db, { until: BEFORE })).at(-1)).toBe(BEFORE);
    const user = await db.query<{ id: number }>(
      `INSERT INTO users (account, password_hash, extension_code, created_at)
         VALUES ('old@test', 'x', 'OLDTEST1', now()) RETURNING id`,
    );
    const userId = user[0]?.id ?? 0;
    const grant = (currencyId: number, field: 'change_balance' | 'lever_balance', v: string) =>
      db.transaction((tx) =>
        changeBalance(tx, {
          userId,
          currencyId,
          field,
          delta: new Decimal(v),
          type: 1,
          memo: 'old',
          nowMs: Date.now(),
        }),
      );
    await grant(OLD.USDT, 'change_balance', '1000.123456');
    await grant(OLD.USDT, 'lever_balance', '500');
    await grant(OLD.BTC, 'change_balance', '0.5');
    await grant(OLD.ETH, 'change_balance', '2.25');
    await grant(OLD.LTC, 'change_balance', '7');
    await db.query(
      `INSERT INTO spot_orders (user_id, match_id, legal_id, currency_id, side, price, number,
         total_number, mode, status, created_at, updated_at)
       VALUES ($1, 1, $2, $3, 'in', 60000, 0.01, 0.01, 2, 0, now(), now())`,
      [userId, OLD.USDT, OLD.BTC],
    );
    return userId;
  }

  /** Every amount the user holds, by currency name (what must not move). */
  async function holdings(userId: number) {
    const wallet = await db.query<{ name: string; change: string; lever: string }>(
      `SELECT c.name, w.change_balance::text AS change, w.lever_balance::text AS lever
       FROM users_wallet w JOIN currencies c ON c.id = w.currency_id
       WHERE w.user_id = $1 ORDER BY c.name`,
      [userId],
    );
    const log = await db.query<{ name: string; total: string }>(
      `SELECT c.name, sum(l.delta)::text AS total
       FROM account_log l JOIN currencies c ON c.id = l.currency_id
       WHERE l.user_id = $1 GROUP BY c.name ORDER BY c.name`,
      [userId],
    );
    const orders = await db.query<{ legal: string; base: string }>(
      `SELECT l.name AS legal, b.name AS base FROM spot_orders o
       JOIN currencies l ON l.id = o.legal_id JOIN currencies b ON b.id = o.currency_id
       WHERE o.user_id = $1`,
      [userId],
    );
    const pairs = await db.query<{ id: number; legal: string; base: string }>(
      `SELECT m.id, l.name AS legal, b.name AS base FROM currency_matches m
       JOIN currencies l ON l.id = m.legal_id JOIN currencies b ON b.id = m.currency_id
       ORDER BY m.id`,
    );
    const tiers = await db.query<{ name: string; n: number }>(
      `SELECT c.name, count(*)::int AS n FROM lh_deposit_config t
       JOIN currencies c ON c.id = t.currency_id GROUP BY c.name ORDER BY c.name`,
    );
    return { wallet, log, orders, pairs, tiers };
  }

  const idsByName = async () =>
    Object.fromEntries(
      (await db.query<{ name: string; id: number }>('SELECT name, id FROM currencies')).map((r) => [
        r.name,
        r.id,
      ]),
    );

  it('renumbers a database in use; every amount stays with its currency', async () => {
    const userId = await oldReleaseInUse();
    expect(await idsByName()).toMatchObject({ USDT: 1, BTC: 2, ETH: 3, LTC: 4 });
    const before = await holdings(userId);
    expect(before.wallet.find((r) => r.name === 'USDT')?.change).toMatch(/^1000\.123456/);

    // the renumbering, and the migrations that came after it
    expect((await migrate(db))[0]).toBe('0015-legacy-currency-ids');

    expect(await idsByName()).toMatchObject({ BTC: 1, ETH: 2, USDT: 3, LTC: 4, DOT: 11 });
    expect(await holdings(userId)).toEqual(before);
    // the foreign keys are back: an unknown currency is still refused
    await expect(
      db.query('INSERT INTO users_wallet (user_id, currency_id) VALUES ($1, 999)', [userId]),
    ).rejects.toThrow();
    // and the ledger keeps working under the new ids
    await db.transaction((tx) =>
      changeBalance(tx, {
        userId,
        currencyId: 3,
        field: 'change_balance',
        delta: new Decimal('-0.123456'),
        type: 1,
        memo: 'new',
        nowMs: Date.now(),
      }),
    );
    const usdt = await db.query<{ v: string }>(
      'SELECT change_balance::text AS v FROM users_wallet WHERE user_id = $1 AND currency_id = 3',
      [userId],
    );
    expect(new Decimal(usdt[0]?.v ?? '0').toFixed()).toBe('1000');
  });

  it('leaves a database alone whose ids are not the old seed', async () => {
    await migrate(db, { until: BEFORE });
    await db.query("UPDATE currencies SET name = 'XBT' WHERE id = $1", [OLD.BTC]);
    await migrate(db);
    expect(await idsByName()).toMatchObject({ USDT: 1, XBT: 2, ETH: 3 });
  });

  it('gives a new database the legacy ids directly', async () => {
    await migrate(db);
    expect(await idsByName()).toMatchObject({ BTC: 1, ETH: 2, USDT: 3 });
    const pairs = await db.query<{ id: number; legal_id: number; currency_id: number }>(
      'SELECT id, legal_id, currency_id FROM currency_matches WHERE id = 1',
    );
    expect(pairs[0]).toEqual({ id: 1, legal_id: 3, currency_id: 1 });
  });
});
