// OCO from the spot ticket (issue 44, ADR 0056), on EOS/USDT moved by the test (the development
// price control, ADR 0053). A buy OCO holds the dearer leg's funds once; the market rising
// through its stop fires the stop, which cancels the limit leg. A sell OCO of the coins bought;
// the market rising through its limit leg fills it, which cancels the stop. Each says so in the
// Done list and a notification, and the balances are exactly what the fills say. A new user of
// its own.
import { Decimal } from '../src/shared/decimal.ts';
import { expect, test } from './fixtures.ts';
import { wallet } from './api.ts';
import { msg } from './helpers.ts';
import { amount, eosFills, eosTrader, notional, steer } from './steered-market.ts';

const PASSWORD = 'oco12345678';

test('a buy OCO fires its stop and cancels its limit; a sell OCO fills its limit and cancels its stop, to the exact cent', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { email, token: t } = await eosTrader(page, request, 'oco', PASSWORD);

  // buy 100 EOS at 0.7000 if the price dips there, or at market once it rises to 0.8500:
  // held once, the dearer leg's 0.85 × 1.05 × 100 = 89.25 USDT
  await page.getByTestId('mode-oco').click();
  const buy = page.getByTestId('buy-stop-form');
  await buy.locator('input[name="oco_price"]').fill('0.7000');
  await buy.locator('input[name="trigger"]').fill('0.8500');
  await buy.locator('input[name="number"]').fill('100');
  await expect(page.getByTestId('buy-oco-summary')).toContainText('One cancels the other');
  await page.getByTestId('buy-stop-submit').click();
  await expect(page.locator('.toast--success').last()).toContainText('OCO placed');
  await expect(buy.locator('.spot-form__avail .num')).toContainText('910.75');
  await expect(page.getByTestId('tab-open')).toContainText('(1)');
  await page.getByTestId('tab-triggers').click();
  const table = page.getByTestId('trigger-table');
  const waiting = table.locator('tr[data-kind="stop_market"]');
  await expect(waiting).toHaveCount(1);
  await expect(waiting.getByTestId('trigger-oco')).toContainText('OCO, limit 0.7000');

  // the market rises through the stop: it buys, and the limit leg is cancelled
  expect((await steer(request, '0.9000')).gte('0.85')).toBe(true);
  await expect(table).toHaveCount(0);
  await expect(page.getByTestId('tab-open')).not.toContainText('(1)');
  await page.getByTestId('triggers-done').click();
  await expect(table.locator('tr[data-kind="stop_market"]')).toHaveAttribute(
    'data-state',
    'filled',
  );
  // the bell says the limit leg was cancelled, and why
  const bell = page.getByTestId('notice-bell');
  await bell.click();
  const panel = page.getByTestId('notice-bell-panel');
  await expect(
    panel
      .getByTestId('notice-item')
      .filter({ hasText: msg('notice.kind.spot.ocoCancelled.title') }),
  ).toContainText('the stop at 0.8500 was reached, so limit order');
  await page.keyboard.press('Escape');
  let mine = await eosFills(request, t);
  expect(amount(mine, 'in').toFixed()).toBe('100');
  const cost = notional(mine, 'in');

  // sell the 100 EOS at 0.9500 if it rises there, or stop at 0.8200 (limit 0.8000), once the
  // page's last price has followed the market up (the ticket judges the trigger against it)
  await expect
    .poll(async () =>
      Number((await page.getByTestId('last-price').innerText()).replace(/[^\d.]/g, '')),
    )
    .toBeGreaterThan(0.85);
  const sell = page.getByTestId('sell-stop-form');
  await expect(sell.locator('.spot-form__avail .num')).toContainText('100.0');
  await sell.locator('input[name="oco_price"]').fill('0.9500');
  await sell.locator('input[name="trigger"]').fill('0.8200');
  await sell.locator('input[name="price"]').fill('0.8000');
  await sell.locator('input[name="number"]').fill('100');
  await expect(page.getByTestId('sell-oco-summary')).toContainText('Sells at 0.9500');
  await page.getByTestId('sell-stop-submit').click();
  await expect(page.locator('.toast--success').last()).toContainText(
    'OCO placed: a limit order at 0.9500',
  );
  // one sale's coins, held once
  await expect(sell.locator('.spot-form__avail .num')).toContainText('0.0');

  // the market rises through the limit leg: it fills, and the stop is cancelled
  expect((await steer(request, '0.9600')).gte('0.95')).toBe(true);
  await expect
    .poll(async () => amount(await eosFills(request, t), 'out').toFixed(), { timeout: 20_000 })
    .toBe('100');
  const stopped = table.locator('tr[data-kind="stop_limit"]');
  await expect(stopped).toHaveAttribute('data-state', 'cancelled');
  await expect(stopped).toContainText("Cancelled: its OCO's limit order filled");
  mine = await eosFills(request, t);
  for (const f of mine.filter((x) => x.type === 'out')) expect(f.price).toBe('0.9500');
  const proceeds = notional(mine, 'out');

  // exactly what the fills say: nothing held, nothing created or lost
  const usdt = await wallet(request, email, 'USDT');
  const eos = await wallet(request, email, 'EOS');
  expect(new Decimal(usdt?.change_balance ?? '0').toFixed()).toBe(
    new Decimal(1000).minus(cost).plus(proceeds).toFixed(),
  );
  expect(new Decimal(usdt?.lock_change_balance ?? '1').isZero()).toBe(true);
  expect(new Decimal(eos?.change_balance ?? '1').isZero()).toBe(true);
  expect(new Decimal(eos?.lock_change_balance ?? '1').isZero()).toBe(true);
});
