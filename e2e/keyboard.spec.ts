// Keyboard journeys (issue 26, ADR 0037): log in, choose a pair and place then cancel a spot
// order, open and close a contract position, take a c2c ad, transfer between accounts — each
// driven by the keyboard alone once the page is open (Tab, Shift+Tab, Enter, Space, arrows,
// Escape and typing). Setup (users, identity, funds, the seller's ad) goes through the API. Each
// journey checks its result, that what has focus shows a ring, and that focus comes back to the
// opener when a dialog closes (or, when the opener went away with its row, stays in its list).
import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures.ts';
import Decimal from 'decimal.js';
import { apiPost, CURRENCY_ID, fund, token, verify } from './api.ts';
import { operator, registerByEmail, uniqueEmail } from './helpers.ts';
import {
  activate,
  expectFocusOnOpener,
  expectFocusRing,
  expectFocusWithin,
  markOpener,
  tabTo,
} from './keys.ts';

const PASSWORD = 'kbd12345678';

/** The trader (every journey) and the seller of the c2c ad, set up once. */
const trader = { email: '' };
const seller = { email: '', adId: '' };

async function register(browser: Browser, prefix: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(prefix);
  await registerByEmail(page, email, PASSWORD);
  await context.close();
  return email;
}

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(90_000);
  [trader.email, seller.email] = await Promise.all([
    register(browser, 'kbd'),
    register(browser, 'kbdseller'),
  ]);
  // the trader: verified, payout details (to buy over c2c), 500 USDT in spot, 200 moved to contracts
  const tt = await token(request, trader.email, PASSWORD);
  await verify(request, tt, trader.email);
  await apiPost(request, tt, '/api/user/cash_save', {
    real_name: 'Kay Board',
    alipay_account: 'kay@alipay.example',
  });
  await fund(request, tt, trader.email, '700');
  await apiPost(request, tt, '/api/wallet/change', {
    currency_id: String(CURRENCY_ID.USDT),
    number: '200',
    from_field: 'change',
    to_field: 'lever',
  });
  // the seller: a sell ad of 30 USDT paid by bank transfer
  const st = await token(request, seller.email, PASSWORD);
  await verify(request, st, seller.email);
  await apiPost(request, st, '/api/user/cash_save', {
    real_name: 'Sid Seller',
    bank_name: 'Bank of Bourse',
    bank_account: '6222000033334444',
  });
  await fund(request, st, seller.email, '100', 'legal');
  await apiPost(request, st, '/api/c2c_send', {
    type: 'sell',
    way: 'bank',
    price: '7.1',
    total_number: '30',
    currency_id: String(CURRENCY_ID.USDT),
  });
  const ads = await request.get('/api/c2c/seller_trade?type=sell', {
    headers: { authorization: st },
  });
  seller.adId = String(
    ((await ads.json()) as { message: { data: { id: number }[] } }).message.data[0]?.id ?? '',
  );
  expect(seller.adId).not.toBe('');
});

interface Sheet {
  wallets: {
    currency: string;
    change_balance: string;
    lever_balance: string;
    legal_balance: string;
  }[];
}

async function usdt(
  request: APIRequestContext,
  field: 'change_balance' | 'lever_balance' | 'legal_balance',
): Promise<Decimal> {
  const r = await operator(request, `user?account=${encodeURIComponent(trader.email)}`);
  const w = (r.message as Sheet).wallets.find((x) => x.currency === 'USDT');
  return new Decimal(w?.[field] ?? 'NaN');
}

/** Journey (a): the login form by keyboard alone, ending on the home page. */
async function keyboardLogin(page: Page): Promise<void> {
  await page.goto('/components/login');
  const account = page.locator('input[name="account"]');
  await tabTo(page, account);
  await expectFocusRing(page);
  await page.keyboard.type(trader.email);
  await page.keyboard.press('Tab');
  await expect(page.locator('input[name="password"]')).toBeFocused();
  await expectFocusRing(page);
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
}

