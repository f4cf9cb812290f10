// Announcements (issue 26, ADR 0038): results reach a screen reader through a polite live
// region — the toast region for what a toast shows, the page's one announcer for what a screen
// shows in place — read while no modal dialog makes the page inert; the market (book, trades,
// tickers) is never read out. The page records, as it happens, every change of text inside a live
// region and whether a modal dialog was open then: that is what a screen reader is told.
import { expect, test, type Page } from './fixtures.ts';
import { Decimal } from '../src/shared/decimal.ts';
import { apiPost, token, verified } from './api.ts';
import { bookPainted, confirm, login, msg } from './helpers.ts';

const DEMO = 'demo@bourse.local';
const PASSWORD = 'demo1234';

interface Heard {
  /** The region's test id, or its class. */
  region: string;
  text: string;
  /** A modal dialog was open: the region was inert, nothing was read. */
  modal: boolean;
}

/** Starts recording every change inside a live region of the page (kept in `window.__heard`). */
async function listen(page: Page): Promise<void> {
  await page.evaluate(() => {
    const live =
      '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    const heard: Heard[] = [];
    (window as unknown as { __heard: Heard[] }).__heard = heard;
    new MutationObserver((records) => {
      const modal = document.querySelector('dialog:modal') !== null;
      const note = (region: Element) =>
        heard.push({
          region: region.getAttribute('data-testid') ?? region.className,
          text: region.textContent ?? '',
          modal,
        });
      for (const r of records) {
        const at = r.target instanceof Element ? r.target : r.target.parentElement;
        const region = at?.closest(live);
        if (region !== null && region !== undefined) {
          note(region);
          continue;
        }
        // a live region inserted with its text (an alert is read so)
        for (const n of r.addedNodes)
          if (n instanceof Element)
            (n.matches(live) ? [n] : [...n.querySelectorAll(live)]).forEach(note);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const heard = (page: Page): Promise<Heard[]> =>
  page.evaluate(() => (window as unknown as { __heard: Heard[] }).__heard);

/** Waits until `text` was put in a live region while nothing made it inert; returns where. */
async function wasRead(page: Page, text: string | RegExp, timeout = 10_000): Promise<string[]> {
  const match = (h: Heard) =>
    !h.modal && (typeof text === 'string' ? h.text.includes(text) : text.test(h.text));
  await expect.poll(async () => (await heard(page)).some(match), { timeout }).toBe(true);
  return [...new Set((await heard(page)).filter(match).map((h) => h.region))];
}

const announcer = (page: Page) => page.getByRole('status').and(page.getByTestId('announcer'));

test('spot: placed and cancelled are read once each; three seconds of a live market are not read', async ({
  page,
}) => {
  await login(page, DEMO, PASSWORD);
  await page.goto('/dealCenter');
  await bookPainted(page);
  const region = announcer(page);
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toHaveAttribute('aria-atomic', 'true');
  await expect(region).toHaveText('');

  // the market moves, nothing is read: no live region changes (toasts of the user's own
  // notifications aside), the announcer says nothing
  const book = page.getByTestId('book-bids');
  const top = () => book.locator('[data-price]').first().getAttribute('data-price');
  const market = () =>
    page.evaluate(() =>
      ['book-bids', 'book-asks', 'recent-trades']
        .map((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '')
        .join('|'),
    );
  const before = await market();
  await listen(page);
  await page.waitForTimeout(3000);
  // the simulator may rest a few seconds between trades: listen until the market has moved
  await expect
    .poll(market, { message: 'the market moved while listening', timeout: 30_000 })
    .not.toEqual(before);
  expect((await heard(page)).filter((h) => !h.region.includes('toasts'))).toEqual([]);
  await expect(region).toHaveText('');

  // placed: the toast region reads the reply; the announcer does not repeat it
  const bid = new Decimal((await top()) ?? '0').times(0.99).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  const buy = page.getByTestId('buy-form');
  await buy.locator('input[name="price"]').fill(bid.toFixed(2));
  await buy.locator('input[name="number"]').fill('0.001');
  await page.getByTestId('buy-submit').click();
  const placed = (await page.locator('.toast--success').last().innerText()).trim();
  expect(await wasRead(page, placed)).toEqual(['toasts']);

  // cancelled (after its confirm dialog): read when the dialog has closed
  const orders = page.getByTestId('open-orders').locator('tbody tr');
  await orders.first().getByTestId('cancel-order').click();
  await confirm(page);
  const cancelled = page.locator('.toast--success').filter({ hasNotText: placed }).last();
  expect(await wasRead(page, (await cancelled.innerText()).trim())).toEqual(['toasts']);
  await expect(region).toHaveText('');

  // refused: the server's reason is read (more than the balance can buy)
  await buy.locator('input[name="price"]').fill(bid.toFixed(2));
  await buy.locator('input[name="number"]').fill('100000');
  await page.getByTestId('buy-submit').click();
  const reason = (await page.locator('.toast--error').last().innerText()).trim();
  expect(reason).not.toBe('');
  await wasRead(page, reason);
  await expect(region).toHaveText('');
});

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

/** The demo user's pop-ups of second contracts on or off (before the page logs in). */
async function microPopUps(page: Page, on: boolean): Promise<void> {
  const t = await token(page.request, DEMO, PASSWORD);
  await verified(page.request, t, DEMO);
  const { prefs } = (await apiGet(page, t, '/api/user/notification_prefs')) as {
    prefs: Record<string, object>;
  };
  await apiPost(page.request, t, '/api/user/notification_prefs_save', {
    prefs: JSON.stringify({ ...prefs, micro: { ...prefs['micro'], toast: on } }),
  });
}

async function apiGet(page: Page, t: string, path: string): Promise<unknown> {
  const r = await page.request.get(path, { headers: { authorization: t } });
  return ((await r.json()) as { message: unknown }).message;
}

/** The countdown's end, in the announcer's words (said when the page's countdown reaches zero
 *  before the settlement arrives; the settlement is the end otherwise). */
const TIME_UP = /: time is up, settling\.$/;
const SETTLED = /BTC\/USDT: (won|lost|draw), stake 10(\.00)? USDT, paid out [\d,.]+ USDT/;

test('a second contract with pop-ups on: placed and settled are read by their toasts, once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await microPopUps(page, true);
  await login(page, DEMO, PASSWORD);
  await page.goto('/secondDealCenter');
  await expect(page.getByTestId('micro-balance')).not.toHaveText('--');
  await expect(announcer(page)).toHaveText('');
  await listen(page);
  await placeMicro(page);

  // the settlement: its notification's toast says it; the announcer does not say it again
  const settled = msg('notice.kind.micro.settled.title');
  expect(await wasRead(page, settled, 45_000)).toEqual(['toasts']);
  await page.waitForTimeout(500);
  const all = await heard(page);
  const said = all.filter((h) => h.region === 'announcer' && h.text !== '').map((h) => h.text);
  expect(said.every((text) => TIME_UP.test(text))).toBe(true);
  expect(said.length).toBeLessThanOrEqual(1);
  // the countdown itself is never read
  expect(all.filter((h) => h.region.includes('micro'))).toEqual([]);
});

test('a second contract with pop-ups off: the announcer reads the settlement', async ({ page }) => {
  test.setTimeout(120_000);
  await microPopUps(page, false);
  try {
    await login(page, DEMO, PASSWORD);
    await page.goto('/secondDealCenter');
    await expect(page.getByTestId('micro-balance')).not.toHaveText('--');
    await listen(page);
    await placeMicro(page);
    expect(await wasRead(page, SETTLED, 45_000)).toEqual(['announcer']);
    await expect(announcer(page)).toHaveText(SETTLED);
    const all = await heard(page);
    expect(all.filter((h) => h.text.includes(msg('notice.kind.micro.settled.title')))).toEqual([]);
  } finally {
    await microPopUps(page, true);
  }
});

test('transfers: the dialog’s and the screen’s results are read once the dialog has closed', async ({
  page,
}) => {
  await login(page, DEMO, PASSWORD);
  await page.goto('/new_account/lever');
  const row = page.getByTestId('asset-table-lever').locator('tr[data-currency="USDT"]');
  await expect(row).toBeVisible();
  await listen(page);
  // contract account → spot account, in the dialog
  await row.getByTestId('transfer-out').click();
  const dialog = page.getByTestId('transfer-dialog');
  await dialog.locator('input[name="amount"]').fill('100');
  await page.getByTestId('transfer-submit').click();
  await expect(dialog).toBeHidden();
  const done = (await page.locator('.toast--success').last().innerText()).trim();
  expect(await wasRead(page, done)).toEqual(['toasts']);

  // and back on the transfer screen
  await page.goto('/new_account/transferLegal');
  await listen(page);
  await page.getByTestId('transfer-coin').selectOption({ label: 'USDT' });
  await page.getByTestId('transfer-from').selectOption('change');
  await page.getByTestId('transfer-to').selectOption('lever');
  await page.locator('[data-testid="transfer-form"] input[name="amount"]').fill('100');
  await page.getByTestId('transfer-submit').click();
  expect(await wasRead(page, done)).toEqual(['toasts']);
});
