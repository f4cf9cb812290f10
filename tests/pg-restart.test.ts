// PostgreSQL restarts (issue 45): the real server, `WORKERS=2`, on a PostgreSQL of the test's
// own (server/db/test-cluster.ts), restarted by its operator (`pg_ctl restart -m fast`: every
// session ended) in the middle of a burst of orders on BTC/USDT. The processes wait, reconnect
// and resume: neither dies, the market is owned again, orders are acknowledged again. Nothing is
// half-written: every acknowledged order is stored once, every balance equals its ledger, no
// money is made or lost, and the book the market shows is the one the database holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../server/db/database.ts';
import { openDatabase } from '../server/db/database.ts';
import { findPostgresBinaries, startCluster, type TestCluster } from '../server/db/test-cluster.ts';
import { backends } from '../server/db/test-databases.ts';
import { clusterWatch, expectSettled, sendOrder, traders } from './cluster-burst.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const ORDERS = 60;
const bindir = findPostgresBinaries();

describe.skipIf(!backends().includes('postgres') || bindir === null)(
  'two processes, PostgreSQL restarted mid-burst',
  () => {
    let cluster: TestCluster;
    let db: Database;
    let server: ServerProcess;

    beforeAll(async () => {
      cluster = await startCluster(bindir as string);
      server = await startServerProcess({
        WORKERS: '2',
        DATABASE_URL: cluster.url,
        SIM_OFF: '1',
      });
      db = await openDatabase({ dataDir: null, databaseUrl: cluster.url, poolSize: 2 });
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await db?.close();
      await cluster?.stop();
    });

    it('the processes wait, reconnect and resume; nothing acknowledged lost or doubled, no money made or lost', async () => {
      const { holder, members, listening } = clusterWatch(db, server);
      const t = await traders(db, 'pg-restart');
      await expect.poll(members, { timeout: 60_000 }).toBe(2);
      await expect.poll(listening, { timeout: 60_000 }).toBe(2);
      await expect.poll(() => holder(t.lease), { timeout: 30_000 }).not.toBeNull();
      const outcomes = new Map<string, number>();
      const acked: string[] = [];
      let restart: Promise<void> | null = null;
      let restartedAt = 0;
      let next = 0;
      const lane = async () => {
        while (next < ORDERS) {
          const id = await sendOrder(server, t, 'pgr-', next++, outcomes);
          if (id !== null) acked.push(id);
          if (restart === null && acked.length >= ORDERS / 3) {
            restartedAt = Date.now();
            restart = cluster.restart();
          }
        }
      };
      await Promise.all(Array.from({ length: 6 }, lane));
      await restart;
      console.log(`pg restart: done ${Date.now() - restartedAt} ms after it began`);
      console.log(
        `pg restart: ${acked.length}/${ORDERS} acknowledged`,
        JSON.stringify([...outcomes]),
      );
      outcomes.clear();

      // both processes still there, the market owned again, and orders acknowledged again
      await expect.poll(members, { timeout: 30_000 }).toBe(2);
      await expect.poll(() => holder(t.lease), { timeout: 30_000 }).not.toBeNull();
      console.log(`pg restart: owned again ${Date.now() - restartedAt} ms after it began`);
      const after: string[] = [];
      let n = 0;
      await expect
        .poll(
          async () => {
            const id = await sendOrder(server, t, 'pgr-after-', n++, outcomes);
            if (id !== null) after.push(id);
            return after.length;
          },
          { timeout: 30_000, interval: 100 },
        )
        .toBeGreaterThanOrEqual(2)
        .catch((err: unknown) => {
          console.log(JSON.stringify([...outcomes]), server.output().slice(-6000));
          throw err;
        });
      console.log(
        `pg restart: trading again ${Date.now() - restartedAt} ms after the restart`,
        JSON.stringify([...outcomes]),
      );
      expect(server.output(), 'no process died').not.toMatch(/ ended \(/);
      expect(listening()).toBe(2);
      await expectSettled(db, server, t, 'pgr-', [...acked, ...after]);
    }, 180_000);
  },
);
