// Spot conditional orders on the ticket (issue 44): the "Stop" tab places a stop-limit buy far
// above the market, says in words what it will do, reserves its funds (the available balance
// drops by limit × amount), lists it in the orders panel's "Conditional" tab, and a cancel from
// the table gives the reserve back. A trigger left empty is said under its field, with what was
// typed kept. Firing is the server's (server/trading/spot-triggers.test.ts). A new user of its own.
import { expect, test } from './fixtures.ts';
import { fund, token } from './api.ts';
import { login, msg, registerByApi, uniqueEmail } from './helpers.ts';

const PASSWORD = 'stops12345678';

/** "12,345.67" → "12345.67": the English page's grouped figure as a plain decimal. */
const plain = (text: string): string => text.replace(/[^0-9.]/g, '');

test('a stop-limit buy from the ticket reserves its funds, waits, and is cancelled', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('stops');
  await registerByApi(request, email, PASSWORD);
  await fund(request, await token(request, email, PASSWORD), email, '1000');
  await login(page, email, PASSWORD, '/dealCenter');

  await page.getByTestId('mode-stop-limit').click();
  const form = page.getByTestId('buy-stop-form');
  await expect(form).toBeVisible();
  const available = form.locator('.spot-form__avail .num');
  await expect(available).toContainText('1,000.00');

  // nothing typed in the trigger: said under it, the amount kept
  await form.locator('input[name="price"]').fill('100');
  await form.locator('input[name="number"]').fill('0.001');
  await page.getByTestId('buy-stop-submit').click();
  await expect(form.locator('.field__error')).toHaveText(msg('spot.stop.triggerRequired'));
  await expect(form.locator('input[name="number"]')).toHaveValue('0.001');

  // far above the market: a stop buy that waits; limit 200000 × 0.001 = 200 USDT reserved
  const last = plain((await page.getByTestId('last-price').textContent()) ?? '');
  const trigger = String(Math.ceil(Number(last) * 2));
  await form.locator('input[name="trigger"]').fill(trigger);
  await form.locator('input[name="price"]').fill('200000');
  await expect(page.getByTestId('buy-stop-summary')).toContainText('rises to');
  await expect(page.getByTestId('buy-stop-summary')).toContainText('Stop');
  await page.getByTestId('buy-stop-submit').click();
  await expect(available).toContainText('800.00');
  await expect(form.locator('input[name="trigger"]')).toHaveValue('');

  await page.getByTestId('tab-triggers').click();
  const row = page.getByTestId('trigger-table').locator('tr[data-trigger-id]');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-kind', 'stop_limit');
  await expect(row).toContainText('BTC/USDT');
  await expect(row).toContainText('200,000.00');

  await row.getByTestId('cancel-trigger').click();
  const dialog = page.locator('dialog[open][data-testid="confirm-dialog"]');
  await expect(dialog).toContainText(msg('spot.stop.cancelTitle'));
  await dialog.getByTestId('confirm-sure').click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('trigger-table')).toHaveCount(0);
  await expect(page.getByText(msg('spot.stop.empty'))).toBeVisible();
  await page.getByTestId('mode-stop-limit').click();
  await expect(available).toContainText('1,000.00');
});
