import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shared/decimal.ts';
import { CURRENCY_ID } from '../testing/fixtures.ts';
import { changeBalance } from '../wallet/ledger.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { backends, openTestDatabase } from './test-databases.ts';

describe.each(backends())('storage on %s', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(backend);
    expect(db.kind).toBe(backend);
  });
  afterAll(async () => {
    await db.close();
  });

  it('applies every migration once, in order', async () => {
    const first = await migrate(db);
    expect(first).toEqual([
      '0001-initial-schema',
      '0002-seed-market',
      '0003-spot-trading',
      '0004-wallets',
      '0005-cash-info',
      '0006-micro',
      '0007-lever',
      '0008-c2c',
      '0009-lockup',
      '0010-lending',
      '0011-presale',
      '0012-spot-order-fills',
      '0013-loan-repayment-quotes',
      '0014-presale-links',
      '0015-legacy-currency-ids',
      '0016-user-workspace',
      '0017-notifications',
      '0018-sessions',
      '0019-fair-micro-payouts',
      '0020-c2c-deal-deadline',
      '0021-spot-triggers',
      '0022-spot-oco',
      '0023-spot-order-groups',
      '0024-lever-trigger-by',
      '0025-lever-trailing',
      '0026-lever-reduce-only',
      '0027-lever-conditional',
      '0028-cluster-leases',
      '0029-socket-io-attachments',
    ]);
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((r) => r.version)).toEqual(first);
  });

  it('processes starting together migrate one at a time, each migration once', async () => {
    const fresh = await openTestDatabase(backend, { poolSize: 4 });
    try {
      const [a, b, c] = await Promise.all([migrate(fresh), migrate(fresh), migrate(fresh)]);
      const all = [...(a ?? []), ...(b ?? []), ...(c ?? [])].sort();
      const rows = await fresh.query<{ version: string }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(all).toEqual(rows.map((r) => r.version));
      expect(new Set(all).size).toBe(all.length);
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('stores money exactly and rolls back failed transactions', async () => {
    const pairs = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM currency_matches WHERE is_display = 1',
    );
    expect(pairs[0]?.n).toBe(9);
    const user = await db.query<{ id: number }>(
      `INSERT INTO users (account, password_hash, extension_code, created_at)
         VALUES ('db@test', 'x', 'DBTEST01', now()) RETURNING id`,
    );
    const userId = user[0]?.id ?? 0;
    const nowMs = Date.now();
    const base = {
      userId,
      currencyId: CURRENCY_ID.BTC,
      field: 'change_balance' as const,
      type: 1,
      memo: 't',
      nowMs,
    };
    await db.transaction((tx) => changeBalance(tx, { ...base, delta: new Decimal('0.1') }));
    await db.transaction((tx) => changeBalance(tx, { ...base, delta: new Decimal('0.2') }));
    await expect(
      db.transaction((tx) => changeBalance(tx, { ...base, delta: new Decimal('-1') })),
    ).rejects.toThrow();
    const w = await db.query<{ change_balance: string }>(
      'SELECT change_balance FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
      [userId, CURRENCY_ID.BTC],
    );
    expect(new Decimal(w[0]?.change_balance ?? '0').toFixed()).toBe('0.3');
    const log = await db.query<{ n: number; s: string }>(
      'SELECT count(*)::int AS n, sum(delta)::text AS s FROM account_log WHERE user_id = $1',
      [userId],
    );
    expect(log[0]?.n).toBe(2);
    expect(new Decimal(log[0]?.s ?? '0').toFixed()).toBe('0.3');
  });
});
