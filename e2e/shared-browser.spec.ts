// A browser forgets its last user (issue 41, ADR 0042). On one browser context, A logs in, sees
// money and an open order, and logs out: the logout ends A's token on the server. B logs in on
// the same browser and reports a problem: B's report holds B, and nothing of A (user id,
// balance, orders), and the replay of it shows none of A either. Then B, on a second device,
// sees both sessions on the account page and ends the first one from there.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { apiPost, CURRENCY_ID, fund, token, verified } from './api.ts';
import { login, registerByApi, saveReport, storedToken, uniqueEmail } from './helpers.ts';

const PASSWORD = 'shared2026';
const A_BALANCE = '737.37';
const A_PRICE = '1234.5';

async function newUser(request: APIRequestContext, email: string): Promise<string> {
  await registerByApi(request, email, PASSWORD);
  return token(request, email, PASSWORD);
}

async function userId(request: APIRequestContext, t: string): Promise<number> {
  const r = await request.get('/api/user/info', { headers: { authorization: t } });
  return ((await r.json()) as { message: { id: number } }).message.id;
}

async function report(page: Page, path: string): Promise<string> {
  await saveReport(page, () => path);
  return new TextDecoder().decode(gunzipSync(readFileSync(path)));
}

/**
 * The report without the public order book's levels (`["price","amount"]` pairs): A's resting
 * order is a level of the public book, which every user sees (B too), and is not A's to hide;
 * what must not reach B's report is A's own data (orders, balances, ids).
 */
const withoutBookLevels = (text: string) => text.replace(/\["[\d.]+","[\d.]+"\]/g, '[]');

/** The page's text outside the public book and trades (where A's resting order is a level). */
const privateText = (page: Page) =>
  page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    body
      .querySelectorAll('[data-testid^="book"], [data-testid="recent-trades"]')
      .forEach((n) => n.remove());
    return body.textContent ?? '';
  });

/** The user ids the report's events and start state name (session.info, the session view). */
function idsIn(text: string): Set<number> {
  const ids = new Set<number>();
  for (const m of text.matchAll(/"userId":(\d+)/g)) ids.add(Number(m[1]));
  for (const line of text.split('\n').filter((l) => l.includes('"session.info"'))) {
    const event = JSON.parse(line) as { body: { id: number } };
    ids.add(event.body.id);
  }
  return ids;
}

test('B on the browser A used: the report and its replay hold nothing of A', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(150_000);
  const a = uniqueEmail('shared-a');
  const b = uniqueEmail('shared-b');
  const request = page.request;
  const aToken = await newUser(request, a);
  await verified(request, aToken, a);
  await fund(request, aToken, a, A_BALANCE);
  const aId = await userId(request, aToken);
  const bToken = await newUser(request, b);
  const bId = await userId(request, bToken);
  await apiPost(request, bToken, '/api/user/logout', {});

  // A on the page: the balance and the open order are seen, and A's own report holds them
  await login(page, a, PASSWORD);
  await page.goto('/new_account/change');
  await expect(page.getByText(/737[.,]37/).first()).toBeVisible();
  // the order from A's other session (the API's, which the page's login left alone)
  await apiPost(request, aToken, '/api/transaction/in', {
    legal_id: String(CURRENCY_ID.USDT),
    currency_id: String(CURRENCY_ID.BTC),
    mode: '2',
    price: A_PRICE,
    num: '0.001',
  });
  await apiPost(request, aToken, '/api/user/logout', {});
  await page.goto('/dealCenter');
  await expect(page.getByTestId('open-orders').locator('tbody tr[data-order-id]')).toHaveCount(1);
  const aReport = await report(page, info.outputPath('a.ndjson.gz'));
  expect(aReport).toContain(A_BALANCE);
  expect(withoutBookLevels(aReport)).toContain(A_PRICE);
  expect(idsIn(aReport)).toContain(aId);

  // A logs out: the page's token is refused by the server at once
  const pageToken = await storedToken(page);
  expect(pageToken).not.toBeNull();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/components\/login/);
  const after = await request.get('/api/user/info', {
    headers: { authorization: pageToken ?? '' },
  });
  expect(((await after.json()) as { type: string }).type).toBe('999');

  // B on the same browser
  await login(page, b, PASSWORD);
  await page.goto('/new_account/change');
  await page.waitForLoadState('networkidle');
  const bReport = await report(page, info.outputPath('b.ndjson.gz'));
  expect(idsIn(bReport)).toEqual(new Set([bId]));
  expect(bReport).not.toContain(A_BALANCE);
  expect(withoutBookLevels(bReport)).not.toContain(A_PRICE);
  expect(bReport).not.toContain(a.slice(0, 8));

  // the replay of B's report: B's id, none of A's figures
  await page.goto('/replay');
  await page.getByTestId('replay-file').setInputFiles(info.outputPath('b.ndjson.gz'));
  await expect(page.getByTestId('replay-reproduced')).toBeVisible({ timeout: 30_000 });
  await page.locator('header a[href="/dealCenter"]').first().click();
  await expect(page.getByTestId('replay-banner')).toBeVisible();
  await expect(page.locator('tr[data-order-id]')).toHaveCount(0);
  const replayed = await privateText(page);
  expect(replayed).not.toMatch(/1[,.\s]?234[.,]5/);
  expect(replayed).not.toMatch(/737[.,]37/);

  // B's second device: the account page lists both sessions and ends the first
  const phone = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const second = await phone.newPage();
  await login(second, b, PASSWORD);
  await second.goto('/account/accountSet');
  const rows = second.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByTestId('session-this-device')).toBeVisible();
  await expect(rows.first().getByTestId('session-device')).toHaveText('Safari 17 · iPhone');
  await rows.nth(1).getByTestId('session-end').click();
  await second.getByTestId('session-end-dialog').getByTestId('confirm-sure').click();
  await expect(rows).toHaveCount(1);
  await phone.close();
});
