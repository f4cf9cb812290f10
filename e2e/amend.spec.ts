// Amending an open order from the orders table (issue 44, ADR 0055), on EOS/USDT moved to a known
// price by the test (ADR 0053): "Edit" turns the price and amount into inputs; a lower amount
// saved with Enter keeps the order (same id) and frees exactly the difference; a new price
// replaces it (a new id) and moves the lock exactly; a value with too many decimals is said under
// its field and kept; Escape leaves the order as it was. A new user of its own.
import { expect, test } from './fixtures.ts';
import { eosTrader } from './steered-market.ts';

const PASSWORD = 'amend12345678';

test('an open order amended in place: kept with less, replaced at a new price', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await eosTrader(page, request, 'amend', PASSWORD);

  // a bid of 100 EOS at 0.5000 rests: 50 USDT held
  const form = page.getByTestId('buy-form');
  await form.locator('input[name="price"]').fill('0.5000');
  await form.locator('input[name="number"]').fill('100');
  await page.getByTestId('buy-submit').click();
  const available = page.getByTestId('buy-available');
  await expect(available).toContainText('950.00');
  const row = page.getByTestId('open-orders').locator('tbody tr');
  await expect(row).toHaveCount(1);
  const firstId = await row.getAttribute('data-order-id');

  // 60 instead of 100, saved with Enter: the same order, 20 USDT freed
  await row.getByTestId('amend-order').click();
  const amount = row.locator('input[name="amend-number"]');
  await expect(row.locator('input[name="amend-price"]')).toBeFocused();
  await amount.fill('60');
  await amount.press('Enter');
  await expect(page.locator('.toast--success').last()).toContainText('keeps its place');
  await expect(row).toHaveAttribute('data-order-id', firstId ?? '');
  await expect(row).toContainText('60.0');
  await expect(available).toContainText('970.00');

  // too many decimals: said under the field, kept; Escape leaves the order as it was
  await row.getByTestId('amend-order').click();
  const price = row.locator('input[name="amend-price"]');
  await price.fill('0.55555');
  await expect(row.locator('.field__error')).toBeVisible();
  await row.getByTestId('amend-save').click();
  // the refusal has come back (a press of Escape while the save is in flight is ignored, like
  // every busy control's: ADR 0046; a loaded machine's engine answered after the press)
  await expect(row.getByTestId('amend-save')).toHaveAttribute('aria-busy', 'false');
  await expect(price).toHaveValue('0.55555');
  await price.press('Escape');
  await expect(row.locator('input')).toHaveCount(0);
  await expect(row.getByTestId('amend-order')).toBeFocused();
  await expect(row).toContainText('0.5000');

  // a new price: replaced by a new order, 60 × 0.55 = 33 USDT held
  await row.getByTestId('amend-order').click();
  await price.fill('0.5500');
  await row.getByTestId('amend-save').click();
  await expect(page.locator('.toast--success').last()).toContainText('replaced by order');
  await expect(row).not.toHaveAttribute('data-order-id', firstId ?? '');
  await expect(row).toContainText('0.5500');
  await expect(available).toContainText('967.00');
});
