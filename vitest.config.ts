import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: 'forks',
    // A throwaway PostgreSQL for the tests that run on both backends (server/db/test-databases.ts).
    globalSetup: ['server/db/postgres-global-setup.ts'],
  },
});
