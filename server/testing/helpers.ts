// Helpers for the server tests: a server on port 0 with an in-memory database and a clock the
// test can move, and small form-encoded request helpers.
import { createServer } from '../app.ts';
import { CURRENCY_ID } from './fixtures.ts';
import { Decimal } from '../../src/shared/decimal.ts';
import type { RunningServer } from '../app.ts';
import { testConfig } from '../config.ts';
import type { ServerConfig } from '../config.ts';
import { issueToken } from '../accounts/tokens.ts';
import type { Backend } from '../db/test-databases.ts';
import { createTestDatabase } from '../db/test-databases.ts';
import type { Grant } from './races.ts';
import { grantedUser } from './races.ts';

export interface TestServer extends RunningServer {
  clock: { now: number };
}

/**
 * A server on port 0. `backend: 'postgres'` gives it a fresh database on the run's PostgreSQL
 * (server/db/test-databases.ts), dropped when the server closes; PGlite in memory otherwise.
 * BOURSE_TEST_BACKEND=postgres makes PostgreSQL the default (every server test on it).
 */
export async function startTestServer(
  options: Partial<ServerConfig> & { backend?: Backend } = {},
): Promise<TestServer> {
  const { backend = defaultBackend(), ...overrides } = options;
  const clock = { now: Date.now() };
  const created = backend === 'postgres' ? await createTestDatabase() : null;
  const config = testConfig({
    now: () => clock.now,
    ...(created === null ? {} : { databaseUrl: created.url }),
    ...overrides,
  });
  const server = await createServer(config).catch(async (err: unknown) => {
    await created?.drop();
    throw err;
  });
  const close = server.close.bind(server);
  return Object.assign(server, {
    clock,
    async close() {
      await close();
      await created?.drop();
      // every reply of a declared call matched its wire declaration (ADR 0048)
      const drift = server.ctx.metrics.replyDrift;
      if (drift.length > 0)
        throw new Error(
          `${drift.length} reply(ies) drifted from their wire declaration: ${JSON.stringify(drift.slice(0, 5))}`,
        );
    },
  });
}

const defaultBackend = (): Backend =>
  process.env.BOURSE_TEST_BACKEND === 'postgres' ? 'postgres' : 'pglite';

export interface Reply {
  type: string;
  message: unknown;
}

export async function post(
  s: RunningServer,
  path: string,
  body: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await fetch(`${s.url}${path}?_timespan=${Date.now()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
  });
  if (res.status !== 200) throw new Error(`HTTP ${res.status} for ${path}`);
  return (await res.json()) as Reply;
}

export async function get(
  s: RunningServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const sep = path.includes('?') ? '&' : '?';
  const res = await fetch(`${s.url}${path}${sep}_timespan=${Date.now()}`, { headers });
  if (res.status !== 200) throw new Error(`HTTP ${res.status} for ${path}`);
  return (await res.json()) as Reply;
}

/** The newest code the development sender delivered to `to` (a notice has none: throws). */
export async function lastCode(s: RunningServer, to: string): Promise<string> {
  const r = await get(s, `/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const list = r.message as Array<{ code: string | null }>;
  const code = list[0]?.code;
  if (code === undefined || code === null) throw new Error(`no code sent to ${to}`);
  return code;
}

/**
 * A user put straight into the database (no code, no usable password) with a session token:
 * identity approved unless told otherwise, and `grants` credited through the ledger.
 */
export async function testUser(
  s: TestServer,
  account: string,
  opts: { approved?: boolean; grants?: readonly Grant[] } = {},
): Promise<{ id: number; token: string }> {
  const id = await grantedUser(s.ctx.db, account, s.clock.now, opts.grants);
  if (opts.approved !== false)
    await s.ctx.db.query('UPDATE users SET review_status = 2 WHERE id = $1', [id]);
  return { id, token: await issueToken(s.ctx.db, id, s.clock.now) };
}

/**
 * A user's spot wallets as exact strings: `usdt`, `usdtLocked`, `btc`, `btcLocked` (another
 * currency under its id), for the rows the user has.
 */
export async function spotFunds(s: TestServer, userId: number): Promise<Record<string, string>> {
  const rows = await s.ctx.db.query<{
    currency_id: number;
    change_balance: string;
    lock_change_balance: string;
  }>(
    'SELECT currency_id, change_balance, lock_change_balance FROM users_wallet WHERE user_id = $1',
    [userId],
  );
  const names: Record<number, string> = { [CURRENCY_ID.USDT]: 'usdt', [CURRENCY_ID.BTC]: 'btc' };
  const out: Record<string, string> = {};
  for (const r of rows) {
    const name = names[r.currency_id] ?? String(r.currency_id);
    out[name] = new Decimal(r.change_balance).toFixed();
    out[`${name}Locked`] = new Decimal(r.lock_change_balance).toFixed();
  }
  return out;
}

/** A new user holding `usdt` and `btc` in the spot account (decimal strings; '0' for none). */
export function spotUser(
  s: TestServer,
  account: string,
  usdt: string,
  btc: string,
): Promise<{ id: number; token: string }> {
  const grants = [
    { currencyId: CURRENCY_ID.USDT, field: 'change_balance' as const, amount: usdt },
    { currencyId: CURRENCY_ID.BTC, field: 'change_balance' as const, amount: btc },
  ].filter((g) => g.amount !== '0');
  return testUser(s, account, { grants });
}