/**
 * From the focused opener: Enter opens its confirmation, Escape closes it with focus back on the
 * opener (nothing done), Enter opens it again and it is confirmed by keyboard.
 */
async function escapeThenConfirm(page: Page): Promise<void> {
  const confirm = page.locator('dialog[open][data-testid="confirm-dialog"]');
  await markOpener(page);
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  // Escape and at once Enter again brings the dialog back. Enter used to come before the close
  // was reported (the browser's close event is a queued task) and did nothing, one time in a few
  // (kit/modal.tsx useCloseReport): three rounds
  for (let round = 1; round <= 3; round++) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect(confirm, `Escape then Enter, round ${round}`).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await expectFocusOnOpener(page);
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page);
}

/** Confirms the open confirmation dialog by keyboard: focus starts inside it (on its first
 *  button, "cancel"), Tab reaches "sure", Enter. */
async function confirmByKeyboard(page: Page): Promise<void> {
  const dialog = page.locator('dialog[open][data-testid="confirm-dialog"]');
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await activate(page, dialog.getByTestId('confirm-sure'));
  await expect(dialog).toHaveCount(0);
}

test('log in with the keyboard', async ({ page }) => {
  await keyboardLogin(page);
  // the skip link is the first stop on every page and takes focus to the content
  await page.goto('/new_account/finance');
  await expect(page.locator('.account-card[data-account="change"]')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.locator('.skip-link')).toBeFocused();
  await expectFocusRing(page);
});

test('choose a pair, place a limit order far from the market, cancel it', async ({ page }) => {
  test.setTimeout(120_000);
  await keyboardLogin(page);
  await page.goto('/dealCenter');
  const search = page.getByRole('searchbox');
  await tabTo(page, search);
  await page.keyboard.type('ETH');
  const eth = page.locator('.markets__row[data-symbol="ETH/USDT"]');
  await activate(page, eth);
  await expect(page.locator('.spot[data-symbol="ETH/USDT"]')).toBeVisible();
  // the chosen row keeps focus across the pair's change
  await expect(eth).toBeFocused();

  // the book's sides are stops of their own, and read their levels
  const bids = page.getByTestId('book-canvas-bid');
  await tabTo(page, bids);
  await expectFocusRing(page);
  await expect(bids.locator('li').first()).toBeAttached();

  const last = new Decimal(
    (await page.getByTestId('last-price').innerText()).replace(/[^\d.]/g, ''),
  );
  const price = last.times(0.5).toDecimalPlaces(2).toFixed(2);
  const form = page.getByTestId('buy-form');
  await tabTo(page, form.locator('input[name="price"]'));
  await expectFocusRing(page);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(price);
  await tabTo(page, form.locator('input[name="number"]'));
  await page.keyboard.type('0.05');
  // placed with Enter on the button: focus stays on it while it places and after (issue 41:
  // the button was disabled while placing, focus fell to the body, 36 Tabs from the Cancel)
  const submit = page.getByTestId('buy-submit');
  await tabTo(page, submit);
  await page.keyboard.press('Enter');

  const rows = page.getByTestId('open-orders').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(submit).toBeFocused();
  await expectFocusRing(page);
  const cancel = rows.first().getByTestId('cancel-order');
  await tabTo(page, cancel);
  await expectFocusRing(page);
  // Escape closes the confirmation and gives focus back to "cancel"; then it is confirmed
  await escapeThenConfirm(page);
  await expect(rows).toHaveCount(0);
  // the row went with its button: focus stays in the orders panel, not on the page's body
  await expectFocusWithin(page, '.spot__orders');
  await expectFocusRing(page);
});

