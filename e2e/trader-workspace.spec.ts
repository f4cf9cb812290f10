// The trader's workspace (issue 24): the book's layout and grouping, the chart's period and
// indicators set up in one browser survive a logout and come back after a login in another
// browser (a new context: nothing in its local storage); a visitor keeps theirs in this browser.
import { expect, test, type Page } from './fixtures.ts';
import { bookPainted, holdMarket, login, registerByEmail, uniqueEmail } from './helpers.ts';

const PASSWORD = 'ws12345678';

async function setUp(page: Page): Promise<string> {
  await page.goto('/dealCenter');
  const book = page.getByTestId('order-book');
  await expect(book.getByTestId('book-grouping')).toBeVisible();
  // the second grouping the pair offers (× 10 of the tick)
  const grouping = page.getByTestId('book-grouping');
  const value = await grouping.locator('option').nth(1).getAttribute('value');
  await grouping.selectOption(value ?? '10');
  await book.getByRole('button', { name: 'Sell orders only' }).click();
  await page.locator('.chart__period[data-period="1day"]').click();
  await page.getByTestId('chart-indicators').click();
  await page.locator('input[data-indicator="volume"]').uncheck();
  // a study with a parameter of the user's (issue 46): RSI over 9 bars
  await page.locator('input[data-indicator="rsi"]').check();
  const period = page.locator('input[data-param="rsi.period"]');
  await period.fill('1');
  await expect(page.getByTestId('chart-indicators-dialog').locator('.field__error')).toBeVisible();
  await period.fill('9');
  await expect(page.getByTestId('chart-indicators-dialog').locator('.field__error')).toHaveCount(0);
  await page.keyboard.press('Escape');
  return value ?? '10';
}

async function expectSetUp(page: Page, grouping: string): Promise<void> {
  await page.goto('/dealCenter');
  await expect(page.getByTestId('book-grouping')).toHaveValue(grouping);
  await expect(
    page.getByTestId('order-book').getByRole('button', { name: 'Sell orders only' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.chart__period[data-period="1day"]')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByTestId('chart-indicators').click();
  await expect(page.locator('input[data-indicator="volume"]')).not.toBeChecked();
  await expect(page.locator('input[data-indicator="ma"]')).toBeChecked();
  await expect(page.locator('input[data-indicator="rsi"]')).toBeChecked();
  await expect(page.locator('input[data-param="rsi.period"]')).toHaveValue('9');
  await page.keyboard.press('Escape');
}

test('the workspace survives a logout and follows the user to a new browser', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('ws');
  await registerByEmail(page, email, PASSWORD);
  await login(page, email, PASSWORD);
  // saved once the changes settle: the last save carries the last change
  const saved = page.waitForResponse(
    (r) =>
      r.url().includes('/api/user/workspace_save') &&
      decodeURIComponent(r.request().postData() ?? '').includes('"rsi":{"period":9}'),
  );
  const grouping = await setUp(page);
  await saved;
  // the page kept every change (a copy read at login, arriving late, does not undo one)
  await expect(page.getByTestId('book-grouping')).toHaveValue(grouping);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/components\/login/);

  const other = await browser.newContext();
  const fresh = await other.newPage();
  try {
    // a visitor in the new browser has the defaults
    await fresh.goto('/dealCenter');
    await expect(fresh.locator('.chart__period[data-period="1min"]')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await login(fresh, email, PASSWORD);
    await expectSetUp(fresh, grouping);
    // and a reload keeps it (the engine's copy, and this browser's)
    await fresh.reload();
    await expectSetUp(fresh, grouping);
    // with the server's copy read, a change still holds (the copy is not taken again)
    // (a week is in the periods' "More" menu)
    await fresh.getByTestId('chart-more-periods').click();
    await fresh.locator('.chart__period[data-period="1week"]').click();
    await fresh.waitForTimeout(1500);
    await fresh.getByTestId('chart-more-periods').click();
    await expect(fresh.locator('.chart__period[data-period="1week"]')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  } finally {
    await other.close();
  }
});

test('a visitor’s workspace stays in this browser', async ({ page }) => {
  const grouping = await setUp(page);
  await page.reload();
  await expectSetUp(page, grouping);
});

test('a starred pair is in the favourites of every market list, and a sort holds across them', async ({
  page,
}) => {
  await page.goto('/quotation');
  const table = page.getByTestId('quotation-table');
  const star = table.locator('[data-fav="ETH/USDT"]');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.locator('[data-tab="favourites"]').click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first()).toHaveAttribute('data-symbol', 'ETH/USDT');

  // sorted by 24 h volume, largest first: the column's figures never grow down the table
  await page.locator('[data-tab="USDT"]').click();
  await table.locator('[data-sort="volume"]').click();
  await expect(table.locator('th[aria-sort="descending"] [data-sort="volume"]')).toBeVisible();
  await expect
    .poll(async () => {
      const texts = await table.locator('tbody tr td:nth-child(6)').allInnerTexts();
      // compact figures ("1.23M" beside "20.94K"): the suffix scales the number
      const scale: Record<string, number> = { '': 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 };
      const values = texts.map((x) => {
        const m = /^([\d.,]+)([KMBT]?)$/.exec(x.trim());
        return m ? Number((m[1] ?? '').replace(/,/g, '')) * (scale[m[2] ?? ''] ?? NaN) : NaN;
      });
      return values.length > 3 && values.every((v, i) => i === 0 || v <= (values[i - 1] ?? 0));
    })
    .toBe(true);

  // the home table and the spot screen's list: the same favourites, the same sort
  await page.goto('/');
  await expect(
    page.locator('.market th[aria-sort="descending"] [data-sort="volume"]'),
  ).toBeVisible();
  await page.goto('/dealCenter');
  const list = page.locator('.spot__markets');
  await list.locator('[data-tab="favourites"]').click();
  await expect(list.locator('.markets__row')).toHaveCount(1);
  await expect(list.locator('.markets__row').first()).toHaveAttribute('data-symbol', 'ETH/USDT');
  // taken out on the spot screen, it leaves the favourites
  await list.locator('[data-fav="ETH/USDT"]').click();
  await expect(list.locator('.markets__row')).toHaveCount(0);
  await expect(list).toContainText('No favourites yet');
});

/** How many pixels of a screenshot are (within a few levels) the colour of a CSS variable now. */
async function pixelsOf(page: Page, png: Buffer, variable: string): Promise<number> {
  return page.evaluate(
    async ([data, name]) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext('2d', { willReadFrequently: true });
      if (g === null) return -1;
      // the variable's colour as the canvas reads it
      g.fillStyle = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
      g.fillRect(0, 0, 1, 1);
      const [r, gr, b] = g.getImageData(0, 0, 1, 1).data;
      g.drawImage(img, 0, 0);
      const px = g.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let k = 0; k < px.length; k += 4)
        if (
          Math.abs((px[k] ?? 0) - (r ?? 0)) <= 6 &&
          Math.abs((px[k + 1] ?? 0) - (gr ?? 0)) <= 6 &&
          Math.abs((px[k + 2] ?? 0) - (b ?? 0)) <= 6
        )
          n += 1;
      return n;
    },
    [png.toString('base64'), variable] as const,
  );
}

