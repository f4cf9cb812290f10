// Every amount input holds exactly what was typed (issue 41, ADR 0041; issue 20 before it). Issue
// 20 kept junk out one key at a time, so what was left was a number the user never typed: "1.5"
// hands became 15 hands, a second contract's "2.00" a stake of 200, a deposit's "1e4" 14 USDT, a
// lock-up's "5e1abc" 51, a loan's "1e9" 19, a price alert's "7e4x" 74. Now the field keeps the
// text, says under it what is wrong, in the reader's language, and the form sends nothing.
import { expect, test, type Locator, type Page, type Request } from './fixtures.ts';
import { login, msg, goInApp } from './helpers.ts';

const DEMO = { email: 'demo@bourse.local', password: 'demo1234' };
const FORMAT = msg('field.number.format');
const WHOLE = 'Whole numbers only, no decimal point.';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1a6b20000000049454e44ae426082',
  'hex',
);

/** Types `text` key by key into an emptied field: it holds exactly that, with `message` by it. */
async function typedStays(field: Locator, text: string, message: string | RegExp, near: Locator) {
  await field.fill('');
  await field.pressSequentially(text);
  await expect(field).toHaveValue(text);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(near.getByText(message)).toBeVisible();
}

/** The POSTs the page (its engine worker included) sends to `path`. */
function posts(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.context().on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

test('a deposit typed "1e4" stays "1e4", is said to be wrong and is never sent', async ({
  page,
}) => {
  await login(page, DEMO.email, DEMO.password);
  const deposits = posts(page, '/api/wallet/charge_req');
  await goInApp(page, '/account/recharge');
  const form = page.getByTestId('deposit-form');
  const amount = form.locator('input[name="amount"]');
  await typedStays(amount, '1e4', FORMAT, form);
  await page
    .getByTestId('deposit-voucher')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: PNG });
  await expect(
    page.getByTestId('deposit-voucher').getByText(msg('wallet.upload.done')),
  ).toBeVisible();
  await form.getByRole('button', { name: msg('wallet.deposit.submit') }).click();
  await page.waitForTimeout(1500);
  expect(deposits).toHaveLength(0);
  await expect(amount).toHaveValue('1e4');
  // a paste is kept as it is too, and so are too many decimals (USDT: 6)
  await amount.fill('abc-1e5');
  await expect(amount).toHaveValue('abc-1e5');
  await typedStays(amount, '1.1234567', 'At most 6 decimals.', form);
  // a plain amount clears the message
  await amount.fill('12.5');
  await expect(form.getByText(FORMAT)).toHaveCount(0);
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
});

test('"1.5" hands stay "1.5" and reach no confirm; a stake of "2.00" is not 200', async ({
  page,
}) => {
  await login(page, DEMO.email, DEMO.password);
  const submits = posts(page, '/api/lever/submit');
  await goInApp(page, '/leverdealCenter');
  const long = page.getByTestId('lever-form-long');
  await expect(long.getByTestId('lever-available')).not.toHaveText(/^(0\.0000|--)/);
  await long.locator('[data-multiple="10"]').click();
  const hands = long.locator('input[name="share"]');
  await typedStays(hands, '1.5', WHOLE, long);
  await expect(long.getByTestId('cost-margin')).toHaveText('--');
  await page.getByTestId('lever-submit-long').click();
  await expect(page.locator('dialog[open][data-testid="confirm-dialog"]')).toHaveCount(0);
  await typedStays(hands, '1e1', FORMAT, long);
  await page.keyboard.press('Enter');
  await expect(page.locator('dialog[open][data-testid="confirm-dialog"]')).toHaveCount(0);
  expect(submits).toHaveLength(0);

  await goInApp(page, '/secondDealCenter');
  await expect(page.getByTestId('micro-balance')).not.toHaveText('--');
  await page.locator('[data-seconds="30"]').click();
  const panel = page.locator('.micro-panel');
  const stake = panel.locator('input[name="number"]');
  await typedStays(stake, '2.00', WHOLE, panel);
  await expect(page.getByTestId('micro-win')).toHaveText('--');
  await page.getByTestId('micro-up').click();
  await expect(page.locator('dialog[open][data-testid="confirm-dialog"]')).toHaveCount(0);
});

test('withdrawal, transfer, c2c, lock-up, loan and price alert keep what was typed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, DEMO.email, DEMO.password);
  const transfers = posts(page, '/api/wallet/change');

  await goInApp(page, '/new_account/change');
  const row = page.getByTestId('asset-table-change').locator('tr[data-currency="USDT"]');
  await row.getByTestId('withdraw').click();
  const withdrawForm = page.getByTestId('withdraw-form');
  await typedStays(withdrawForm.locator('input[name="amount"]'), '12abc', FORMAT, withdrawForm);
  // "all" still gives no more than there is, in the currency's decimals
  await withdrawForm.getByRole('button', { name: /all/i }).click();
  await expect(withdrawForm.locator('input[name="amount"]')).toHaveValue(/^\d+(\.\d{1,6})?$/);

  await goInApp(page, '/new_account/transferLegal');
  const transfer = page.locator('input[name="amount"]');
  await typedStays(transfer, '5e1abc', FORMAT, page.locator('main'));
  await transfer.press('Enter');
  await page.waitForTimeout(1000);
  expect(transfers).toHaveLength(0);

  await goInApp(page, '/c2c');
  const ad = page.getByTestId('c2c-publish-sell');
  await typedStays(ad.locator('input[name="number"]'), '1e3abc', FORMAT, ad);
  await typedStays(ad.locator('input[name="price"]'), '7.255', 'At most 2 decimals.', ad);

  await goInApp(page, '/lock');
  await page
    .getByTestId('lock-products')
    .locator('[data-product-id]')
    .filter({ hasText: 'USDT' })
    .first()
    .getByTestId('lock-buy')
    .click();
  const lock = page.getByTestId('lock-buy-dialog');
  await typedStays(lock.locator('input[name="amount"]'), '5e1abc', FORMAT, lock);

  await goInApp(page, '/loan');
  const loan = page.getByTestId('loan-apply');
  await typedStays(loan.locator('input[name="amount"]'), '1e9', FORMAT, loan);

  await goInApp(page, '/dealCenter');
  await page.getByTestId('price-alert-open').click();
  const alert = page.locator('dialog[open][data-testid="price-alert-dialog"]');
  await typedStays(alert.getByTestId('price-alert-price'), '7e4x', FORMAT, alert);
});
