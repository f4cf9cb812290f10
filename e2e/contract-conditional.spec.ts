// Conditional entry orders on contracts from the ticket (issue 44, ADR 0065), on BCH/USDT, a
// contract pair no other spec trades, whose index (and so its mark) the test moves with the
// development price control. A stop-market long waits, marked, in the open orders; the mark moved
// past its trigger opens it at the mark it reached, not at the trigger. A stop-limit short fires as
// the mark falls to its trigger, waits as a limit order, and opens at its limit price when the mark
// comes back up to it. A take-profit long opens on the dip. Another, revoked before its trigger,
// returns its reserve. The owner is told; the free balance ends at exactly the grant minus the
// margins and fees of what is open.
// A new user of its own.
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures.ts';
import Decimal from 'decimal.js';
import { readFileSync } from 'node:fs';
import { BCH, steerBch as steer } from './steered-market.ts';
import { fund, token, verify } from './api.ts';
import { readCsv } from './csv-read.ts';
import { confirm, login, operator, registerByEmail, uniqueEmail } from './helpers.ts';

const PASSWORD = 'conditional-1';

interface Sheet {
  wallets: { currency: string; lever_balance: string; lock_lever_balance: string }[];
  lever: {
    id: number;
    type: number;
    match_id: number;
    status: number;
    share: string;
    price: string;
    origin_price: string;
    caution_money: string;
    trade_fee: string;
    stop_price: string;
    stop_state: number;
  }[];
}

async function sheet_(request: APIRequestContext, email: string): Promise<Sheet> {
  const r = await operator(request, `user?account=${encodeURIComponent(email)}`);
  expect(r.type).toBe('ok');
  return r.message as Sheet;
}

/** A new verified user with 1000 USDT in contracts, on BCH/USDT moved to 450.00. */
async function bchTrader(
  page: Page,
  request: APIRequestContext,
  prefix: string,
): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(prefix);
  await registerByEmail(page, email, PASSWORD);
  const t = await token(request, email, PASSWORD);
  await verify(request, t, email);
  await fund(request, t, email, '1000', 'lever');
  await steer(request, '450.00');
  await login(page, email, PASSWORD, '/leverdealCenter');
  await page.locator(`.markets__row[data-symbol="${BCH.symbol}"]`).click();
  await expect(page.locator(`.lever[data-symbol="${BCH.symbol}"]`)).toBeVisible();
  return { email, token: t };
}

/** A conditional order from one side of the ticket. */
async function place(
  page: Page,
  side: 'long' | 'short',
  o: { kind: 'stopMarket' | 'stopLimit'; trigger: string; price?: string; hands: string },
): Promise<void> {
  await page.getByTestId(`lever-mode-${o.kind}`).click();
  const form = page.getByTestId(`lever-form-${side}`);
  await form.locator('input[name="trigger"]').fill(o.trigger);
  if (o.price !== undefined) await form.locator('input[name="price"]').fill(o.price);
  await form.locator('[data-multiple="10"]').click();
  await form.locator('input[name="share"]').fill(o.hands);
  await expect(form.getByTestId(`lever-trigger-outcome-${side}`)).toContainText(o.trigger);
  await page.getByTestId(`lever-submit-${side}`).click();
  await confirm(page);
}

