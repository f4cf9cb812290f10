import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { scaled } from './scripts/time-scale.ts';

/**
 * A unit file that replaces a module or a global (vi.mock, stubGlobal, spyOn, fake timers,
 * stubEnv) runs in a process of its own; the other unit files of src/ share their workers'
 * module cache (`isolate: false`), which saves each file its own start and imports (src: 73 s →
 * 30 s locally). Read from the files themselves, so a new test that mocks is isolated without
 * anyone listing it.
 */
const REPLACES = /\bvi\.(mock|doMock|stubGlobal|spyOn|useFakeTimers|stubEnv)\b/;
const UNIT = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `src/${file}`);
const REPLACING = UNIT.filter((file) => REPLACES.test(readFileSync(file, 'utf8')));

const common = {
  environment: 'node',
  // a loaded machine runs slower, never red: the time-outs grow with its load (time-scale.ts)
  testTimeout: scaled(20_000),
  hookTimeout: scaled(60_000),
} as const;

export default defineConfig({
  test: {
    pool: 'forks',
    // Vitest's default is one worker fewer than the CPUs: a single worker on the 2-core CI
    // machine, with the main process idle. Two workers ran the whole suite in 6.9 min instead of
    // 10.8 (most files wait on PGlite, a server process or a socket, not on a CPU).
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...common,
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: REPLACING,
          isolate: false,
        },
      },
      {
        test: { ...common, name: 'unit-replacing', include: REPLACING.length ? REPLACING : ['-'] },
      },
      {
        test: {
          ...common,
          name: 'server',
          include: ['server/**/*.test.ts', 'tests/**/*.test.ts'],
          // A throwaway PostgreSQL for the tests that run on both backends
          // (server/db/test-databases.ts), and the migrated PGlite every test database copies.
          globalSetup: ['server/db/postgres-global-setup.ts', 'server/db/pglite-template-setup.ts'],
        },
      },
    ],
  },
});
