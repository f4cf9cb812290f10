// The live-page harness of the page benchmarks (B3–B6, B8, B10): the built client, the
// reference server in a load profile, Debian's Chromium with CDP CPU throttling (CI-low), and
// an init script that records long tasks, long animation frames, Event Timing entries and
// requestAnimationFrame frame deltas in the page. Everything started here is stopped by
// `withLive` (server, browser, temporary data), also when a benchmark throws.
//
// Browser-side code is passed to Playwright as strings on purpose: tsx compiles this file with
// esbuild's keepNames, whose `__name()` helper does not exist in the page.
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { io } from 'socket.io-client';
import type { BenchStats } from '../../src/ui/engine-bridge/bench-hook.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export type LoadProfile = 'F-busy' | 'F-burst' | 'F-deep';
/** CI-low of BUDGETS.md. */
export const CPU_THROTTLE = 4;
/** B4's low-end row: the CPU rate of Phone-low (6×), on the desktop-sized page. */
export const LOW_END_THROTTLE = 6;
export const DEMO = { account: 'demo@bourse.local', password: 'demo1234' } as const;
/** The symbol every load profile focuses on (the server's first pair). */
export const FOCUS_SYMBOL = 'BTC/USDT';
/** A book row with a price: the live book is on screen. */
/** The bids' canvas once it has painted levels (the live book is on screen). */
export const BOOK_PAINTED = '[data-testid="book-canvas-bid"][data-painted]';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

// ---- build ---------------------------------------------------------------------------------

const BUILD_INPUTS = ['src', 'locales', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  const st = statSync(path, { throwIfNoEntry: false });
  if (st === undefined) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** `vite build` when dist/ is missing or older than its inputs. Returns whether it built. */
export function ensureBuilt(): boolean {
  const built = statSync(join(ROOT, 'dist', 'index.html'), { throwIfNoEntry: false });
  const inputs = Math.max(...BUILD_INPUTS.map((p) => newestMtime(join(ROOT, p))));
  if (built !== undefined && built.mtimeMs >= inputs) return false;
  process.stderr.write('[bench] building the client (vite build) …\n');
  const r = spawnSync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`vite build failed (exit ${String(r.status)})`);
  return true;
}

// ---- reference server ----------------------------------------------------------------------

