// History as of its time (issue 25): reopened without a network, the orders, positions and deal
// screens show the login's last known rows from the event log — greyed, under "as of hh:mm:ss",
// with every action on them disabled — never an empty "no orders"; when the network comes back
// the live rows replace them without a reload. One user with an open spot order, an open
// contract position and an unpaid c2c deal (as the buyer, so Pay and Cancel would be offered).
import { expect, test, type Browser, type Locator, type Page } from './fixtures.ts';
import { apiPost, CURRENCY_ID, fund, token, verify } from './api.ts';
import { controlled, login, msg, registerByEmail, uniqueEmail } from './helpers.ts';

// The test leaves each screen as soon as its rows show. It failed about 1 run in 3 until the event
// log wrote replies promptly and on hiding (ADR 0035): the orders' reply, shown and not yet
// written when the page went on, was not there for the next page session to hold.

// a spec about the service worker: it is let in here (blocked elsewhere, playwright.config.ts)
test.use({ serviceWorkers: 'allow' });

const PASSWORD = 'asof12345';
const PAIR = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };

async function user(browser: Browser, prefix: string): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext()).newPage();
  const email = uniqueEmail(prefix);
  await registerByEmail(page, email, PASSWORD);
  return { page, email };
}

/** The note over held rows: the last known ones, of a time. */
async function heldNote(scope: Page | Locator): Promise<void> {
  const note = scope.getByTestId('as-of').first();
  await expect(note).toBeVisible();
  await expect(note).toContainText(/\d{2}:\d{2}:\d{2}/);
}

/** A held table: marked, its rows greyed (no colour left in them). */
async function greyed(table: Locator): Promise<void> {
  await expect(table).toHaveAttribute('data-held', 'true');
  const filter = await table
    .locator('tbody tr')
    .first()
    .evaluate((el) => getComputedStyle(el).filter);
  expect(filter).toBe('grayscale(1)');
}

