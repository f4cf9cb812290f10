// Spot trading (issue 3): visitors see login prompts; the demo user places a limit buy below
// the market, sees it in current orders and marked in the book, cancels it (confirm dialog)
// and gets the funds back; places a market buy and sees balances, history and recent trades
// change; invalid inputs show the spec's messages and keep what was typed.
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { Decimal } from '../src/shared/decimal.ts';
import { cancelOpenSpotOrders, token } from './api.ts';
import { bookPainted, login, msg } from './helpers.ts';

const DEMO = { email: 'demo@bourse.local', password: 'demo1234' };
const AMOUNT = '0.001';

/** The raw number of an "available" or "total" read-out: "10,000.0000 USDT" → "10000.0000". */
async function amountOf(locator: Locator): Promise<string> {
  const text = (await locator.innerText()).replace(/[^\d.]/g, '');
  return text === '' ? '0' : text;
}

async function openSpot(page: Page): Promise<void> {
  await page.goto('/dealCenter');
  await expect(page.locator('.spot[data-symbol="BTC/USDT"]')).toBeVisible();
  // The book is painted on a canvas; its levels are also listed in the canvas' fallback
  // content (what assistive technology reads), which is what these tests inspect.
  await bookPainted(page);
  await expect(page.locator('[data-testid="book-bids"] [data-price]').first()).toBeAttached();
}

/** The user's own bid level: near the top of the bids, or further down after scrolling
 *  (the engine sends only the levels in view, and the fallback list follows them). */
async function findOwnBid(page: Page): Promise<Locator> {
  const side = page.getByTestId('book-bids');
  const own = side.locator('[data-own]');
  try {
    await expect(own).toHaveCount(1, { timeout: 10_000 });
    return own;
  } catch {
    await expect
      .poll(
        async () => {
          if ((await own.count()) > 0) return true;
          await side.evaluate((el) => el.scrollBy(0, el.clientHeight / 2));
          return false;
        },
        { timeout: 20_000, intervals: [500] },
      )
      .toBe(true);
    return own.first();
  }
}

test('visitors see login and register prompts instead of the trading controls', async ({
  page,
}) => {
  await openSpot(page);
  for (const side of ['buy', 'sell']) {
    const prompt = page.getByTestId(`${side}-login-prompt`);
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('link', { name: msg('spot.form.login') })).toBeVisible();
    await expect(prompt.getByRole('link', { name: msg('spot.form.register') })).toBeVisible();
    await expect(page.getByTestId(`${side}-submit`)).toHaveCount(0);
    await expect(page.getByTestId(`${side}-slider`)).toBeDisabled();
  }
  await expect(page.getByTestId('orders-login-prompt')).toContainText(
    msg('spot.orders.loginPrompt'),
  );
  // the conditional tabs too: the fields disabled, log in or register instead of the submit
  await page.getByTestId('mode-stop-limit').click();
  for (const side of ['buy', 'sell']) {
    const prompt = page.getByTestId(`${side}-stop-form`).getByTestId(`${side}-login-prompt`);
    await expect(prompt.getByRole('link', { name: msg('spot.form.login') })).toBeVisible();
    await expect(page.getByTestId(`${side}-stop-submit`)).toHaveCount(0);
    await expect(
      page.getByTestId(`${side}-stop-form`).locator('input[name="trigger"]'),
    ).toBeDisabled();
  }
});

test("a book level picked with the mouse or the keyboard fills the forms' price", async ({
  page,
}) => {
  await login(page, DEMO.email, DEMO.password);
  await openSpot(page);
  const price = page.getByTestId('buy-form').locator('input[name="price"]');
  const near = async (side: 'bids' | 'asks'): Promise<void> => {
    const listed = await page
      .locator(`[data-testid="book-${side}"] [data-price]`)
      .first()
      .getAttribute('data-price');
    await expect(price).toHaveValue(/^\d+(\.\d+)?$/);
    const picked = new Decimal(await price.inputValue());
    // the book moves while the test runs: the picked level is near the listed best one
    expect(
      picked
        .minus(listed ?? '0')
        .abs()
        .div(picked)
        .toNumber(),
    ).toBeLessThan(0.01);
  };
  // the best bid is the top row of the bids' canvas, the best ask the bottom row of the asks'
  await page.getByTestId('book-canvas-bid').click({ position: { x: 40, y: 10 } });
  await near('bids');
  await price.fill('');
  const asks = page.getByTestId('book-canvas-ask');
  const box = await asks.boundingBox();
  await asks.click({ position: { x: 40, y: (box?.height ?? 20) - 10 } });
  await near('asks');
  await price.fill('');
  await page.getByTestId('book-canvas-bid').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await near('bids');
});

