// The test run's PGlite template (server/db/pglite-template-setup.ts): every in-memory database
// opened from it is migrated already and is a copy of its own; a test's server process starts
// its new data directory from it (tests/server-process.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { configFromEnv, testConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

it('an in-memory database opened from the template is migrated, and a copy of its own', async () => {
  const config = testConfig();
  expect(config.pgliteTemplate, 'the vitest global setup wrote a template').not.toBeNull();
  const a = await openDatabase(config);
  const b = await openDatabase(config);
  try {
    expect(await migrate(a)).toEqual([]);
    await a.exec('CREATE TABLE only_in_a (x INTEGER)');
    const seen = await b.query("SELECT 1 FROM pg_tables WHERE tablename = 'only_in_a'");
    expect(seen).toEqual([]);
  } finally {
    await a.close();
    await b.close();
  }
});

it('a new data directory starts from the template; an existing one is opened as it is', async () => {
  const template = testConfig().pgliteTemplate;
  const dataDir = mkdtempSync(join(tmpdir(), 'bourse-tpl-'));
  try {
    const first = await openDatabase({ dataDir, databaseUrl: null, pgliteTemplate: template });
    try {
      expect(await migrate(first)).toEqual([]);
      await first.exec('CREATE TABLE kept (x INTEGER)');
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir, databaseUrl: null, pgliteTemplate: template });
    try {
      expect(await again.query("SELECT 1 FROM pg_tables WHERE tablename = 'kept'")).toHaveLength(1);
    } finally {
      await again.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('only a test start reads the template from the environment', () => {
  const env = { BOURSE_PGLITE_TEMPLATE: '/tmp/t.tar' };
  expect(configFromEnv({ ...env, NODE_ENV: 'test' }).pgliteTemplate).toBe('/tmp/t.tar');
  expect(configFromEnv({ ...env, NODE_ENV: 'production' }).pgliteTemplate).toBeNull();
  expect(configFromEnv(env).pgliteTemplate).toBeNull();
});
