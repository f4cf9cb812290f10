// Spot conditional orders on the ticket (issue 44): the "Stop" tab places a stop-limit buy far
// above the market, says in words what it will do, reserves its funds (the available balance
// drops by limit × amount), lists it in the orders panel's "Conditional" tab, and a cancel from
// the table gives the reserve back. A trigger left empty is said under its field, with what was
// typed kept; an Edit changes its amount, then its limit (a reached trigger refused on the way),
// the reserve following each. Then on a market the test moves (the development price control, ADR 0053): a
// stop-limit buy fires when the price rises to it and a stop-market sell when it falls to it,
// each fills, the "Done" list says so, and the balances are exactly what the fills say. The
// rules of firing are tested in server/trading/spot-triggers.test.ts. New users of their own.
import { readFileSync } from 'node:fs';
import { Decimal } from '../src/shared/decimal.ts';
import { amount, eosFills as fills, eosTrader, notional, steer } from './steered-market.ts';
import { expect, test } from './fixtures.ts';
import { fund, token, wallet } from './api.ts';
import { login, msg, registerByApi, uniqueEmail } from './helpers.ts';

const PASSWORD = 'stops12345678';

/** "12,345.67" → "12345.67": the English page's grouped figure as a plain decimal. */
const plain = (text: string): string => text.replace(/[^0-9.]/g, '');

test('a stop-limit buy from the ticket reserves its funds, waits, and is cancelled', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('stops');
  await registerByApi(request, email, PASSWORD);
  await fund(request, await token(request, email, PASSWORD), email, '1000');
  await login(page, email, PASSWORD, '/dealCenter');

  await page.getByTestId('mode-stop-limit').click();
  const form = page.getByTestId('buy-stop-form');
  await expect(form).toBeVisible();
  const available = form.locator('.spot-form__avail .num');
  await expect(available).toContainText('1,000.00');

  // nothing typed in the trigger: said under it, the amount kept
  await form.locator('input[name="price"]').fill('100');
  await form.locator('input[name="number"]').fill('0.001');
  await page.getByTestId('buy-stop-submit').click();
  await expect(form.locator('.field__error')).toHaveText(msg('spot.stop.triggerRequired'));
  await expect(form.locator('input[name="number"]')).toHaveValue('0.001');

  // far above the market: a stop buy that waits; limit 200000 × 0.001 = 200 USDT reserved
  const last = plain((await page.getByTestId('last-price').textContent()) ?? '');
  const trigger = String(Math.ceil(Number(last) * 2));
  await form.locator('input[name="trigger"]').fill(trigger);
  await form.locator('input[name="price"]').fill('200000');
  await expect(page.getByTestId('buy-stop-summary')).toContainText('rises to');
  await expect(page.getByTestId('buy-stop-summary')).toContainText('Stop');
  await page.getByTestId('buy-stop-submit').click();
  await expect(available).toContainText('800.00');
  await expect(form.locator('input[name="trigger"]')).toHaveValue('');

  await page.getByTestId('tab-triggers').click();
  const row = page.getByTestId('trigger-table').locator('tr[data-trigger-id]');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-kind', 'stop_limit');
  await expect(row).toContainText('BTC/USDT');
  await expect(row).toContainText('200,000.00');

  // changed in place (ADR 0067): twice the amount holds twice the funds
  const id = await row.getAttribute('data-trigger-id');
  await row.getByTestId('amend-trigger').click();
  const amendDialog = page.locator('dialog[open][data-testid="trigger-amend"]');
  await amendDialog.locator('input[name="amend-number"]').fill('0.002');
  await amendDialog.getByTestId('trigger-amend-save').click();
  await expect(amendDialog).toHaveCount(0);
  await expect(row).toContainText('0.002');
  await expect(row).toHaveAttribute('data-trigger-id', String(id));
  await page.getByTestId('mode-stop-limit').click();
  await expect(available).toContainText('600.00');
  // a trigger the price has already reached is refused; the dialog keeps what was typed
  await row.getByTestId('amend-trigger').click();
  await amendDialog.locator('input[name="amend-trigger"]').fill('1');
  await amendDialog.locator('input[name="amend-price"]').fill('150000');
  await amendDialog.getByTestId('trigger-amend-save').click();
  await expect(page.locator('.toast--error').last()).toContainText('already');
  await expect(amendDialog.getByTestId('trigger-amend-refusal')).toContainText('already reached');
  await expect(amendDialog.locator('input[name="amend-trigger"]')).toHaveValue('1');
  await amendDialog.locator('input[name="amend-trigger"]').fill(trigger);
  await amendDialog.getByTestId('trigger-amend-save').click();
  await expect(amendDialog).toHaveCount(0);
  // 150000 × 0.002 = 300 held
  await expect(available).toContainText('700.00');

  await row.getByTestId('cancel-trigger').click();
  const dialog = page.locator('dialog[open][data-testid="confirm-dialog"]');
  await expect(dialog).toContainText(msg('spot.stop.cancelTitle'));
  await dialog.getByTestId('confirm-sure').click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('trigger-table')).toHaveCount(0);
  await expect(page.getByText(msg('spot.stop.empty'))).toBeVisible();
  await page.getByTestId('mode-stop-limit').click();
  await expect(available).toContainText('1,000.00');
});

