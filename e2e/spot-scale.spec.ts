// Scale orders from the spot ticket (issue 44, ADR 0057), on EOS/USDT held at a known price by
// the test (the development price control, ADR 0053): a range across the market is refused
// whole, with nothing placed; below it, the preview shows every order and the average before
// sending, the five orders rest with exactly their cost locked, and "Cancel scale" cancels them
// together. A new user of its own.
import { expect, test } from './fixtures.ts';
import { eosTrader } from './steered-market.ts';

const PASSWORD = 'scale12345678';

test('a scale order: refused across the market, previewed, placed whole and cancelled together', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await eosTrader(page, request, 'scale', PASSWORD);
  await page.getByTestId('mode-scale').click();
  const form = page.getByTestId('buy-scale-form');
  const field = (name: string) => form.locator(`input[name="${name}"]`);
  const preview = page.getByTestId('buy-scale-preview');
  const available = form.locator('.spot-form__avail .num');
  await expect(available).toContainText('1,000.00');

  // across the market (asks near 0.80): one order would take, so none is placed
  await field('from').fill('0.9500');
  await field('to').fill('0.8500');
  await field('number').fill('100');
  await expect(preview.locator('tr[data-leg]')).toHaveCount(5);
  await page.getByTestId('buy-scale-submit').click();
  await expect(page.locator('.toast--error').last()).toContainText('would trade at once');
  await expect(field('from')).toHaveValue('0.9500');
  await expect(page.getByTestId('tab-open')).toContainText('(0)');

  // below the market: 5 × 20 EOS from 0.6000 to 0.5000, twice as much at the last
  await field('from').fill('0.6000');
  await field('to').fill('0.5000');
  await field('skew').fill('2');
  const legs = preview.locator('tr[data-leg]');
  await expect(legs).toHaveCount(5);
  // 1, 1.25, 1.5, 1.75, 2 parts of 7.5: 13.3, 16.6, 20.0, 23.3, and the rest, 26.8
  await expect(legs.nth(0)).toContainText('0.6000');
  await expect(legs.nth(0)).toContainText('13.3');
  await expect(legs.nth(4)).toContainText('0.5000');
  await expect(legs.nth(4)).toContainText('26.8');
  await expect(page.getByTestId('buy-scale-average')).toContainText('0.5416');
  await expect(page.getByTestId('buy-scale-submit')).toContainText('5');
  await page.getByTestId('buy-scale-submit').click();
  await expect(page.locator('.toast--success').last()).toContainText('5 orders');
  await expect(page.getByTestId('tab-open')).toContainText('(5)');
  // Σ price × amount: 7.98 + 9.545 + 11 + 12.2325 + 13.4 = 54.1575 USDT locked
  await expect(available).toContainText('945.84');
  await expect(page.getByTestId('scale-tag')).toHaveCount(5);

  // cancelled together, behind the house confirmation
  await page.getByTestId('cancel-scale').first().click();
  const confirm = page.locator('dialog[open][data-testid="scale-cancel-confirm"]');
  await confirm.getByRole('button', { name: 'Sure' }).click();
  await expect(page.locator('.toast--success').last()).toContainText('5 open orders');
  await expect(page.getByTestId('tab-open')).not.toContainText('(5)');
  await expect(available).toContainText('1,000.00');
});
