// Announcements (issue 26, ADR 0038): results reach a screen reader through a polite live
// region — the toast region for what a toast shows, the page's one announcer for what a screen
// shows in place — read while no modal dialog makes the page inert; the market (book, trades,
// tickers) is never read out. The page records, as it happens, every change of text inside a live
// region and whether a modal dialog was open then: that is what a screen reader is told.
import { expect, test } from './fixtures.ts';
import { Decimal } from '../src/shared/decimal.ts';
import { bookPainted, confirm, login, goInApp } from './helpers.ts';
import { announcer, heard, listen, wasRead } from './live-regions.ts';

const DEMO = 'demo@bourse.local';
const PASSWORD = 'demo1234';

test('spot: placed and cancelled are read once each; three seconds of a live market are not read', async ({
  page,
}) => {
  await login(page, DEMO, PASSWORD, '/dealCenter');
  await bookPainted(page);
  const region = announcer(page);
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toHaveAttribute('aria-atomic', 'true');
  await expect(region).toHaveText('');

  // the market moves, nothing is read: no live region changes (toasts of the user's own
  // notifications aside), the announcer says nothing
  const book = page.getByTestId('book-bids');
  const top = () => book.locator('[data-price]').first().getAttribute('data-price');
  const market = () =>
    page.evaluate(() =>
      ['book-bids', 'book-asks', 'recent-trades']
        .map((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '')
        .join('|'),
    );
  const before = await market();
  await listen(page);
  await page.waitForTimeout(3000);
  // the simulator may rest a few seconds between trades: listen until the market has moved
  await expect
    .poll(market, { message: 'the market moved while listening', timeout: 30_000 })
    .not.toEqual(before);
  expect((await heard(page)).filter((h) => !h.region.includes('toasts'))).toEqual([]);
  await expect(region).toHaveText('');

  // placed: the toast region reads the reply; the announcer does not repeat it
  const bid = new Decimal((await top()) ?? '0').times(0.99).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  const buy = page.getByTestId('buy-form');
  await buy.locator('input[name="price"]').fill(bid.toFixed(2));
  await buy.locator('input[name="number"]').fill('0.001');
  await page.getByTestId('buy-submit').click();
  const placed = (await page.locator('.toast--success').last().innerText()).trim();
  expect(await wasRead(page, placed)).toEqual(['toasts']);

  // cancelled (after its confirm dialog): read when the dialog has closed
  const orders = page.getByTestId('open-orders').locator('tbody tr');
  await orders.first().getByTestId('cancel-order').click();
  await confirm(page);
  const cancelled = page.locator('.toast--success').filter({ hasNotText: placed }).last();
  expect(await wasRead(page, (await cancelled.innerText()).trim())).toEqual(['toasts']);
  await expect(region).toHaveText('');

  // refused: the server's reason is read (more than the balance can buy)
  await buy.locator('input[name="price"]').fill(bid.toFixed(2));
  await buy.locator('input[name="number"]').fill('100000');
  await page.getByTestId('buy-submit').click();
  const reason = (await page.locator('.toast--error').last().innerText()).trim();
  expect(reason).not.toBe('');
  await wasRead(page, reason);
  await expect(region).toHaveText('');
});

test('transfers: the dialog’s and the screen’s results are read once the dialog has closed', async ({
  page,
}) => {
  await login(page, DEMO, PASSWORD, '/new_account/lever');
  const row = page.getByTestId('asset-table-lever').locator('tr[data-currency="USDT"]');
  await expect(row).toBeVisible();
  await listen(page);
  // contract account → spot account, in the dialog
  await row.getByTestId('transfer-out').click();
  const dialog = page.getByTestId('transfer-dialog');
  await dialog.locator('input[name="amount"]').fill('100');
  await page.getByTestId('transfer-submit').click();
  await expect(dialog).toBeHidden();
  const done = (await page.locator('.toast--success').last().innerText()).trim();
  expect(await wasRead(page, done)).toEqual(['toasts']);

  // and back on the transfer screen
  await goInApp(page, '/new_account/transferLegal');
  await listen(page);
  await page.getByTestId('transfer-coin').selectOption({ label: 'USDT' });
  await page.getByTestId('transfer-from').selectOption('change');
  await page.getByTestId('transfer-to').selectOption('lever');
  await page.locator('[data-testid="transfer-form"] input[name="amount"]').fill('100');
  await page.getByTestId('transfer-submit').click();
  expect(await wasRead(page, done)).toEqual(['toasts']);
});
