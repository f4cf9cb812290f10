// Issue 45: the exchange behind a real reverse proxy. Debian's HAProxy in front of two server
// processes on ports of their own over one PostgreSQL (a cluster of the spec's own,
// server/db/test-cluster.ts), spreading requests and sockets round-robin with no stickiness (the
// web client's socket is websocket-only, docs/deployment.md) and naming in each reply the
// process that answered (X-Bourse-Backend). Through the proxy a user logs in, sees the live book,
// places a limit buy far under the market (the order call lands on either process and is
// forwarded to the market's owner), sees it in the open orders with its funds held, and cancels
// it; the replies came from both processes. Skipped, saying why, where HAProxy or PostgreSQL is
// not installed (.ci/run installs both).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { expect, request as api, test } from './fixtures.ts';
import { findPostgresBinaries, startCluster, type TestCluster } from '../server/db/test-cluster.ts';
import { startServerProcess, type ServerProcess } from '../tests/server-process.ts';
import { bookPainted, confirm, login } from './helpers.ts';

const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p)) ?? null;
const PG_BINDIR = findPostgresBinaries();
const DEMO = { email: 'demo@bourse.local', password: 'demo1234' };
const AMOUNT = '0.001';

test.skip(HAPROXY === null, 'HAProxy is not installed (apt-get install haproxy)');
test.skip(PG_BINDIR === null, 'PostgreSQL is not installed (apt-get install postgresql)');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a !== null ? a.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** HAProxy in the foreground on `port`, in front of `servers`; resolves once it answers. */
async function startHaproxy(port: number, servers: ServerProcess[]) {
  const dir = mkdtempSync(join(tmpdir(), 'bourse-haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 2000',
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout tunnel 1h',
      'frontend web',
      `  bind 127.0.0.1:${port}`,
      '  default_backend bourse',
      'backend bourse',
      '  balance roundrobin',
      '  http-response set-header X-Bourse-Backend %s',
      ...servers.map((s, i) => `  server p${i + 1} 127.0.0.1:${s.port}`),
      '',
    ].join('\n'),
  );
  let output = '';
  const child: ChildProcess = spawn(HAPROXY as string, ['-f', config, '-db'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
    const up = await fetch(`${url}/api/server/time`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > end) throw new Error(`haproxy did not answer: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let database: TestCluster | null = null;
const servers: ServerProcess[] = [];
let proxy: Awaited<ReturnType<typeof startHaproxy>> | null = null;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await startCluster(PG_BINDIR as string);
  // one after the other: the first migrates and makes the demo account
  for (let i = 0; i < 2; i++)
    servers.push(await startServerProcess({ DATABASE_URL: database.url }, { startupMs: 90_000 }));
  proxy = await startHaproxy(await freePort(), servers);
});

test.afterAll(async () => {
  await proxy?.stop();
  for (const s of servers) await s.stop();
  await database?.stop();
});

test('two processes behind HAProxy: the whole client works through it, and both processes answer', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const url = (proxy as { url: string }).url;
  // round-robin with no stickiness: consecutive replies come from both processes
  const rest = await api.newContext({ baseURL: url });
  const answered = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const res = await rest.get('/api/server/time');
    answered.add(res.headers()['x-bourse-backend'] ?? '');
  }
  expect([...answered].sort()).toEqual(['p1', 'p2']);
  await rest.dispose();

  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  const seen = new Set<string>();
  context.on('response', (r) => {
    const name = r.headers()['x-bourse-backend'];
    if (name !== undefined && r.url().includes('/api/')) seen.add(name);
  });
  await login(page, DEMO.email, DEMO.password);
  await page.goto('/dealCenter');
  await bookPainted(page, 60_000);

  const available = page.getByTestId('buy-available');
  // the figure, once there is one ('--' while it loads)
  const amount = async () => {
    const text = (await available.innerText()).replace(/[^\d.]/g, '');
    return new Decimal(/^\d+(\.\d+)?$/.test(text) ? text : '0');
  };
  await expect.poll(async () => (await amount()).gt(0), { timeout: 30_000 }).toBe(true);
  const before = await amount();
  const best = await page
    .locator('[data-testid="book-bids"] [data-price]')
    .first()
    .getAttribute('data-price');
  const price = new Decimal(best ?? '0').times(0.998).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  const buy = page.getByTestId('buy-form');
  await buy.locator('input[name="price"]').fill(price.toFixed(2));
  await buy.locator('input[name="number"]').fill(AMOUNT);
  // every toast the page shows from here on, kept (one may be gone by the time it is read)
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { seenToasts: seen });
    new MutationObserver(() => {
      for (const t of document.querySelectorAll('.toast'))
        if (!seen.includes(t.textContent ?? '')) seen.push(t.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByTestId('buy-submit').click();
  try {
    await expect(page.locator('.toast--success')).toBeVisible({ timeout: 30_000 });
  } catch (error) {
    // what the page said instead, and what the processes logged: a failure here names its cause
    const toasts = await page.evaluate(() => (window as { seenToasts?: string[] }).seenToasts);
    const logs = servers.map((s) => s.output().slice(-4000)).join('\n---\n');
    throw new Error(`no success toast; toasts: ${JSON.stringify(toasts)}\n${logs}`, {
      cause: error,
    });
  }

  const row = page.getByTestId('open-orders').locator('tbody tr').first();
  await expect(row).toHaveAttribute('data-side', 'buy');
  await expect
    .poll(async () => (await row.innerText()).replace(/,/g, ''))
    .toContain(price.toFixed(2));
  // its funds held: the available balance went down by what it costs (shown cut to 4 places)
  const held = price.times(AMOUNT);
  await expect
    .poll(async () =>
      before
        .minus(await amount())
        .minus(held)
        .abs()
        .lt('0.0001'),
    )
    .toBe(true);
  // the book shows it as the user's own
  await expect(page.locator('[data-testid="book-bids"] [data-own]')).not.toHaveCount(0, {
    timeout: 15_000,
  });

  await row.getByTestId('cancel-order').click();
  await confirm(page);
  await expect(page.getByTestId('open-orders')).toHaveCount(0);
  await expect.poll(async () => (await amount()).toFixed()).toBe(before.toFixed());
  // the page's own calls were answered by both processes too
  expect([...seen].sort()).toEqual(['p1', 'p2']);
  await context.close();
});
