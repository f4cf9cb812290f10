// vitest global setup: one initdb and one migration run for the whole test run. The migrated
// PGlite data directory is written to a tarball, and every in-memory test database starts from it
// (testConfig reads the path from BOURSE_PGLITE_TEMPLATE, which the test workers inherit).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGLITE_TEMPLATE_ENV } from '../config.ts';
import { writePgliteTemplate } from './database.ts';
import { migrate } from './migrate.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'bourse-pglite-'));
  const file = join(dir, 'migrated.tar');
  await writePgliteTemplate(file, (db) => migrate(db));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}
