// Two server processes over one PostgreSQL (issue 45; here two servers in one test process, each
// with its own leases, connections and socket hub). Jobs run once in the cluster (ADR 0069): each
// job's lease has exactly one holder; the other process neither runs the job on its timer nor can
// write under it (its fenced transaction is refused); when the holder closes, the other takes
// every job within a few ticks. Pushes cross processes (ADR 0070): a private push emitted by one
// reaches its user's socket on the other, and no other user's; a public one reaches everyone.
import { hostname } from 'node:os';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../db/test-databases.ts';
import type { TestServer } from '../testing/helpers.ts';
import { get, startTestServer } from '../testing/helpers.ts';
import { TEST_ADMIN_TOKEN } from '../config.ts';
import { leverTrader } from '../testing/lever-kit.ts';
import { PUBLIC_ROOM, SOCKET_PATH } from '../socket/hub.ts';
import { JOB_LEASES, jobSeat } from './keeper.ts';
import { LeaseLost } from './lease.ts';

const JOBS = Object.values(JOB_LEASES);

describe.skipIf(!backends().includes('postgres'))('two processes over one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    a = await startTestServer({ backend: 'postgres', marketTimer: false, simOff: true });
    b = await startTestServer({
      marketTimer: false,
      simOff: true,
      databaseUrl: a.ctx.config.databaseUrl,
    });
  }, 120_000);

  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('each job has one holder, and the other process cannot write under it', async () => {
    for (const job of JOBS) {
      expect(a.ctx.cluster.held(job), job).toBe(true);
      expect(b.ctx.cluster.held(job), job).toBe(false);
    }
    const write = (s: TestServer) =>
      jobSeat(s.ctx, JOB_LEASES.micro).db.transaction((tx) => tx.query('SELECT 1'));
    await expect(write(b)).rejects.toBeInstanceOf(LeaseLost);
    await expect(write(a)).resolves.toBeDefined();
    const rows = await a.ctx.db.query<{ name: string; epoch: number }>(
      "SELECT name, epoch FROM cluster_leases WHERE name LIKE 'job:%' ORDER BY name",
    );
    expect(rows.map((r) => r.name)).toEqual([...JOBS].sort());
    // what the operator sees (npm run admin -- cluster), from either process
    const view = await get(b, '/api/admin/cluster', { 'x-admin-token': TEST_ADMIN_TOKEN });
    expect(view.type).toBe('ok');
    const { leases, notify_queue } = view.message as {
      leases: { name: string; epoch: number; holder: string; renewed_ms_ago: number }[];
      notify_queue: number | null;
    };
    // the jobs, the markets (cluster/markets.test.ts) and one member lease per process
    const jobs = leases.filter((l) => l.name.startsWith('job:'));
    expect(jobs.map((l) => l.name)).toEqual([...JOBS].sort());
    expect(leases.filter((l) => l.name.startsWith('member:'))).toHaveLength(2);
    for (const l of leases) {
      expect(l.holder).toBe(`${hostname()}:${process.pid}`);
      expect(l.renewed_ms_ago).toBeLessThan(3000);
    }
    expect(notify_queue).toBeGreaterThanOrEqual(0);
  });

  it("a push emitted by one process reaches its room's sockets on the other, and no one else's", async () => {
    const u = await leverTrader(a, 'cluster-push-u@example.com');
    const v = await leverTrader(a, 'cluster-push-v@example.com');
    const open = (token: string | null): Socket =>
      connect(b.url, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        ...(token === null ? {} : { auth: { token } }),
      });
    const mine = open(u.token);
    const theirs = open(v.token);
    const visitor = open(null);
    const got = { mine: [] as unknown[], theirs: [] as unknown[], visitor: [] as unknown[] };
    mine.on('notification', (m: unknown) => got.mine.push(m));
    theirs.on('notification', (m: unknown) => got.theirs.push(m));
    visitor.on('notification', (m: unknown) => got.visitor.push(m));
    const publicGot: unknown[] = [];
    visitor.on('daymarket', (m: unknown) => publicGot.push(m));
    try {
      // connected and logged in (the handshake's token) on b
      await expect.poll(() => mine.connected && theirs.connected && visitor.connected).toBe(true);
      await new Promise((r) => setTimeout(r, 500));
      // a, the other process, pushes to u's room and to the public room
      a.ctx.notify.push(u.id, 'notification', { id: 1, to: 'u' });
      a.io.to(PUBLIC_ROOM).emit('daymarket', { from: 'a' });
      await expect.poll(() => got.mine.length, { timeout: 5000 }).toBe(1);
      await expect.poll(() => publicGot.length, { timeout: 5000 }).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      expect(got.mine).toEqual([{ id: 1, to: 'u' }]);
      expect(got.theirs).toEqual([]);
      expect(got.visitor).toEqual([]);
      // over NOTIFY's 8,000 bytes: through the attachments table
      const big = { id: 2, text: 'x'.repeat(20_000) };
      a.ctx.notify.push(u.id, 'notification', big);
      await expect.poll(() => got.mine.length, { timeout: 5000 }).toBe(2);
      expect(got.mine[1]).toEqual(big);
    } finally {
      for (const s of [mine, theirs, visitor]) s.close();
    }
  });

  it('when the holder goes, the other process takes every job', async () => {
    await a.cluster.stop();
    const from = Date.now();
    while (!JOBS.every((j) => b.ctx.cluster.held(j))) {
      expect(Date.now() - from).toBeLessThan(10_000);
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows = await b.ctx.db.query<{ epoch: number }>(
      "SELECT epoch FROM cluster_leases WHERE name LIKE 'job:%'",
    );
    expect(rows.every((r) => r.epoch === 2)).toBe(true);
    await expect(
      jobSeat(a.ctx, JOB_LEASES.lever).db.transaction((tx) => tx.query('SELECT 1')),
    ).rejects.toBeInstanceOf(LeaseLost);
  });
});
