import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { scaled } from './scripts/time-scale.ts';

/**
 * A test file that replaces a module or a global (vi.mock, stubGlobal, spyOn, fake timers,
 * stubEnv) runs in a process of its own; the other files share their workers' module cache
 * (`isolate: false`), which saves each file its own start and imports (src: 73 s → 30 s
 * locally; server and tests: imports 72 s → 25 s of the workers' time, the project 369 s → 347 s
 * on 2026-11-30). Read from the files themselves, so a new test that mocks is isolated without
 * anyone listing it. A server file that uses the notes helper (server/testing/notes.ts spies on
 * the notifier) counts as replacing.
 */
const REPLACES = /\bvi\.(mock|doMock|stubGlobal|spyOn|useFakeTimers|stubEnv)\b/;
const UNIT = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `src/${file}`);
const REPLACING = UNIT.filter((file) => REPLACES.test(readFileSync(file, 'utf8')));
const SERVER = ['server', 'tests'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${dir}/${file}`),
);
const SERVER_REPLACING = SERVER.filter((file) => {
  const text = readFileSync(file, 'utf8');
  return REPLACES.test(text) || text.includes('testing/notes');
});

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
    // 10.8 (many files wait on a PostgreSQL server, a server process, a socket or a timer, not
    // on a CPU); three, with the server files sharing their module cache, in 5.3 min on
    // 2026-11-30 (the CPUs 183 % busy; two left them 168 % busy on the server files alone).
    maxWorkers: 3,
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
          include: SERVER,
          exclude: SERVER_REPLACING,
          isolate: false,
          // A throwaway PostgreSQL for the tests that run on both backends
          // (server/db/test-databases.ts), and the migrated PGlite every test database copies.
          globalSetup: ['server/db/postgres-global-setup.ts', 'server/db/pglite-template-setup.ts'],
        },
      },
      {
        test: {
          ...common,
          name: 'server-replacing',
          include: SERVER_REPLACING,
          globalSetup: ['server/db/postgres-global-setup.ts', 'server/db/pglite-template-setup.ts'],
        },
      },
    ],
  },
});
