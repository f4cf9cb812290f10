// Home: live prices arrive through the worker without reloading; only displayed pairs are
// listed; a pair click stores it and opens the contracts screen; notices render sanitized HTML.
import { expect, test } from './fixtures.ts';

test('home prices change live, without reloading', async ({ page }) => {
  await page.goto('/');
  // A marker on the window survives only if the page is never reloaded.
  await page.evaluate(() => Object.assign(window, { __bourseMarker: 1 }));
  const rows = page.locator('tr[data-symbol]');
  await expect(rows.first()).toBeVisible();
  const symbols = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-symbol')));
  expect(symbols).toEqual(
    expect.arrayContaining([
      'BTC/USDT',
      'ETH/USDT',
      'LTC/USDT',
      'XRP/USDT',
      'DOGE/USDT',
      'TRX/USDT',
    ]),
  );
  expect(symbols).not.toContain('DOT/USDT'); // listed with is_display = 0

  const prices = () => rows.locator('[data-testid="price"]').allInnerTexts();
  const first = await prices();
  await expect
    .poll(async () => (await prices()).join('|'), { timeout: 20_000 })
    .not.toBe(first.join('|'));
  expect(await page.evaluate(() => '__bourseMarker' in window)).toBe(true);

  // Volume and turnover in one compact style ("1.23M" beside "20.94M", issue 41: the volume
  // had two decimals and every digit)
  const compact = /^(--|\d{1,3}(\.\d{1,2})?[KMBT]?)$/;
  for (const id of ['volume', 'turnover'])
    for (const text of await rows.locator(`[data-testid="${id}"]`).allInnerTexts())
      expect(text, id).toMatch(compact);

  // The sparkline of each row is drawn from 60 one-minute closes.
  await expect(rows.first().locator('svg.sparkline path')).toHaveCount(1);
});

test('clicking a pair stores it and opens the contracts screen', async ({ page }) => {
  await page.goto('/');
  await page.locator('tr[data-symbol="ETH/USDT"]').click();
  await expect(page).toHaveURL(/\/leverdealCenter$/);
  const stored = await page.evaluate(() =>
    ['symbol', 'currency_name', 'legal_name'].map((k) => localStorage.getItem(k)),
  );
  expect(stored).toEqual(['ETH/USDT', 'ETH', 'USDT']);
});

test('notices: list, detail with sanitized server HTML', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/noticeList');
  const items = page.locator('main a[href*="noticeDetail"]');
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  for (let i = 0; i < count; i += 1) {
    await page.goto('/noticeList');
    await page.locator('main a[href*="noticeDetail"]').nth(i).click();
    await expect(page).toHaveURL(/noticeDetail\?id=\d+/);
    const body = page.locator('main .prose');
    await expect(body).toBeVisible();
    expect(await body.locator('script, [onerror], [onclick]').count()).toBe(0);
  }
  expect(dialogs).toEqual([]);
});
