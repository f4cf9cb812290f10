// The leases of one server process (issue 45, ADR 0069): the jobs it may run and the markets it
// may own. Every lease is ticked each second (taken when free or its holder stalled, renewed while
// held); the process runs a job only while it holds the job's lease, and fences the job's writes
// with it. On PGlite (one process) every lease is held from the start.
import { hostname } from 'node:os';
import type { ClusterPort } from '../context.ts';
import type { Database, Queryable } from '../db/database.ts';
import { pgLease, soleLease, type Lease } from './lease.ts';

/** The periodic jobs that run once in the cluster, each under its lease. */
export const JOB_LEASES = {
  lever: 'job:lever',
  micro: 'job:micro',
  c2c: 'job:c2c',
  lockup: 'job:lockup',
  alerts: 'job:alerts',
  notes: 'job:notes',
} as const;

export const LEASE_TICK_MS = 1000;

export class LeaseKeeper implements ClusterPort {
  private readonly leases = new Map<string, Lease>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking: Promise<void> = Promise.resolve();

  constructor(private readonly make: (name: string) => Lease) {}

  /** The keeper of a database: leases of its own PostgreSQL, or the sole process's on PGlite. */
  static of(db: Database, databaseUrl: string | null): LeaseKeeper {
    const holder = `${hostname()}:${process.pid}`;
    if (db.kind === 'pglite' || databaseUrl === null) return new LeaseKeeper(soleLease);
    return new LeaseKeeper((name) => pgLease({ url: databaseUrl, name, holder }));
  }

  private lease(name: string): Lease {
    let l = this.leases.get(name);
    if (l === undefined) {
      l = this.make(name);
      this.leases.set(name, l);
    }
    return l;
  }

  held(name: string): boolean {
    return this.lease(name).epoch() !== null;
  }

  fence(name: string, tx: Queryable): Promise<void> {
    return this.lease(name).fence(tx);
  }

  /** Takes or renews every lease once (the first at start, before the jobs start). */
  tick(names: readonly string[] = Object.values(JOB_LEASES)): Promise<void> {
    this.ticking = this.ticking.then(async () => {
      await Promise.all(names.map((n) => this.lease(n).tick()));
    });
    return this.ticking;
  }

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.tick(), LEASE_TICK_MS);
  }

  /** Stops ticking and lets every lease go (server close). */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.all([...this.leases.values()].map((l) => l.release()));
  }
}

/**
 * The database as a job's writes see it: each transaction first checks the job's lease (a
 * process that lost it writes nothing).
 */
export function fencedDatabase(db: Database, fence: (tx: Queryable) => Promise<void>): Database {
  return {
    ...db,
    query: db.query,
    transaction: (fn) =>
      db.transaction(async (tx) => {
        await fence(tx);
        return fn(tx);
      }),
  };
}

/** A job's database (its writes fenced with its lease) and whether its timer runs here now. */
export function jobSeat(
  ctx: { db: Database; cluster: ClusterPort },
  lease: string,
): { db: Database; may: () => boolean } {
  return {
    db: fencedDatabase(ctx.db, (tx) => ctx.cluster.fence(lease, tx)),
    may: () => ctx.cluster.held(lease),
  };
}
