// Trading on the chart, contracts (issue 46), on BCH/USDT, whose index (and so its mark) the test
// moves with the development price control (the specs that steer BCH run in this lane, one after
// another). A long opened with a take-profit and a stop-loss inside the chart's price range shows
// its entry, its take-profit and its stop-loss as lines (found by reading the canvas' pixels in
// each line's colour); the take-profit dragged higher and the stop-loss dragged lower, each
// confirmed, are the position's new levels on the server. A right click offers a long limit at
// the price pointed at: the long ticket opens on its limit form with that price. The newest bar's
// moment shows the position in the 'at this moment' panel.
import Decimal from 'decimal.js';
import { expect, test, type Page } from './fixtures.ts';
import { BCH, steerBch as steer } from './steered-market.ts';
import { fund, token, verify } from './api.ts';
import { confirm, login, registerByEmail, uniqueEmail } from './helpers.ts';
import { canvas, chartOf, lineAt } from './chart-lines.ts';

const PASSWORD = 'chart-lever-1';

/** The price the chart offers an order at, at y (CSS px in the canvas). */
async function priceAt(page: Page, y: number): Promise<Decimal> {
  const box = await canvas(page).boundingBox();
  if (box === null) throw new Error('no chart');
  await page.mouse.click(box.x + 100, box.y + y, { button: 'right' });
  const menu = page.getByTestId('chart-offer');
  await expect(menu).toBeVisible();
  const price = new Decimal((await menu.getAttribute('data-price')) ?? 'NaN');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  return price;
}

/** Drags the line at y by dy (CSS px), by its label, and confirms. */
async function drag(page: Page, y: number, dy: number): Promise<void> {
  const box = await canvas(page).boundingBox();
  if (box === null) throw new Error('no chart');
  const x = box.x + 6 + 30;
  await page.mouse.move(x, box.y + y);
  await page.mouse.down();
  for (let k = 1; k <= 4; k++) await page.mouse.move(x, box.y + y + (dy * k) / 4);
  await page.mouse.up();
  const dialog = page.locator('dialog[open][data-testid="chart-line-confirm"]');
  await dialog.getByTestId('confirm-sure').click();
  await expect(dialog).toHaveCount(0);
}

test.use({ viewport: { width: 1440, height: 900 } });

test('a position on the chart: its take-profit and stop-loss dragged; a long limit offered at a price', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('chart-lever');
  await registerByEmail(page, email, PASSWORD);
  const t = await token(request, email, PASSWORD);
  await verify(request, t, email);
  await fund(request, t, email, '1000', 'lever');
  await steer(request, '450.00');
  await login(page, email, PASSWORD, '/leverdealCenter');
  await page.locator(`.markets__row[data-symbol="${BCH.symbol}"]`).click();
  await expect(page.locator(`.lever[data-symbol="${BCH.symbol}"]`)).toBeVisible();
  await chartOf(page, BCH.symbol);

  // the price range the chart shows: the market is moved to its middle
  const height = await canvas(page).evaluate((el) => el.clientHeight);
  const panes = height - 24;
  const bottom = panes - Math.round(panes * 0.2) - 8;
  const hi = await priceAt(page, 36 + 12);
  const lo = await priceAt(page, bottom - 12);
  expect(hi.greaterThan(lo)).toBe(true);
  const mid = hi.plus(lo).dividedBy(2).toDecimalPlaces(2);
  await steer(request, mid.toFixed(2));

  // a long of 1 hand at 10×, its levels halfway to the range's edges
  const long = page.getByTestId('lever-form-long');
  await long.locator('[data-multiple="10"]').click();
  await long.locator('input[name="share"]').fill('1');
  await page.getByTestId('lever-submit-long').click();
  await confirm(page);
  const row = page.getByTestId('lever-holding-table').locator('tr[data-position-id]').first();
  await expect(row).toBeVisible();
  const tp = hi.minus(mid).dividedBy(2).plus(mid).toDecimalPlaces(2);
  const sl = mid.minus(mid.minus(lo).dividedBy(2)).toDecimalPlaces(2);
  await row.getByTestId('lever-stop').click();
  const stops = page.locator('dialog[open][data-testid="lever-stop-dialog"]');
  await stops.locator('input[name="takeProfit"]').fill(tp.toFixed(2));
  await stops.locator('input[name="stopLoss"]').fill(sl.toFixed(2));
  await stops.getByTestId('lever-stop-submit').click();
  await expect(stops).toHaveCount(0);
  await expect(row.getByTestId('lever-tp')).toContainText(tp.toFixed(2));

  // the entry, the take-profit and the stop-loss are drawn
  const entryY = await lineAt(page, '--chart-entry');
  const tpY = await lineAt(page, '--chart-order-buy');
  const slY = await lineAt(page, '--chart-order-sell');
  expect(tpY).toBeLessThan(entryY);
  expect(slY).toBeGreaterThan(entryY);

  // the take-profit dragged 10 px higher: the position's new level, above the old
  await drag(page, tpY, -10);
  await expect
    .poll(async () =>
      new Decimal(
        (await row.getByTestId('lever-tp').innerText()).replace(/[^\d.]/g, ''),
      ).toNumber(),
    )
    .toBeGreaterThan(tp.toNumber());
  // the stop-loss dragged 10 px lower
  await drag(page, slY, 10);
  await expect
    .poll(async () =>
      new Decimal(
        (await row.getByTestId('lever-sl').innerText()).replace(/[^\d.]/g, ''),
      ).toNumber(),
    )
    .toBeLessThan(sl.toNumber());

  // a right click offers a long limit: the long ticket's limit form takes the price
  const box = await canvas(page).boundingBox();
  if (box === null) throw new Error('no chart');
  await page.mouse.click(box.x + 100, box.y + entryY + 20, { button: 'right' });
  const menu = page.getByTestId('chart-offer');
  const offered = (await menu.getAttribute('data-price')) ?? '';
  await menu.locator('[data-offer="buy-limit"]').click();
  await expect(page.getByTestId('lever-mode-limit')).toHaveAttribute('aria-selected', 'true');
  await expect(long.locator('input[name="price"]')).toHaveValue(offered);
  await expect(long.locator('input[name="share"]')).toBeFocused();

  // the newest bar's moment (issue 47) shows the position as it stood then, read from the log
  const id = await row.getAttribute('data-position-id');
  const axis = Number(await canvas(page).getAttribute('data-axis-width'));
  await page.mouse.click(box.x + box.width - axis - 2, box.y + entryY + 20, { button: 'right' });
  await menu.locator('[data-offer="moment"]').click();
  const panel = page.getByTestId('moment-panel');
  await expect(panel).toBeVisible();
  const held = panel.getByTestId('moment-contracts-holding');
  await expect(held.locator(`tr[data-position-id="${id ?? ''}"]`)).toHaveCount(1);
  await expect(held.locator('tr[data-position-id]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
});
