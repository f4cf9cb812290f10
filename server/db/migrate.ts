// Versioned migrations: server/db/migrations/NNNN-name.sql, applied in name order, each once,
// each in its own transaction, recorded in schema_migrations; processes starting together over
// one PostgreSQL take turns (an advisory lock).
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Server processes starting together over one PostgreSQL (issue 45) migrate one at a time: each
 * migration's transaction takes this lock, then checks whether another applied it meanwhile.
 */
const LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('bourse:migrate', 0))";

/**
 * Applies the migrations not yet applied, in order; `until` stops after that version (tests
 * build a database as an older release left it, then migrate the rest).
 */
export async function migrate(db: Database, opts: { until?: string } = {}): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query(LOCK);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version TEXT PRIMARY KEY,
         applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
       )`,
    );
  });
  const done = new Set(
    (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map(
      (r) => r.version,
    ),
  );
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}-.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    if (done.has(version)) continue;
    const sql = await readFile(MIGRATIONS_DIR + file, 'utf8');
    const ran = await db.transaction(async (tx) => {
      // another process starting at the same time may have applied it meanwhile
      await tx.query(LOCK);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (seen.length > 0) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      return true;
    });
    if (ran) applied.push(version);
    if (version === opts.until) break;
  }
  return applied;
}

/** Splits a script on `;` at line ends (our migrations hold no functions or quoted `;`). */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
