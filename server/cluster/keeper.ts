// The leases of one server process (issue 45, ADR 0069): the jobs it may run and the markets it
// may own. Every lease is ticked each second (taken when free or its holder stalled, renewed while
// held); the process runs a job only while it holds the job's lease, and fences the job's writes
// with it. On PGlite (one process) every lease is held from the start.
// Markets (ADR 0071) spread over the live processes: each process holds a member lease (its
// heartbeat), takes free markets while it holds fewer than its share (the markets over the live
// members, rounded up) and hands one back per tick while it holds more, so a process that joins
// takes some, and one that dies or stalls leaves its markets to the others.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { ClusterPort } from '../context.ts';
import type { Database, Queryable } from '../db/database.ts';
import { pgLease, soleLease, type Lease } from './lease.ts';
import { SEQ_SPAN } from './stream-seqs.ts';

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

/** The lease of a market: its book, matching, triggers, price walk, makers and public pushes. */
export const marketLease = (matchId: number): string => `market:${matchId}`;
const MEMBER = 'member:';
/** A market lease not renewed for this long has lost its holder (renewed every second). */
const ORPHAN_MS = 1500;
/** After taking orphans, no market is handed back for this long (the dead one still counts). */
const ORPHAN_CALM_MS = 5000;

/** What a process does when it gains a market, and before it hands one back. */
export interface MarketHandover {
  gained(matchId: number): Promise<void>;
  /** Stops serving the market (no order of it runs here after this resolves). */
  losing(matchId: number): Promise<void>;
}

export class LeaseKeeper implements ClusterPort {
  private readonly leases = new Map<string, Lease>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking: Promise<void> = Promise.resolve();
  private markets: readonly number[] = [];
  private handover: MarketHandover | null = null;
  private readonly owned = new Set<number>();
  private tookOrphansAt = 0;
  /** This process's member lease: its heartbeat in the cluster. */
  readonly member: string;

  constructor(
    private readonly make: (name: string) => Lease,
    private readonly roll: MemberRoll = SOLE_ROLL,
    holder = 'sole',
  ) {
    this.member = `${MEMBER}${holder}:${randomUUID().slice(0, 8)}`;
  }

  /** The keeper of a database: leases of its own PostgreSQL, or the sole process's on PGlite. */
  static of(db: Database, databaseUrl: string | null): LeaseKeeper {
    const holder = `${hostname()}:${process.pid}`;
    if (db.kind === 'pglite' || databaseUrl === null) return new LeaseKeeper(soleLease);
    return new LeaseKeeper(
      (name) => pgLease({ url: databaseUrl, name, holder }),
      pgRoll(db),
      holder,
    );
  }

