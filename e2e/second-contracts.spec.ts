// Second contracts to their settlement (issue 7, issue 26): a 30-second order counts down,
// settles on the real price and pays the contract's amount; its placing and its settlement are
// read to a screen reader once, by the toast with pop-ups on, by the page's announcer with them
// off. Each of the three has a user of its own (verified, 100 USDT in the second-contract
// account) and a browser of its own, and the three run at once: their half-minute waits for the
// settlement overlap (one test of about 40 s instead of three of 34 s one after another), and
// need no quiet lane, so they run beside the other specs of own users.
import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures.ts';
import Decimal from 'decimal.js';
import { apiPost, fund, token, verify } from './api.ts';
import { confirm, login, msg, operator, registerByApi, uniqueEmail } from './helpers.ts';
import { announcer, heard, listen, wasRead } from './live-regions.ts';

const PASSWORD = 'micro12345678';

/** A new verified user with 100 USDT in the second-contract account; the page not logged in. */
async function microTrader(request: APIRequestContext): Promise<{ email: string; t: string }> {
  const email = uniqueEmail('micro');
  await registerByApi(request, email, PASSWORD);
  const t = await token(request, email, PASSWORD);
  await verify(request, t, email);
  await fund(request, t, email, '100', 'micro');
  return { email, t };
}

interface Sheet {
  wallets: { currency: string; micro_balance: string }[];
  micro: {
    id: number;
    status: number;
    number: string;
    fee: string;
    profit_ratio: string;
    profit_result: number;
  }[];
}

/** The operator's view of the user: exact balances and contracts (the page keeps its own token). */
async function sheet(request: APIRequestContext, email: string): Promise<Sheet> {
  const r = await operator(request, `user?account=${encodeURIComponent(email)}`);
  expect(r.type).toBe('ok');
  return r.message as Sheet;
}

const microBalance = (s: Sheet) =>
  new Decimal(s.wallets.find((w) => w.currency === 'USDT')?.micro_balance ?? 0);

/** Logs in and opens the second-contract screen with its balance shown. */
async function openMicro(page: Page, email: string): Promise<void> {
  await login(page, email, PASSWORD, '/secondDealCenter');
  await expect(page.getByTestId('micro-balance')).not.toHaveText('--');
}

/** A 30-second up order counts down, settles on the real price, and pays the contract amount. */
async function countsDownAndPays(page: Page): Promise<void> {
  const { email } = await microTrader(page.request);
  await openMicro(page, email);
  const before = microBalance(await sheet(page.request, email));
  await page.getByTestId('micro-up').click();
  await expect(page.getByText('Please choose a duration.')).toBeVisible();
  await page.locator('[data-seconds="30"]').click();
  await page.locator('.micro-panel input[name="number"]').fill('10');
  await expect(page.getByTestId('micro-win')).toHaveText('+8.50'); // 10 × 85 % (ADR 0040)
  await page.getByTestId('micro-up').click();
  await confirm(page);

  const row = page.getByTestId('micro-orders').locator('tr[data-micro-id]').first();
  await expect(row).toBeVisible();
  const id = String(await row.getAttribute('data-micro-id'));
  const left = async () =>
    Number((await row.getByTestId('micro-countdown').innerText()).replace(/[^\d.]/g, ''));
  const t1 = await left();
  await page.waitForTimeout(1200);
  expect(await left()).toBeLessThan(t1);

  // settled within a second of expiry: the row leaves the trading list, the closed list has it
  await expect(page.getByTestId('micro-orders').locator(`tr[data-micro-id="${id}"]`)).toHaveCount(
    0,
    { timeout: 40_000 },
  );
  await page.getByTestId('micro-tab-closed').click();
  await expect(page.getByTestId('micro-orders').locator(`tr[data-micro-id="${id}"]`)).toBeVisible();
  const settled = await sheet(page.request, email);
  const o = settled.micro.find((x) => String(x.id) === id);
  expect(o?.status).toBe(3);
  const stake = new Decimal(o?.number ?? 0);
  const credit =
    o?.profit_result === 1
      ? stake.times(new Decimal(o.profit_ratio).dividedBy(100).plus(1))
      : o?.profit_result === 0
        ? stake
        : new Decimal(0);
  expect(
    microBalance(settled).equals(
      before
        .minus(stake)
        .minus(o?.fee ?? 0)
        .plus(credit),
    ),
  ).toBe(true);
}

