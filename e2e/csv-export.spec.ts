// Issue 25 "Exports": the entrusts (open buying orders over two pages, the order history), the
// transfer log and the account log downloaded as CSV — every page, the screen's column titles,
// exact decimals with no grouping — in English ("," and ".") and in German (";" and ","). A new
// user, so the demo user's orders and balances stay as they were.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import { apiPost, CURRENCY_ID, fund, token, verify } from './api.ts';
import { readCsv } from './csv-read.ts';
import { login, msg, openInLang, registerByEmail, uniqueEmail, goInApp } from './helpers.ts';

const PASSWORD = 'csvexport12345';
const BTC = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };
/** Resting buys far below the market: six of them, so the buying list has two pages of 5. */
const BUYS = [
  ['1000.50', '0.0010'],
  ['1001.25', '0.0020'],
  ['1002.00', '0.0030'],
  ['1003.75', '0.0040'],
  ['1004.10', '0.0050'],
  ['1005.05', '0.0061'],
] as const;
const CANCELLED = ['1000.00', '0.0010'] as const;
const TRANSFER = '12.345678';

const deCatalogue = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'locales', 'de.json'), 'utf8'),
) as Record<string, string>;

function de(id: string): string {
  const text = deCatalogue[id];
  if (text === undefined) throw new Error(`no German message ${id}`);
  return text;
}

/**
 * Presses the list's "Export CSV" (a click, or Enter once it has the focus) and reads the file
 * it downloads.
 */
async function exportCsv(
  page: Page,
  file: RegExp,
  separator: string,
  keyboard = false,
): Promise<string[][]> {
  const button = page.getByTestId('export-csv');
  const press = keyboard ? page.keyboard.press('Enter') : button.click();
  const [download] = await Promise.all([page.waitForEvent('download'), press]);
  expect(download.suggestedFilename()).toMatch(file);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)], 'UTF-8 byte-order mark').toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return readCsv(text, separator);
}

/** An exact decimal as the file writes it: its own digits, at least `dp` decimals, `mark`. */
function exact(value: string, dp: number, mark: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const digits = fraction.replace(/0+$/, '').padEnd(dp, '0');
  return digits === '' ? whole : `${whole}${mark}${digits}`;
}

const DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const DAY = String.raw`\d{4}-\d\d-\d\d`;

