import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Decimal } from '../src/shared/decimal.ts';
import { E2E_ADMIN_TOKEN } from './operator-token.ts';

/** The English catalogue, so tests assert the exact messages a user reads. */
export const en = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'locales', 'en.json'), 'utf8'),
) as Record<string, string>;

export function msg(id: string): string {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text;
}

/** A fresh e-mail address per test, so tests never collide with earlier data. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Read the newest verification code the development sender "delivered" to `to`. */
export async function readCode(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const body = (await res.json()) as { type: string; message: { code: string | null }[] };
        code = body.message[0]?.code ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

export function submit(page: Page) {
  return page.locator('form button[type="submit"]');
}

/**
 * Register with the calls the register form makes (the code read from the outbox), without the
 * form: a test about something else starts from a new user in half a second instead of six. The
 * form itself is walked in new-user-walk.spec.ts. Leaves the page where it was.
 */
export async function registerByEmail(page: Page, email: string, password: string): Promise<void> {
  await registerByApi(page.request, email, password);
}

/** registerByEmail's calls, on a request context of its own. */
export async function registerByApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  const sent = await request.post('/api/sms_mail', {
    form: { user_string: email, type: 'register' },
  });
  expect(await sent.json()).toMatchObject({ type: 'ok' });
  const code = await readCode(request, email);
  const opened = await request.post('/api/user/register', {
    form: { type: 'email', user_string: email, code, password, re_password: password },
  });
  expect(await opened.json()).toMatchObject({ type: 'ok' });
}

/**
 * Logs in with the form, which leads to the home page; with `next`, goes on to that screen inside
 * the running app, as a link does (a full load of the app costs the browser about 1.4 s of CPU,
 * measured 2026-11-30: a test that only needs the screen need not pay it twice).
 */
export async function login(
  page: Page,
  account: string,
  password: string,
  next?: string,
): Promise<void> {
  await page.goto('/components/login');
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
  await submit(page).click();
  await expect(page).toHaveURL(/\/$/);
  if (next !== undefined) await goInApp(page, next);
}

/** The operator tool's calls (the reference server's operator API, as `npm run admin` makes them). */
export async function operator(
  request: APIRequestContext,
  path: string,
  form?: Record<string, string>,
): Promise<{ type: string; message: unknown }> {
  const headers = { 'x-admin-token': E2E_ADMIN_TOKEN };
  const res =
    form === undefined
      ? await request.get(`/api/admin/${path}`, { headers })
      : await request.post(`/api/admin/${path}`, { headers, form });
  return (await res.json()) as { type: string; message: unknown };
}

/** The id of the first item of `kind` waiting in the operator's queue for `account`. */
export async function queued(
  request: APIRequestContext,
  kind: 'withdrawals' | 'deposits' | 'identities' | 'acceptor_deals' | 'loans' | 'loan_repayments',
  account: string,
): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const q = (await operator(request, 'queue')).message as Record<
          string,
          { id: number; account: string }[]
        >;
        id = String(q[kind]?.find((x) => x.account === account)?.id ?? '');
        return id;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return id;
}

/** Waits until the live book's bids canvas has painted levels (the paint worker's first scene
 *  with rows: its `data-painted` mark). */
export async function bookPainted(page: Page, timeout = 20_000): Promise<void> {
  await expect(page.locator('[data-testid="book-canvas-bid"][data-painted]')).toBeVisible({
    timeout,
  });
}

/** Confirms the open confirmation dialog (spec §5's "sure") and waits for it to close. */
export async function confirm(page: Page): Promise<void> {
  const open = page.locator('dialog[open][data-testid="confirm-dialog"]');
  await open.getByTestId('confirm-sure').click();
  await expect(open).toHaveCount(0);
}

/** Stops (false) or restarts (true) the market simulator (the development call), so that the
 *  book stays where a test read it. */
export async function holdMarket(page: Page, running: boolean): Promise<void> {
  const r = await page.request.post(`/api/dev/market?running=${running ? 1 : 0}`);
  expect(((await r.json()) as { type: string }).type).toBe('ok');
}

/** The best bid's price, read from the book's fallback list. */
export async function bestBid(page: Page): Promise<Decimal> {
  const first = page.locator('[data-testid="book-bids"] [data-price]').first();
  await expect(first).toBeAttached();
  return new Decimal((await first.getAttribute('data-price')) ?? '0');
}

/** Waits until the service worker is active and controls the page (after one reload). */
export async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** The token the worker keeps in its session database (null: none). */
export const storedToken = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const req = indexedDB.open('bourse-session');
        req.onerror = () => reject(new Error('cannot open bourse-session'));
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('session')) return resolve(null);
          const get = db.transaction('session').objectStore('session').get('token');
          get.onsuccess = () => {
            db.close();
            resolve((get.result as { value?: string } | undefined)?.value ?? null);
          };
        };
      }),
  );

/**
 * Loads `path` in `lang`: the language is stored on the app's origin, then the app loads once (a
 * page still blank loads `path` first, to have the origin). A language change reloads the app, as
 * the header's picker does; the screens of one language are best visited with `goInApp`.
 */
export async function openInLang(page: Page, lang: string, path: string): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto(path);
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.goto(path);
}

/**
 * Goes to `path` inside the running page, as a link does: no reload, so the worker, its socket
 * and the login stay up (a route walk of 48 screens spent most of its time loading the app again
 * for each). The router follows the history entry like the browser's Back and Forward.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  // the new screen is committed (a lazy one is loaded first, the old one shown meanwhile), or a
  // redirect of the route's own (to the login, say) has happened
  await expect
    .poll(() =>
      page.evaluate(() => document.getElementById('main')?.dataset['path'] === location.pathname),
    )
    .toBe(true);
}

/**
 * The screen has drawn its first content and stopped changing: no loading state in the main
 * region, then no change in it for `quietMs` (a live market's ticks, about one a second, leave
 * such gaps), at most `capMs` (a screen that never rests is measured as it is then). It replaced
 * a fixed wait of 250–300 ms after each screen of the route walks.
 */
export async function screenSettled(page: Page, quietMs = 120, capMs = 1000): Promise<void> {
  await expect(page.locator('#main .state--loading')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(
    ([quiet, cap]) =>
      new Promise<void>((done) => {
        const main = document.getElementById('main') ?? document.body;
        let timer = setTimeout(finish, quiet);
        const capTimer = setTimeout(finish, cap);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(finish, quiet);
        });
        observer.observe(main, { subtree: true, childList: true, characterData: true });
        function finish() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(capTimer);
          done();
        }
      }),
    [quietMs, capMs] as const,
  );
}

/**
 * "Report a problem" from the user menu: the log saved where `pathFor` says (given the file name
 * the page suggests); answers that path.
 */
export async function saveReport(page: Page, pathFor: (name: string) => string): Promise<string> {
  await page.getByTestId('user-menu').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('report-problem').click(),
  ]);
  const path = pathFor(download.suggestedFilename());
  await download.saveAs(path);
  return path;
}
