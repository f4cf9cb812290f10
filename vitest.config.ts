import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the CPUs: a single worker on the 2-core CI
    // machine, with the main process idle. Two workers ran the whole suite in 6.9 min instead of
    // 10.8 (most files wait on PGlite, a server process or a socket, not on a CPU).
    maxWorkers: 2,
    // A throwaway PostgreSQL for the tests that run on both backends (server/db/test-databases.ts).
    globalSetup: ['server/db/postgres-global-setup.ts'],
  },
});
