import { defineConfig } from 'vitest/config';
import { scaled } from './scripts/time-scale.ts';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'tests/**/*.test.ts'],
    // a loaded machine runs slower, never red: the time-outs grow with its load (time-scale.ts)
    testTimeout: scaled(20_000),
    hookTimeout: scaled(60_000),
    pool: 'forks',
    // Vitest's default is one worker fewer than the CPUs: a single worker on the 2-core CI
    // machine, with the main process idle. Two workers ran the whole suite in 6.9 min instead of
    // 10.8 (most files wait on PGlite, a server process or a socket, not on a CPU).
    maxWorkers: 2,
    // A throwaway PostgreSQL for the tests that run on both backends (server/db/test-databases.ts).
    globalSetup: ['server/db/postgres-global-setup.ts', 'server/db/pglite-template-setup.ts'],
  },
});
