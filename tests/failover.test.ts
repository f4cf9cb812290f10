// Failover (issue 45, ADR 0071, 0072): the real server, `WORKERS=2` over one PostgreSQL (Node's
// cluster module, one port), the market simulator off so that only the test's two users trade.
// Three times in a row, in the middle of a burst of orders on BTC/USDT, the process that owns the
// market is killed with SIGKILL. Each time another process owns it within 5 s (measured from the
// kill to a new holder of its lease); every acknowledged order is stored exactly once; every
// balance equals its ledger and no money is created or destroyed (the two users and the house's
// fee account hold together what they were given); the book the market shows is the one the
// database holds. Without DATABASE_URL, WORKERS=2 is refused, saying why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../server/db/database.ts';
import { openDatabase } from '../server/db/database.ts';
import { backends, createTestDatabase, type TestDatabaseUrl } from '../server/db/test-databases.ts';
import { clusterWatch, expectSettled, sendOrder, traders } from './cluster-burst.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

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

    it('is refused without DATABASE_URL, saying why', async () => {
      await expect(startServerProcess({ WORKERS: '2' }, { startupMs: 30_000 })).rejects.toThrow(
        /WORKERS=2 needs a real PostgreSQL \(DATABASE_URL\)/,
      );
    });

    it(`${ROUNDS} times in a row: owned again within 5 s, nothing acknowledged lost or doubled, no money made or lost`, async () => {
      const { holder, members, listening } = clusterWatch(db, server);
      const t = await traders(db, 'failover');
      await expect.poll(() => holder(t.lease), { timeout: 30_000 }).not.toBeNull();
      const outcomes = new Map<string, number>();

      for (let round = 1; round <= ROUNDS; round += 1) {
        // both processes up and listening (the one that replaced the last one killed, too)
        await expect.poll(members, { timeout: 60_000 }).toBe(2);
        await expect.poll(listening, { timeout: 60_000 }).toBe(2);
        const owner = await holder(t.lease);
        expect(owner).not.toBeNull();
        const acked: string[] = [];
        let killedAt = 0;
        let next = 0;
        const lane = async () => {
          while (next < ORDERS) {
            const i = next++;
            const id = await sendOrder(server, t, `f${round}-`, i, outcomes);
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
          const h = await holder(t.lease);
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
        await expectSettled(db, server, t, `f${round}-`, acked);
      }
    }, 240_000);
  },
);