test('stop-market, stop-limit and take-profit contract orders fire on a moved mark, and a revoked one returns its reserve', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { email, token: t } = await bchTrader(page, request, 'conditional');
  const long = page.getByTestId('lever-form-long');
  await expect(long.getByTestId('lever-available')).toContainText('1,000.0000');

  // the kind follows from the trigger: a long triggered below the price is a take-profit
  await page.getByTestId('lever-mode-stopMarket').click();
  await long.locator('input[name="trigger"]').fill('1');
  await expect(long.getByTestId('lever-trigger-outcome-long')).toContainText('Take-profit');
  await long.locator('input[name="trigger"]').fill('');

  // a stop-market long: opens when the mark rises to 470
  await place(page, 'long', { kind: 'stopMarket', trigger: '470.00', hands: '2' });
  await page.getByTestId('lever-tab-entrusts').click();
  const waiting = page.getByTestId('lever-entrusts-table').locator('tr[data-position-id]');
  await expect(waiting).toHaveCount(1);
  await expect(waiting.getByTestId('lever-trigger-tag')).toHaveText('Stop market ≥ 470.00 (mark)');
  // a second one far above, revoked: its reserve comes back whole
  const before = await sheet_(request, email);
  await place(page, 'long', { kind: 'stopMarket', trigger: '600.00', hands: '1' });
  await expect(waiting).toHaveCount(2);
  const far = waiting.filter({ hasText: '600.00' });
  await far.getByTestId('lever-revoke').click();
  await confirm(page);
  await expect(waiting).toHaveCount(1);
  const usdt = (s: Sheet) => s.wallets.find((w) => w.currency === 'USDT');
  expect(usdt(await sheet_(request, email))?.lever_balance).toBe(usdt(before)?.lever_balance);

  // the mark moved past the trigger: the long opens at the mark it reached (about 480), not at 470
  await steer(request, '480.00');
  await page.getByTestId('lever-tab-holding').click();
  const holding = page.getByTestId('lever-holding-table').locator('tr[data-position-id]');
  await expect(holding).toHaveCount(1, { timeout: 15_000 });
  const opened = (await sheet_(request, email)).lever.find((p) => p.stop_price === '470');
  expect(opened?.status).toBe(1);
  expect(new Decimal(opened?.origin_price ?? '0').greaterThan('475')).toBe(true);
  // its owner is told
  await expect
    .poll(async () => {
      const r = await request.get('/api/user/notifications?group=lever', {
        headers: { authorization: t },
      });
      const body = (await r.json()) as { message: { list: { kind: string; params: unknown }[] } };
      return body.message.list.filter((n) => n.kind === 'lever.triggered').map((n) => n.params);
    })
    .toEqual([expect.objectContaining({ kind: 'stop', order: 'market', trigger: '470' })]);

  // a stop-limit short: fires as the mark falls to 460, then waits as a limit short at 455
  await place(page, 'short', { kind: 'stopLimit', trigger: '460.00', price: '455.00', hands: '2' });
  await steer(request, '450.00');
  await page.getByTestId('lever-tab-entrusts').click();
  await expect(waiting.getByTestId('lever-trigger-tag')).toHaveText(
    'Stop limit triggered at 460.00',
    { timeout: 15_000 },
  );
  // the mark back up to 455: it opens at its limit price
  await steer(request, '457.00');
  await expect(waiting).toHaveCount(0, { timeout: 15_000 });
  const short = (await sheet_(request, email)).lever.find((p) => p.type === 2);
  expect(short).toMatchObject({ status: 1, origin_price: '455', stop_state: 2 });

  // a take-profit market long, the kinds' other half: a long triggered below the price buys the
  // dip, at the mark it reaches
  await place(page, 'long', { kind: 'stopMarket', trigger: '440.00', hands: '1' });
  await page.getByTestId('lever-tab-entrusts').click();
  await expect(waiting.getByTestId('lever-trigger-tag')).toHaveText('TP market ≤ 440.00 (mark)');
  await steer(request, '436.00');
  await expect(waiting).toHaveCount(0, { timeout: 15_000 });
  const s = await sheet_(request, email);
  const dip = s.lever.find((p) => p.stop_price === '440');
  expect(dip?.status).toBe(1);
  expect(new Decimal(dip?.origin_price ?? '0').lessThan('439')).toBe(true);

  // money: the grant minus the margins and fees of the three open positions; the revoked one
  // holds nothing
  const open = s.lever.filter((p) => p.status === 1);
  expect(open).toHaveLength(3);
  const margins = open.reduce((a, p) => a.plus(p.caution_money), new Decimal(0));
  const fees = open.reduce((a, p) => a.plus(p.trade_fee), new Decimal(0));
  const w = usdt(s);
  expect(new Decimal(w?.lock_lever_balance ?? 'NaN').toFixed()).toBe(margins.toFixed());
  expect(new Decimal(w?.lever_balance ?? 'NaN').toFixed()).toBe(
    new Decimal(1000).minus(margins).minus(fees).toFixed(),
  );
});

/** A contract template in the hotkey settings: its key pressed on its button, then its fields. */
async function template(
  settings: Locator,
  i: number,
  key: string,
  o: { side: string; order: string; ticks?: string; limitTicks?: string; hands: string },
): Promise<void> {
  await settings.getByTestId('lever-template-add').click();
  const row = settings.locator(`[data-lever-template="${i}"]`);
  await row.locator('.hotkeys__key').click();
  await row.page().keyboard.press(key);
  await row.locator('[data-field="side"]').selectOption(o.side);
  await row.locator('[data-field="order"]').selectOption(o.order);
  if (o.ticks !== undefined) await row.locator('[data-field="ticks"]').fill(o.ticks);
  if (o.limitTicks !== undefined) await row.locator('[data-field="limitTicks"]').fill(o.limitTicks);
  await row.locator('[data-field="hands"]').fill(o.hands);
  await row.locator('[data-field="multiple"]').fill('10');
}

