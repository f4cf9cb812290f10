// One small storage interface over PGlite (embedded, default) or PostgreSQL (DATABASE_URL).
// The same SQL runs on both: `$1` placeholders, NUMERIC money (read back as strings),
// INTEGER ids (never BIGINT, which the two drivers return differently).
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;
export type Param = string | number | boolean | Date | null;

export interface Queryable {
  query<R extends Row = Row>(sql: string, params?: readonly Param[]): Promise<R[]>;
}

export interface Database extends Queryable {
  /** Runs `fn` in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

/** Connections of a PostgreSQL pool unless told otherwise (PGlite has one, by nature). */
export const DEFAULT_POOL_SIZE = 10;

export async function openDatabase(opts: {
  dataDir: string | null;
  databaseUrl: string | null;
  poolSize?: number;
  /** A new PGlite (in memory, or in a data directory not made yet) starts from this data
   *  directory tarball (writePgliteTemplate). */
  pgliteTemplate?: string | null;
}): Promise<Database> {
  if (opts.databaseUrl !== null)
    return openPostgres(opts.databaseUrl, opts.poolSize ?? DEFAULT_POOL_SIZE);
  const template = opts.pgliteTemplate ?? null;
  if (opts.dataDir !== null) {
    // a new data directory starts from the template (a test's server process), an existing one
    // is opened as it is
    const fresh = template !== null && !existsSync(join(opts.dataDir, 'PG_VERSION'));
    return pgliteDatabase(
      fresh
        ? await PGlite.create(opts.dataDir, { loadDataDir: await templateBlob(template) })
        : await PGlite.create(opts.dataDir),
    );
  }
  if (template === null) return pgliteDatabase(await PGlite.create());
  return pgliteDatabase(await PGlite.create({ loadDataDir: await templateBlob(template) }));
}

const templateBlob = async (file: string): Promise<Blob> => new Blob([await readFile(file)]);

/**
 * Writes a tarball of a new in-memory PGlite's data directory after `prepare` ran on it: the
 * tests run initdb and the migrations once, and each test database loads the result (about
 * 1.2 s instead of 4–5 s on the CI machine class).
 */
export async function writePgliteTemplate(
  file: string,
  prepare: (db: Database) => Promise<unknown>,
): Promise<void> {
  const db = await PGlite.create();
  try {
    await prepare(pgliteDatabase(db));
    const tarball = await db.dumpDataDir('none');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await db.close();
  }
}

function pgliteDatabase(db: PGlite): Database {
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<R extends Row>(sql: string, params: readonly Param[] = []) {
      const res = await q.query<R>(sql, [...params]);
      return res.rows;
    },
  });
  const base = wrap(db);
  return {
    kind: 'pglite',
    query: base.query,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    exec: async (sql) => {
      await db.exec(sql);
    },
    close: () => db.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that breaks (server restart) is dropped by the pool; without a listener
  // its 'error' would end the process.
  pool.on('error', (err) => console.error('database: idle connection lost:', err.message));
  // A connection in use that breaks (PostgreSQL restarted in the middle of a transaction) emits
  // 'error' too, and the pool listens only to idle ones: the query in flight fails with it, the
  // transaction's ROLLBACK fails and the connection is destroyed; this listener only keeps the
  // event from ending the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const client = await pool.connect(); // fail fast on a bad URL
  client.release();
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<R extends Row>(sql: string, params: readonly Param[] = []) {
      const res = await q.query<R>(sql, [...params]);
      return res.rows;
    },
  });
  return {
    kind: 'postgres',
    query: wrap(pool).query,
    async transaction(fn) {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const out = await fn(wrap(c));
        await c.query('COMMIT');
        c.release();
        return out;
      } catch (err) {
        // A connection that cannot even roll back is destroyed, not handed out again.
        const broken = await c.query('ROLLBACK').then(
          () => undefined,
          (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
        );
        c.release(broken);
        throw err;
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
