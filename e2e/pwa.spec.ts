// Installable (issue 23): the web app manifest and its icons, the service worker that keeps the
// app shell, the app opening without a network in its offline state (never the browser's error
// page, never a balance of zero it does not know), and a new build announcing itself.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { devices, expect, test, type BrowserContext, type Locator, type Page } from './fixtures.ts';
import { scaled } from '../scripts/time-scale.ts';
import { controlled, holdMarket, login, msg } from './helpers.ts';

// a spec about the service worker: it is let in here (blocked elsewhere, playwright.config.ts)
test.use({ serviceWorkers: 'allow' });

const DEMO = { email: 'demo@bourse.local', password: 'demo1234' };

test('the manifest names the app, its colours and icons that exist', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href ?? '');
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Bourse', start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.icons.map((i) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
});

test.describe('on a phone without a network', () => {
  test.use((({ defaultBrowserType: _b, ...d }) => d)(devices['Pixel 7']));

  test('the app opens from its cache in its offline state, with no balance it does not know', async ({
    page,
    context,
  }) => {
    await login(page, DEMO.email, DEMO.password);
    await page.goto('/dealCenter');
    await expect(page.getByTestId('last-price')).not.toHaveText('--');
    await controlled(page);

    await context.setOffline(true);
    try {
      await page.reload();
      // the app itself, not the browser's error page, saying it is not connected
      await expect(page.getByTestId('nav-menu')).toBeVisible();
      await expect(page.locator('.status-bar')).toContainText(
        new RegExp(`${msg('header.connection.reconnecting')}|${msg('header.connection.offline')}`),
      );
      // a route never opened before comes from the cache too; the totals are unknown, not 0
      await page.goto('/new_account/finance');
      await expect(page.getByTestId('assets-finance')).toBeVisible();
      await expect(page.getByTestId('account-total')).toContainText('--');
      await expect(page.locator('.account-card__value').first()).toContainText('--');
    } finally {
      await context.setOffline(false);
    }
    // the network back: the balances load
    await page.reload();
    await expect(page.getByTestId('account-total')).not.toContainText('--');
  });

  test('reopened offline, the assets show the last known balances, as of their time, greyed; they refresh when the network is back', async ({
    page,
    context,
  }) => {
    await login(page, DEMO.email, DEMO.password);
    await page.goto('/new_account/finance');
    await controlled(page);
    // the totals are valued at live prices: held still, so the figures read here are the last
    // ones the page logs before the network goes (a tick between the two made them differ)
    await holdMarket(page, false);
    try {
      await offlineAssets(page, context);
    } finally {
      await holdMarket(page, true);
    }
  });
});

/** The assets page reopened offline shows what was last known, as of its time, greyed. */
async function offlineAssets(page: Page, context: BrowserContext): Promise<void> {
  const total = page.getByTestId('account-total');
  await expect(total).not.toContainText('--');
  const known = await steadyText(total);
  const spotCard = page.locator('.account-card[data-account="change"] .account-card__value');
  const spot = await steadyText(spotCard);
  await expect(page.getByTestId('as-of')).toHaveCount(0);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('.status-bar')).toContainText(
      new RegExp(`${msg('header.connection.reconnecting')}|${msg('header.connection.offline')}`),
    );
    // the figures the log holds, said to be the last known ones, of a time (hh:mm:ss)
    const asOf = page.getByTestId('as-of');
    await expect(asOf).toBeVisible();
    await expect(asOf).toHaveAttribute('role', 'status');
    await expect(asOf).toContainText(/\d{2}:\d{2}:\d{2}/);
    await expect(total).toHaveText(known);
    await expect(spotCard).toHaveText(spot);
    await expect(page.getByTestId('assets-finance')).toHaveClass(/account--held/);
    // greyed: the muted colour, not the text colour
    const colours = await total.evaluate((el) => ({
      value: getComputedStyle(el).color,
      text: getComputedStyle(document.body).color,
    }));
    expect(colours.value).not.toBe(colours.text);
    // what acts on balances does not take them for live ones: the spot page's list is shown
    // (held), while the transfer form's available amount stays unknown
    await page.goto('/new_account/change');
    await expect(page.getByTestId('as-of')).toBeVisible();
    await expect(page.getByTestId('asset-table-change')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  // the network back, no reload: the engine reconnects and the balances load, live again
  await expect(page.getByTestId('as-of')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('assets-change')).not.toHaveClass(/account--held/);
  await expect(page.getByTestId('account-total')).not.toContainText('--');
}

/** A figure's text once it has stayed the same for half a second (a last push may be landing). */
async function steadyText(locator: Locator): Promise<string> {
  let text = await locator.innerText();
  await expect
    .poll(async () => {
      const before = text;
      await new Promise((r) => setTimeout(r, 500));
      text = await locator.innerText();
      return text === before;
    })
    .toBe(true);
  return text;
}

test('a new build announces itself and a reload hands the page to it', async ({ page }) => {
  await page.goto('/home');
  await controlled(page);
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  // a deployment: the service worker script changes on the server
  const sw = join(import.meta.dirname, '..', 'dist', 'sw.js');
  const before = readFileSync(sw, 'utf8');
  writeFileSync(sw, `${before}\n// build ${Date.now()}\n`);
  try {
    await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      await r?.update();
    });
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText(msg('app.update.ready'));
    // the reload itself, told apart from a page that reloaded into the prompt again
    const reloaded = page.waitForEvent('load', { timeout: scaled(30_000) });
    await prompt.getByRole('button', { name: msg('app.reload') }).click();
    await reloaded;
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    await expect(page.locator('.header')).toBeVisible();
  } finally {
    writeFileSync(sw, before);
  }
});
