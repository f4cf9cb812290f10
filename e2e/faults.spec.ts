// Issue 10, network faults end to end, against a server of the test's own (so it can be killed):
// the market simulator is off, so the book holds only the orders the test places and a client
// that saw no fault is an exact reference. One page talks to the server through a TCP proxy
// (tcp-proxy.ts: offline emulation does not cut sockets, and Playwright cannot route a worker's
// WebSocket) that cuts its WebSocket, drops, duplicates and delays pushes, and holds replies.
// While degraded the page says so and shows how old each panel's data is; afterwards it
// recovers on its own and its book and trades equal the clean page's, and its orders and
// balance equal the server's.
import Decimal from 'decimal.js';
import {
  expect,
  request as api,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from './fixtures.ts';
import { startServerProcess, type ServerProcess } from '../tests/server-process.ts';
import { apiPost, CURRENCY_ID, fund, token, usdtWallet, verify } from './api.ts';
import { login, msg, operator, registerByEmail, uniqueEmail } from './helpers.ts';
import { E2E_ADMIN_TOKEN } from './operator-token.ts';
import { startTcpProxy, type PushFault } from './tcp-proxy.ts';

const ENV = { SIM_OFF: '1', ADMIN_TOKEN: E2E_ADMIN_TOKEN };
const DEMO = { email: 'demo@bourse.local', password: 'demo1234' };
const BTC = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };
const AMOUNT = '0.001';

/** One side of the book as the page lists it (the canvas fallback): price and text per level. */
async function levels(page: Page, side: 'bids' | 'asks'): Promise<string[]> {
  return page.locator(`[data-testid="book-${side}"] [data-price]`).evaluateAll((els) =>
    // the "(your order)" mark is the logged-in page's own: not part of the book
    els.map((e) => `${e.getAttribute('data-price')} ${e.textContent?.replace(/ \(.*\)$/, '')}`),
  );
}

const bids = (page: Page) => levels(page, 'bids');

/** Waits until `read` gives the same on both pages (each settles on its own time). */
async function same(
  faulty: Page,
  clean: Page,
  read: (page: Page) => Promise<string[]>,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const [a, b] = [await read(faulty), await read(clean)];
        return JSON.stringify(a) === JSON.stringify(b) ? 'same' : { faulty: a, clean: b };
      },
      { timeout: 20_000 },
    )
    .toBe('same');
}

async function trades(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="recent-trades"] li')
    .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-trade-id')} ${e.textContent}`));
}

/** The demo user's orders, placed over REST with a token of the test's own. */
function demo(rest: APIRequestContext) {
  let auth: Record<string, string> = {};
  const call = async (path: string, form: Record<string, string>) => {
    const r = await rest.post(path, { headers: auth, form });
    const body = (await r.json()) as { type: string; message: unknown };
    expect(body.type, `${path}: ${JSON.stringify(body.message)}`).toBe('ok');
    return body.message;
  };
  return {
    login: async () => {
      auth = { authorization: await token(rest, DEMO.email, DEMO.password) };
    },
    bid: (price: number) =>
      call('/api/transaction/in', { ...BTC, mode: '2', price: String(price), num: AMOUNT }),
    ask: (price: number) =>
      call('/api/transaction/out', { ...BTC, mode: '2', price: String(price), num: AMOUNT }),
    /** Cancels the demo's open buy order at `price`. */
    cancelBid: async (price: number) => {
      const list = (await call('/api/transaction_in', { page: '1' })) as {
        list: { id: number; price: string }[];
      };
      const order = list.list.find((o) => new Decimal(o.price).eq(price));
      expect(order, `an open bid at ${price}`).toBeDefined();
      await call('/api/transaction_del', { id: String(order?.id), type: 'in' });
    },
  };
}

/**
 * A first load through the proxy (the bundle, the worker, the pair list, then the panels) on a
 * loaded CI machine: 10 s was not enough twice (the lever panel, then the spot forms).
 */
const FIRST_LOAD = { timeout: 30_000 };

async function openSpot(browser: Browser, baseURL: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto('/dealCenter');
  await expect(page.locator('.spot[data-symbol="BTC/USDT"]')).toBeVisible(FIRST_LOAD);
  return page;
}

/** A deterministic stream of fates (mulberry32), so a failure replays the same faults. */
function faultsFrom(seed: number): (event: string) => PushFault {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => {
    const r = next();
    return r < 0.25 ? 'drop' : r < 0.4 ? 'dup' : r < 0.6 ? 'delay' : 'deliver';
  };
}

