// Failover (issue 45, ADR 0071, 0072): the real server, `WORKERS=2` over one PostgreSQL (Node's
// cluster module, one port), the market simulator off so that only the test's two users trade.
// Three times in a row, in the middle of a burst of orders on BTC/USDT, the process that owns the
// market is killed with SIGKILL. Each time another process owns it within 5 s (measured from the
// kill to a new holder of its lease); every acknowledged order is stored exactly once; every
// balance equals its ledger and no money is created or destroyed (the two users and the house's
// fee account hold together what they were given); the book the market shows is the one the
// database holds. Without DATABASE_URL, WORKERS=2 is refused, saying why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../src/shared/decimal.ts';
import type { SpotDeal } from '../src/shared/wire.ts';
import { issueToken } from '../server/accounts/tokens.ts';
import type { Database } from '../server/db/database.ts';
import { openDatabase } from '../server/db/database.ts';
import { backends, createTestDatabase, type TestDatabaseUrl } from '../server/db/test-databases.ts';
import { CURRENCY_ID } from '../server/testing/fixtures.ts';
import { expectLedgerExplainsBalances, grantedUser } from '../server/testing/races.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const PRICE = '50000.00';
const ROUNDS = 3;
const ORDERS = 60;

describe.skipIf(!backends().includes('postgres'))(
  'two processes, the owner killed mid-burst',
  () => {
    let created: TestDatabaseUrl;
    let db: Database;
    let server: ServerProcess;

    beforeAll(async () => {
      created = await createTestDatabase();
      server = await startServerProcess({
        WORKERS: '2',
        DATABASE_URL: created.url,
        SIM_OFF: '1',
      });
      db = await openDatabase({ dataDir: null, databaseUrl: created.url, poolSize: 2 });
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await db?.close();
      await created?.drop();
    });

    /** The holder of a lease now: its process id and epoch, if renewed in the last 2 s. */
    const holder = async (name: string) => {
      const rows = await db.query<{ holder: string; epoch: number }>(
        `SELECT holder, epoch FROM cluster_leases
        WHERE name = $1 AND renewed_at > now() - interval '2 seconds'`,
        [name],
      );
      const r = rows[0];
      return r === undefined ? null : { pid: Number(r.holder.split(':').at(-1)), epoch: r.epoch };
    };

    /** The server processes alive (their member leases renewed in the last 2 s). */
    const members = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `SELECT count(*) AS n FROM cluster_leases
            WHERE name LIKE 'member:%' AND renewed_at > now() - interval '2 seconds'`,
          )
        )[0]?.n,
      );

    /** The server processes listening: as many as said so, less those that ended. */
    const listening = () => {
      const out = server.output();
      return (out.match(/listening on/g)?.length ?? 0) - (out.match(/ ended \(/g)?.length ?? 0);
    };

    const totals = async (userIds: number[]) => {
      const rows = await db.query<{ currency_id: number; total: string }>(
        `SELECT currency_id, SUM(change_balance + lock_change_balance) AS total FROM users_wallet
        WHERE user_id = ANY(string_to_array($1, ',')::int[]) GROUP BY currency_id ORDER BY 1`,
        [userIds.join(',')],
      );
      return rows.map((r) => `${r.currency_id}:${new Decimal(r.total).toFixed()}`);
    };

    it('is refused without DATABASE_URL, saying why', async () => {
      await expect(startServerProcess({ WORKERS: '2' }, { startupMs: 30_000 })).rejects.toThrow(
        /WORKERS=2 needs a real PostgreSQL \(DATABASE_URL\)/,
      );
    });

    it(`${ROUNDS} times in a row: owned again within 5 s, nothing acknowledged lost or doubled, no money made or lost`, async () => {
      const now = Date.now();
      const seller = await grantedUser(db, 'failover-seller@example.com', now, [
        { currencyId: CURRENCY_ID.BTC, field: 'change_balance', amount: '10' },
      ]);
      const buyer = await grantedUser(db, 'failover-buyer@example.com', now, [
        { currencyId: CURRENCY_ID.USDT, field: 'change_balance', amount: '1000000' },
      ]);
      const fees = (
        await db.query<{ id: number }>('SELECT id FROM users WHERE is_simulated = 2')
      )[0]?.id as number;
      const tokens = {
        [seller]: await issueToken(db, seller, now),
        [buyer]: await issueToken(db, buyer, now),
      };
      const people = [seller, buyer, fees];
      const given = await totals(people);
      const btc = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };
      const m = (
        await db.query<{ id: number }>(
          'SELECT id FROM currency_matches WHERE legal_id = $1 AND currency_id = $2',
          [CURRENCY_ID.USDT, CURRENCY_ID.BTC],
        )
      )[0]?.id as number;
      const lease = `market:${m}`;
      await expect.poll(() => holder(lease), { timeout: 30_000 }).not.toBeNull();

      const outcomes = new Map<string, number>();
      const count = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
      const send = async (round: number, i: number): Promise<string | null> => {
        const user = i % 2 === 0 ? seller : buyer;
        const path = user === seller ? '/api/transaction/out' : '/api/transaction/in';
        const clientId = `f${round}-${i}`;
        const body = new URLSearchParams({
          ...btc,
          price: PRICE,
          num: '0.0010',
          mode: '2',
          client_id: clientId,
        });
        try {
          const res = await fetch(`${server.url}${path}`, {
            method: 'POST',
            headers: { authorization: tokens[user] as string },
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
      };

      for (let round = 1; round <= ROUNDS; round += 1) {
        // both processes up and listening (the one that replaced the last one killed, too)
        await expect.poll(members, { timeout: 60_000 }).toBe(2);
        await expect.poll(listening, { timeout: 60_000 }).toBe(2);
        const owner = await holder(lease);
        expect(owner).not.toBeNull();
        const acked: string[] = [];
        let killedAt = 0;
        let next = 0;
        const lane = async () => {
          while (next < ORDERS) {
            const i = next++;
            const id = await send(round, i);
            if (id !== null) acked.push(id);
            if (killedAt === 0 && acked.length >= ORDERS / 3) {
              killedAt = Date.now();
              process.kill(owner?.pid as number, 'SIGKILL');
            }
          }
        };
        const burst = Promise.all(Array.from({ length: 6 }, lane));
        // another process holds the market's lease within 5 s of the kill
        await expect.poll(() => killedAt, { timeout: 30_000 }).toBeGreaterThan(0);
        for (;;) {
          const h = await holder(lease);
          if (h !== null && h.pid !== owner?.pid && h.epoch > (owner?.epoch ?? 0)) break;
          if (Date.now() - killedAt > 5000) console.log(server.output().slice(-4000));
          expect(Date.now() - killedAt, `round ${round}: owned again`).toBeLessThan(5000);
          await new Promise((r) => setTimeout(r, 50));
        }
        const tookMs = Date.now() - killedAt;
        await burst;
        console.log(
          `failover round ${round}: owned again ${tookMs} ms after the kill; ${acked.length}/${ORDERS} acknowledged`,
          JSON.stringify([...outcomes]),
        );
        outcomes.clear();
        // every acknowledged order is stored once, with its client id
        const stored = await db.query<{ client_id: string }>(
          'SELECT client_id FROM spot_orders WHERE client_id LIKE $1',
          [`f${round}-%`],
        );
        const ids = stored.map((r) => r.client_id);
        expect(new Set(ids).size, 'no order stored twice').toBe(ids.length);
        for (const id of acked) expect(ids, `acknowledged ${id}`).toContain(id);
        // no money made or lost; every balance is its ledger
        await expectLedgerExplainsBalances(db, people);
        expect(await totals(people)).toEqual(given);
        // the book shown is the book stored (the market's resting orders)
        const resting = async () => {
          const rows = await db.query<{ side: string; total: string | null }>(
            `SELECT side, SUM(number) AS total FROM spot_orders
            WHERE match_id = $1 AND status = 0 GROUP BY side`,
            [m],
          );
          return rows.map((r) => `${r.side}:${new Decimal(r.total ?? '0').toFixed(4)}`).sort();
        };
        const shown = async () => {
          const res = await fetch(`${server.url}/api/transaction/deal`, {
            method: 'POST',
            body: new URLSearchParams(btc),
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
    }, 240_000);
  },
);
