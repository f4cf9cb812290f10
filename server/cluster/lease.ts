// Leases (issue 45, ADR 0069): what one process of the cluster owns at a time (a market, a
// periodic job). On PostgreSQL a lease is a session advisory lock held on a connection of its
// own (never a pooled one), plus a row of `cluster_leases` with an epoch, the fencing token:
// - taking it bumps the epoch, and the holder's writes check it inside their transaction
//   (`fence`, FOR SHARE: a takeover's bump waits for them, and every write after it sees the new
//   epoch and is refused);
// - the holder renews the row every second on its own connection; a process killed loses the
//   connection, and with it the lock, at once;
// - a holder that stalls (paused, swapped out) keeps its connection and so its lock: a contender
//   that finds the row not renewed for `staleMs` ends the holder's session
//   (pg_terminate_backend), takes the lock and bumps the epoch. The stalled holder, when it
//   wakes, is refused by the fence and finds its connection gone.
// On PGlite (one process by nature) every lease is held by the only process, at epoch 1.
import pg from 'pg';
import type { Queryable } from '../db/database.ts';

/** Thrown by a fenced write of a lease its process no longer holds. */
export class LeaseLost extends Error {
  constructor(readonly lease: string) {
    super(`lease ${lease} is held by another process`);
    this.name = 'LeaseLost';
  }
}

export interface Lease {
  readonly name: string;
  /** The epoch while this process holds the lease; null while it does not. */
  epoch(): number | null;
  /**
   * Takes the lease if it is free (or its holder stalled), renews it if held; true while held.
   * Call it about every second.
   */
  tick(): Promise<boolean>;
  /** Inside a transaction that writes under the lease: throws LeaseLost if no longer held. */
  fence(tx: Queryable): Promise<void>;
  release(): Promise<void>;
}

/**
 * The fence of a write under lease `name` taken at `epoch` (null: not held): the lease's row read
 * FOR SHARE, so a takeover's epoch bump waits for this transaction; another epoch is LeaseLost.
 */
export async function fenceEpoch(tx: Queryable, name: string, epoch: number | null): Promise<void> {
  const rows = await tx.query<{ epoch: number }>(
    'SELECT epoch FROM cluster_leases WHERE name = $1 FOR SHARE',
    [name],
  );
  if (epoch === null || Number(rows[0]?.epoch) !== epoch) throw new LeaseLost(name);
}

/** A lease of the single process (PGlite): always held, at epoch 1. */
export function soleLease(name: string): Lease {
  return {
    name,
    epoch: () => 1,
    tick: () => Promise.resolve(true),
    fence: () => Promise.resolve(),
    release: () => Promise.resolve(),
  };
}

export interface PgLeaseOptions {
  url: string;
  name: string;
  /** Who holds it, as the row says (host and process id). */
  holder: string;
  /** A holder not renewed for this long is taken over; 3 s by default. */
  staleMs?: number;
}

/** The advisory lock key of a lease: a 64-bit hash of its name, figured by PostgreSQL. */
const KEY = "hashtextextended('bourse:lease:' || $1, 0)";

export function pgLease(o: PgLeaseOptions): Lease {
  const staleMs = o.staleMs ?? 3000;
  let client: pg.Client | null = null;
  let epoch: number | null = null;

  const drop = (): void => {
    const c = client;
    client = null;
    epoch = null;
    // a connection that broke or was ended by a contender: nothing more to do with it
    c?.end().catch(() => undefined);
  };

  const connect = async (): Promise<pg.Client> => {
    if (client !== null) return client;
    const c = new pg.Client({ connectionString: o.url, application_name: `bourse ${o.name}` });
    c.on('error', drop);
    c.on('end', () => {
      if (client === c) drop();
    });
    await c.connect();
    client = c;
    return c;
  };

  const renew = async (c: pg.Client, held: number): Promise<boolean> => {
    const r = await c.query(
      'UPDATE cluster_leases SET renewed_at = now() WHERE name = $1 AND epoch = $2 AND pid = pg_backend_pid()',
      [o.name, held],
    );
    if (r.rowCount === 1) return true;
    drop();
    return false;
  };

  const take = async (c: pg.Client): Promise<boolean> => {
    const got = await c.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${KEY}) AS ok`, [
      o.name,
    ]);
    if (got.rows[0]?.ok !== true) {
      await endStale(c);
      return false;
    }
    const r = await c.query<{ epoch: number }>(
      `INSERT INTO cluster_leases (name, epoch, holder, pid, renewed_at)
         VALUES ($1, 1, $2, pg_backend_pid(), now())
       ON CONFLICT (name) DO UPDATE SET epoch = cluster_leases.epoch + 1, holder = $2,
         pid = pg_backend_pid(), renewed_at = now()
       RETURNING epoch`,
      [o.name, o.holder],
    );
    epoch = Number(r.rows[0]?.epoch);
    return true;
  };

  /** Ends the session of a holder that has not renewed for `staleMs`; the lock is free after. */
  const endStale = async (c: pg.Client): Promise<void> => {
    await c.query(
      `SELECT pg_terminate_backend(pid) FROM cluster_leases
        WHERE name = $1 AND renewed_at < now() - make_interval(secs => $2::float8 / 1000)
          AND pid <> pg_backend_pid()`,
      [o.name, staleMs],
    );
  };

  return {
    name: o.name,
    epoch: () => epoch,
    async tick() {
      try {
        const c = await connect();
        return epoch === null ? await take(c) : await renew(c, epoch);
      } catch {
        drop();
        return false;
      }
    },
    fence: (tx) => fenceEpoch(tx, o.name, epoch),
    async release() {
      const c = client;
      if (c === null) return;
      await c.query(`SELECT pg_advisory_unlock(${KEY})`, [o.name]).catch(() => undefined);
      drop();
    },
  };
}
