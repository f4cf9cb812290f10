// Trading on the chart (issue 46), spot, on EOS/USDT moved to a known price (ADR 0053), a new
// user of its own. Its first buy is marked on its candle, and the pointer on the mark says what
// filled. A right click on a price above the market offers a sell limit there: the
// ticket takes the price, the amount takes the focus, and the order rests at that price. It is
// drawn as a line where the pointer was (found by reading the canvas' pixels in the line's
// colour); dragged lower and confirmed, the order has its new price on the server and the line
// is redrawn there; moved by keys (its button, Arrow Up twice, Enter) it goes two ticks higher;
// its × cancels it and the EOS are free again.
import { Decimal } from '../src/shared/decimal.ts';
import { expect, test, type Page } from './fixtures.ts';
import { apiPost } from './api.ts';
import { EOS, eosTrader } from './steered-market.ts';
import { canvas, chartOf, colourCentre, lineAt } from './chart-lines.ts';

const PASSWORD = 'chart12345678';
/** The user's open EOS asks on the server. */
async function serverAsks(page: Page, t: string): Promise<string[]> {
  const r = (await apiPost(page.request, t, '/api/transaction/entrust', {
    type: 'out',
    page: '1',
  })) as { list: { price: string }[] };
  return r.list.map((o) => new Decimal(o.price).toFixed(4));
}

test.use({ viewport: { width: 1440, height: 900 } });

test('an order on the chart: placed from it, dragged, moved by keys, cancelled from its line', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { token } = await eosTrader(page, request, 'chart', PASSWORD);
  await chartOf(page, EOS.symbol);
  const box = await canvas(page).boundingBox();
  if (box === null) throw new Error('no chart');

  // 200 EOS bought (a limit above the asks takes them at their prices)
  const buy = page.getByTestId('buy-form');
  await buy.locator('input[name="price"]').fill('0.8200');
  await buy.locator('input[name="number"]').fill('200');
  await page.getByTestId('buy-submit').click();
  const eos = page.getByTestId('sell-available');
  await expect(eos).toContainText('200.0');

  // the fill is marked on its candle (a B disc in the buy colour); the pointer on it says what filled
  let mark = { x: -1, y: -1, count: 0 };
  await expect
    .poll(async () => {
      mark = await colourCentre(page, '--chart-order-buy');
      return mark.count;
    })
    .toBeGreaterThan(40);
  await page.mouse.move(box.x + mark.x, box.y + mark.y);
  await expect(page.getByTestId('chart-fill-tip')).toContainText('Bought 200.0');
  await page.mouse.move(box.x + 5, box.y + 5);
  await expect(page.getByTestId('chart-fill-tip')).toHaveCount(0);

  // a right click near the top of the price pane (above the market) offers a sell limit there:
  // the ticket takes the price, the amount takes the focus, and the order rests at that price
  const top = 36 + 20;
  // left of the middle, where the toasts of the fills can cover the chart
  await page.mouse.click(box.x + 100, box.y + top, { button: 'right' });
  const menu = page.getByTestId('chart-offer');
  await expect(menu).toBeVisible();
  const offered = new Decimal((await menu.getAttribute('data-price')) ?? '0').toFixed(4);
  await menu.locator('[data-offer="sell-limit"]').click();
  await expect(menu).toHaveCount(0);
  const sell = page.getByTestId('sell-form');
  await expect(sell.locator('input[name="price"]')).toHaveValue(offered);
  const amount = sell.locator('input[name="number"]');
  await expect(amount).toBeFocused();
  await amount.fill('100');
  await page.getByTestId('sell-submit').click();
  const rows = page.getByTestId('open-orders').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect.poll(() => serverAsks(page, token)).toEqual([offered]);

  // drawn as a line across the candles where the pointer was
  const y0 = await lineAt(page, '--chart-order-sell');
  expect(Math.abs(y0 - top)).toBeLessThanOrEqual(3);

  // dragged by its label 16 px lower (still above the market) and confirmed: its new price on
  // the server (the label is left of where the toasts of the fills can cover the chart)
  const grab = box.x + 6 + 18 + 20;
  await page.mouse.move(grab, box.y + y0);
  await page.mouse.down();
  for (let k = 1; k <= 4; k++) await page.mouse.move(grab, box.y + y0 + 4 * k);
  await page.mouse.up();
  const dialog = page.locator('dialog[open][data-testid="chart-line-confirm"]');
  await expect(dialog).toContainText('Sell 100.0');
  await dialog.getByTestId('confirm-sure').click();
  await expect.poll(() => serverAsks(page, token)).not.toEqual([offered]);
  const moved = new Decimal((await serverAsks(page, token))[0] ?? '0');
  expect(moved.lessThan(offered)).toBe(true);
  await expect(rows.first()).toContainText(moved.toFixed(4));
  // and drawn where it was let go
  await expect
    .poll(async () => Math.abs((await lineAt(page, '--chart-order-sell')) - (y0 + 16)))
    .toBeLessThanOrEqual(3);

  // by keys: its button, two ticks higher, Enter, confirmed
  const handle = page.locator('[data-line]').first();
  await handle.focus();
  await handle.press('ArrowUp');
  await handle.press('ArrowUp');
  const twoUp = moved.plus('0.0002').toFixed(4);
  await expect(page.locator('[role="status"]').filter({ hasText: twoUp })).toHaveCount(1);
  await handle.press('Enter');
  await dialog.getByTestId('confirm-sure').click();
  await expect.poll(() => serverAsks(page, token)).toEqual([twoUp]);

  // its × cancels it: the EOS are free again
  const y1 = await lineAt(page, '--chart-order-sell');
  await page.mouse.click(box.x + 6 + 9, box.y + y1);
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('confirm-sure').click();
  await expect(rows).toHaveCount(0);
  await expect.poll(() => serverAsks(page, token)).toEqual([]);
  await expect(eos).toContainText('200.0');
});

test('on a phone, a long press on the chart offers an order there: the ticket’s sheet opens with the price', async ({
  browser,
}) => {
  // a visitor: the menu and the ticket are the same for everyone; placing needs a login
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  try {
    await page.goto('/dealCenter');
    await expect(canvas(page)).toHaveAttribute('data-bars', /\d+/);
    const box = await canvas(page).boundingBox();
    if (box === null) throw new Error('no chart');
    // a finger held still on a price of the chart (Playwright's touchscreen only taps)
    const cdp = await context.newCDPSession(page);
    const at = { x: box.x + 150, y: box.y + 36 + 40 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    const menu = page.getByTestId('chart-offer');
    await expect(menu).toBeVisible();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const offered = (await menu.getAttribute('data-price')) ?? '';
    expect(Number(offered)).toBeGreaterThan(0);
    await menu.locator('[data-offer="buy-limit"]').tap();
    const sheet = page.getByTestId('form-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('buy-form').locator('input[name="price"]')).toHaveValue(offered);
  } finally {
    await context.close();
  }
});
