// Trading on the chart (issue 46), spot, on EOS/USDT moved to a known price (ADR 0053), a new
// user of its own. A right click on a price above the market offers a sell limit there: the
// ticket takes the price, the amount takes the focus, and the order rests at that price. It is
// drawn as a line where the pointer was (found by reading the canvas' pixels in the line's
// colour); dragged lower and confirmed, the order has its new price on the server and the line
// is redrawn there; moved by keys (its button, Arrow Up twice, Enter) it goes two ticks higher;
// its × cancels it and the EOS are free again.
import { Decimal } from '../src/shared/decimal.ts';
import { expect, test, type Page } from './fixtures.ts';
import { apiPost } from './api.ts';
import { eosTrader } from './steered-market.ts';

const PASSWORD = 'chart12345678';
const canvas = (page: Page) => page.getByTestId('spot-chart-canvas');

/** The y (CSS px) of the canvas row with the most pixels of the variable's colour, and how many. */
async function lineRow(page: Page, variable: string): Promise<{ y: number; count: number }> {
  const c = canvas(page);
  const png = await c.screenshot();
  const axis = Number(await c.getAttribute('data-axis-width'));
  const cssWidth = await c.evaluate((el) => el.clientWidth);
  return page.evaluate(
    async ([data, name, axisWidth, cssWidth]) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const cv = document.createElement('canvas');
      cv.width = img.width;
      cv.height = img.height;
      const g = cv.getContext('2d', { willReadFrequently: true });
      if (g === null) return { y: -1, count: 0 };
      g.fillStyle = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
      g.fillRect(0, 0, 1, 1);
      const [r, gr, b] = g.getImageData(0, 0, 1, 1).data;
      g.drawImage(img, 0, 0);
      const scale = img.width / cssWidth;
      // the plot only: the axis' price tag has the colour too
      const plot = Math.floor(img.width - axisWidth * scale);
      let best = { y: -1, count: 0 };
      for (let y = 0; y < img.height; y++) {
        const px = g.getImageData(0, y, plot, 1).data;
        let n = 0;
        for (let k = 0; k < px.length; k += 4)
          if (
            Math.abs((px[k] ?? 0) - (r ?? 0)) <= 8 &&
            Math.abs((px[k + 1] ?? 0) - (gr ?? 0)) <= 8 &&
            Math.abs((px[k + 2] ?? 0) - (b ?? 0)) <= 8
          )
            n += 1;
        if (n > best.count) best = { y: y / scale, count: n };
      }
      return best;
    },
    [png.toString('base64'), variable, axis, cssWidth] as const,
  );
}

/** The line's row, once the chart draws it across most of the plot. */
async function lineAt(page: Page): Promise<number> {
  let found = { y: -1, count: 0 };
  await expect
    .poll(async () => {
      found = await lineRow(page, '--chart-order-sell');
      return found.count;
    })
    .toBeGreaterThan(200);
  return found.y;
}

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
  await expect(canvas(page)).toHaveAttribute('data-bars', /\d+/);
  const box = await canvas(page).boundingBox();
  if (box === null) throw new Error('no chart');

  // 200 EOS bought (a limit above the asks takes them at their prices)
  const buy = page.getByTestId('buy-form');
  await buy.locator('input[name="price"]').fill('0.8200');
  await buy.locator('input[name="number"]').fill('200');
  await page.getByTestId('buy-submit').click();
  const eos = page.getByTestId('sell-available');
  await expect(eos).toContainText('200.0');

  // a right click near the top of the price pane (above the market) offers a sell limit there:
  // the ticket takes the price, the amount takes the focus, and the order rests at that price
  const top = 36 + 20;
  await page.mouse.click(box.x + box.width / 2, box.y + top, { button: 'right' });
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
  const y0 = await lineAt(page);
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
  await expect.poll(async () => Math.abs((await lineAt(page)) - (y0 + 16))).toBeLessThanOrEqual(3);

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
  const y1 = await lineAt(page);
  await page.mouse.click(box.x + 6 + 9, box.y + y1);
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('confirm-sure').click();
  await expect(rows).toHaveCount(0);
  await expect.poll(() => serverAsks(page, token)).toEqual([]);
  await expect(eos).toContainText('200.0');
});
