// TP/SL set with a contract order from the ticket (issue 44, ADRs 0058–0060): typed as a P&L
// amount and as an ROE %, each previewed with the price it triggers at and the P&L and ROE
// there; a trailing stop says what it will do; a level on the wrong side says the price it must
// pass and keeps the order from going; the confirmation repeats the levels, and the position
// opens carrying exactly the confirmed prices and the trailing stop, watching the last trade when
// the trader chose it. A new user of its own.
import { expect, test, type Locator } from './fixtures.ts';
import Decimal from 'decimal.js';
import { fund, token, verify } from './api.ts';
import { login, operator, registerByEmail, uniqueEmail } from './helpers.ts';

const PASSWORD = 'entry-stops-1';

/** The trigger price and the P&L an outcome line shows ("Triggers at 68,123.45 · P&L +5.0000 …"). */
async function outcome(line: Locator): Promise<{ price: Decimal; pnl: Decimal; roe: Decimal }> {
  const text = (await line.innerText()).replace(/,/g, '');
  const m = /([\d.]+)\D+?([+-]?[\d.]+)\s+USDT\s+\(([+-]?[\d.]+)\s*%\)/.exec(text);
  expect(m, text).not.toBeNull();
  return {
    price: new Decimal(m?.[1] ?? 'NaN'),
    pnl: new Decimal(m?.[2] ?? 'NaN'),
    roe: new Decimal(m?.[3] ?? 'NaN'),
  };
}

test('TP and SL typed as P&L and as ROE are previewed, refused on the wrong side, confirmed and carried by the position', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('entry-stops');
  await registerByEmail(page, email, PASSWORD);
  const t = await token(request, email, PASSWORD);
  await verify(request, t, email);
  await fund(request, t, email, '1000', 'lever');
  await login(page, email, PASSWORD, '/leverdealCenter');

  const long = page.getByTestId('lever-form-long');
  await expect(long.getByTestId('lever-available')).toContainText('1,000.0000');
  await long.locator('[data-multiple="10"]').click();
  await long.locator('input[name="share"]').fill('2');
  await expect(long.getByTestId('cost-margin')).not.toHaveText('--');
  const stops = long.getByTestId('lever-entry-stops-long');
  await stops.getByTestId('lever-entry-stops-on-long').check();

  // by P&L: +5 USDT and −5 USDT
  await stops.locator('[data-basis="pnl"]').click();
  await stops.locator('input[name="takeProfit"]').fill('5');
  await stops.locator('input[name="stopLoss"]').fill('5');
  const tpLine = stops.getByTestId('entry-tp-outcome');
  const slLine = stops.getByTestId('entry-sl-outcome');
  await expect(tpLine).toContainText('Triggers at');
  const tp5 = await outcome(tpLine);
  const sl5 = await outcome(slLine);
  // towards the trader: at least the profit asked, at most the loss, within one step of 0.01
  expect(tp5.pnl.gte(5) && tp5.pnl.lte(5.0002)).toBe(true);
  expect(sl5.pnl.lte(-4.9998) && sl5.pnl.gte(-5)).toBe(true);
  expect(tp5.price.gt(sl5.price)).toBe(true);

  // a price on the wrong side: the form names the bound and sends nothing
  await stops.locator('[data-basis="price"]').click();
  await stops.locator('input[name="takeProfit"]').fill('1');
  await expect(stops.getByText(/Must be above/)).toBeVisible();
  await page.getByTestId('lever-submit-long').click();
  await expect(page.locator('dialog[open][data-testid="confirm-dialog"]')).toHaveCount(0);

  // by ROE: +20 % and −10 % of the margin, watching the last trade instead of the mark
  await stops.locator('[data-by="last"]').click();
  await expect(stops.locator('[data-by="last"]')).toHaveAttribute('aria-checked', 'true');
  await stops.locator('[data-basis="roe"]').click();
  await expect(stops.locator('input[name="takeProfit"]')).toHaveValue('');
  await stops.locator('input[name="takeProfit"]').fill('20');
  await stops.locator('input[name="stopLoss"]').fill('10');
  await expect(tpLine).toContainText('Triggers at');
  const tp = await outcome(tpLine);
  const sl = await outcome(slLine);
  expect(tp.roe.gte(20) && tp.roe.lt(20.1)).toBe(true);
  expect(sl.roe.lte(-9.9) && sl.roe.gte(-10)).toBe(true);

  // and a trailing stop of 1 %, active from the start
  await stops.locator('input[name="trailRate"]').fill('12');
  await expect(stops.getByText('From 0.1 % to 10 %, in steps of 0.01.')).toBeVisible();
  await stops.locator('input[name="trailRate"]').fill('1');
  await expect(stops.getByTestId('entry-trail-outcome')).toHaveText(
    'Closes 1.00 % below the highest price since it opens.',
  );

  await page.getByTestId('lever-submit-long').click();
  const dialog = page.locator('dialog[open][data-testid="confirm-dialog"]');
  await expect(dialog).toContainText('Trail 1.00 %.');
  // the levels as confirmed (the preview follows the mark; what is confirmed is what is sent)
  const said = /Take profit ([\d,.]+), stop loss ([\d,.]+)\./.exec(await dialog.innerText());
  expect(said).not.toBeNull();
  const [tpText, slText] = [said?.[1] ?? '', said?.[2] ?? ''];
  // within a tick or two of the preview read a moment ago
  const near = (text: string, price: Decimal) =>
    new Decimal(text.replace(/,/g, '')).minus(price).abs().lte(price.times(0.002));
  expect(near(tpText, tp.price) && near(slText, sl.price)).toBe(true);
  await dialog.getByTestId('confirm-sure').click();
  await expect(page.locator('.toast--success').last()).toContainText('Long opened');

  const row = page.getByTestId('lever-holding-table').locator('tr[data-position-id]').first();
  await expect(row.getByTestId('lever-tp')).toHaveText(`${tpText} Last`);
  await expect(row.getByTestId('lever-sl')).toContainText(`${slText} Last`);
  await expect(row.getByTestId('lever-trail')).toHaveText('Trail 1.00 %');
  const sheet = (await operator(request, `user?account=${encodeURIComponent(email)}`)).message as {
    lever: { target_profit_price: string; stop_loss_price: string }[];
  };
  const exact = (text: string) => new Decimal(text.replace(/,/g, ''));
  expect(new Decimal(sheet.lever[0]?.target_profit_price ?? 'NaN').equals(exact(tpText))).toBe(
    true,
  );
  expect(new Decimal(sheet.lever[0]?.stop_loss_price ?? 'NaN').equals(exact(slText))).toBe(true);
  // the levels are cleared for the next order; the switch stays as it was
  await expect(stops.locator('input[name="takeProfit"]')).toHaveValue('');
});