test('contract templates place a market, a limit, a stop-market and a stop-limit order from their keys', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { email } = await bchTrader(page, request, 'conditional-hk');
  await expect(page.getByTestId('lever-form-long').getByTestId('lever-available')).toContainText(
    '1,000.0000',
  );

  await page.keyboard.press('?');
  const sheet = page.locator('dialog[open][data-testid="hotkey-sheet"]');
  await sheet.getByTestId('hotkey-settings-open').click();
  const settings = page.locator('dialog[open][data-testid="hotkey-settings"]');
  await settings.getByTestId('hotkeys-enabled').check();
  // a long at market; a short limit 10.00 above the mark; a long stop-market 20.00 above it; a
  // short stop-limit triggered 20.00 below it, its limit 1.00 under the trigger
  await template(settings, 0, 'Alt+5', { side: 'long', order: 'market', hands: '0' });
  await template(settings, 1, 'Alt+6', {
    side: 'short',
    order: 'limit',
    ticks: '1000',
    hands: '1',
  });
  await template(settings, 2, 'Alt+7', {
    side: 'long',
    order: 'stop-market',
    ticks: '2000',
    hands: '1',
  });
  await template(settings, 3, 'Alt+8', {
    side: 'short',
    order: 'stop-limit',
    ticks: '-2000',
    limitTicks: '-100',
    hands: '1',
  });
  // no hands is refused, and nothing is kept until it is mended
  await settings.getByTestId('hotkeys-save').click();
  await expect(settings.getByRole('alert')).toContainText('Contract template 1');
  await settings.locator('[data-lever-template="0"] [data-field="hands"]').fill('1');
  await settings.getByTestId('hotkeys-save').click();
  await expect(settings).toHaveCount(0);
  await expect(sheet).toContainText('Long 1 hand at 10×: at market');
  await expect(sheet).toContainText(
    'Short 1 hand at 10×: stop limit, trigger at the mark −2000 ticks, limit −100 ticks from it',
  );
  await sheet.getByRole('button', { name: 'Close' }).click();

  const confirmDialog = page.locator('dialog[open][data-testid="hotkey-confirm"]');
  const press = async (key: string, says: string) => {
    await page.keyboard.press(key);
    await expect(confirmDialog).toContainText(says);
    await confirmDialog.getByTestId('confirm-sure').click();
    await expect(confirmDialog).toHaveCount(0);
  };
  await press('Alt+5', 'at the mark price now');
  await press('Alt+6', 'a limit order at');
  await press('Alt+7', 'a stop opening at the mark price when the mark reaches');
  await press('Alt+8', 'a stop placing a limit order at');
  await page.getByTestId('lever-tab-entrusts').click();
  const waiting = page.getByTestId('lever-entrusts-table').locator('tr[data-position-id]');
  await expect(waiting).toHaveCount(3);
  await expect(waiting.getByTestId('lever-trigger-tag')).toHaveCount(2);

  // the mark up to 480: the short limit (about 460) and the long stop (about 470) open
  await steer(request, '480.00');
  await expect(waiting).toHaveCount(1, { timeout: 15_000 });
  // down to 425: the short stop-limit fires (about 430) and waits as a limit order (about 429)
  await steer(request, '425.00');
  await expect(waiting.getByTestId('lever-trigger-tag')).toContainText('triggered', {
    timeout: 15_000,
  });
  // back up to 440: it opens at its limit price
  await steer(request, '440.00');
  await expect(waiting).toHaveCount(0, { timeout: 15_000 });

  const s = await sheet_(request, email);
  const open = s.lever.filter((p) => p.status === 1);
  expect(open.map((p) => p.type).sort()).toEqual([1, 1, 2, 2]);
  const margins = open.reduce((a, p) => a.plus(p.caution_money), new Decimal(0));
  const fees = open.reduce((a, p) => a.plus(p.trade_fee), new Decimal(0));
  const w = s.wallets.find((x) => x.currency === 'USDT');
  expect(new Decimal(w?.lock_lever_balance ?? 'NaN').toFixed()).toBe(margins.toFixed());
  expect(new Decimal(w?.lever_balance ?? 'NaN').toFixed()).toBe(
    new Decimal(1000).minus(margins).minus(fees).toFixed(),
  );
});

