// The test run's PGlite template (server/db/pglite-template-setup.ts): every in-memory database
// opened from it is migrated already and is a copy of its own.
import { expect, it } from 'vitest';
import { testConfig } from '../config.ts';
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
