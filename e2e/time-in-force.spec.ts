// Time in force and post-only from the spot ticket (issue 44, ADR 0054), on EOS/USDT moved to a
// known price by the test (the development price control, ADR 0053). A post-only buy at the ask
// is refused with the reason and what was typed stays; below it, it rests. A fill-or-kill larger
// than the book at its price trades nothing; an IOC takes what its price reaches and nothing
// rests, from the ticket and from a hotkey template that carries its time in force. The exact money of each rule is tested in server/trading/time-in-force.test.ts. A new
// user of its own.
import { Decimal } from '../src/shared/decimal.ts';
import { expect, test } from './fixtures.ts';
import { wallet } from './api.ts';
import { eosTrader } from './steered-market.ts';

const PASSWORD = 'tif12345678';

test('post-only, fill-or-kill and IOC from the ticket do what they say', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { email } = await eosTrader(page, request, 'tif', PASSWORD);

  const form = page.getByTestId('buy-form');
  const price = form.locator('input[name="price"]');
  const amount = form.locator('input[name="number"]');
  const errors = page.locator('.toast--error');
  const successes = page.locator('.toast--success');

  // post-only at a price that would take: refused, said, nothing typed lost
  await page.getByTestId('buy-post-only').check();
  await expect(page.getByTestId('buy-tif')).toBeDisabled();
  await expect(page.getByTestId('buy-opts-hint')).toContainText('Post only');
  await price.fill('0.9500');
  await amount.fill('100');
  await page.getByTestId('buy-submit').click();
  await expect(errors.last()).toContainText('Post-only: at 0.9500 this order would trade at once');
  await expect(price).toHaveValue('0.9500');
  await expect(amount).toHaveValue('100');

  // below the market it rests
  await price.fill('0.5000');
  await page.getByTestId('buy-submit').click();
  await expect(successes.last()).toContainText('Order placed');
  await expect(page.getByTestId('tab-open')).toContainText('(1)');

  // fill or kill: nothing offered at 0.5000 or less, so nothing trades
  await page.getByTestId('buy-post-only').uncheck();
  await page.getByTestId('buy-tif').selectOption('fok');
  await expect(page.getByTestId('buy-opts-hint')).toContainText('Fill or kill');
  await price.fill('0.5000');
  await amount.fill('100');
  await page.getByTestId('buy-submit').click();
  await expect(errors.last()).toContainText('Fill or kill');
  await expect(page.getByTestId('tab-open')).toContainText('(1)');

  // immediate or cancel: up to 0.9000 the asks near 0.80 fill all 100 EOS, nothing rests
  await page.getByTestId('buy-tif').selectOption('ioc');
  await price.fill('0.9000');
  await page.getByTestId('buy-submit').click();
  await expect(successes.last()).toContainText('filled');
  await expect(page.getByTestId('tab-open')).toContainText('(1)');
  const eos = await wallet(request, email, 'EOS');
  expect(new Decimal(eos?.change_balance ?? '0').toFixed()).toBe('100');
  // the time in force stays chosen for the next order
  await expect(page.getByTestId('buy-tif')).toHaveValue('ioc');

  // a hotkey template with its own time in force: IOC, 10 EOS at the best ask + 50 ticks (the
  // book the page shows is up to a second old and the simulated market trades meanwhile: at
  // + 1 tick its best ask was sometimes gone, and the IOC rightly traded nothing)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('?');
  const sheet = page.locator('dialog[open][data-testid="hotkey-sheet"]');
  await sheet.getByTestId('hotkey-settings-open').click();
  const settings = page.locator('dialog[open][data-testid="hotkey-settings"]');
  await settings.getByTestId('hotkeys-enabled').check();
  await settings.getByTestId('hotkeys-confirm').uncheck();
  const first = settings.locator('[data-template="0"]');
  await first.locator('[data-field="kind"]').selectOption('amount');
  await first.locator('[data-field="value"]').fill('10');
  await first.locator('[data-field="ticks"]').fill('50');
  await first.locator('[data-field="tif"]').selectOption('ioc');
  await settings.getByTestId('hotkeys-save').click();
  await expect(settings).toHaveCount(0);
  // the sheet says what the template does, its time in force included
  await expect(sheet).toContainText('Buy 10 EOS at the best ask + 50 ticks (IOC)');
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Alt+1');
  // a refusal would say why in the same place
  await expect(page.locator('.toast--success, .toast--error').last()).toContainText('filled');
  await expect(page.getByTestId('tab-open')).toContainText('(1)');
  await expect
    .poll(async () =>
      new Decimal((await wallet(request, email, 'EOS'))?.change_balance ?? '0').toFixed(),
    )
    .toBe('110');
});
