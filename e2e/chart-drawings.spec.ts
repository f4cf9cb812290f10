// The trader's drawings on the chart (issue 46), a new user of its own. A horizontal line is drawn
// where the pointer presses (found by reading the canvas' pixels in the drawings' colour), dragged
// 30 px lower, moved by keys from its own button and deleted with Delete; a trend line is dragged
// from one point to another; a rectangle is put in the middle of the chart from the keyboard (the
// tool chosen with Enter), its button focused. The drawings are kept on the server: after a logout,
// another browser has them.
import { expect, test, type Page } from './fixtures.ts';
import { login, registerByEmail, uniqueEmail } from './helpers.ts';
import { canvas, colourExtent, lineAt, lineRow } from './chart-lines.ts';

const PASSWORD = 'draw12345678';
const COLOUR = '--chart-drawing';

test.use({ viewport: { width: 1440, height: 900 } });

async function chartBox(page: Page) {
  await expect(canvas(page)).toHaveAttribute('data-bars', /\d+/);
  const box = await canvas(page).boundingBox();
  if (box === null) throw new Error('no chart');
  return box;
}

async function chooseTool(page: Page, kind: string): Promise<void> {
  await page.getByTestId('chart-draw').click();
  await page.locator(`[data-draw="${kind}"]`).click();
}

/** The pointer away from the chart, where its crosshair is not drawn over the drawings. */
const away = (page: Page) => page.mouse.move(4, 4);

test('drawings: drawn, moved and deleted by pointer and keys, kept across a logout and another browser', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('draw');
  await registerByEmail(page, email, PASSWORD);
  await login(page, email, PASSWORD, '/dealCenter');
  const box = await chartBox(page);
  const drawings = page.locator('[data-drawing]');
  const said = page.locator('[aria-label="Your drawings on the chart"] [role="status"]');

  // a horizontal line where the pointer presses (the tool waits for it, and is put down after)
  await chooseTool(page, 'hline');
  await expect(page.getByTestId('chart-draw-hint')).toContainText('Horizontal line');
  await page.mouse.click(box.x + 200, box.y + 70);
  await expect(page.getByTestId('chart-draw-hint')).toHaveCount(0);
  await away(page);
  const y0 = await lineAt(page, COLOUR);
  expect(Math.abs(y0 - 70)).toBeLessThanOrEqual(3);
  await expect(drawings).toHaveCount(1);
  await expect(drawings.first()).toHaveText(/^Horizontal line at [\d,]+\.\d+$/);

  // taken by its stroke and dragged 30 px lower
  await page.mouse.move(box.x + 400, box.y + y0);
  await page.mouse.down();
  await page.mouse.move(box.x + 400, box.y + y0 + 15, { steps: 3 });
  await page.mouse.move(box.x + 400, box.y + y0 + 30, { steps: 3 });
  await page.mouse.up();
  await away(page);
  await expect
    .poll(async () => Math.abs((await lineRow(page, COLOUR)).y - (y0 + 30)))
    .toBeLessThanOrEqual(3);

  // by keys: its button selects it, Arrow Up moves it up, Delete removes it
  const y1 = (await lineRow(page, COLOUR)).y;
  await drawings.first().focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(said).toContainText('Moved: Horizontal line at');
  await expect.poll(async () => (await lineRow(page, COLOUR)).y).toBeLessThan(y1 - 1);
  await page.keyboard.press('Delete');
  await expect(drawings).toHaveCount(0);
  await expect(said).toHaveText('Drawing deleted');
  await expect.poll(async () => (await lineRow(page, COLOUR)).count).toBeLessThan(40);

  // a trend line from where the pointer presses to where it is let go (points on bar centres)
  await chooseTool(page, 'trend');
  await page.mouse.move(box.x + 150, box.y + 120);
  await page.mouse.down();
  await page.mouse.move(box.x + 300, box.y + 90, { steps: 4 });
  await page.mouse.move(box.x + 450, box.y + 60, { steps: 4 });
  await page.mouse.up();
  await away(page);
  await expect(drawings).toHaveCount(1);
  await expect(drawings.first()).toHaveText(/^Trend line from [\d,.]+ to [\d,.]+$/);
  await expect.poll(async () => (await colourExtent(page, COLOUR)).count).toBeGreaterThan(100);
  const trend = await colourExtent(page, COLOUR);
  expect(Math.abs(trend.x1 - 150)).toBeLessThanOrEqual(12);
  expect(Math.abs(trend.x2 - 450)).toBeLessThanOrEqual(12);
  expect(Math.abs(trend.y1 - 60)).toBeLessThanOrEqual(6);
  expect(Math.abs(trend.y2 - 120)).toBeLessThanOrEqual(6);

  // a rectangle from the keyboard: put in the middle of the chart, its button takes the focus;
  // the server has it once the workspace is saved
  const saved = page.waitForResponse(
    (r) =>
      r.url().includes('/api/user/workspace_save') &&
      decodeURIComponent(r.request().postData() ?? '').includes('"kind":"rect"'),
  );
  await page.getByTestId('chart-draw').focus();
  await page.keyboard.press('Enter');
  await page.locator('[data-draw="rect"]').focus();
  await page.keyboard.press('Enter');
  await expect(drawings).toHaveCount(2);
  await expect(page.locator('[data-drawing]:focus')).toHaveText(/^Rectangle from /);
  await expect(said).toContainText('Drawn: Rectangle from');
  await saved;

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/components\/login/);

  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const fresh = await other.newPage();
  try {
    await login(fresh, email, PASSWORD, '/dealCenter');
    await chartBox(fresh);
    const kept = fresh.locator('[data-drawing]');
    await expect(kept).toHaveCount(2);
    await expect(kept.nth(0)).toHaveText(/^Trend line from /);
    await expect(kept.nth(1)).toHaveText(/^Rectangle from /);
    // drawn as they were: the trend line, selected from its button (drawn thicker), spans as
    // many bars (the chart follows the newest bars and fits its price range to them: by now it
    // may sit further left and at another scale, so its width is compared, not its place)
    await away(fresh);
    await kept.nth(0).focus();
    await expect
      .poll(async () => {
        const e = await colourExtent(fresh, COLOUR);
        return [Math.abs(e.x2 - e.x1 - (trend.x2 - trend.x1)) <= 4, e.count > 50];
      })
      .toEqual([true, true]);
  } finally {
    await other.close();
  }
});
