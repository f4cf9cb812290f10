// Server configuration: read once from the environment and command line (main.ts) or built by
// tests.
import type { RateLimits } from './kernel/rate-limit-policy.ts';
import { DEFAULT_RATE_LIMITS } from './kernel/rate-limit-policy.ts';

/** The market makers' load profiles (BUDGETS.md's F-rows): a busy book, bursts, a deep book. */
export type LoadProfile = 'F-busy' | 'F-burst' | 'F-deep';
export const LOAD_PROFILES: readonly LoadProfile[] = ['F-busy', 'F-burst', 'F-deep'];

export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data folder; null keeps the database in memory (tests). */
  dataDir: string | null;
  /** When set, a real PostgreSQL is used instead of PGlite. */
  databaseUrl: string | null;
  /**
   * WORKERS / --workers=N: server processes sharing the port (Node's cluster module, ADR 0072).
   * More than one needs DATABASE_URL: PGlite serves one connection.
   */
  workers: number;
  /**
   * A tarball of a migrated PGlite data directory that an in-memory database starts from instead
   * of running initdb (4–5 s); the tests write one per run (server/db/pglite-template-setup.ts).
   */
  pgliteTemplate: string | null;
  demoUser: string;
  demoPassword: string;
  customerServiceUrl: string;
  /** Seeds the simulator's history and the market makers (the live walk is never seeded). */
  simSeed: number;
  simSpeed: number;
  /**
   * Days of seeded history the simulator backfills at start: hourly bars, then minute bars
   * (730 and 7; a test server asks for less, as walking two years for every server a test file
   * starts cost the server tests about 30 s of CPU a run).
   */
  simHistoryDays: { hours: number; minutes: number };
  /**
   * The live walk's standard normal draws: the CSPRNG when absent (ADR 0040). Only a test sets
   * it, to replay one walk with and without an attack.
   */
  simLiveNormal?: () => number;
  production: boolean;
  /** Folder of the built client (served with SPA fallback when it exists). */
  distDir: string | null;
  /** Wall clock in ms; tests substitute it to move time. */
  now: () => number;
  /** Emit market pushes every second (tests may turn it off). */
  marketTimer: boolean;
  /** Log requests and delivered codes to stdout. */
  log: boolean;
  /** SIM_OFF=1 / --no-sim: no simulator movement, no market makers (candles from user trades). */
  simOff: boolean;
  /** LOAD_PROFILE / --load=: drive the benchmark rates of BUDGETS.md. */
  loadProfile: LoadProfile | null;
  /**
   * Operator API token (`x-admin-token`, scripts/admin.ts). ADMIN_TOKEN, else (outside
   * production) a random one written to DATA_DIR/admin-token at start; null: no operator API.
   */
  adminToken: string | null;
  /** AUTO_REVIEW_SECONDS (development only): approve identity submissions after this delay. */
  autoReviewMs: number | null;
  /** Per account (or user) and IP: login, code sending, order submission (http/rate-limits.ts). */
  rateLimits: RateLimits;
  /**
   * DEV_ROUTES=1 / --dev-routes (`npm run dev`; never in production): register the development
   * calls (outbox, market switch, socket drop), answered only to the loopback or the operator.
   */
  devRoutes: boolean;
  /** Engine.IO sessions (socket/hub.ts, ADR 0043). */
  sockets: SocketLimits;
  /**
   * Check every reply of a declared call against its wire declaration (src/shared/wire,
   * ADR 0048) and count a drift in `metrics.replyDrift`. On outside production.
   */
  checkReplies: boolean;
}

