// The notification centre end to end (issue 25): an operator's decision reaches the user's bell,
// one toast across two tabs, and the centre (exact amount, marked read on opening, the other tab
// following); a group's pop-ups switched off show none; a cut network catches up once, as
// "while you were away"; a page opened after the tabs were closed does too; opened offline the
// centre shows the last known list, as of its time.
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { apiPost, CURRENCY_ID, token, upload } from './api.ts';
import {
  controlled,
  login,
  msg,
  operator,
  queued,
  registerByEmail,
  uniqueEmail,
} from './helpers.ts';

// a spec about the service worker: it is let in here (blocked elsewhere, playwright.config.ts)
test.use({ serviceWorkers: 'allow' });

const PASSWORD = 'Passw0rd!x';

/** A new user with `amounts` deposit requests waiting for the operator; the page logged in. */
async function userWithDeposits(
  page: Page,
  request: APIRequestContext,
  amounts: readonly string[],
): Promise<string> {
  const email = uniqueEmail('nt');
  await registerByEmail(page, email, PASSWORD);
  const t = await token(request, email, PASSWORD);
  const pic = await upload(request, t);
  for (const amount of amounts)
    await apiPost(request, t, '/api/wallet/charge_req', {
      currency: String(CURRENCY_ID.USDT),
      amount,
      pic,
      type: 'erc20',
    });
  await login(page, email, PASSWORD);
  return email;
}

async function confirmDeposit(request: APIRequestContext, email: string): Promise<void> {
  const id = await queued(request, 'deposits', email);
  expect((await operator(request, 'deposit', { id, action: 'confirm' })).type).toBe('ok');
}

const DEPOSIT_TITLE = 'Deposit credited';
const toastsOf = (page: Page, text: string | RegExp) =>
  page.locator('.toast').filter({ hasText: text });

test('a decision reaches the bell, one toast across two tabs, and the centre', async ({
  page,
  request,
  context,
}) => {
  const email = await userWithDeposits(page, request, ['12.345678', '7']);
  const second = await context.newPage();
  await second.goto('/');
  await expect(page.getByTestId('notice-bell')).toBeVisible();
  await expect(second.getByTestId('notice-bell')).toBeVisible();
  await expect(page.getByTestId('notice-unread')).toHaveCount(0);

  await confirmDeposit(request, email);
  await expect(page.getByTestId('notice-unread')).toHaveText('1');
  await expect(second.getByTestId('notice-unread')).toHaveText('1');
  await expect
    .poll(
      async () =>
        (await toastsOf(page, DEPOSIT_TITLE).count()) +
        (await toastsOf(second, DEPOSIT_TITLE).count()),
    )
    .toBe(1);
  // and it stays one: the other tab does not show it later
  await page.waitForTimeout(2000);
  const shown =
    (await toastsOf(page, DEPOSIT_TITLE).count()) + (await toastsOf(second, DEPOSIT_TITLE).count());
  expect(shown).toBeLessThanOrEqual(1);

  // the bell opens the newest over the page: the screen stays (a trader keeps the order form)
  const here = page.url();
  const bell = page.getByTestId('notice-bell');
  await bell.click();
  const panel = page.getByTestId('notice-bell-panel');
  await expect(panel.getByTestId('notice-item').first()).toContainText(DEPOSIT_TITLE);
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  expect(page.url()).toBe(here);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  // the centre is a link away, and following it closes the panel
  await bell.click();
  await panel.getByTestId('notice-bell-all').click();
  await expect(panel).toHaveCount(0);

  // the centre: exact amount, unread, opened → read, on the other tab too
  await expect(page).toHaveURL(/\/account\/accountMessage/);
  const item = page.getByTestId('notice-item').first();
  await expect(item).toContainText(DEPOSIT_TITLE);
  await expect(item).toContainText('12.345678 USDT');
  await expect(page.locator('.ntf--unread')).toHaveCount(1);
  await item.click();
  await expect(page.locator('.ntf--unread')).toHaveCount(0);
  await expect(page.getByTestId('notice-unread')).toHaveCount(0);
  await expect(second.getByTestId('notice-unread')).toHaveCount(0);

  // pop-ups of deposits and withdrawals off: the next decision is listed, never toasted
  await page.getByTestId('notice-settings').click();
  const toastBox = page.locator('[data-group="wallet"] input[data-channel="toast"]');
  await expect(toastBox).toBeChecked();
  // the box follows the click once React has rendered the change (a frame): click, then expect
  await toastBox.click();
  await expect(toastBox).not.toBeChecked();
  await expect(page.getByText(msg('notice.prefs.saved'))).toBeAttached();
  await second.reload();
  await confirmDeposit(request, email);
  await expect(page.getByTestId('notice-item')).toHaveCount(2);
  await expect(page.getByTestId('notice-item').first()).toContainText('7.000000 USDT'); // in USDT's decimals (ADR 0045)
  await page.waitForTimeout(2000);
  expect(await toastsOf(page, DEPOSIT_TITLE).count()).toBe(0);
  expect(await toastsOf(second, DEPOSIT_TITLE).count()).toBe(0);
  await expect(second.getByTestId('notice-unread')).toHaveText('1');
});

test('what came while cut off or closed is shown once; offline the centre is as of its time', async ({
  page,
  request,
  context,
}) => {
  const email = await userWithDeposits(page, request, ['1.5', '2.25']);
  await page.goto('/account/accountMessage');
  await expect(page.getByTestId('notices')).toBeVisible();
  await expect(page.getByText(msg('notice.empty'))).toBeVisible();

  // cut off: a decision meanwhile is caught up when the network is back, once
  await context.setOffline(true);
  await page.waitForTimeout(500);
  await confirmDeposit(request, email);
  await page.waitForTimeout(1000);
  await context.setOffline(false);
  const away = page
    .locator('.toast')
    .filter({ hasText: /While you were away: 1 deposit or withdrawal decision/ });
  await expect(away).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('notice-item')).toHaveCount(1);

  // closed: the next decision comes while no page is open; the page opened again shows it once
  await page.close();
  await confirmDeposit(request, email);
  const again = await context.newPage();
  await again.goto('/account/accountMessage');
  await expect(again.getByTestId('notice-item')).toHaveCount(2, { timeout: 20_000 });
  await expect(again.locator('.toast').filter({ hasText: /While you were away/ })).toHaveCount(1);
  await expect(again.locator('.toast').filter({ hasText: /While you were away/ })).toContainText(
    '1 deposit or withdrawal decision',
  );

  // offline: the last known list, said to be as of its time, nothing to mark
  await controlled(again);
  await context.setOffline(true);
  try {
    await again.reload();
    await expect(again.getByTestId('as-of')).toBeVisible({ timeout: 20_000 });
    await expect(again.getByTestId('notice-item')).toHaveCount(2);
    await expect(again.getByTestId('notice-read-all')).toBeDisabled();
  } finally {
    await context.setOffline(false);
  }
  await expect(again.getByTestId('as-of')).toHaveCount(0, { timeout: 30_000 });
  await expect(again.getByTestId('notice-read-all')).toBeEnabled();
});
