// Jobs run once in the cluster (issue 45, ADR 0069): two server processes over one PostgreSQL
// (here two servers in one test process, each with its own leases and connections). Each job's
// lease has exactly one holder; the other process neither runs the job on its timer nor can write
// under it (its fenced transaction is refused); when the holder closes, the other takes every
// job within a few ticks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../db/test-databases.ts';
import type { TestServer } from '../testing/helpers.ts';
import { startTestServer } from '../testing/helpers.ts';
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
      'SELECT name, epoch FROM cluster_leases ORDER BY name',
    );
    expect(rows.map((r) => r.name)).toEqual([...JOBS].sort());
  });

  it('when the holder goes, the other process takes every job', async () => {
    await a.cluster.stop();
    const from = Date.now();
    while (!JOBS.every((j) => b.ctx.cluster.held(j))) {
      expect(Date.now() - from).toBeLessThan(10_000);
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows = await b.ctx.db.query<{ epoch: number }>('SELECT epoch FROM cluster_leases');
    expect(rows.every((r) => r.epoch === 2)).toBe(true);
    await expect(
      jobSeat(a.ctx, JOB_LEASES.lever).db.transaction((tx) => tx.query('SELECT 1')),
    ).rejects.toBeInstanceOf(LeaseLost);
  });
});