export interface SocketLimits {
  /**
   * SOCKETS_PER_ADDRESS: sessions open at once from one remote address, both protocols; a
   * handshake beyond it is refused (403). 0: no cap (a server behind a proxy that caps them).
   */
  perAddress: number;
  /**
   * SOCKET_IDLE_SECONDS: a polling session that makes no request for this long (none after its
   * handshake, or no poll waiting since its last answer) is closed; a 4.x session that does not
   * connect a namespace within twice this, too.
   */
  idleMs: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = { perAddress: 50, idleMs: 10_000 };

export function configFromEnv(env: NodeJS.ProcessEnv, argv: readonly string[] = []): ServerConfig {
  const simOff = argv.includes('--no-sim') || ['1', 'true', 'yes'].includes(env.SIM_OFF ?? '');
  const loadProfile = simOff ? null : loadProfileOf(env, argv);
  const production = env.NODE_ENV === 'production';
  return {
    port: intOr(env.PORT, 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    workers: workersOf(env, argv, nonEmpty(env.DATABASE_URL)),
    pgliteTemplate: pgliteTemplateOf(env),
    demoUser: env.DEMO_USER ?? 'demo@bourse.local',
    demoPassword: env.DEMO_PASSWORD ?? 'demo1234',
    customerServiceUrl: env.CUSTOMER_SERVICE_URL ?? '',
    simSeed: intOr(env.SIM_SEED, 1),
    simSpeed: numOr(env.SIM_SPEED, 1),
    simHistoryDays: { hours: 730, minutes: 7 },
    production,
    distDir: './dist',
    now: () => Date.now(),
    marketTimer: true,
    log: true,
    simOff,
    loadProfile,
    adminToken: nonEmpty(env.ADMIN_TOKEN),
    autoReviewMs:
      env.AUTO_REVIEW_SECONDS === undefined ? null : numOr(env.AUTO_REVIEW_SECONDS, 0) * 1000,
    rateLimits: DEFAULT_RATE_LIMITS,
    devRoutes: !production && (argv.includes('--dev-routes') || isOn(env.DEV_ROUTES)),
    sockets: {
      perAddress: Math.max(0, intOr(env.SOCKETS_PER_ADDRESS, DEFAULT_SOCKET_LIMITS.perAddress)),
      idleMs: numOr(env.SOCKET_IDLE_SECONDS, DEFAULT_SOCKET_LIMITS.idleMs / 1000) * 1000,
    },
    checkReplies: !production,
  };
}

/** Where the test run's PGlite template is (set by the vitest global setup). */
export const PGLITE_TEMPLATE_ENV = 'BOURSE_PGLITE_TEMPLATE';

/**
 * A test's server process (tests/server-process.ts) starts its new data directory from the test
 * run's migrated template; never outside NODE_ENV=test.
 */
function pgliteTemplateOf(env: NodeJS.ProcessEnv): string | null {
  return env.NODE_ENV === 'test' ? nonEmpty(env[PGLITE_TEMPLATE_ENV]) : null;
}

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

/** Defaults for tests: in-memory database, port 0, no logging, the development calls on. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...configFromEnv({}),
    port: 0,
    dataDir: null,
    pgliteTemplate: nonEmpty(process.env[PGLITE_TEMPLATE_ENV]),
    distDir: null,
    log: false,
    adminToken: TEST_ADMIN_TOKEN,
    devRoutes: true,
    simHistoryDays: { hours: 60, minutes: 2 },
    ...overrides,
  };
}

export const MAX_WORKERS = 64;

/**
 * `--workers=N` or WORKERS (1 by default). More than one without DATABASE_URL is refused, and
 * says why; so is a count that is not a whole number from 1 to 64.
 */
function workersOf(env: NodeJS.ProcessEnv, argv: readonly string[], url: string | null): number {
  const arg = argv.find((a) => a.startsWith('--workers='))?.slice('--workers='.length);
  const given = arg ?? nonEmpty(env.WORKERS);
  if (given === null) return 1;
  const n = Number(given);
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS)
    throw new Error(`WORKERS must be a whole number from 1 to ${MAX_WORKERS}, not "${given}".`);
  if (n > 1 && url === null)
    throw new Error(
      `WORKERS=${n} needs a real PostgreSQL (DATABASE_URL): the embedded database (PGlite) ` +
        'serves one connection, so without DATABASE_URL the server runs as one process. ' +
        'Set DATABASE_URL=postgres://… or start without WORKERS.',
    );
  return n;
}

/** `--load=<profile>` or LOAD_PROFILE; an unknown name is an error. */
function loadProfileOf(env: NodeJS.ProcessEnv, argv: readonly string[]): LoadProfile | null {
  const arg = argv.find((a) => a.startsWith('--load='))?.slice('--load='.length);
  const profile = arg ?? nonEmpty(env.LOAD_PROFILE);
  if (profile === null) return null;
  const known = LOAD_PROFILES.find((p) => p === profile);
  if (known === undefined) {
    throw new Error(`Unknown load profile "${profile}" (use ${LOAD_PROFILES.join(', ')})`);
  }
  return known;
}

function isOn(v: string | undefined): boolean {
  return ['1', 'true', 'yes'].includes(v ?? '');
}

function nonEmpty(v: string | undefined): string | null {
  return v === undefined || v === '' ? null : v;
}

function intOr(v: string | undefined, fallback: number): number {
  const n = v === undefined ? NaN : Number.parseInt(v, 10);
  return Number.isFinite(n) ? n : fallback;
}

function numOr(v: string | undefined, fallback: number): number {
  const n = v === undefined ? NaN : Number(v);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