test('a contract limit order and a stop-market are changed from the table, and the orders exported as CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { email } = await bchTrader(page, request, 'conditional-amend');
  const long = page.getByTestId('lever-form-long');
  await expect(long.getByTestId('lever-available')).toContainText('1,000.0000');
  const usdt = (s: Sheet) => s.wallets.find((w) => w.currency === 'USDT');
  /** The free balance is the grant less what the waiting orders hold, to the last digit. */
  const balanced = async (): Promise<Sheet> => {
    const s = await sheet_(request, email);
    const live = s.lever.filter((p) => p.status === 0 || p.status === 1);
    const held = live.reduce((a, p) => a.plus(p.caution_money).plus(p.trade_fee), new Decimal(0));
    const margins = live.reduce((a, p) => a.plus(p.caution_money), new Decimal(0));
    const w = usdt(s);
    expect(new Decimal(w?.lever_balance ?? 'NaN').toFixed()).toBe(
      new Decimal(1000).minus(held).toFixed(),
    );
    expect(new Decimal(w?.lock_lever_balance ?? 'NaN').toFixed()).toBe(margins.toFixed());
    return s;
  };

  // a limit long at 440.00, 2 hands
  await page.getByTestId('lever-mode-limit').click();
  await long.locator('input[name="price"]').fill('440.00');
  await long.locator('[data-multiple="10"]').click();
  await long.locator('input[name="share"]').fill('2');
  await page.getByTestId('lever-submit-long').click();
  await confirm(page);
  await page.getByTestId('lever-tab-entrusts').click();
  const waiting = page.getByTestId('lever-entrusts-table').locator('tr[data-position-id]');
  await expect(waiting).toHaveCount(1);
  const before = (await balanced()).lever[0];

  // changed in place: 4 hands at 435.00; the dialog shows the reserve growing before it is sent
  await waiting.getByTestId('lever-amend').click();
  const dialog = page.locator('dialog[open][data-testid="lever-amend"]');
  await dialog.locator('input[name="amend-share"]').fill('4');
  await dialog.locator('input[name="amend-price"]').fill('435.00');
  await expect(dialog.getByTestId('lever-amend-held')).toContainText('more from your balance');
  await dialog.getByTestId('lever-amend-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(waiting).toContainText('435.00');
  let s = await balanced();
  expect(s.lever[0]).toMatchObject({ id: before?.id, share: '4', origin_price: '435' });

  // a stop-market long at 470.00: a trigger the mark has passed is refused in the dialog, with
  // what was typed kept; then 475.00
  await place(page, 'long', { kind: 'stopMarket', trigger: '470.00', hands: '1' });
  await page.getByTestId('lever-tab-entrusts').click();
  await expect(waiting).toHaveCount(2);
  const stop = waiting.filter({ has: page.getByTestId('lever-trigger-tag') });
  await stop.getByTestId('lever-amend').click();
  await expect(dialog.locator('input[name="amend-price"]')).toHaveCount(0);
  await dialog.locator('input[name="amend-trigger"]').fill('449.00');
  await dialog.getByTestId('lever-amend-save').click();
  await expect(dialog.getByTestId('lever-amend-refusal')).toContainText(
    /already at 4\d\d\.\d\d USDT/,
  );
  await expect(dialog.locator('input[name="amend-trigger"]')).toHaveValue('449.00');
  await dialog.locator('input[name="amend-trigger"]').fill('475.00');
  await dialog.getByTestId('lever-amend-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(stop.getByTestId('lever-trigger-tag')).toHaveText('Stop market ≥ 475.00 (mark)');
  s = await balanced();
  expect(s.lever.find((p) => p.stop_state === 1)?.stop_price).toBe('475');

  // the open orders as CSV: both, with what each is
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('lever-positions').getByTestId('export-csv').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^bourse-contract-orders-\d{4}-\d\d-\d\d\.csv$/);
  const rows = readCsv(
    readFileSync(await download.path())
      .subarray(3)
      .toString('utf8'),
    ',',
  );
  expect(rows[0]?.slice(1, 6)).toEqual(['Pair', 'Side', 'Order', 'Hands', 'Multiple']);
  expect(rows.slice(1).map((r) => r.slice(1, 7))).toEqual([
    ['BCH/USDT', 'Long', 'Stop market ≥ 475.00 (mark)', '1', '10', '475.00'],
    ['BCH/USDT', 'Long', '', '4', '10', '435.00'],
  ]);

  // the mark down to 434: the amended limit opens at its new price, with its new hands
  await steer(request, '434.00');
  await page.getByTestId('lever-tab-holding').click();
  const holding = page.getByTestId('lever-holding-table').locator('tr[data-position-id]');
  await expect(holding).toHaveCount(1, { timeout: 15_000 });
  s = await balanced();
  expect(s.lever.find((p) => p.status === 1)).toMatchObject({ share: '4', origin_price: '435' });
});
