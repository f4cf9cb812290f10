// Issue 10, storage faults end to end.
// (1) No IndexedDB at all: an init script removes the page's `indexedDB`. The engine's worker
// has its own global, which init scripts do not reach, so the init script also wraps `Worker`:
// the engine's worker module is started from a small module that first removes `indexedDB`
// from the worker's global, then imports the engine's script as built (withoutIndexedDb).
// Routing the worker's script instead is no option: Chromium then fails the worker's
// WebSocket. The wrapper is a blob: module, which the page's CSP (worker-src 'self') refuses,
// hence bypassCSP in that test only, and a blob: worker resolves relative URLs against its
// blob: address, hence the prelude also resolves the engine's '/api/…' fetches against the
// real script's address, as the unwrapped worker does. The app keeps working from memory and
// says so.
// (2) A newer schema opened by a second page of the same browser: this page closes its
// database at once (the other page's upgrade is not blocked) and asks for a reload.
// Set NOTICE_SHOTS=<dir> to keep day and night screenshots of each notice.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { msg, submit } from './helpers.ts';

const DEMO = { email: 'demo@bourse.local', password: 'demo1234' };
/** Dexie stores version n as n × 10: the log's schema 4 is 40; a newer build's 5 is 50. */
const NEWER_LOG_VERSION = 50;

/** Init script: no IndexedDB in the page, nor in any worker it starts. */
function withoutIndexedDb(): void {
  Object.defineProperty(globalThis, 'indexedDB', { value: undefined });
  const module = (src: string) => URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url: string | URL, options?: WorkerOptions) {
      const target = new URL(String(url), location.href).href;
      const prelude = module(
        [
          "Object.defineProperty(globalThis, 'indexedDB', { value: undefined });",
          'const fetchAt = globalThis.fetch.bind(globalThis);',
          `globalThis.fetch = (input, init) => fetchAt(new URL(String(input), ${JSON.stringify(target)}).href, init);`,
        ].join('\n'),
      );
      // static imports run in order: the prelude before the engine's script
      const entry = `import ${JSON.stringify(prelude)};\nimport ${JSON.stringify(target)};`;
      super(module(entry), { ...options, type: 'module' });
    }
  };
}

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.NOTICE_SHOTS;
  if (dir === undefined) return;
  mkdirSync(dir, { recursive: true });
  for (const theme of ['day', 'night']) {
    await page.evaluate((t) => (document.documentElement.dataset['theme'] = t), theme);
    await page.screenshot({
      path: `${dir}/${name}-${theme}.png`,
      clip: { x: 0, y: 0, width: 1280, height: 180 },
    });
  }
}

/** The names of this origin's IndexedDB databases, seen from `page`. */
const databases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));

const bookBids = (page: Page) => page.getByTestId('book-bids').locator('[data-price]').first();

test.describe('no IndexedDB', () => {
  test.use({ bypassCSP: true });

  test('in the page nor in the worker: the app works from memory and says so', async ({
    page,
    context,
  }) => {
    await page.addInitScript(withoutIndexedDb);
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    await page.goto('/');
    const notice = page.getByTestId('storage-notice');
    await expect(notice).toHaveText(msg('storage.memory.unavailable'));
    expect(await page.evaluate(() => typeof indexedDB)).toBe('undefined');
    // the worker's own warning (a dedicated worker's console reaches the page's)
    expect(logged.some((l) => l.includes('falls back to memory (unavailable)'))).toBe(true);
    await shoot(page, 'storage-memory-unavailable');

    // the app works: log in, open the assets screen (the worker's fetches, folds, frames). The
    // notice comes in above the form once the worker has started and moves the form down: the
    // form is used after it, not while it comes (a click during that shift missed the button on
    // a loaded CI machine)
    await page.goto('/components/login');
    await expect(notice).toBeVisible();
    await page.locator('input[name="account"]').fill(DEMO.email);
    await page.locator('input[name="password"]').fill(DEMO.password);
    await submit(page).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page
      .locator('header')
      .getByRole('link', { name: msg('header.nav.assets') })
      .click();
    await expect(page.locator('tr[data-currency="USDT"]').first()).toBeVisible();
    await expect(notice).toBeVisible();

    // nothing was stored: a page of the same browser with IndexedDB sees no database at all
    const other = await context.newPage();
    await other.goto('/api/server/time');
    expect(await databases(other)).toEqual([]);
    await other.close();
  });
});

test('a newer schema opened in another page: this page closes its database and asks for a reload', async ({
  page,
  context,
}) => {
  await page.goto('/dealCenter');
  await expect(bookBids(page)).toBeAttached();
  await expect.poll(() => databases(page)).toContain('bourse-log');
  await expect(page.getByTestId('storage-notice')).toHaveCount(0);

  // a second page of the same browser opens the log's database with a newer version
  const other = await context.newPage();
  await other.goto('/api/server/time');
  const opened = await other.evaluate(
    (version) =>
      new Promise<{ version: number; blocked: boolean }>((resolve, reject) => {
        let blocked = false;
        const req = indexedDB.open('bourse-log', version);
        req.onblocked = () => (blocked = true);
        req.onerror = () => reject(new Error(req.error?.message ?? 'open failed'));
        req.onsuccess = () => {
          const opened = req.result.version;
          req.result.close();
          resolve({ version: opened, blocked });
        };
      }),
    NEWER_LOG_VERSION,
  );
  // not blocked: this page closed its connection at once
  expect(opened).toEqual({ version: NEWER_LOG_VERSION, blocked: false });

  const notice = page.getByTestId('reload-notice');
  await expect(notice).toContainText(msg('storage.newerVersion'));
  await expect(notice.getByRole('button', { name: msg('app.reload') })).toBeVisible();
  // the page goes on working from memory meanwhile: pushes are still folded and drawn
  const before = await page.getByTestId('book-bids').textContent();
  await expect.poll(() => page.getByTestId('book-bids').textContent()).not.toBe(before);
  await shoot(page, 'storage-newer-version');

  // the reload opens the database as the other page left it (Dexie opens a newer version
  // whose schema it knows), and the notice is gone
  await Promise.all([
    page.waitForEvent('load'),
    notice.getByRole('button', { name: msg('app.reload') }).click(),
  ]);
  await expect(bookBids(page)).toBeAttached();
  await expect.poll(() => databases(page)).toContain('bourse-log');
  await expect(page.getByTestId('reload-notice')).toHaveCount(0);
  await expect(page.getByTestId('storage-notice')).toHaveCount(0);
  await other.close();
});