test('a cut socket and a killed server: degraded state shown, recovery, same book as a clean client', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  let server: ServerProcess = await startServerProcess(ENV);
  const rest = await api.newContext({ baseURL: server.url });
  const maker = demo(rest);
  const proxy = await startTcpProxy(server.port);
  try {
    await maker.login();
    for (const p of [1000, 1001, 1002]) await maker.bid(p);
    const clean = await openSpot(browser, server.url);
    const faulty = await openSpot(browser, proxy.url);
    for (const page of [clean, faulty])
      await expect(page.locator('[data-testid="book-bids"] [data-price]')).toHaveCount(
        3,
        FIRST_LOAD,
      );
    expect(await bids(faulty)).toEqual(await bids(clean));

    // 1. the socket is cut: the page says it is reconnecting and how old its book is
    expect(proxy.socketsOpened()).toBeGreaterThan(0);
    proxy.cutSockets();
    await expect(faulty.locator('.status-bar--warn')).toHaveText(
      msg('header.connection.reconnecting'),
    );
    await expect(faulty.getByTestId('order-book').getByTestId('data-age')).toBeVisible();
    await maker.bid(1003);
    await expect(clean.locator('[data-testid="book-bids"] [data-price]')).toHaveCount(4);
    await faulty.waitForTimeout(1500);
    expect(await bids(faulty)).toHaveLength(3); // it cannot know yet
    proxy.restore();
    await expect(faulty.locator('.status-bar--warn')).toHaveCount(0, { timeout: 45_000 });
    await expect.poll(() => bids(faulty), { timeout: 20_000 }).toEqual(await bids(clean));
    await expect(faulty.getByTestId('data-age')).toHaveCount(0);

    // 2. the server dies and comes back on the same data: both pages recover by themselves
    await server.kill();
    for (const page of [clean, faulty])
      await expect(page.locator('.status-bar--warn')).toBeVisible({ timeout: 20_000 });
    server = await startServerProcess(ENV, { port: server.port, dataDir: server.dataDir });
    await maker.login();
    await maker.bid(1004);
    for (const page of [clean, faulty]) {
      await expect(page.locator('.status-bar--warn')).toHaveCount(0, { timeout: 45_000 });
      await expect(page.locator('[data-testid="book-bids"] [data-price]')).toHaveCount(5, {
        timeout: 20_000,
      });
    }
    expect(await bids(faulty)).toEqual(await bids(clean));
  } finally {
    await proxy.close();
    await rest.dispose();
    await server.stop();
  }
});