/** Places a 30-second "up" second contract of 10 USDT and waits for its toast; returns its row's id. */
async function placeMicro(page: Page): Promise<string> {
  await page.locator('[data-seconds="30"]').click();
  await page.locator('.micro-panel input[name="number"]').fill('10');
  await page.getByTestId('micro-up').click();
  await confirm(page);
  expect(await wasRead(page, msg('micro.placed'))).toEqual(['toasts']);
  const row = page.getByTestId('micro-orders').locator('tr[data-micro-id]').first();
  await expect(row).toBeVisible();
  return String(await row.getAttribute('data-micro-id'));
}

/** The user's pop-ups of second contracts on or off (before the page logs in). */
async function microPopUps(request: APIRequestContext, t: string, on: boolean): Promise<void> {
  const r = await request.get('/api/user/notification_prefs', { headers: { authorization: t } });
  const { prefs } = ((await r.json()) as { message: { prefs: Record<string, object> } }).message;
  await apiPost(request, t, '/api/user/notification_prefs_save', {
    prefs: JSON.stringify({ ...prefs, micro: { ...prefs['micro'], toast: on } }),
  });
}

/** The countdown's end, in the announcer's words (said when the page's countdown reaches zero
 *  before the settlement arrives; the settlement is the end otherwise). */
const TIME_UP = /: time is up, settling\.$/;
const escapeRe = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SETTLED = /BTC\/USDT: (won|lost|draw), stake 10(\.00)? USDT, paid out [\d,.]+ USDT/;

/** With pop-ups on, placed and settled are read by their toasts, once. */
async function readByToasts(page: Page): Promise<void> {
  const { email, t } = await microTrader(page.request);
  await microPopUps(page.request, t, true);
  await openMicro(page, email);
  await expect(announcer(page)).toHaveText('');
  await listen(page);
  await placeMicro(page);

  // the settlement: its notification's toast says it; the announcer does not say it again. On a
  // loaded machine the page may have lost its pushes for a moment (its watchdog reconnects after
  // 3.5 s of silence: a CI run saw it once); then the settlement came while it was away, and
  // the toast that reads it is the "while you were away" summary
  const settled = msg('notice.kind.micro.settled.title');
  const away = msg('notice.away.summary').split('{')[0] ?? '';
  const either = new RegExp(`${escapeRe(settled)}|^${escapeRe(away)}`);
  expect(await wasRead(page, either, 45_000)).toEqual(['toasts']);
  await page.waitForTimeout(500);
  const all = await heard(page);
  const said = all.filter((h) => h.region === 'announcer' && h.text !== '').map((h) => h.text);
  expect(said.every((text) => TIME_UP.test(text))).toBe(true);
  expect(said.length).toBeLessThanOrEqual(1);
  // the countdown itself is never read
  expect(all.filter((h) => h.region.includes('micro'))).toEqual([]);
}

/** With pop-ups off, the page's announcer reads the settlement. */
async function readByAnnouncer(page: Page): Promise<void> {
  const { email, t } = await microTrader(page.request);
  await microPopUps(page.request, t, false);
  await openMicro(page, email);
  await listen(page);
  await placeMicro(page);
  expect(await wasRead(page, SETTLED, 45_000)).toEqual(['announcer']);
  await expect(announcer(page)).toHaveText(SETTLED);
  const all = await heard(page);
  expect(all.filter((h) => h.text.includes(msg('notice.kind.micro.settled.title')))).toEqual([]);
}

/** A page in a browser context of its own (closed when the test ends: fixtures.ts). */
const ownPage = async (browser: Browser): Promise<Page> => (await browser.newContext()).newPage();

test('second contracts, three users at once: countdown and payout; read by toasts with pop-ups on, by the announcer with them off', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const [toasts, announced] = await Promise.all([ownPage(browser), ownPage(browser)]);
  await Promise.all([
    test.step('a 30-second up order counts down, settles on the real price, and pays', () =>
      countsDownAndPays(page)),
    test.step('pop-ups on: placed and settled are read by their toasts, once', () =>
      readByToasts(toasts)),
    test.step('pop-ups off: the announcer reads the settlement', () => readByAnnouncer(announced)),
  ]);
});