test('orders, the transfer log and the account log as CSV, in English and in German', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('csv');
  await registerByEmail(page, email, PASSWORD);
  const t = await token(request, email, PASSWORD);
  await verify(request, t, email);
  await fund(request, t, email, '500');

  for (const [price, num] of [CANCELLED, ...BUYS])
    await apiPost(request, t, '/api/transaction/in', { ...BTC, mode: '2', price, num });
  const open = (await apiPost(request, t, '/api/transaction_in', {})) as {
    list: { id: number; price: string }[];
  };
  const cancel = open.list.find((o) => Number(o.price) === 1000);
  await apiPost(request, t, '/api/transaction_del', { id: String(cancel?.id), type: 'in' });
  await apiPost(request, t, '/api/transaction/in', { ...BTC, mode: '1', num: '0.0010' });
  const history = (await apiPost(request, t, '/api/transaction_history', BTC)) as {
    list: { mode: number; avg_price?: string }[];
  };
  const avg = history.list.find((o) => o.mode === 1)?.avg_price ?? '';
  expect(avg).not.toBe('');
  await apiPost(request, t, '/api/wallet/change', {
    currency_id: String(CURRENCY_ID.USDT),
    number: TRANSFER,
    from_field: 'change',
    to_field: 'legal',
  });

  await login(page, email, PASSWORD);

  await test.step('English: "," between fields, "." in numbers', async () => {
    await goInApp(page, '/allTransaction');
    // the time column names the zone of its local times (issue 41)
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const timeTitle = `${msg('account.col.time')} (${zone})`;
    await page.getByRole('tab', { name: msg('account.entrust.buying') }).click();
    await expect(page.getByTestId('entrusts').locator('tbody tr')).toHaveCount(5);
    const buying = await exportCsv(page, new RegExp(`^bourse-orders-buying-${DAY}\\.csv$`), ',');
    expect(buying[0]).toEqual(
      [
        'account.col.pair',
        'account.col.type',
        'account.col.price',
        'account.col.number',
        'account.col.filled',
        'account.col.account',
      ].reduce((titles, id) => [...titles, msg(id)], [timeTitle]),
    );
    // every page (the screen shows the first 5), newest first, exact and ungrouped
    const rows = buying.slice(1);
    expect(rows).toHaveLength(BUYS.length);
    expect(rows.map((r) => [r[3], r[4]])).toEqual(
      [...BUYS].reverse().map(([price, num]) => [exact(price, 2, '.'), exact(num, 4, '.')]),
    );
    for (const r of rows) {
      expect(r[0]).toMatch(DATE_TIME);
      expect(r.slice(1, 3)).toEqual(['BTC/USDT', msg('account.entrust.buy')]);
      expect(r[6]).toBe(email);
    }
    await expect(page.locator('.toast--success').last()).toHaveText('Exported 6 rows.');

    await page.getByRole('tab', { name: msg('account.entrust.completed') }).click();
    await expect(page.getByTestId('entrusts').locator('tbody tr')).toHaveCount(2);
    const done = await exportCsv(page, new RegExp(`^bourse-orders-${DAY}\\.csv$`), ',');
    expect(done[0]).toEqual(
      [
        'account.col.pair',
        'account.col.type',
        'account.col.orderPrice',
        'account.col.avgPrice',
        'account.col.number',
        'account.col.filled',
        'account.col.total',
        'account.col.fee',
        'account.col.feeCurrency',
        'account.col.status',
        'account.col.account',
      ].reduce((titles, id) => [...titles, msg(id)], [timeTitle]),
    );
    // a finished order's total (Σ price × number of its fills) and fee, in what it received
    const [filledRow, cancelledRow] = done.slice(1);
    expect(Math.abs(Number(filledRow?.[7]) - Number(avg) * 0.001)).toBeLessThan(0.01);
    expect(Number(filledRow?.[8])).toBeGreaterThanOrEqual(0);
    expect(filledRow?.[9]).toBe('BTC');
    expect(cancelledRow?.slice(7, 10)).toEqual(['0', '0', 'BTC']);
    expect(done.slice(1).map((r) => r[10])).toEqual([
      msg('spot.orders.statusFilled'),
      msg('spot.orders.statusCancelled'),
    ]);
    expect(done.slice(1).map((r) => r.slice(2, 7))).toEqual([
      [msg('account.entrust.buy'), msg('spot.form.market'), exact(avg, 2, '.'), '0.0010', '0.0010'],
      [msg('account.entrust.buy'), '1000.00', '', '0.0010', '0.0000'],
    ]);

    await goInApp(page, '/account/transferLog');
    await page.getByRole('tab', { name: msg('account.log.transfers') }).click();
    await expect(page.getByTestId('transfer-log').locator('tbody tr')).toHaveCount(1);
    // from the tab bar, Tab reaches the button and Enter exports; the focus stays on it
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('export-csv')).toBeFocused();
    const transfers = await exportCsv(
      page,
      new RegExp(`^bourse-transfers-${DAY}\\.csv$`),
      ',',
      true,
    );
    await expect(page.getByTestId('export-csv')).toBeFocused();
    expect(transfers[0]).toEqual(
      [
        'account.col.currency',
        'account.col.account',
        'account.col.info',
        'account.col.amount',
      ].reduce((titles, id) => [...titles, msg(id)], [timeTitle]),
    );
    expect(transfers).toHaveLength(2);
    expect(transfers[1]?.[1]).toBe('USDT');
    expect(transfers[1]?.[2]).toBe(msg('wallet.account.legal'));
    expect(transfers[1]?.[4]).toBe('12.34567800');
    await expect(page.locator('.toast--success').last()).toHaveText('Exported 1 row.');

    await page.getByRole('tab', { name: msg('account.log.all') }).click();
    await expect(page.getByTestId('account-log').locator('tbody tr').first()).toBeVisible();
    const shown = await page.getByTestId('account-log').locator('tbody tr').count();
    const log = await exportCsv(page, new RegExp(`^bourse-account-log-${DAY}\\.csv$`), ',');
    expect(log.length - 1).toBeGreaterThanOrEqual(shown);
    // the transfer's two sides; the spot side a negative number, not defused text
    expect(log).toContainEqual(
      expect.arrayContaining(['USDT', msg('wallet.account.change'), '-12.34567800']),
    );
    expect(log).toContainEqual(
      expect.arrayContaining(['USDT', msg('wallet.account.legal'), '12.34567800']),
    );
    expect(log).toContainEqual(expect.arrayContaining(['USDT', '500.00000000']));
    for (const r of log.slice(1)) expect(r[0]).toMatch(DATE_TIME);
  });

  await test.step('German: ";" between fields, "," in numbers, German titles', async () => {
    await openInLang(page, 'de', '/allTransaction');
    await page.getByRole('tab', { name: de('account.entrust.buying') }).click();
    const buying = await exportCsv(page, /^bourse-orders-buying-/, ';');
    expect(buying[0]?.[3]).toBe(de('account.col.price'));
    expect(buying[0]).toHaveLength(7);
    expect(buying.slice(1).map((r) => [r[3], r[4]])).toEqual(
      [...BUYS].reverse().map(([price, num]) => [exact(price, 2, ','), exact(num, 4, ',')]),
    );
    await expect(page.locator('.toast--success').last()).toHaveText('6 Zeilen exportiert.');

    await goInApp(page, '/account/transferLog');
    const log = await exportCsv(page, /^bourse-account-log-/, ';');
    expect(log[0]?.[4]).toBe(de('account.col.amount'));
    expect(log).toContainEqual(
      expect.arrayContaining(['USDT', de('wallet.account.change'), '-12,34567800']),
    );
  });
});
