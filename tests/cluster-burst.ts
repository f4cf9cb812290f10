// What the cluster's crash tests share (tests/failover.test.ts, tests/pg-restart.test.ts): two
// users trading BTC/USDT at one price in bursts of limit orders, each with a client id, and the
// checks after a crash: every acknowledged order stored once, every balance its ledger, no money
// made or lost (the two users and the house's fee account hold together what they were given),
// the book the market shows the book the database holds.
import { expect } from 'vitest';
import { Decimal } from '../src/shared/decimal.ts';
import type { SpotDeal } from '../src/shared/wire.ts';
import { issueToken } from '../server/accounts/tokens.ts';
import type { Database } from '../server/db/database.ts';
import { CURRENCY_ID } from '../server/testing/fixtures.ts';
import { expectLedgerExplainsBalances, grantedUser } from '../server/testing/races.ts';
import type { ServerProcess } from './server-process.ts';

const PRICE = '50000.00';
const BTC = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };

/** The cluster as its database says it is. */
export function clusterWatch(db: Database, server: ServerProcess) {
  return {
    /** The holder of a lease now: its process id and epoch, if renewed in the last 2 s. */
    async holder(name: string) {
      const rows = await db.query<{ holder: string; epoch: number }>(
        `SELECT holder, epoch FROM cluster_leases
        WHERE name = $1 AND renewed_at > now() - interval '2 seconds'`,
        [name],
      );
      const r = rows[0];
      return r === undefined ? null : { pid: Number(r.holder.split(':').at(-1)), epoch: r.epoch };
    },
    /** The server processes alive (their member leases renewed in the last 2 s). */
    async members() {
      const rows = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM cluster_leases
        WHERE name LIKE 'member:%' AND renewed_at > now() - interval '2 seconds'`,
      );
      return Number(rows[0]?.n);
    },
    /** The server processes listening: as many as said so, less those that ended. */
    listening() {
      const out = server.output();
      return (out.match(/listening on/g)?.length ?? 0) - (out.match(/ ended \(/g)?.length ?? 0);
    },
  };
}

export interface Traders {
  seller: number;
  buyer: number;
  /** The seller, the buyer and the house's fee account. */
  people: number[];
  /** What they hold together, per currency, as given. */
  given: string[];
  /** BTC/USDT's match id, and its lease. */
  m: number;
  lease: string;
  tokens: Record<number, string>;
}

/** Each currency's sum over `userIds` of free and frozen balances, as `id:total`. */
export async function totals(db: Database, userIds: number[]): Promise<string[]> {
  const rows = await db.query<{ currency_id: number; total: string }>(
    `SELECT currency_id, SUM(change_balance + lock_change_balance) AS total FROM users_wallet
    WHERE user_id = ANY(string_to_array($1, ',')::int[]) GROUP BY currency_id ORDER BY 1`,
    [userIds.join(',')],
  );
  return rows.map((r) => `${r.currency_id}:${new Decimal(r.total).toFixed()}`);
}

/** A seller of 10 BTC and a buyer of 1,000,000 USDT, logged in. */
export async function traders(db: Database, tag: string): Promise<Traders> {
  const now = Date.now();
  const seller = await grantedUser(db, `${tag}-seller@example.com`, now, [
    { currencyId: CURRENCY_ID.BTC, field: 'change_balance', amount: '10' },
  ]);
  const buyer = await grantedUser(db, `${tag}-buyer@example.com`, now, [
    { currencyId: CURRENCY_ID.USDT, field: 'change_balance', amount: '1000000' },
  ]);
  const fees = (await db.query<{ id: number }>('SELECT id FROM users WHERE is_simulated = 2'))[0]
    ?.id as number;
  const people = [seller, buyer, fees];
  const m = (
    await db.query<{ id: number }>(
      'SELECT id FROM currency_matches WHERE legal_id = $1 AND currency_id = $2',
      [CURRENCY_ID.USDT, CURRENCY_ID.BTC],
    )
  )[0]?.id as number;
  return {
    seller,
    buyer,
    people,
    given: await totals(db, people),
    m,
    lease: `market:${m}`,
    tokens: {
      [seller]: await issueToken(db, seller, now),
      [buyer]: await issueToken(db, buyer, now),
    },
  };
}

/**
 * Order `i` of a burst (even: a sell, odd: a buy, of 0.001 BTC at one price), client id
 * `${prefix}${i}`: that id once acknowledged, null otherwise. What came back is counted in
 * `outcomes`.
 */
export async function sendOrder(
  server: ServerProcess,
  t: Traders,
  prefix: string,
  i: number,
  outcomes: Map<string, number>,
): Promise<string | null> {
  const count = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
  const user = i % 2 === 0 ? t.seller : t.buyer;
  const path = user === t.seller ? '/api/transaction/out' : '/api/transaction/in';
  const clientId = `${prefix}${i}`;
  const body = new URLSearchParams({
    ...BTC,
    price: PRICE,
    num: '0.0010',
    mode: '2',
    client_id: clientId,
  });
  try {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: t.tokens[user] as string },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    const reply = (await res.json()) as { type: string; message: unknown };
    count(reply.type === 'ok' ? 'ok' : String(reply.message).slice(0, 40));
    return reply.type === 'ok' ? clientId : null;
  } catch (err) {
    // its process died under it, or no answer: not acknowledged; the client waits a little
    count(
      err instanceof Error
        ? `${err.name} ${String((err.cause as { code?: string } | undefined)?.code)}`
        : 'error',
    );
    await new Promise((r) => setTimeout(r, 200));
    return null;
  }
}

/**
 * After a burst with client ids `${prefix}…`: each acknowledged one stored once, no money made
 * or lost, every balance its ledger, and the book shown (within 10 s) the book stored.
 */
export async function expectSettled(
  db: Database,
  server: ServerProcess,
  t: Traders,
  prefix: string,
  acked: readonly string[],
): Promise<void> {
  const stored = await db.query<{ client_id: string }>(
    'SELECT client_id FROM spot_orders WHERE client_id LIKE $1',
    [`${prefix}%`],
  );
  const ids = stored.map((r) => r.client_id);
  expect(new Set(ids).size, 'no order stored twice').toBe(ids.length);
  for (const id of acked) expect(ids, `acknowledged ${id}`).toContain(id);
  await expectLedgerExplainsBalances(db, t.people);
  expect(await totals(db, t.people)).toEqual(t.given);
  const resting = async () => {
    const rows = await db.query<{ side: string; total: string | null }>(
      `SELECT side, SUM(number) AS total FROM spot_orders
      WHERE match_id = $1 AND status = 0 GROUP BY side`,
      [t.m],
    );
    return rows.map((r) => `${r.side}:${new Decimal(r.total ?? '0').toFixed(4)}`).sort();
  };
  const shown = async () => {
    const res = await fetch(`${server.url}/api/transaction/deal`, {
      method: 'POST',
      body: new URLSearchParams(BTC),
    });
    const deal = (await res.json()) as { message: SpotDeal };
    const side = (name: string, levels: SpotDeal['in']) =>
      levels.map((l) => `${name}:${new Decimal(l.number).toFixed(4)}`);
    return [...side('in', deal.message.in), ...side('out', deal.message.out)].sort();
  };
  await expect
    .poll(async () => (await shown()).join(), { timeout: 10_000 })
    .toBe((await resting()).join());
}