  /** Whether leases are shared with other processes (false on PGlite: it holds them all). */
  get shared(): boolean {
    return this.make !== soleLease;
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

  /** Whether this process owns market `matchId` now. */
  owns(matchId: number): boolean {
    return this.owned.has(matchId);
  }

  /**
   * Where market `matchId`'s push streams start while this process owns it (ADR 0073): its
   * lease epoch × SEQ_SPAN, so a new owner's numbers go on above the old one's; 0 for the sole
   * process.
   */
  seqBase(matchId: number): number {
    if (this.make === soleLease || !this.owned.has(matchId)) return 0;
    return (this.lease(marketLease(matchId)).epoch() ?? 0) * SEQ_SPAN;
  }

  /** The markets this process owns now. */
  ownedMarkets(): number[] {
    return [...this.owned].sort((x, y) => x - y);
  }

  /**
   * The markets to spread (before the first tick that takes them). The sole process owns them
   * all at once, with no handover: it serves every market from the start.
   */
  serveMarkets(markets: readonly number[], handover: MarketHandover): void {
    this.markets = markets;
    this.handover = handover;
    if (this.make === soleLease) for (const m of markets) this.owned.add(m);
  }

  fence(name: string, tx: Queryable): Promise<void> {
    return this.lease(name).fence(tx);
  }

  /** Takes or renews every lease once (the first at start, before the jobs start). */
  tick(names: readonly string[] = Object.values(JOB_LEASES)): Promise<void> {
    this.ticking = this.ticking.then(async () => {
      await Promise.all([...names, this.member].map((n) => this.lease(n).tick()));
      if (this.make !== soleLease) await this.spreadMarkets().catch(() => undefined);
    });
    return this.ticking;
  }

  /** Renews the markets held, takes free ones up to this process's share, hands one back over it. */
  private async spreadMarkets(): Promise<void> {
    const handover = this.handover;
    if (handover === null || this.markets.length === 0) return;
    for (const m of [...this.owned]) {
      if (await this.lease(marketLease(m)).tick()) continue;
      // lost (connection gone, or taken over after a stall): stop serving it
      this.owned.delete(m);
      await handover.losing(m);
    }
    // a market whose holder stopped renewing it (killed) is taken at once, whatever the share:
    // a market without an owner takes no order; the shares even out afterwards
    const orphans = await this.roll.orphans(this.markets.filter((m) => !this.owned.has(m)));
    for (const m of orphans) {
      if (!(await this.lease(marketLease(m)).tick())) continue;
      await handover.gained(m);
      this.owned.add(m);
      this.tookOrphansAt = Date.now();
    }
    const share = Math.ceil(this.markets.length / Math.max(1, await this.roll.live()));
    // (not while the process that left may still be counted among the live ones)
    if (this.owned.size > share && Date.now() - this.tookOrphansAt > ORPHAN_CALM_MS) {
      const m = this.ownedMarkets().at(-1) as number;
      this.owned.delete(m);
      await handover.losing(m);
      await this.lease(marketLease(m)).release();
      return;
    }
    // from a place of its own in the list, so processes starting together reach for different ones
    const start = hashOf(this.member) % this.markets.length;
    const order = [...this.markets.slice(start), ...this.markets.slice(0, start)];
    for (const m of order) {
      if (this.owned.size >= share) break;
      if (this.owned.has(m) || !(await this.lease(marketLease(m)).tick())) continue;
      await handover.gained(m);
      this.owned.add(m);
    }
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
    this.owned.clear();
    await this.roll.leave(this.member).catch(() => undefined);
  }
}

/** Who is in the cluster: the members renewed lately, and a member that leaves for good. */
interface MemberRoll {
  live(): Promise<number>;
  leave(member: string): Promise<void>;
  /** Of these markets, those whose lease was held but has not been renewed lately. */
  orphans(markets: readonly number[]): Promise<number[]>;
}

const SOLE_ROLL: MemberRoll = {
  live: () => Promise.resolve(1),
  leave: () => Promise.resolve(),
  orphans: () => Promise.resolve([]),
};

/** The member leases renewed within the stale window: the processes alive and not stalled. */
function pgRoll(db: Database): MemberRoll {
  return {
    async live() {
      const rows = await db.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM cluster_leases
          WHERE name LIKE '${MEMBER}%' AND renewed_at > now() - interval '3 seconds'`,
      );
      return Number(rows[0]?.n ?? 1);
    },
    async orphans(markets) {
      if (markets.length === 0) return [];
      const rows = await db.query<{ name: string }>(
        `SELECT name FROM cluster_leases WHERE name = ANY(string_to_array($1, ','))
            AND renewed_at < now() - make_interval(secs => $2::float8 / 1000)`,
        [markets.map(marketLease).join(','), ORPHAN_MS],
      );
      const stale = new Set(rows.map((r) => r.name));
      return markets.filter((m) => stale.has(marketLease(m)));
    },
    // a member that stops is gone at once (the others need not wait out its stale window), and
    // so is a member row left by a process that died long ago
    async leave(member) {
      await db.query(
        `DELETE FROM cluster_leases WHERE name = $1
            OR (name LIKE '${MEMBER}%' AND renewed_at < now() - interval '1 hour')`,
        [member],
      );
    },
  };
}

function hashOf(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) >>> 0;
  return h;
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
