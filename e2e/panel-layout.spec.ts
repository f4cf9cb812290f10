// The panels the trader arranges (issue 46) on the spot screen at 1440 × 900, a new user of its
// own: the book's column dragged 60 px wider, the orders' row raised by keys on its separator,
// the markets hidden (the chart takes their room); the arrangement saved as layout 1, reset to
// the screen's own fit, brought back from layout 1, and kept on the server across a reload.
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { login, registerByEmail, uniqueEmail } from './helpers.ts';

const PASSWORD = 'panels12345678';

test.use({ viewport: { width: 1440, height: 900 } });

async function width(l: Locator): Promise<number> {
  return (await l.boundingBox())?.width ?? -1;
}

async function layoutDialog(page: Page): Promise<Locator> {
  await page.getByTestId('layout-menu').click();
  const dialog = page.getByTestId('layout-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('panels: resized by drag and keys, hidden, saved, reset, brought back and kept', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('panels');
  await registerByEmail(page, email, PASSWORD);
  await login(page, email, PASSWORD, '/dealCenter');
  const book = page.locator('.spot__book');
  const chart = page.locator('.spot__chart');
  const markets = page.locator('.spot__markets');
  const orders = page.locator('.spot__orders');
  await expect(book).toBeVisible();
  // the screen's own fit
  expect(Math.round(await width(book))).toBe(300);
  const chartWidth = await width(chart);
  const ordersHeight = (await orders.boundingBox())?.height ?? 0;

  // the book's column dragged 60 px wider
  const left = page.locator('[role="separator"][data-split="left"]');
  await expect(left).toHaveAttribute('aria-valuenow', '300');
  const at = await left.boundingBox();
  if (at === null) throw new Error('no separator');
  await page.mouse.move(at.x + 4, at.y + 200);
  await page.mouse.down();
  await page.mouse.move(at.x + 34, at.y + 200, { steps: 4 });
  await page.mouse.move(at.x + 64, at.y + 200, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => width(book).then(Math.round)).toBe(360);
  await expect(left).toHaveAttribute('aria-valuenow', '360');

  // the orders' row 32 px higher by keys on its separator
  const bottom = page.locator('[role="separator"][data-split="bottom"]');
  await bottom.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect
    .poll(async () => Math.round(((await orders.boundingBox())?.height ?? 0) - ordersHeight))
    .toBe(32);

  // the markets hidden: the chart takes the right column
  let dialog = await layoutDialog(page);
  await dialog.locator('input[data-panel="markets"]').uncheck();
  await expect(markets).toBeHidden();
  await expect.poll(() => width(chart)).toBeGreaterThan(chartWidth + 200);

  // saved as layout 1, reset to the screen's own, brought back
  await dialog.locator('[data-save-layout="1"]').click();
  await dialog.getByTestId('layout-reset').click();
  await expect(markets).toBeVisible();
  await expect.poll(() => width(book).then(Math.round)).toBe(300);
  await expect(dialog.locator('input[data-panel="markets"]')).toBeChecked();
  const saved = page.waitForResponse(
    (r) =>
      r.url().includes('/api/user/workspace_save') &&
      decodeURIComponent(r.request().postData() ?? '').includes('"panels":{"spot":{"left":360'),
  );
  await dialog.locator('[data-use-layout="1"]').click();
  await expect(markets).toBeHidden();
  await expect.poll(() => width(book).then(Math.round)).toBe(360);
  await page.keyboard.press('Escape');
  await saved;

  // kept: a reload has the arrangement and layout 1 (the server's copy and this browser's)
  await page.reload();
  await expect(book).toBeVisible();
  await expect.poll(() => width(book).then(Math.round)).toBe(360);
  await expect(markets).toBeHidden();
  dialog = await layoutDialog(page);
  await expect(dialog.locator('[data-use-layout="1"]')).toBeEnabled();
  await expect(dialog.locator('[data-use-layout="2"]')).toBeDisabled();
});
