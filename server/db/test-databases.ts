// The two storage backends for the server tests. PGlite runs one transaction at a time;
// PostgreSQL runs many at once under READ COMMITTED, which is where check-then-act races show.
// A suite runs on both with `describe.each(backends())`; each PostgreSQL database is fresh
// (`CREATE DATABASE bourse_t_<random>` on the run's cluster, from the vitest global setup
// server/db/postgres-global-setup.ts) and dropped when it is closed.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from './database.ts';
import { openDatabase } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL (superuser or CREATEDB role), or null: PGlite only. */
    postgresUrl: string | null;
  }
}

export type Backend = 'pglite' | 'postgres';

/** The backends this run tests on: PGlite always, PostgreSQL unless BOURSE_SKIP_POSTGRES=1. */
export function backends(): Backend[] {
  return postgresUrl() === null ? ['pglite'] : ['pglite', 'postgres'];
}

/** `pglite` or `postgres` runs of a property test: fewer on PostgreSQL when they are slow. */
export function runsOn(backend: Backend, pglite: number, postgres: number = pglite): number {
  return backend === 'postgres' ? postgres : pglite;
}

export interface TestDatabaseUrl {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the run's PostgreSQL; `drop()` removes it (and its sessions). */
export async function createTestDatabase(): Promise<TestDatabaseUrl> {
  const admin = postgresUrl();
  if (admin === null) throw new Error('No PostgreSQL in this run (BOURSE_SKIP_POSTGRES=1)');
  const name = `bourse_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * An empty database on `backend` (not migrated); closing it also drops a PostgreSQL one.
 * `poolSize`: PostgreSQL connections (races need several).
 */
export async function openTestDatabase(
  backend: Backend,
  opts: { poolSize?: number } = {},
): Promise<Database> {
  if (backend === 'pglite') return openDatabase({ dataDir: null, databaseUrl: null });
  const created = await createTestDatabase();
  const db = await openDatabase({ dataDir: null, databaseUrl: created.url, ...opts }).catch(
    async (err: unknown) => {
      await created.drop();
      throw err;
    },
  );
  return {
    ...db,
    async close() {
      await db.close();
      await created.drop();
    },
  };
}

function postgresUrl(): string | null {
  return inject('postgresUrl') ?? null;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
