// A form sent with Enter on its button keeps the keyboard focus there (issue 41, ADR 0046): the
// button is busy (aria-disabled, aria-busy) while the request is in flight, never `disabled`,
// which drops the focus to <body> and sends a keyboard user back to the top of the page.
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { Decimal } from '../src/shared/decimal.ts';
import { fund, token } from './api.ts';
import { login, msg, registerByEmail, submit, uniqueEmail, goInApp } from './helpers.ts';

const PASSWORD = 'busy-focus-1';

/** Enter on the focused button; the outcome shows; the button still has the focus. */
async function enterKeepsFocus(page: Page, button: Locator, outcome: Locator): Promise<void> {
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(outcome).toBeVisible();
  // soft: a form that drops the focus is reported, and the next form is still tried
  await expect.soft(button).toBeFocused({ timeout: 5_000 });
  await expect.soft(button).toHaveAttribute('aria-disabled', 'false', { timeout: 5_000 });
  expect.soft(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
}

test('login, a transfer, a withdrawal address and a price alert keep the focus on their button', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('busy');
  await registerByEmail(page, email, PASSWORD);
  // funds to move, set up before the page logs in (an API login is a session of its own)
  await fund(page.request, await token(page.request, email, PASSWORD), email, '100');

  // --- a wrong password: the form says so, the button keeps the focus
  await page.goto('/components/login');
  await page.locator('input[name="account"]').fill(email);
  await page.locator('input[name="password"]').fill('wrong-pass-1');
  await enterKeepsFocus(page, submit(page), page.getByTestId('form-error'));
  await login(page, email, PASSWORD);

  // --- change → lever: the transfer goes through, the button keeps the focus
  await goInApp(page, '/new_account/transferLegal');
  await page.getByTestId('transfer-coin').selectOption({ label: 'USDT' });
  await page.getByTestId('transfer-from').selectOption('change');
  await page.getByTestId('transfer-to').selectOption('lever');
  await expect(page.getByTestId('transfer-available')).toHaveText('100.00 USDT');
  await page.locator('[data-testid="transfer-form"] input[name="amount"]').fill('30');
  await enterKeepsFocus(
    page,
    page.getByTestId('transfer-submit'),
    page.getByTestId('transfer-available').filter({ hasText: '70.00 USDT' }),
  );

  // --- a withdrawal address: saved and listed, the button keeps the focus
  const address = `0x${'ab12'.repeat(10)}`;
  await goInApp(page, '/withdraw_address');
  await page.getByTestId('address-currency').selectOption({ label: 'USDT' });
  await page.locator('[data-testid="address-form"] input[name="address"]').fill(address);
  await enterKeepsFocus(
    page,
    page.getByTestId('address-add'),
    page.getByTestId('addresses').getByText(address),
  );
  await expect(page.getByTestId('address-add')).toHaveText(msg('account.address.addButton'));

  // --- a price alert in its dialog: set, the button keeps the focus inside the dialog
  await goInApp(page, '/dealCenter');
  await page.getByTestId('price-alert-open').click();
  const dialog = page.locator('dialog[open][data-testid="price-alert-dialog"]');
  const price = dialog.getByTestId('price-alert-price');
  await expect(price).toHaveValue(/^\d+\.\d{2}$/);
  await price.fill(new Decimal(await price.inputValue()).times(2).toFixed(2));
  await enterKeepsFocus(
    page,
    dialog.getByTestId('price-alert-submit'),
    dialog.getByTestId('price-alert-row'),
  );
});