test('on a moving market a stop buy and a stop-loss sell fire once and fill, to the exact cent', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { email, token: t } = await eosTrader(page, request, 'stopfire', PASSWORD);

  // a breakout buy: 100 EOS once the price rises to 0.88, at most 0.95 (95 USDT reserved)
  await page.getByTestId('mode-stop-limit').click();
  const buy = page.getByTestId('buy-stop-form');
  await buy.locator('input[name="trigger"]').fill('0.8800');
  await buy.locator('input[name="price"]').fill('0.9500');
  await buy.locator('input[name="number"]').fill('100');
  await expect(page.getByTestId('buy-stop-summary')).toContainText('rises to');
  await page.getByTestId('buy-stop-submit').click();
  await expect(buy.locator('.spot-form__avail .num')).toContainText('905.00');
  await page.getByTestId('tab-triggers').click();
  const table = page.getByTestId('trigger-table');
  await expect(table.locator('tr[data-trigger-id]')).toHaveCount(1);

  // the market rises through the trigger: it fires once and its order fills
  expect((await steer(request, '0.9000')).gte('0.88')).toBe(true);
  await expect(table).toHaveCount(0);
  await page.getByTestId('triggers-done').click();
  const bought = table.locator('tr[data-kind="stop_limit"]');
  await expect(bought).toHaveAttribute('data-state', 'filled');
  await expect(bought).toContainText(msg('spot.stop.state.filled'));
  await expect(bought).toContainText('100.0');
  // one order, filled against as many asks as it met, none above its limit
  let mine = await fills(request, t);
  expect(new Set(mine.map((f) => f.type))).toEqual(new Set(['in']));
  expect(amount(mine, 'in').toFixed()).toBe('100');
  for (const f of mine) expect(new Decimal(f.price).lte('0.95')).toBe(true);
  const cost = notional(mine, 'in');

  // a stop-loss: sell the 100 EOS at market once the price falls to 0.85
  await page.getByTestId('mode-stop-market').click();
  const sell = page.getByTestId('sell-stop-form');
  await expect(sell.locator('.spot-form__avail .num')).toContainText('100.0');
  await sell.locator('input[name="trigger"]').fill('0.8500');
  await sell.locator('input[name="number"]').fill('100');
  await expect(page.getByTestId('sell-stop-summary')).toContainText('falls to');
  await page.getByTestId('sell-stop-submit').click();
  await expect(sell.locator('.spot-form__avail .num')).toContainText('0.0');
  await page.getByTestId('triggers-waiting').click();
  await expect(table.locator('tr[data-kind="stop_market"]')).toHaveCount(1);

  expect((await steer(request, '0.8000')).lte('0.85')).toBe(true);
  await expect(table).toHaveCount(0);
  await page.getByTestId('triggers-done').click();
  const sold = table.locator('tr[data-kind="stop_market"]');
  await expect(sold).toHaveAttribute('data-state', 'filled');
  mine = await fills(request, t);
  expect(amount(mine, 'in').toFixed()).toBe('100');
  expect(amount(mine, 'out').toFixed()).toBe('100');
  const proceeds = notional(mine, 'out');
  for (const f of mine)
    expect(new Decimal(f.in_fee ?? '0').plus(f.out_fee ?? '0').isZero()).toBe(true);

  // the done list as CSV: both, filled, the trigger and amount exact
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-csv').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^bourse-conditional-orders-done-\d{4}-\d\d-\d\d\.csv$/,
  );
  const csv = readFileSync(await download.path(), 'utf8')
    .split('\r\n')
    .filter((l) => l !== '');
  expect(csv).toHaveLength(3);
  expect(csv[1]).toContain('EOS/USDT,Sell,Stop market,0.8500,,100.0,100.0,"Triggered, filled"');
  expect(csv[2]).toContain('EOS/USDT,Buy,Stop limit,0.8800,0.9500,100.0,100.0,"Triggered, filled"');

  // exactly what the fills say: nothing reserved, nothing created or lost
  const usdt = await wallet(request, email, 'USDT');
  const eos = await wallet(request, email, 'EOS');
  expect(new Decimal(usdt?.change_balance ?? '0').toFixed()).toBe(
    new Decimal(1000).minus(cost).plus(proceeds).toFixed(),
  );
  expect(new Decimal(usdt?.lock_change_balance ?? '1').isZero()).toBe(true);
  expect(new Decimal(eos?.change_balance ?? '1').isZero()).toBe(true);
  expect(new Decimal(eos?.lock_change_balance ?? '1').isZero()).toBe(true);
});