test('pushes dropped, duplicated and reordered: same book and trades as a clean client, orders and balance as the server', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const server = await startServerProcess(ENV);
  const rest = await api.newContext({ baseURL: server.url });
  const maker = demo(rest);
  const proxy = await startTcpProxy(server.port);
  const email = uniqueEmail('faults');
  const password = 'faults123';
  try {
    await maker.login();
    for (const p of [1000, 1001, 1002]) await maker.bid(p);
    for (const p of [1010, 1011, 1012, 1013]) await maker.ask(p);

    const clean = await openSpot(browser, server.url);
    await registerByEmail(clean, email, password);
    const t = await token(rest, email, password);
    await verify(rest, t, email);
    await fund(rest, t, email, '100');
    await clean.goto('/dealCenter');

    const faulty = await (await browser.newContext({ baseURL: proxy.url })).newPage();
    await login(faulty, email, password);
    await faulty.goto('/dealCenter');
    const buy = faulty.getByTestId('buy-form');
    const placeBuy = async (price: string) => {
      await buy.locator('input[name="price"]').fill(price);
      await buy.locator('input[name="number"]').fill(AMOUNT);
      await faulty.getByTestId('buy-submit').click();
      await expect(buy.locator('input[name="price"]')).toHaveValue('');
    };
    await expect(faulty.getByTestId('buy-available')).toContainText('100', FIRST_LOAD);

    // the faulty stretch: a quarter of the pushes lost, some twice, some 0.8 s late
    proxy.setPushFaults(faultsFrom(10), 800);
    await maker.bid(1003);
    await placeBuy('1010'); // fills the demo's ask at 1010: a trade
    await maker.ask(1014);
    await maker.cancelBid(1000);
    await placeBuy('990'); // rests
    await maker.bid(1004);
    await placeBuy('1011'); // a trade
    await maker.ask(1015);
    await faulty.waitForTimeout(1000);
    proxy.setPushFaults(null);
    await faulty.waitForTimeout(1000); // the late ones land, after newer ones

    // a reply later than the page's timeout: 'unknown' until the retry (same client_id)
    // confirms, and one order; then a double click: one order
    proxy.delayNextReply(/^POST \/api\/transaction\/in/, 14_000);
    await buy.locator('input[name="price"]').fill('985');
    await buy.locator('input[name="number"]').fill(AMOUNT);
    await faulty.getByTestId('buy-submit').click();
    await expect(faulty.getByTestId('buy-unknown')).toBeVisible({ timeout: 15_000 });
    await expect(faulty.getByTestId('buy-unknown')).toHaveCount(0, { timeout: 30_000 });
    await expect(buy.locator('input[name="price"]')).toHaveValue('');
    await buy.locator('input[name="price"]').fill('980');
    await buy.locator('input[name="number"]').fill(AMOUNT);
    await faulty.getByTestId('buy-submit').dblclick();
    await expect(buy.locator('input[name="price"]')).toHaveValue('');

    // the streams go on without faults
    await maker.bid(1005);
    await placeBuy('1012'); // a trade

    const fates = proxy.pushFates();
    test.info().annotations.push({ type: 'push fates', description: JSON.stringify(fates) });
    console.log('push fates', JSON.stringify(fates));
    expect(fates.drop).toBeGreaterThan(0);
    expect(fates.dup).toBeGreaterThan(0);
    expect(fates.delay).toBeGreaterThan(0);

    // the clean page has everything (the newest bid, all three trades), then the faulty one
    // must show exactly the same
    await expect.poll(async () => (await bids(clean))[0]).toMatch(/^1005 /);
    await expect.poll(async () => (await trades(clean)).length).toBe(3);
    await same(faulty, clean, bids);
    await same(faulty, clean, (page) => levels(page, 'asks'));
    await same(faulty, clean, trades);

    // the user's side: three resting orders (990, 985, 980), the balance the server holds
    await expect(faulty.getByTestId('open-orders').locator('tbody tr')).toHaveCount(3);
    // the server froze exactly three orders' worth (one order per placement, none twice)
    const sheet = await operator(rest, `user?account=${encodeURIComponent(email)}`);
    const usdt = (sheet.message as { wallets: Record<string, string>[] }).wallets.find(
      (w) => w.currency === 'USDT',
    );
    expect(new Decimal(usdt?.lock_change_balance ?? '0').toFixed()).toBe(
      new Decimal('990').plus('985').plus('980').times(AMOUNT).toFixed(),
    );
    const wallet = await usdtWallet(rest, email);
    expect(new Decimal(wallet?.change_balance ?? '100').lt(100)).toBe(true);
    await expect
      .poll(async () => (await faulty.getByTestId('buy-available').innerText()).replace(/,/g, ''))
      .toContain(new Decimal(wallet?.change_balance ?? '0').toFixed(4));
  } finally {
    await proxy.close();
    await rest.dispose();
    await server.stop();
  }
});

test('a contract order whose reply is late: the form says it is checking, and one position opens', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // the shared server (market simulator on: contracts need a moving price), through a proxy
  const proxy = await startTcpProxy(Number(new URL(String(baseURL)).port));
  const rest = await api.newContext({ baseURL: String(baseURL) });
  const email = uniqueEmail('late');
  const password = 'late-pass-1';
  try {
    const page = await (await browser.newContext({ baseURL: proxy.url })).newPage();
    await registerByEmail(page, email, password);
    const t = await token(rest, email, password);
    await verify(rest, t, email);
    await fund(rest, t, email, '500');
    await apiPost(rest, t, '/api/wallet/change', {
      currency_id: String(CURRENCY_ID.USDT),
      number: '500',
      from_field: 'change',
      to_field: 'lever',
    });
    await login(page, email, password);
    await page.goto('/leverdealCenter');
    const long = page.getByTestId('lever-form-long');
    await expect(long.getByTestId('lever-available')).toContainText('500', FIRST_LOAD);
    await long.locator('input[name="share"]').fill('1');
    await long.locator('[data-multiple="10"]').click();
    await page.getByTestId('lever-submit-long').click();

    proxy.delayNextReply(/^POST \/api\/lever\/submit/, 14_000);
    await page
      .locator('dialog[open][data-testid="confirm-dialog"]')
      .getByTestId('confirm-sure')
      .click();
    await expect(page.getByTestId('lever-unknown-long')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('lever-unknown-long')).toHaveCount(0, { timeout: 30_000 });
    const rows = page.getByTestId('lever-holding-table').locator('tr[data-position-id]');
    await expect(rows).toHaveCount(1);
    // the server holds exactly one position of this user: placed once, never twice
    const sheet = await operator(rest, `user?account=${encodeURIComponent(email)}`);
    expect((sheet.message as { lever: unknown[] }).lever).toHaveLength(1);
  } finally {
    await proxy.close();
    await rest.dispose();
  }
});
