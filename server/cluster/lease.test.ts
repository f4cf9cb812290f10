// Leases of the cluster (issue 45, ADR 0069) on a real PostgreSQL: contenders racing for one
// lease leave exactly one holder; a holder whose process dies (its session ended) is replaced
// on the contender's next tick, with a new epoch; a holder that stalls keeps its lock until it
// is not renewed for `staleMs`, then a contender ends its session and takes it over; the
// stalled holder, when it wakes, is refused by the fence, and its writes never land.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { backends, createTestDatabase, type TestDatabaseUrl } from '../db/test-databases.ts';
import { fenceEpoch, LeaseLost, pgLease, soleLease, type Lease } from './lease.ts';

const onPostgres = backends().includes('postgres');

describe.skipIf(!onPostgres)('leases on PostgreSQL', () => {
  let created: TestDatabaseUrl;
  let db: Database;
  const leases: Lease[] = [];

  beforeAll(async () => {
    created = await createTestDatabase();
    db = await openDatabase({ dataDir: null, databaseUrl: created.url, poolSize: 4 });
    await migrate(db);
    await db.exec('CREATE TABLE fenced_writes (lease TEXT, holder TEXT, epoch INTEGER)');
  }, 60_000);

  afterAll(async () => {
    for (const l of leases) await l.release();
    await db.close();
    await created.drop();
  });

  const lease = (name: string, holder: string, staleMs = 3000): Lease => {
    const l = pgLease({ url: created.url, name, holder, staleMs });
    leases.push(l);
    return l;
  };

  /** A write under the lease: it lands only while `l` holds it. */
  const write = (l: Lease, holder: string) =>
    db.transaction(async (tx) => {
      await l.fence(tx);
      await tx.query('INSERT INTO fenced_writes VALUES ($1, $2, $3)', [l.name, holder, l.epoch()]);
    });

  const writes = async (name: string) =>
    db.query<{ holder: string; epoch: number }>(
      'SELECT holder, epoch FROM fenced_writes WHERE lease = $1',
      [name],
    );

  it('contenders racing for a lease leave exactly one holder', async () => {
    const contenders = ['a', 'b', 'c', 'd'].map((h) => lease('market:1', h));
    for (let round = 0; round < 5; round += 1) {
      const held = await Promise.all(contenders.map((l) => l.tick()));
      expect(held.filter(Boolean)).toHaveLength(1);
    }
    const holder = contenders.find((l) => l.epoch() !== null);
    expect(holder?.epoch()).toBe(1);
    const others = contenders.filter((l) => l !== holder);
    for (const l of others) await expect(write(l, 'other')).rejects.toBeInstanceOf(LeaseLost);
  });

  it("a holder whose process dies is replaced on the contender's next tick, with a new epoch", async () => {
    const a = lease('market:2', 'a');
    const b = lease('market:2', 'b');
    expect(await a.tick()).toBe(true);
    expect(await b.tick()).toBe(false);
    await write(a, 'a');
    // kill -9 of a: the kernel closes its connections, PostgreSQL ends its session
    await db.query("SELECT pg_terminate_backend(pid) FROM cluster_leases WHERE name = 'market:2'");
    const from = Date.now();
    while (!(await b.tick())) {
      expect(Date.now() - from).toBeLessThan(5000);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(b.epoch()).toBe(2);
    await write(b, 'b');
    await expect(write(a, 'a')).rejects.toBeInstanceOf(LeaseLost);
    expect(await a.tick()).toBe(false);
    expect(await writes('market:2')).toEqual([
      { holder: 'a', epoch: 1 },
      { holder: 'b', epoch: 2 },
    ]);
  });

  it('a stalled holder is taken over once not renewed, and is refused when it wakes', async () => {
    // 1.5 s: a loaded machine may delay a renewal by a few hundred milliseconds
    const a = lease('job:lever', 'a', 1500);
    const b = lease('job:lever', 'b', 1500);
    expect(await a.tick()).toBe(true);
    // a renews while it runs: b cannot take it
    for (let i = 0; i < 4; i += 1) {
      await new Promise((r) => setTimeout(r, 200));
      expect(await a.tick()).toBe(true);
      expect(await b.tick()).toBe(false);
    }
    // a stalls (no more ticks); b ends its session after 1.5 s and takes the lease
    const from = Date.now();
    while (!(await b.tick())) {
      expect(Date.now() - from).toBeLessThan(8000);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(Date.now() - from).toBeGreaterThanOrEqual(1300);
    expect(b.epoch()).toBe(2);
    // a wakes, still believing it holds epoch 1: a write fenced with it is refused, and so is
    // a's own; its tick says it is gone
    const stale = db.transaction((tx) => fenceEpoch(tx, 'job:lever', 1));
    await expect(stale).rejects.toBeInstanceOf(LeaseLost);
    await expect(write(a, 'a')).rejects.toBeInstanceOf(LeaseLost);
    expect(await a.tick()).toBe(false);
    expect(a.epoch()).toBeNull();
    await write(b, 'b');
    expect(await writes('job:lever')).toEqual([{ holder: 'b', epoch: 2 }]);
  });

  it('a write fenced before a takeover commits first; the takeover waits for it', async () => {
    const a = lease('market:3', 'a', 300);
    const b = lease('market:3', 'b', 300);
    expect(await a.tick()).toBe(true);
    let release = (): void => undefined;
    const held = new Promise<void>((r) => (release = r));
    const slow = db.transaction(async (tx) => {
      await a.fence(tx);
      await held;
      await tx.query("INSERT INTO fenced_writes VALUES ('market:3', 'a', 1)");
    });
    await new Promise((r) => setTimeout(r, 400));
    // b ends a's session and takes the lock; its epoch bump waits for a's fenced transaction
    let taken = false;
    const takeover = (async () => {
      while (!(await b.tick())) await new Promise((r) => setTimeout(r, 50));
      taken = true;
    })();
    await new Promise((r) => setTimeout(r, 500));
    expect(taken).toBe(false);
    release();
    await slow;
    await takeover;
    expect(b.epoch()).toBe(2);
    await expect(write(a, 'a')).rejects.toBeInstanceOf(LeaseLost);
    expect(await writes('market:3')).toEqual([{ holder: 'a', epoch: 1 }]);
  });
});

describe('the single process lease (PGlite)', () => {
  it('is always held at epoch 1', async () => {
    const l = soleLease('market:1');
    expect(await l.tick()).toBe(true);
    expect(l.epoch()).toBe(1);
    await expect(l.fence({ query: () => Promise.resolve([]) })).resolves.toBeUndefined();
  });
});
