// Spot order lists (spec §9): "load more" appears after more than 8 rows and becomes "no more"
// at the end. The resting orders are placed and cancelled over the API with the demo user's
// REST token (the page's token never leaves its worker), so the test leaves the book as it found it.
import { expect, test, type APIRequestContext } from './fixtures.ts';
import { cancelOpenSpotOrders, CURRENCY_ID } from './api.ts';
import { login } from './helpers.ts';

const DEMO = { user_string: 'demo@bourse.local', password: 'demo1234', type: '1' };
const BTC = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };

async function token(request: APIRequestContext): Promise<string> {
  const r = await request.post('/api/user/login', { form: DEMO });
  const body = (await r.json()) as { type: string; message: string };
  expect(body.type).toBe('ok');
  return body.message;
}

test('current orders: load more after 8 rows, then no more', async ({ page, request }) => {
  const auth = { authorization: await token(request) };
  // only this test's orders rest: one an earlier spec left behind would make 12
  await cancelOpenSpotOrders(request, auth.authorization);
  const ids: number[] = [];
  try {
    for (let i = 0; i < 11; i++) {
      const r = await request.post('/api/transaction/in', {
        headers: auth,
        form: { ...BTC, mode: '2', price: String(1000 + i), num: '0.001' },
      });
      expect(((await r.json()) as { type: string }).type).toBe('ok');
    }
    const list = await request.post('/api/transaction_in', { headers: auth, form: { page: '1' } });
    const first = (await list.json()) as { message: { list: { id: number }[]; total: number } };
    expect(first.message.total).toBe(11);

    await login(page, DEMO.user_string, DEMO.password, '/dealCenter');
    const rows = page.getByTestId('open-orders').locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await page.getByTestId('load-more').click();
    await expect(rows).toHaveCount(11);
    await expect(page.getByTestId('no-more')).toBeVisible();
    await expect(page.getByTestId('load-more')).toHaveCount(0);
    ids.push(
      ...(await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-order-id'))))),
    );
  } finally {
    // Cancel whatever rests (a token of its own: `auth` may be the one that failed above).
    await cancelOpenSpotOrders(request, await token(request));
  }
  expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
});