export interface RefServer {
  url: string;
  profile: LoadProfile | null;
  close(): Promise<void>;
  /** The last lines the server printed (for error messages). */
  tail(): string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** The reference server in a load profile, with a fresh database; resolves when it answers. */
export async function startServer(profile: LoadProfile | null): Promise<RefServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bourse-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOAD_PROFILE: profile ?? '',
  };
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer): void => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const server: RefServer = {
    url,
    profile,
    tail: () => lines.join('\n'),
    close: async () => {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  stopOnExit(server);
  try {
    await waitForServer(url, child, 90_000);
  } catch (err) {
    await server.close();
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${server.tail()}`, {
      cause: err,
    });
  }
  return server;
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      const res = await fetch(`${url}/api/server/time`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`server did not answer within ${timeoutMs} ms`);
}

/** SIGTERM to the server's process group (tsx and node), SIGKILL after 5 s. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const signal = (sig: NodeJS.Signals): void => {
    try {
      process.kill(-pid, sig);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

const live = new Set<RefServer>();
let exitHook = false;
function stopOnExit(server: RefServer): void {
  live.add(server);
  const close = server.close;
  server.close = async () => {
    live.delete(server);
    await close();
  };
  if (exitHook) return;
  exitHook = true;
  // The runner exits with process.exit: kill what is still running, synchronously.
  process.on('exit', () => {
    for (const s of live) s.close().catch(() => undefined);
  });
}

// ---- browser ---------------------------------------------------------------------------------

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      // a benchmark page must not be throttled as a background tab
      '--disable-renderer-backgrounding',
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
    ],
  });
}

/** Server, browser, and cleanup of both whatever happens in `fn`. */
export async function withLive<T>(
  profile: LoadProfile | null,
  fn: (server: RefServer, browser: Browser) => Promise<T>,
): Promise<T> {
  ensureBuilt();
  const server = await startServer(profile);
  let browser: Browser | null = null;
  try {
    browser = await launchBrowser();
    return await fn(server, browser);
  } finally {
    await browser?.close().catch(() => undefined);
    await server.close();
  }
}

export interface LivePage {
  page: Page;
  cdp: CDPSession;
  close(): Promise<void>;
}

/** The desktop window, and a phone (issue 23): 390×844 CSS pixels at 3 device pixels each. */
export const DEVICES = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  },
} as const;

/** A fresh context and page with the probe installed and the CPU throttled. */
export async function openLivePage(
  browser: Browser,
  server: RefServer,
  throttle = CPU_THROTTLE,
  device: 'desktop' | 'phone' = 'desktop',
): Promise<LivePage> {
  const context = await browser.newContext({ baseURL: server.url, ...DEVICES[device] });
  await context.addInitScript({ content: PROBE_SCRIPT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  return { page, cdp, close: () => context.close() };
}

export async function loginDemo(page: Page): Promise<void> {
  await page.goto('/components/login');
  await page.locator('input[name="account"]').fill(DEMO.account);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/$/, { timeout: 30_000 });
}

/**
 * Places `count` waiting conditional orders for the demo user over the API (issue 44's bench
 * row): stop-limit buys of 0.0001 BTC far above the market, so none fires during the run.
 */
export async function placeStops(url: string, count: number): Promise<void> {
  const form = (body: Record<string, string>) => new URLSearchParams(body).toString();
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  const login = (await (
    await fetch(`${url}/api/user/login`, {
      method: 'POST',
      headers,
      body: form({ user_string: DEMO.account, password: DEMO.password, type: '1' }),
    })
  ).json()) as { message: string };
  for (let i = 0; i < count; i++) {
    const r = (await (
      await fetch(`${url}/api/transaction/conditional`, {
        method: 'POST',
        headers: { ...headers, authorization: login.message },
        body: form({
          legal_id: '3',
          currency_id: '1',
          type: 'in',
          kind: 'stop_limit',
          trigger_price: String(500_000 + i * 100),
          price: String(500_100 + i * 100),
          num: '0.0001',
        }),
      })
    ).json()) as { type: string; message: unknown };
    if (r.type !== 'ok') throw new Error(`conditional order ${i}: ${JSON.stringify(r.message)}`);
  }
}

/** A live screen the page benchmarks open: its route, and when its live data is on screen. */
export interface Screen {
  name:
    | 'spot'
    | 'contracts'
    | 'home'
    | 'phone spot'
    | 'spot with depth'
    | 'spot with stops'
    | 'spot with a full chart'
    | 'spot with the heatmap';
  path: string;
  ready(page: Page): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;

const bookPainted = (page: Page): Promise<void> =>
  page.locator(BOOK_PAINTED).waitFor({ timeout: READY_TIMEOUT_MS });

export const SCREENS = {
  /** The spot screen: ready when the bids canvas has painted levels. */
  spot: { name: 'spot', path: '/dealCenter', ready: bookPainted },
  /** The contracts screen (lever-screen.tsx): the spot screen's order book, the same marker. */
  contracts: { name: 'contracts', path: '/leverdealCenter', ready: bookPainted },
  /** The spot screen on a phone, its Book tab chosen: the deepest live pane a phone shows. */
  'phone spot': {
    name: 'phone spot',
    path: '/dealCenter',
    ready: async (page) => {
      await page.getByTestId('phone-tab-book').click({ timeout: READY_TIMEOUT_MS });
      await bookPainted(page);
    },
  },
  /**
   * The spot screen with the depth chart in place of the candles (issue 24): ready when the book
   * and the depth have painted. The pane is the demo user's workspace from then on: the row runs
   * last of its server's (page-live.bench.ts).
   */
  'spot with depth': {
    name: 'spot with depth',
    path: '/dealCenter',
    ready: async (page) => {
      await bookPainted(page);
      await page.locator('[data-pane="depth"]').click({ timeout: READY_TIMEOUT_MS });
      await page
        .locator('[data-testid="depth-canvas"][data-painted]')
        .waitFor({ timeout: READY_TIMEOUT_MS });
    },
  },
  /**
   * The spot screen with its orders panel on the conditional orders (issue 44), the demo user's
   * 20 waiting ones placed first (placeStops): ready when the book has painted and the list
   * shows them.
   */
  'spot with stops': {
    name: 'spot with stops',
    path: '/dealCenter',
    ready: async (page) => {
      await bookPainted(page);
      await page.getByTestId('tab-triggers').click({ timeout: READY_TIMEOUT_MS });
      await page
        .locator('[data-testid="trigger-table"] tr[data-trigger-id]')
        .first()
        .waitFor({ timeout: READY_TIMEOUT_MS });
    },
  },
  /**
   * The spot screen with a trader's full chart (issue 46): five studies, ten drawings (their
   * buttons exist) and the demo user's 20 waiting orders as lines (setFullChart, placeStops).
   */
  'spot with a full chart': {
    name: 'spot with a full chart',
    path: '/dealCenter',
    ready: async (page) => {
      await bookPainted(page);
      await page
        .locator('[data-drawing]')
        .nth(9)
        .waitFor({ state: 'attached', timeout: READY_TIMEOUT_MS });
      await page
        .locator('[data-line]')
        .nth(19)
        .waitFor({ state: 'attached', timeout: READY_TIMEOUT_MS });
    },
  },
  /**
   * The spot screen with the pair's depth heatmap on (issue 47, setHeatmapChart): ready when the
   * book has painted and the chart holds book samples for it.
   */
  'spot with the heatmap': {
    name: 'spot with the heatmap',
    path: '/dealCenter',
    ready: async (page) => {
      await bookPainted(page);
      await page
        .locator(
          '[data-testid="spot-chart-canvas"][data-heat-samples]:not([data-heat-samples="0"])',
        )
        .waitFor({ state: 'attached', timeout: READY_TIMEOUT_MS });
    },
  },
  /** The home page: ready when a row of the live market table shows a price. */
  home: {
    name: 'home',
    path: '/',
    ready: (page) =>
      page
        .getByTestId('price')
        .filter({ hasText: /\d/ })
        .first()
        .waitFor({ timeout: READY_TIMEOUT_MS }),
  },
} as const satisfies Record<Screen['name'], Screen>;

/** A screen with the benchmark flags (`&engine=main`: the peer); resolves when it is ready. */
export async function openScreen(
  page: Page,
  screen: Screen,
  engine: 'worker' | 'main',
): Promise<void> {
  const query = engine === 'main' ? '?bench=1&engine=main' : '?bench=1';
  await page.goto(`${screen.path}${query}`);
  await screen.ready(page);
}

/** /dealCenter with the benchmark flags; resolves when the live book has rows. */
export function openSpot(page: Page, engine: 'worker' | 'main'): Promise<void> {
  return openScreen(page, SCREENS.spot, engine);
}

// ---- in-page probe ---------------------------------------------------------------------------

/** Installed before any page script: observers and a rAF loop; `reset()` starts a window. */
const PROBE_SCRIPT = `(() => {
  if (window.__probe) return;
  const p = { since: 0, longTasks: [], loafs: [], frames: [], events: [], last: 0, hidden: false, unsupported: [] };
  window.__probe = p;
  const observe = (type, onEntry, extra) => {
    try {
      new PerformanceObserver((list) => { for (const e of list.getEntries()) onEntry(e); })
        .observe(Object.assign({ type, buffered: true }, extra || {}));
    } catch (err) { p.unsupported.push(type); }
  };
  observe('longtask', (e) => p.longTasks.push({ start: e.startTime, duration: e.duration }));
  observe('long-animation-frame', (e) => p.loafs.push({
    start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
    render: e.renderStart > 0 ? e.startTime + e.duration - e.renderStart : 0,
    scripts: (e.scripts || []).slice(0, 4).map((s) => ({
      invoker: s.invoker, duration: Math.round(s.duration),
      source: (s.sourceURL || '').split('/').pop() + ':' + (s.sourceFunctionName || ''),
    })),
  }));
  observe('event', (e) => p.events.push({
    name: e.name, start: e.startTime, duration: e.duration, id: e.interactionId || 0,
  }), { durationThreshold: 16 });
  // B10: when the bids canvas first paints levels (ms since navigation start)
  p.bookAt = null;
  const book = new MutationObserver(() => {
    if (document.querySelector('${BOOK_PAINTED}') === null) return;
    p.bookAt = performance.now();
    book.disconnect();
  });
  book.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-painted'] });
  const tick = (t) => { if (p.last > 0) p.frames.push(t - p.last); p.last = t; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const vs = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState');
  const hd = Object.getOwnPropertyDescriptor(Document.prototype, 'hidden');
  Object.defineProperty(document, 'visibilityState', { configurable: true,
    get() { return p.hidden ? 'hidden' : vs.get.call(document); } });
  Object.defineProperty(document, 'hidden', { configurable: true,
    get() { return p.hidden ? true : hd.get.call(document); } });
  p.setHidden = (h) => { p.hidden = h; document.dispatchEvent(new Event('visibilitychange')); };
  p.reset = () => {
    p.since = performance.now();
    p.longTasks = p.longTasks.filter((e) => e.start >= p.since);
    p.loafs = []; p.frames = []; p.events = []; p.last = 0;
  };
})();`;

export interface LongTask {
  start: number;
  duration: number;
}

export interface LongFrame extends LongTask {
  blocking: number;
  render: number;
  scripts: { invoker: string; duration: number; source: string }[];
}

export interface EventEntry {
  name: string;
  start: number;
  duration: number;
  id: number;
}

export interface ProbeData {
  /** Length of the window, ms. */
  windowMs: number;
  longTasks: LongTask[];
  loafs: LongFrame[];
  /** requestAnimationFrame deltas, ms. */
  frames: number[];
  events: EventEntry[];
  unsupported: string[];
}

export async function resetProbe(page: Page): Promise<void> {
  await page.evaluate('window.__probe.reset()');
}

export async function readProbe(page: Page): Promise<ProbeData> {
  return (await page.evaluate(`(() => {
    const p = window.__probe;
    return { windowMs: performance.now() - p.since, longTasks: p.longTasks.filter((e) => e.start >= p.since),
      loafs: p.loafs.filter((e) => e.start + e.duration >= p.since), frames: p.frames,
      events: p.events, unsupported: p.unsupported };
  })()`)) as ProbeData;
}

/** Pretend the tab is hidden (or visible again): the bridge tells the engine. */
export async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate(`window.__probe.setHidden(${hidden ? 'true' : 'false'})`);
}

export async function benchStats(page: Page, resetSamples = false): Promise<BenchStats> {
  return (await page.evaluate(
    `window.__bourse.stats(${resetSamples ? 'true' : 'false'})`,
  )) as BenchStats;
}

// ---- heap ------------------------------------------------------------------------------------

/** Used JS heap of the page after a forced GC, bytes. */
export async function pageHeap(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

/**
 * Used JS heap of the page's dedicated worker (the engine) after a forced GC, bytes; null when
 * there is none (main-thread engine). The page session's auto-attach (not flattened) gives a
 * session id for the worker; commands go through Target.sendMessageToTarget.
 */
export async function workerHeap(cdp: CDPSession): Promise<number | null> {
  const sessionId = await workerSession(cdp);
  if (sessionId === null) return null;
  await sendToTarget(cdp, sessionId, 'HeapProfiler.collectGarbage', {});
  const usage = (await sendToTarget(cdp, sessionId, 'Runtime.getHeapUsage', {})) as {
    usedSize: number;
  };
  return usage.usedSize;
}

const workerSessions = new WeakMap<CDPSession, Promise<string | null>>();

function workerSession(cdp: CDPSession): Promise<string | null> {
  let found = workerSessions.get(cdp);
  if (found === undefined) {
    found = new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 3000);
      cdp.on('Target.attachedToTarget', (e) => {
        if (e.targetInfo.type !== 'worker') return;
        clearTimeout(timer);
        resolve(e.sessionId);
      });
      void cdp.send('Target.setAutoAttach', {
        autoAttach: true,
        waitForDebuggerOnStart: false,
        flatten: false,
      });
    });
    workerSessions.set(cdp, found);
  }
  return found;
}

let messageId = 0;
function sendToTarget(
  cdp: CDPSession,
  sessionId: string,
  method: string,
  params: Record<string, unknown>,
): Promise<unknown> {
  const id = ++messageId;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cdp.off('Target.receivedMessageFromTarget', onMessage);
      reject(new Error(`${method} on the worker timed out`));
    }, 15_000);
    const onMessage = (e: { sessionId: string; message: string }): void => {
      if (e.sessionId !== sessionId) return;
      const msg = JSON.parse(e.message) as { id?: number; result?: unknown; error?: unknown };
      if (msg.id !== id) return;
      clearTimeout(timer);
      cdp.off('Target.receivedMessageFromTarget', onMessage);
      if (msg.error !== undefined) reject(new Error(`${method}: ${JSON.stringify(msg.error)}`));
      else resolve(msg.result);
    };
    cdp.on('Target.receivedMessageFromTarget', onMessage);
    void cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method, params }),
    });
  });
}

// ---- what the server really sends --------------------------------------------------------------

export interface ServerRates {
  seconds: number;
  /** market_depth pushes per second, all pairs. */
  depthPushes: number;
  /** Delta pushes per second on the focused pair. */
  focusDeltas: number;
  /** Level changes per second on the focused pair (levels in its delta pushes). */
  levelChanges: number;
  /** New trades per second on the focused pair (distinct ids in market_detail). */
  trades: number;
  /** Socket messages per second of any kind. */
  messages: number;
  /** Levels a side in the focused pair's first snapshot. */
  bookLevels: number;
}

interface DepthMessage {
  symbol?: string;
  mode?: string;
  bids?: unknown[];
  asks?: unknown[];
  data?: { id?: number }[];
}

/** Counts of what a plain client receives; `counting` off = settling (remember, do not count). */
class RateCounter {
  counting = false;
  depth = 0;
  deltas = 0;
  levels = 0;
  trades = 0;
  messages = 0;
  book = 0;
  private readonly seen = new Set<number>();

  on(event: string, payload: DepthMessage): void {
    if (this.counting) this.messages += 1;
    if (event === 'market_depth') this.depthPush(payload);
    else if (event === 'market_detail' && payload.symbol === FOCUS_SYMBOL) this.detail(payload);
  }

  private depthPush(p: DepthMessage): void {
    if (p.mode === 'snapshot' && this.book === 0) this.book = p.bids?.length ?? 0;
    if (!this.counting) return;
    this.depth += 1;
    if (p.symbol !== FOCUS_SYMBOL || p.mode !== 'delta') return;
    this.deltas += 1;
    this.levels += (p.bids?.length ?? 0) + (p.asks?.length ?? 0);
  }

  private detail(p: DepthMessage): void {
    for (const t of p.data ?? []) {
      if (t.id === undefined || this.seen.has(t.id)) continue;
      this.seen.add(t.id);
      if (this.counting) this.trades += 1;
    }
  }
}

/** Listen as a plain socket.io client for `seconds` and count what arrives. */
export async function measureServerRates(url: string, seconds: number): Promise<ServerRates> {
  const socket = io(url, { path: '/wss/socket.io/', transports: ['websocket'] });
  const c = new RateCounter();
  socket.onAny((event: string, payload: DepthMessage) => c.on(event, payload));
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await sleep(1500); // settle: the first snapshot and the trades already known
    c.counting = true;
    const t0 = Date.now();
    await sleep(seconds * 1000);
    const s = (Date.now() - t0) / 1000;
    return {
      seconds: s,
      depthPushes: c.depth / s,
      focusDeltas: c.deltas / s,
      levelChanges: c.levels / s,
      trades: c.trades / s,
      messages: c.messages / s,
      bookLevels: c.book,
    };
  } finally {
    socket.close();
  }
}

export function describeRates(r: ServerRates): string {
  const f = (n: number): string => n.toFixed(0);
  return (
    `server sent over ${r.seconds.toFixed(0)} s: ${f(r.depthPushes)} depth pushes/s (all pairs), ` +
    `focused pair ${f(r.focusDeltas)} deltas/s with ${f(r.levelChanges)} level changes/s, ` +
    `${f(r.trades)} trades/s, book ${r.bookLevels} levels a side; ${f(r.messages)} socket messages/s`
  );
}

// ---- statistics ------------------------------------------------------------------------------

export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const s = [...samples].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1));
  return s[i] as number;
}

export const round = (v: number, digits = 1): number => {
  const k = 10 ** digits;
  return Math.round(v * k) / k;
};
