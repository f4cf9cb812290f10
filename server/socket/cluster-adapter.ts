// Pushes across the server processes of a cluster (issue 45, ADR 0070): on PostgreSQL the socket
// hub broadcasts through socket.io's official PostgreSQL adapter (LISTEN/NOTIFY; payloads over
// 8,000 bytes through `socket_io_attachments`), so a push emitted by any process reaches every
// socket of its room on every process: a user's private room as much as the public one. It has a
// small pool of its own (one connection listens, one publishes). PGlite (one process) keeps the
// in-memory adapter.
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Server } from 'socket.io';

/** The adapter's pool, ended after its hub closes. */
const pools = new WeakMap<Server, pg.Pool>();

export function useClusterAdapter(io: Server, databaseUrl: string, log: boolean): void {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', (err) => {
    if (log) console.error('socket adapter: connection lost:', err.message);
  });
  io.adapter(
    createAdapter(pool, {
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