test('reopened offline, orders, positions and deals show the last known rows, greyed and as of their time, with no action; live again when the network is back', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const buyer = await user(browser, 'asof-buyer');
  const seller = await user(browser, 'asof-seller');

  // the seller's sell ad
  const st = await token(request, seller.email, PASSWORD);
  await verify(request, st, seller.email);
  await apiPost(request, st, '/api/user/cash_save', {
    real_name: 'Sal Seller',
    bank_name: 'Bank of Bourse',
    bank_account: '6222000011113333',
  });
  await fund(request, st, seller.email, '200', 'legal');
  await apiPost(request, st, '/api/c2c_send', {
    type: 'sell',
    way: 'bank',
    price: '7.2',
    total_number: '100',
    currency_id: String(CURRENCY_ID.USDT),
  });
  const ads = await request.get('/api/c2c/seller_trade?type=sell', {
    headers: { authorization: st },
  });
  const adId = ((await ads.json()) as { message: { data: { id: number }[] } }).message.data[0]?.id;
  expect(adId).toBeDefined();

  // the buyer: a resting spot buy far below the market, a contract long, the deal taken
  const bt = await token(request, buyer.email, PASSWORD);
  await verify(request, bt, buyer.email);
  await apiPost(request, bt, '/api/user/cash_save', {
    real_name: 'Bea Buyer',
    alipay_account: 'bea@alipay.example',
  });
  await fund(request, bt, buyer.email, '1000');
  await apiPost(request, bt, '/api/wallet/change', {
    currency_id: String(CURRENCY_ID.USDT),
    number: '400',
    from_field: 'change',
    to_field: 'lever',
  });
  await apiPost(request, bt, '/api/transaction/in', {
    ...PAIR,
    mode: '2',
    price: '1000',
    num: '0.01',
  });
  await apiPost(request, bt, '/api/lever/submit', {
    ...PAIR,
    type: '1',
    status: '1',
    share: '1',
    multiple: '10',
  });
  await apiPost(request, bt, '/api/c2c/do_legal_deal', { id: String(adId) });

  // the page: each screen once while online (the log keeps what they showed)
  const page = buyer.page;
  await login(page, buyer.email, PASSWORD);
  await page.evaluate(() => localStorage.setItem('symbol', 'BTC/USDT'));
  await page.goto('/dealCenter');
  const order = page.getByTestId('open-orders').locator('tbody tr[data-order-id]').first();
  await expect(order).toBeVisible();
  const orderId = String(await order.getAttribute('data-order-id'));
  await page.goto('/leverList');
  const position = page.getByTestId('lever-holding-table').locator('tr[data-position-id]').first();
  await expect(position).toBeVisible();
  const positionId = String(await position.getAttribute('data-position-id'));
  await page.goto('/c2cOrder');
  const deal = page.getByTestId('c2c-deals').locator('tr[data-deal-id]').first();
  await expect(deal).toHaveAttribute('data-sure', '0');
  const dealId = String(await deal.getAttribute('data-deal-id'));
  await expect(page.getByTestId('as-of')).toHaveCount(0);
  await controlled(page);

  const context = page.context();
  await context.setOffline(true);
  try {
    // deals: the row, as of its time; its detail offers neither Pay nor Cancel, nor a countdown
    await page.reload();
    await expect(page.locator('.status-bar')).toContainText(
      new RegExp(`${msg('header.connection.reconnecting')}|${msg('header.connection.offline')}`),
    );
    await heldNote(page);
    const deals = page.getByTestId('c2c-deals');
    await expect(deals.locator(`tr[data-deal-id="${dealId}"]`)).toHaveAttribute('data-sure', '0');
    await greyed(deals);
    await deals.locator(`tr[data-deal-id="${dealId}"]`).getByTestId('c2c-deal-open').click();
    const dialog = page.getByTestId('c2c-deal-dialog');
    await heldNote(dialog);
    await expect(dialog.getByTestId('c2c-pay')).toBeDisabled();
    await expect(dialog.getByTestId('c2c-cancel')).toBeDisabled();
    await expect(dialog.getByTestId('c2c-deadline')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // orders: the open order, not "no open orders"; nothing to cancel
    await page.goto('/dealCenter');
    const open = page.getByTestId('open-orders');
    await expect(open.locator(`tr[data-order-id="${orderId}"]`)).toBeVisible();
    await heldNote(page.locator('.spot__orders'));
    await greyed(open);
    await expect(open.getByTestId('cancel-order').first()).toBeDisabled();
    await expect(page.getByText(msg('spot.orders.openEmpty'))).toHaveCount(0);
    // and the forms do not say the user has nothing: their balances are not known
    await expect(page.getByTestId('buy-available')).toHaveText(/^-- /);
    await expect(page.getByTestId('sell-available')).toHaveText(/^-- /);

    // positions: the holding, not "no open positions"; neither close, stops nor a batch close
    await page.goto('/leverList');
    const holding = page.getByTestId('lever-holding-table');
    await expect(holding.locator(`tr[data-position-id="${positionId}"]`)).toBeVisible();
    await heldNote(page.getByTestId('lever-positions'));
    await greyed(holding);
    await expect(holding.getByTestId('lever-close').first()).toBeDisabled();
    await expect(holding.getByTestId('lever-stop').first()).toBeDisabled();
    await expect(page.getByTestId('lever-batch-close-all')).toBeDisabled();
    await expect(page.getByText(msg('lever.positions.empty.holding'))).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }

  // the network back, no reload: the positions load, live, with their actions
  const holding = page.getByTestId('lever-holding-table');
  await expect(page.getByTestId('as-of')).toHaveCount(0, { timeout: 30_000 });
  await expect(holding).not.toHaveAttribute('data-held');
  await expect(holding.locator(`tr[data-position-id="${positionId}"]`)).toBeVisible();
  await expect(holding.getByTestId('lever-close').first()).toBeEnabled();
  // and the other screens are live again too
  await page.goto('/dealCenter');
  const open = page.getByTestId('open-orders');
  await expect(open.locator(`tr[data-order-id="${orderId}"]`)).toBeVisible();
  await expect(open).not.toHaveAttribute('data-held');
  await expect(open.getByTestId('cancel-order').first()).toBeEnabled();
  await page.goto('/c2cOrder');
  const deals = page.getByTestId('c2c-deals');
  await expect(deals).not.toHaveAttribute('data-held');
  await deals.locator(`tr[data-deal-id="${dealId}"]`).getByTestId('c2c-deal-open').click();
  await expect(page.getByTestId('c2c-deal-dialog').getByTestId('c2c-pay')).toBeEnabled();
  await expect(page.getByTestId('c2c-deal-dialog').getByTestId('c2c-deadline')).toBeVisible();
});