test('on a moving market a take-profit buy fires on the dip and a take-profit sell on the rise, to the exact cent', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { email, token: t } = await eosTrader(page, request, 'tpfire', PASSWORD);
  const table = page.getByTestId('trigger-table');

  // buy the dip: 100 EOS at market once the price falls to 0.75 (below the market: a take profit)
  await page.getByTestId('mode-stop-market').click();
  const buy = page.getByTestId('buy-stop-form');
  await buy.locator('input[name="trigger"]').fill('0.7500');
  await buy.locator('input[name="number"]').fill('100');
  await expect(page.getByTestId('buy-stop-summary')).toContainText('falls to');
  await expect(page.getByTestId('buy-stop-summary')).toContainText('Take profit');
  await page.getByTestId('buy-stop-submit').click();
  await page.getByTestId('tab-triggers').click();
  await expect(table.locator('tr[data-kind="tp_market"]')).toHaveCount(1);

  expect((await steer(request, '0.7200')).lte('0.75')).toBe(true);
  await expect(table).toHaveCount(0);
  await page.getByTestId('triggers-done').click();
  await expect(table.locator('tr[data-kind="tp_market"]')).toHaveAttribute('data-state', 'filled');
  let mine = await fills(request, t);
  expect(amount(mine, 'in').toFixed()).toBe('100');
  const cost = notional(mine, 'in');

  // take the profit: sell the 100 EOS once the price rises to 0.85, at 0.84 or better
  await page.getByTestId('mode-stop-limit').click();
  const sell = page.getByTestId('sell-stop-form');
  await expect(sell.locator('.spot-form__avail .num')).toContainText('100.0');
  await sell.locator('input[name="trigger"]').fill('0.8500');
  await sell.locator('input[name="price"]').fill('0.8400');
  await sell.locator('input[name="number"]').fill('100');
  await expect(page.getByTestId('sell-stop-summary')).toContainText('rises to');
  await expect(page.getByTestId('sell-stop-summary')).toContainText('Take profit');
  await page.getByTestId('sell-stop-submit').click();
  await page.getByTestId('triggers-waiting').click();
  await expect(table.locator('tr[data-kind="tp_limit"]')).toHaveCount(1);

  expect((await steer(request, '0.8800')).gte('0.85')).toBe(true);
  await expect(table).toHaveCount(0);
  await page.getByTestId('triggers-done').click();
  await expect(table.locator('tr[data-kind="tp_limit"]')).toHaveAttribute('data-state', 'filled');
  mine = await fills(request, t);
  expect(amount(mine, 'out').toFixed()).toBe('100');
  for (const f of mine.filter((x) => x.type === 'out'))
    expect(new Decimal(f.price).gte('0.84')).toBe(true);
  const proceeds = notional(mine, 'out');

  // exactly what the fills say: nothing reserved, nothing created or lost
  const usdt = await wallet(request, email, 'USDT');
  const eos = await wallet(request, email, 'EOS');
  expect(new Decimal(usdt?.change_balance ?? '0').toFixed()).toBe(
    new Decimal(1000).minus(cost).plus(proceeds).toFixed(),
  );
  expect(new Decimal(usdt?.lock_change_balance ?? '1').isZero()).toBe(true);
  expect(new Decimal(eos?.change_balance ?? '1').isZero()).toBe(true);
  expect(new Decimal(eos?.lock_change_balance ?? '1').isZero()).toBe(true);
});
