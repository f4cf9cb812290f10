import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';
import { E2E_ADMIN_TOKEN } from './e2e/operator-token.ts';

// End-to-end tests run Debian's Chromium (never a downloaded browser) against the built client
// served by the reference server, started with a fresh embedded database for the run.
const port = Number(process.env.E2E_PORT ?? 8191);
const dataDir = `${process.env.TMPDIR ?? '/tmp'}/bourse-e2e-${process.pid}`;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: `rm -rf ${dataDir} && tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/api/server/time`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SIM_SPEED: '1',
      NODE_ENV: 'test',
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      // the development calls (outbox, market switch, socket drop), answered to the loopback
      DEV_ROUTES: '1',
    },
    stdout: 'pipe',
  },
});