test('invalid inputs show the spec messages and keep what was typed', async ({ page }) => {
  await login(page, DEMO.email, DEMO.password);
  await openSpot(page);
  const buy = page.getByTestId('buy-form');
  const sell = page.getByTestId('sell-form');

  await page.getByTestId('buy-submit').click();
  await expect(buy.getByText(msg('validation.spot.priceRequired'))).toBeVisible();
  await expect(buy.getByText(msg('validation.spot.numberRequired'))).toBeVisible();

  const number = buy.locator('input[name="number"]');
  // "1e2" is kept as typed and said to be wrong, never read as 12 (issue 41)
  await number.pressSequentially('1e2');
  await expect(number).toHaveValue('1e2');
  await expect(buy.getByText(msg('field.number.format'))).toBeVisible();
  await number.fill('');
  await buy.locator('input[name="price"]').fill('123.45');
  await page.getByTestId('buy-submit').click();
  await expect(buy.getByText(msg('validation.spot.numberRequired'))).toBeVisible();
  await expect(buy.getByText(msg('validation.spot.priceRequired'))).toHaveCount(0);
  await expect(buy.locator('input[name="price"]')).toHaveValue('123.45');

  await sell.locator('input[name="number"]').fill('0.5');
  await page.getByTestId('sell-submit').click();
  await expect(sell.getByText(msg('validation.spot.sellPriceRequired'))).toBeVisible();
  await expect(sell.locator('input[name="number"]')).toHaveValue('0.5');
  await sell.locator('input[name="price"]').fill('0');
  await sell.locator('input[name="number"]').fill('');
  await page.getByTestId('sell-submit').click();
  await expect(sell.getByText(msg('validation.spot.sellPriceRequired'))).toBeVisible();
  await expect(sell.getByText(msg('validation.spot.sellNumberRequired'))).toBeVisible();
});

test('limit buy below the market rests, shows in orders and the book, and cancels', async ({
  page,
  request,
}) => {
  // only this test's order moves the balance it reads
  await cancelOpenSpotOrders(request, await token(request, DEMO.email, DEMO.password));
  await login(page, DEMO.email, DEMO.password);
  await openSpot(page);
  const available = page.getByTestId('buy-available');
  await expect.poll(() => amountOf(available)).not.toBe('0.0000');
  const before = await amountOf(available);

  const bestBid = await page
    .locator('[data-testid="book-bids"] [data-price]')
    .first()
    .getAttribute('data-price');
  const price = new Decimal(bestBid ?? '0').times(0.998).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  const buy = page.getByTestId('buy-form');
  await buy.locator('input[name="price"]').fill(price.toFixed(2));
  await buy.locator('input[name="number"]').fill(AMOUNT);
  await page.getByTestId('buy-submit').click();
  await expect(page.locator('.toast--success')).toBeVisible();
  // Success resets the form (spec §4).
  await expect(buy.locator('input[name="price"]')).toHaveValue('');
  await expect(buy.locator('input[name="number"]')).toHaveValue('');

  const row = page.getByTestId('open-orders').locator('tbody tr').first();
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-side', 'buy');
  // Numbers are grouped per locale ("69,764.92").
  await expect
    .poll(async () => (await row.innerText()).replace(/,/g, ''))
    .toContain(price.toFixed(2));
  const locked = price.times(AMOUNT);
  // both figures are shown cut to 4 decimals (a balance is never shown larger than it is):
  // their difference is the locked amount to within one unit of the last decimal
  await expect
    .poll(async () =>
      new Decimal(before)
        .minus(await amountOf(available))
        .minus(locked)
        .abs()
        .lessThan('0.0001'),
    )
    .toBe(true);

  const own = await findOwnBid(page);
  // the level carries the user's amount
  await expect(own).toHaveAttribute('data-own', AMOUNT);

  await row.getByTestId('cancel-order').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(msg('spot.cancel.title'));
  await expect(dialog.getByRole('button', { name: msg('spot.cancel.dismiss') })).toBeVisible();
  await dialog.getByTestId('confirm-sure').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('open-orders')).toHaveCount(0);
  await expect(page.getByText(msg('spot.orders.openEmpty'))).toBeVisible();
  await expect.poll(() => amountOf(available)).toBe(before);
  await expect(page.locator('[data-testid="book-bids"] [data-own]')).toHaveCount(0);
});

test('a market buy fills against the book and changes balances, history and trades', async ({
  page,
}) => {
  await login(page, DEMO.email, DEMO.password);
  await openSpot(page);
  const usdt = page.getByTestId('buy-available');
  const btc = page.getByTestId('sell-available');
  await expect.poll(() => amountOf(usdt)).not.toBe('0.0000');
  const usdtBefore = await amountOf(usdt);
  const btcBefore = await amountOf(btc);

  await page.getByTestId('mode-market').click();
  const buy = page.getByTestId('buy-form');
  const priceField = buy.locator('input[name="price"]');
  await expect(priceField).toBeDisabled();
  await expect(priceField).not.toHaveValue('');
  // Max fills the amount from the balance and the best ask (spec §5), then we buy a little.
  await page.getByTestId('buy-max').click();
  await expect(buy.locator('input[name="number"]')).not.toHaveValue('');
  await buy.locator('input[name="number"]').fill(AMOUNT);

  const trades = page.getByTestId('recent-trades').locator('li');
  const tradeIds = () => trades.evaluateAll((els) => els.map((e) => e.dataset['tradeId']));
  const idsBefore = await tradeIds();
  await page.getByTestId('buy-submit').click();
  await expect(page.locator('.toast--success')).toBeVisible();

  // the amount bought, less the fee in BTC, within one unit of the 4 decimals shown (cut)
  await expect
    .poll(async () =>
      new Decimal(await amountOf(btc)).minus(btcBefore).minus(AMOUNT).abs().lessThan('0.0001'),
    )
    .toBe(true);
  await expect.poll(async () => new Decimal(await amountOf(usdt)).lessThan(usdtBefore)).toBe(true);

  await page.getByTestId('tab-history').click();
  const history = page.getByTestId('order-history').locator('tbody tr[data-side="buy"]');
  await expect(history.first()).toBeVisible();
  await expect
    .poll(async () => (await tradeIds()).some((id) => !idsBefore.includes(id)))
    .toBe(true);
});
