// Pushes across the server processes of a cluster (issue 45, ADR 0070): on PostgreSQL the socket
// hub broadcasts through socket.io's official PostgreSQL adapter (LISTEN/NOTIFY; payloads over
// 8,000 bytes through `socket_io_attachments`), so a push emitted by any process reaches every
// socket of its room on every process: a user's private room as much as the public one. It has a
// small pool of its own to publish, and a connection of its own to listen. PGlite (one process)
// keeps the in-memory adapter.
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Server } from 'socket.io';

/** The adapter's pool, ended after its hub closes. */
const pools = new WeakMap<Server, pg.Pool>();

export function useClusterAdapter(io: Server, databaseUrl: string, log: boolean): void {
  const say = (err: Error) => {
    if (log) console.error('socket adapter: connection lost:', err.message);
  };
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', say);
  pool.on('connect', (client) => client.on('error', say));
  // The adapter LISTENs on a connection it takes with `connect()` and never gives back, and when
  // that connection ends (PostgreSQL restarted) it takes another: from the pool, each loss would
  // keep a slot forever, until its NOTIFYs (`query`) waited for ever (a restart's pushes and
  // cluster calls stopped, ADR 0073). It gets a connection of its own each time instead, ended
  // when it lets it go; only its queries use the pool.
  const source = {
    query: pool.query.bind(pool),
    async connect() {
      const client = new pg.Client({
        connectionString: databaseUrl,
        application_name: 'bourse socket adapter',
      });
      client.on('error', say);
      await client.connect();
      return Object.assign(client, { release: () => void client.end().catch(() => undefined) });
    },
  };
  io.adapter(
    createAdapter(source as unknown as pg.Pool, {
      errorHandler: (err: Error) => {
        if (log) console.error('socket adapter:', err.message);
      },
    }),
  );
  pools.set(io, pool);
}

/** Closes the hub, then the adapter's pool (a no-op for a hub without one). */
export async function closeHub(io: Server): Promise<void> {
  await io.close();
  const pool = pools.get(io);
  pools.delete(io);
  await pool?.end();
}