test('day/night restyles the book and the chart at once, keeping what was typed', async ({
  page,
}) => {
  await page.goto('/dealCenter');
  await bookPainted(page);
  await holdMarket(page, false);
  try {
    await page.waitForTimeout(1500);
    const search = page.locator('.spot__markets input[type="search"]');
    await search.fill('BT');
    const html = page.locator('html');
    const start = await html.getAttribute('data-theme');
    const book = page.getByTestId('book-canvas-bid');
    const chart = page.locator('.chart__canvas').first();
    // the bids' prices and the rising candles are painted in this theme's "up" green
    expect(await pixelsOf(page, await book.screenshot(), '--up')).toBeGreaterThan(50);
    expect(await pixelsOf(page, await chart.screenshot(), '--up')).toBeGreaterThan(50);
    const beforeUp = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--up'),
    );

    await page.getByTestId('theme-toggle').click();
    await expect(html).not.toHaveAttribute('data-theme', start ?? '');
    // no reload: the typed search is still there; the canvases were painted in the new colours
    await expect(search).toHaveValue('BT');
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--up'),
      ),
    ).not.toBe(beforeUp);
    // repainted by the theme itself: the held market repaints nothing by itself (how soon is the
    // benchmark's to measure; a screenshot on a loaded machine takes longer than half a second)
    await expect
      .poll(async () => pixelsOf(page, await book.screenshot(), '--up'), { timeout: 5_000 })
      .toBeGreaterThan(50);
    await expect
      .poll(async () => pixelsOf(page, await chart.screenshot(), '--up'), { timeout: 5_000 })
      .toBeGreaterThan(50);
    await page.getByTestId('theme-toggle').click();
    await expect(html).toHaveAttribute('data-theme', start ?? '');
  } finally {
    await holdMarket(page, true);
  }
});
