import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';
import { E2E_ADMIN_TOKEN } from './e2e/operator-token.ts';
import { scaled } from './scripts/time-scale.ts';

// End-to-end tests run Debian's Chromium (never a downloaded browser) against the built client
// served by the reference server, started with a fresh embedded database for the run.
/**
 * Specs that register their own users and touch nothing shared (no demo, no dev switches), and
 * the faults spec, which starts a server of its own. The demo account stays in one lane: a spec
 * there ends the demo user's other sessions (session.spec.ts) or holds the market still.
 * Specs of their own users may run in either lane; they are placed to even the lanes out (a
 * local run on 2026-11-30: shared 496 s, own users 372 s; then the three half-minute second
 * contracts, 102 s, moved here on users of their own, and the axe walk, 62 s, to the shared lane;
 * a clean-clone run then gave shared 562 s with the walk at 84 s, own users 507 s; the three
 * second contracts now run at once, 41 s, the walk came back here and layout, 27 s, went there).
 * A third lane was tried: the run took 8.3 min instead of 8.5, every spec slower beside two
 * others on two cores, and no lane shorter than the shared one.
 */
const OWN_USERS = [
  'heatmap',
  'account',
  'amend',
  'axe',
  'busy-focus',
  'c2c',
  'chart-trading',
  'contract-entry-stops',
  'csv-export',
  'earn',
  'faults',
  'flight-recorder',
  'keyboard',
  'moment',
  'new-user-walk',
  'notifications',
  'offline-history',
  'order-history',
  'proxy',
  'spot-oco',
  'spot-scale',
  'second-contracts',
  'shared-browser',
  'spot-conditional',
  'time-in-force',
  'wallet',
  'xss',
].map((name) => `**/${name}.spec.ts`);

const port = Number(process.env.E2E_PORT ?? 8191);
const dataDir = `${process.env.TMPDIR ?? '/tmp'}/bourse-e2e-${process.pid}`;

export default defineConfig({
  testDir: 'e2e',
  // a loaded CI machine runs the longest specs near a minute: room, so slower is never red; the
  // defaults grow with the machine's load when the run starts (scripts/time-scale.ts)
  timeout: scaled(90_000),
  expect: { timeout: scaled(10_000) },
  fullyParallel: false,
  // Two lanes side by side (ADR 0039): the specs that share the demo account or change the whole
  // exchange (the market held, every socket dropped) run one after another in one lane; the
  // specs whose users are their own, and that need no quiet market, in the other.
  workers: 2,
  projects: [
    { name: 'shared', testIgnore: OWN_USERS, workers: 1 },
    { name: 'own-users', testMatch: OWN_USERS, workers: 1 },
  ],
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
    // a hung click or load fails where it hangs, well inside the test's time, instead of at the
    // test's timeout inside a `finally` that then hides it (CI, book-orders: a 120 s timeout
    // reported in the market's release, the step that hung unknown)
    actionTimeout: scaled(30_000),
    navigationTimeout: scaled(45_000),
    // No service worker unless a spec is about one (pwa, offline-history, new-user-walk,
    // notifications: `test.use({ serviceWorkers: 'allow' })`): a fresh context's worker precaches
    // the whole app, 3.3 MB, which cost 2.2 s of the browser's CPU and 0.7 s of the server's for
    // every test's context (measured 2026-11-30: a login and the spot page, 5.2 s → 3.0 s).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: `rm -rf ${dataDir} && tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/api/server/time`,
    timeout: scaled(120_000),
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
