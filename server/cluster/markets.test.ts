// Markets spread over the processes of a cluster (issue 45, ADR 0071), on a real PostgreSQL:
// each market has exactly one owner; a process alone owns them all; one that joins takes its
// share as the others hand markets back, one per tick; one that stops, or dies, leaves its
// markets to the others within a few seconds. Every market gained is handed over (`gained`)
// before it counts as owned, and one lost stops being served (`losing`) before it is let go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { backends, createTestDatabase, type TestDatabaseUrl } from '../db/test-databases.ts';
import { LeaseKeeper, marketLease, type MarketHandover } from './keeper.ts';

const MARKETS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

describe.skipIf(!backends().includes('postgres'))('markets spread over processes', () => {
  let created: TestDatabaseUrl;
  let db: Database;
  const keepers: LeaseKeeper[] = [];

  beforeAll(async () => {
    created = await createTestDatabase();
    db = await openDatabase({ dataDir: null, databaseUrl: created.url, poolSize: 4 });
    await migrate(db);
  }, 60_000);

  afterAll(async () => {
    for (const k of keepers) await k.stop();
    await db.close();
    await created.drop();
  });

  /** A process's keeper, and what its handover saw. */
  const join = () => {
    const k = LeaseKeeper.of(db, created.url);
    const seen = { gained: [] as number[], lost: [] as number[] };
    const handover: MarketHandover = {
      gained: async (m) => {
        expect(k.owns(m)).toBe(false);
        seen.gained.push(m);
      },
      losing: async (m) => {
        seen.lost.push(m);
      },
    };
    k.serveMarkets(MARKETS, handover);
    keepers.push(k);
    return { k, seen };
  };

  /** Ticks every keeper until `done` holds (each tick at most 1 s apart, as the timer does). */
  const tickUntil = async (ks: LeaseKeeper[], done: () => boolean, withinMs: number) => {
    const from = Date.now();
    while (!done()) {
      expect(Date.now() - from, 'settled in time').toBeLessThan(withinMs);
      for (const k of ks) await k.tick();
      await new Promise((r) => setTimeout(r, 100));
    }
    return Date.now() - from;
  };

  const owners = async () =>
    db.query<{ name: string; holder: string; epoch: number }>(
      "SELECT name, holder, epoch FROM cluster_leases WHERE name LIKE 'market:%' ORDER BY name",
    );

  it('alone, a process owns every market; a second takes half as the first hands them back', async () => {
    const a = join();
    await a.k.tick();
    expect(a.k.ownedMarkets()).toEqual(MARKETS);
    expect(a.seen.gained.sort((x, y) => x - y)).toEqual(MARKETS);
    expect((await owners()).map((r) => r.name)).toEqual(MARKETS.map(marketLease).sort());

    const b = join();
    await tickUntil([a.k, b.k], () => b.k.ownedMarkets().length === 5, 20_000);
    await tickUntil([a.k, b.k], () => a.k.ownedMarkets().length === 5, 5_000);
    const mine = a.k.ownedMarkets();
    const theirs = b.k.ownedMarkets();
    expect([...mine, ...theirs].sort((x, y) => x - y)).toEqual(MARKETS);
    expect(mine.filter((m) => theirs.includes(m))).toEqual([]);
    // what a handed back it stopped serving first; b was handed exactly those
    expect(a.seen.lost.sort((x, y) => x - y)).toEqual(theirs);
    expect(b.seen.gained.sort((x, y) => x - y)).toEqual(theirs);
    // a market handed over has a new epoch: a's writes under it are fenced out
    for (const r of await owners())
      expect(r.epoch, r.name).toBe(theirs.includes(Number(r.name.slice(7))) ? 2 : 1);
    // settled: more ticks move nothing
    for (let i = 0; i < 3; i += 1) for (const k of [a.k, b.k]) await k.tick();
    expect(a.k.ownedMarkets()).toEqual(mine);
    expect(b.k.ownedMarkets()).toEqual(theirs);
  }, 40_000);

  it('a process that dies leaves its markets to the others within 5 s', async () => {
    const [a, b] = keepers as [LeaseKeeper, LeaseKeeper];
    const theirs = b.ownedMarkets();
    expect(theirs).toHaveLength(5);
    // kill -9 of b: PostgreSQL ends its sessions (its locks go at once; its member row stops
    // being renewed); b's timer never ticks again
    await db.query(
      "SELECT pg_terminate_backend(pid) FROM cluster_leases WHERE name = ANY(string_to_array($1, ','))",
      [[...theirs.map(marketLease), b.member].join(',')],
    );
    const took = await tickUntil([a], () => a.ownedMarkets().length === 10, 8_000);
    expect(took).toBeLessThan(5_000);
    const rows = await owners();
    expect(new Set(rows.map((r) => r.holder)).size).toBe(1);
    keepers.splice(1, 1);
  }, 30_000);
});