test('open a contract position and close it', async ({ page }) => {
  test.setTimeout(120_000);
  await keyboardLogin(page);
  await page.goto('/leverdealCenter');
  const long = page.getByTestId('lever-form-long');
  await expect(long.getByTestId('lever-available')).not.toHaveText(/^(0\.0000|--)/);
  const share = long.locator('input[name="share"]');
  await tabTo(page, share);
  // 500 hands of BTC at 10× need far more than the 200 USDT there is: the form says so, shows
  // no liquidation price, and Enter opens no confirm (issue 41: the server refused it after)
  await page.keyboard.type('500');
  await activate(page, long.locator('[data-multiple="10"]'), 'Space');
  await expect(long.locator('[data-multiple="10"]')).toHaveAttribute('aria-checked', 'true');
  await expect(long.getByTestId('lever-short-long')).toContainText('more than the available');
  await expect(long.getByTestId('cost-liquidation')).toHaveText('--');
  const submit = page.getByTestId('lever-submit-long');
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(page.locator('dialog[open][data-testid="confirm-dialog"]')).toHaveCount(0);
  await expect(submit).toBeFocused();
  await tabTo(page, share, { back: true });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1');
  await expect(long.getByTestId('lever-short-long')).toHaveCount(0);
  await tabTo(page, submit);
  await markOpener(page);
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page);
  await expectFocusOnOpener(page);

  const row = page.getByTestId('lever-holding-table').locator('tr[data-position-id]').first();
  await expect(row).toBeVisible();
  const id = String(await row.getAttribute('data-position-id'));
  // the scrollable trades region is a stop of its own
  await tabTo(page, page.getByTestId('trades-region'), { back: true });
  await expectFocusRing(page);
  const close = row.getByTestId('lever-close');
  await tabTo(page, close);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page);
  await expect(
    page.getByTestId('lever-holding-table').locator(`tr[data-position-id="${id}"]`),
  ).toHaveCount(0);
  await expectFocusWithin(page, '[data-testid="lever-positions"]');
  await expectFocusRing(page);
  // the closed tab (arrow keys move between the tabs: holding, entrusts, closed) lists it
  await tabTo(page, page.getByTestId('lever-tab-holding'), { back: true });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('lever-tab-closed')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByTestId('lever-closed-table').locator(`tr[data-position-id="${id}"]`),
  ).toBeVisible();
});

test('take a c2c ad', async ({ page }) => {
  await keyboardLogin(page);
  await page.goto('/legalTrade');
  await activate(page, page.getByTestId('c2c-tab-buy'));
  const take = page
    .getByTestId('c2c-market')
    .locator(`tr[data-ad-id="${seller.adId}"]`)
    .getByTestId('c2c-take');
  await tabTo(page, take);
  await expectFocusRing(page);
  // Escape first: nothing taken, focus back on the button; then it is confirmed
  await escapeThenConfirm(page);
  await expect(page).toHaveURL(/\/c2cOrder/);
  const deal = page.getByTestId('c2c-deals').locator('tr[data-deal-id]').first();
  await expect(deal).toHaveAttribute('data-sure', '0');
  // the deal's details open by keyboard, and Escape gives focus back to the row's button
  const open = deal.getByTestId('c2c-deal-open');
  await tabTo(page, open);
  await markOpener(page);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('c2c-deal-dialog')).toBeVisible();
  await expect(page.getByTestId('c2c-deal-dialog')).toContainText('6222000033334444');
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await expectFocusOnOpener(page);
});

test('transfer from spot to contracts', async ({ page }) => {
  const change = await usdt(page.request, 'change_balance');
  const lever = await usdt(page.request, 'lever_balance');
  await keyboardLogin(page);
  await page.goto('/new_account/lever');
  const row = page.getByTestId('asset-table-lever').locator('tr[data-currency="USDT"]');
  await expect(row.getByTestId('available')).not.toHaveText('--');
  const into = row.getByTestId('transfer-in');
  await tabTo(page, into);
  await expectFocusRing(page);
  await markOpener(page);
  await page.keyboard.press('Enter');
  const dialog = page.locator('dialog[open][data-testid="transfer-dialog"]');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.locator('input[name="amount"]'));
  await expectFocusRing(page);
  await page.keyboard.type('25');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expectFocusOnOpener(page);
  await expect
    .poll(() => usdt(page.request, 'lever_balance').then(String))
    .toBe(lever.plus(25).toString());
  expect((await usdt(page.request, 'change_balance')).toString()).toBe(change.minus(25).toString());
});
