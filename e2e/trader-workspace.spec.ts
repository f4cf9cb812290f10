// The trader's workspace (issue 24): the book's layout and grouping, the chart's period and
// indicators set up in one browser survive a logout and come back after a login in another
// browser (a new context: nothing in its local storage); a visitor keeps theirs in this browser.
import { expect, test, type Page } from '@playwright/test';
import { login, registerByEmail, uniqueEmail } from './helpers.ts';

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
      decodeURIComponent(r.request().postData() ?? '').includes('"indicators":["ma","cross"]'),
  );
  const grouping = await setUp(page);
  await saved;
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
    await fresh.locator('.chart__period[data-period="1week"]').click();
    await fresh.waitForTimeout(1500);
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
      const values = texts.map((x) => Number(x.replace(/,/g, '')));
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
