// Every amount input takes plain digits only, with its currency's decimals (issue 20 item 2):
// the junk reported — "1e4" sent as a 10,000 USDT deposit, "abc-1e5" left in the field,
// "12abc" in a withdrawal, "1e3abc" becoming "13abc" in a c2c ad, "5e1abc" in a lock-up — is
// kept out whether it is typed key by key or pasted, and what was typed before stays.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { login } from './helpers.ts';

const DEMO = { email: 'demo@bourse.local', password: 'demo1234' };

/** Types `text` one key at a time, then pastes `paste` over it; returns nothing. */
async function typeThenPaste(field: Locator, text: string, paste: string): Promise<void> {
  await field.fill('');
  await field.pressSequentially(text);
  await field.fill(paste);
}

async function usdtRow(page: Page) {
  await page.goto('/new_account/change');
  const row = page.getByTestId('asset-table-change').locator('tr[data-currency="USDT"]');
  await expect(row).toBeVisible();
  return row;
}

test('amount fields keep letters, signs and exponents out, with the currency’s decimals', async ({
  page,
}) => {
  await login(page, DEMO.email, DEMO.password);

  // deposit request (USDT: 6 decimals)
  await page.goto('/account/recharge');
  const deposit = page.getByTestId('deposit-form').locator('input[name="amount"]');
  await typeThenPaste(deposit, '1e4', 'abc-1e5');
  await expect(deposit).toHaveValue('14');
  await deposit.fill('');
  await deposit.pressSequentially('1.1234567');
  await expect(deposit).toHaveValue('1.123456');

  // withdrawal, with "all" giving no more than the currency's decimals
  await (await usdtRow(page)).getByTestId('withdraw').click();
  const withdraw = page.getByTestId('withdraw-form').locator('input[name="amount"]');
  await typeThenPaste(withdraw, '12abc', '1e3');
  await expect(withdraw).toHaveValue('12');
  await page.getByTestId('withdraw-form').getByRole('button', { name: /all/i }).click();
  await expect(withdraw).toHaveValue(/^\d+(\.\d{1,6})?$/);

  // transfer
  await page.goto('/new_account/transferLegal');
  const transfer = page.locator('input[name="amount"]');
  await typeThenPaste(transfer, '5e1abc', '-7');
  await expect(transfer).toHaveValue('51');

  // c2c ad: quantity and price with 2 decimals
  await page.goto('/c2c');
  const ad = page.getByTestId('c2c-publish-sell');
  const number = ad.locator('input[name="number"]');
  await typeThenPaste(number, '1e3abc', '1e3abc');
  await expect(number).toHaveValue('13');
  const price = ad.locator('input[name="price"]');
  await price.pressSequentially('7.255');
  await expect(price).toHaveValue('7.25');

  // lock-up purchase
  await page.goto('/lock');
  await page
    .getByTestId('lock-products')
    .locator('[data-product-id]')
    .filter({ hasText: 'USDT' })
    .first()
    .getByTestId('lock-buy')
    .click();
  const lock = page.getByTestId('lock-buy-dialog').locator('input[name="amount"]');
  await typeThenPaste(lock, '5e1abc', 'Infinity');
  await expect(lock).toHaveValue('51');
});
