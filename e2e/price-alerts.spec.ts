// Price alerts (issue 25) on the spot screen: a new user sets an alert just above the current
// price through the dialog and sees it listed; the direction follows the price typed; a
// refusal keeps what was typed and shows the reason (the engine's own check, then the server's
// limit); a removal moves the focus to the next row; Escape closes the dialog and gives the
// focus back to its button; an alert set over the API that the simulated market crosses leaves
// the waiting list, and its `alert.price` notification is in the user's list.
import { expect, test, type Page } from './fixtures.ts';
import { Decimal } from '../src/shared/decimal.ts';
import { login, msg, registerByEmail, uniqueEmail } from './helpers.ts';

const PASSWORD = 'alerts1234';
const BTC = { legal_id: '3', currency_id: '1' };

/** The token the page's engine keeps (a login over the API would end the page's session). */
const pageToken = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const req = indexedDB.open('bourse-session');
        req.onerror = () => reject(new Error('cannot open bourse-session'));
        req.onsuccess = () => {
          const get = req.result.transaction('session').objectStore('session').get('token');
          get.onsuccess = () => resolve((get.result as { value: string }).value);
        };
      }),
  );

interface Alert {
  id: number;
  symbol: string;
  direction: string;
  price: string;
}

async function api(page: Page, token: string, path: string, form?: Record<string, string>) {
  const headers = { authorization: token, lang: 'en' };
  const res =
    form === undefined
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, form });
  return (await res.json()) as { type: string; message: unknown };
}

async function lastPrice(page: Page): Promise<Decimal> {
  const r = await page.request.get('/api/transaction/deal', { params: BTC });
  return new Decimal((await r.json()).message.last_price as string);
}

const fmt2 = (d: Decimal) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(d.toFixed(2)),
  );

test('set, list and remove price alerts; one fires when the market crosses it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('alerts');
  await registerByEmail(page, email, PASSWORD);
  await login(page, email, PASSWORD, '/dealCenter');
  const open = page.getByTestId('price-alert-open');
  await open.click();
  const dialog = page.locator('dialog[open][data-testid="price-alert-dialog"]');
  await expect(dialog).toBeVisible();
  const price = dialog.getByTestId('price-alert-price');
  await expect(price).toBeFocused();
  // prefilled with the last price
  await expect(price).toHaveValue(/^\d+\.\d{2}$/);
  await expect(dialog.getByTestId('price-alert-count')).toHaveText('0 of 20');

  // just above the current price: "rises above" follows from the price typed
  const last = new Decimal(await price.inputValue());
  const above = last.times('1.02').toDecimalPlaces(2);
  await price.fill(above.toFixed(2));
  await expect(dialog.getByTestId('price-alert-above')).toBeChecked();
  await dialog.getByTestId('price-alert-submit').click();
  const rows = dialog.getByTestId('price-alert-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Above ${fmt2(above)}`);
  await expect(dialog.getByTestId('price-alert-status')).toHaveText(
    `Alert set: you will be notified once when BTC/USDT reaches ${fmt2(above)} or more.`,
  );
  await expect(dialog.getByTestId('price-alert-count')).toHaveText('1 of 20');

  // below: the direction turns to "falls below"
  const below = last.times('0.98').toDecimalPlaces(2);
  await price.fill(below.toFixed(2));
  await expect(dialog.getByTestId('price-alert-below')).toBeChecked();
  await dialog.getByTestId('price-alert-submit').click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`Below ${fmt2(below)}`);

  // the engine's refusal: "rises above" a price far below the market; the typed price stays
  await price.fill('1');
  await dialog.locator('label', { hasText: msg('spot.alert.above') }).click();
  await dialog.getByTestId('price-alert-submit').click();
  await expect(dialog.getByText(msg('validation.alert.alreadyAbove'))).toBeVisible();
  await expect(price).toHaveValue('1');
  await expect(rows).toHaveCount(2);

  // remove the newest: the focus moves to the next row's button
  await rows.first().getByTestId('price-alert-remove').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Above ${fmt2(above)}`);
  await expect(rows.first().getByTestId('price-alert-remove')).toBeFocused();
  await expect(dialog.getByTestId('price-alert-status')).toHaveText(
    `Alert removed: BTC/USDT, Below ${fmt2(below)}.`,
  );

  // the server's limit: 19 more over the API, then the dialog's add is refused with its words
  const token = await pageToken(page);
  const far: number[] = [];
  for (let i = 0; i < 19; i += 1) {
    const r = await api(page, token, '/api/user/price_alert_add', {
      symbol: 'BTC/USDT',
      direction: 'above',
      price: String(5_000_000 + i),
    });
    expect(r.type).toBe('ok');
    far.push((r.message as { alert: Alert }).alert.id);
  }
  await price.fill('6000000');
  await dialog.getByTestId('price-alert-submit').click();
  await expect(dialog.getByTestId('price-alert-error')).toHaveText(
    'You already have 20 waiting price alerts, the most allowed. Remove one to set another.',
  );
  await expect(price).toHaveValue('6000000');
  await expect(dialog.getByTestId('price-alert-count')).toHaveText('20 of 20');

  // Escape closes; the focus is back on the button
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
  for (const id of far)
    expect((await api(page, token, '/api/user/price_alert_remove', { id: String(id) })).type).toBe(
      'ok',
    );

  // one tick either side of the last trade: the market's next move crosses one of them
  const set: Alert[] = [];
  await expect
    .poll(
      async () => {
        const now = await lastPrice(page);
        for (const [direction, level] of [
          ['above', now.plus('0.01')],
          ['below', now.minus('0.01')],
        ] as const) {
          if (set.some((a) => a.direction === direction)) continue;
          const r = await api(page, token, '/api/user/price_alert_add', {
            symbol: 'BTC/USDT',
            direction,
            price: level.toFixed(2),
          });
          if (r.type === 'ok') set.push((r.message as { alert: Alert }).alert);
        }
        return set.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  let fired: Alert | undefined;
  await expect
    .poll(
      async () => {
        const list = (await api(page, token, '/api/user/price_alerts')).message as {
          waiting: Alert[];
        };
        fired = set.find((a) => !list.waiting.some((w) => w.id === a.id));
        return fired !== undefined;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
  const notes = (await api(page, token, '/api/user/notifications?group=alert')).message as {
    list: { kind: string; params: Record<string, string> }[];
  };
  const note = notes.list.find((n) => n.params.direction === fired?.direction);
  expect(note).toMatchObject({
    kind: 'alert.price',
    params: {
      symbol: 'BTC/USDT',
      direction: fired?.direction,
      price: new Decimal(fired?.price ?? '0').toFixed(),
    },
  });
  const at = new Decimal(note?.params.last ?? '0');
  const level = new Decimal(fired?.price ?? '0');
  expect(fired?.direction === 'above' ? at.gte(level) : at.lte(level)).toBe(true);

  // the dialog's list no longer shows it
  await open.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(`[data-alert-id="${fired?.id}"]`)).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
});

test('a visitor is asked to log in', async ({ page }) => {
  await page.goto('/dealCenter');
  await page.getByTestId('price-alert-open').click();
  const dialog = page.locator('dialog[open][data-testid="price-alert-dialog"]');
  await expect(dialog.getByTestId('price-alert-login')).toContainText(
    msg('spot.alert.loginPrompt'),
  );
  await dialog.getByRole('button', { name: msg('common.close') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('price-alert-open')).toBeFocused();
});
