// Issue 20 items 1 and 8 on the screens: a spot buy cancelled before anything filled and a
// market buy stay in the spot screen's order history and in the account area's completed list
// (/account/accountEntrust, /allTransaction) with how they ended; the market buy shows the
// price it filled at (the server's average of its fills, never its protective band) and
// "Market" as its own price. A new user, so the demo user's orders and balances stay as they were.
import { expect, test, type Locator } from './fixtures.ts';
import { apiPost, CURRENCY_ID, fund, token, verify } from './api.ts';
import { login, msg, registerByEmail, uniqueEmail, goInApp } from './helpers.ts';

const PASSWORD = 'history12345';
const BTC = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };

interface Finished {
  id: number;
  mode: number;
  status: number;
  avg_price?: string;
  complete_number: string;
}

/** "67012.5" at `dp` decimals, grouped as the English page shows it (string work, no float). */
function english(value: string, dp: number): string {
  const [whole = '0', frac = ''] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return dp === 0 ? grouped : `${grouped}.${frac.padEnd(dp, '0').slice(0, dp)}`;
}

async function expectRow(row: Locator, cells: Record<string, string>): Promise<void> {
  for (const [testId, text] of Object.entries(cells))
    await expect(row.getByTestId(testId)).toHaveText(text);
}

test('finished orders: the fill price and how each ended, on both screens', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('history');
  await registerByEmail(page, email, PASSWORD);
  const t = await token(request, email, PASSWORD);
  await verify(request, t, email);
  await fund(request, t, email, '500');

  // a limit buy far below the market, cancelled before anything filled
  await apiPost(request, t, '/api/transaction/in', {
    ...BTC,
    mode: '2',
    price: '1000.00',
    num: '0.0010',
  });
  const resting = (await apiPost(request, t, '/api/transaction_in', {})) as {
    list: { id: number }[];
  };
  const cancelledId = resting.list[0]?.id ?? 0;
  await apiPost(request, t, '/api/transaction_del', { id: String(cancelledId), type: 'in' });
  // a market buy
  await apiPost(request, t, '/api/transaction/in', { ...BTC, mode: '1', num: '0.0010' });
  const history = (await apiPost(request, t, '/api/transaction_history', BTC)) as {
    list: Finished[];
  };
  const market = history.list[0];
  expect(market).toMatchObject({ mode: 1, status: 1, complete_number: '0.0010' });
  const avg = english(market?.avg_price ?? '', 2);

  await login(page, email, PASSWORD, '/dealCenter');
  await page.getByTestId('tab-history').click();
  const table = page.getByTestId('order-history');
  const filledRow = table.locator(`tr[data-order-id="${market?.id}"]`);
  await expect(filledRow).toHaveAttribute('data-outcome', 'filled');
  await expect(filledRow).toContainText(msg('spot.form.market'));
  await expectRow(filledRow, {
    'avg-price': avg,
    filled: '0.0010',
    'order-status': msg('spot.orders.statusFilled'),
  });
  const cancelledRow = table.locator(`tr[data-order-id="${cancelledId}"]`);
  await expect(cancelledRow).toHaveAttribute('data-outcome', 'cancelled');
  await expect(cancelledRow).toContainText('1,000.00');
  await expectRow(cancelledRow, {
    'avg-price': msg('account.none'),
    filled: '0.0000',
    'order-status': msg('spot.orders.statusCancelled'),
  });

  for (const path of ['/account/accountEntrust', '/allTransaction']) {
    await goInApp(page, path);
    await page.getByRole('tab', { name: msg('account.entrust.completed') }).click();
    const list = page.getByTestId('entrusts');
    const done = list.locator(`tr[data-entrust-id="${market?.id}"]`);
    await expect(done).toContainText(msg('spot.form.market'));
    await expectRow(done, {
      'avg-price': `${avg}USDT`,
      filled: '0.0010',
      'entrust-status': msg('spot.orders.statusFilled'),
    });
    const gone = list.locator(`tr[data-entrust-id="${cancelledId}"]`);
    await expectRow(gone, {
      'avg-price': msg('account.none'),
      filled: '0.0000',
      'entrust-status': msg('spot.orders.statusCancelled'),
    });
  }
});
