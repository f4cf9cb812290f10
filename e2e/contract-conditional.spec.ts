// Conditional entry orders on contracts from the ticket (issue 44, ADR 0065), on BCH/USDT, a
// contract pair no other spec trades, whose index (and so its mark) the test moves with the
// development price control. A stop-market long waits, marked, in the open orders; the mark moved
// past its trigger opens it at the mark it reached, not at the trigger. A stop-limit short fires as
// the mark falls to its trigger, waits as a limit order, and opens at its limit price when the mark
// comes back up to it. A third, revoked before its trigger, returns its reserve. The owner is
// told; the free balance ends at exactly the grant minus the margins and fees of what is open.
// A new user of its own.
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import Decimal from 'decimal.js';
import { fund, token, verify } from './api.ts';
import { confirm, login, operator, registerByEmail, uniqueEmail } from './helpers.ts';

const PASSWORD = 'conditional-1';
const BCH = { match: 7, symbol: 'BCH/USDT' };

interface Sheet {
  wallets: { currency: string; lever_balance: string; lock_lever_balance: string }[];
  lever: {
    id: number;
    type: number;
    match_id: number;
    status: number;
    price: string;
    origin_price: string;
    caution_money: string;
    trade_fee: string;
    stop_price: string;
    stop_state: number;
  }[];
}

async function sheet(request: APIRequestContext, email: string): Promise<Sheet> {
  const r = await operator(request, `user?account=${encodeURIComponent(email)}`);
  expect(r.type).toBe('ok');
  return r.message as Sheet;
}

/** Moves BCH/USDT's index, and so its mark, to `price` (POST /api/dev/steer). */
async function steer(request: APIRequestContext, price: string): Promise<void> {
  const r = await request.post(`/api/dev/steer?match=${BCH.match}&price=${price}`);
  const body = (await r.json()) as { type: string; message: unknown };
  expect(body.type, JSON.stringify(body.message)).toBe('ok');
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

test('stop-market and stop-limit contract orders fire on a moved mark, and a revoked one returns its reserve', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('conditional');
  await registerByEmail(page, email, PASSWORD);
  const t = await token(request, email, PASSWORD);
  await verify(request, t, email);
  await fund(request, t, email, '1000', 'lever');
  await steer(request, '450.00');
  await login(page, email, PASSWORD, '/leverdealCenter');
  await page.locator(`.markets__row[data-symbol="${BCH.symbol}"]`).click();
  await expect(page.locator(`.lever[data-symbol="${BCH.symbol}"]`)).toBeVisible();
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
  const before = await sheet(request, email);
  await place(page, 'long', { kind: 'stopMarket', trigger: '600.00', hands: '1' });
  await expect(waiting).toHaveCount(2);
  const far = waiting.filter({ hasText: '600.00' });
  await far.getByTestId('lever-revoke').click();
  await confirm(page);
  await expect(waiting).toHaveCount(1);
  const usdt = (s: Sheet) => s.wallets.find((w) => w.currency === 'USDT');
  expect(usdt(await sheet(request, email))?.lever_balance).toBe(usdt(before)?.lever_balance);

  // the mark moved past the trigger: the long opens at the mark it reached (about 480), not at 470
  await steer(request, '480.00');
  await page.getByTestId('lever-tab-holding').click();
  const holding = page.getByTestId('lever-holding-table').locator('tr[data-position-id]');
  await expect(holding).toHaveCount(1, { timeout: 15_000 });
  const opened = (await sheet(request, email)).lever.find((p) => p.stop_price === '470');
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
  const s = await sheet(request, email);
  const short = s.lever.find((p) => p.type === 2);
  expect(short).toMatchObject({ status: 1, origin_price: '455', stop_state: 2 });

  // money: the grant minus the margins and fees of the two open positions; the revoked one
  // holds nothing
  const open = s.lever.filter((p) => p.status === 1);
  expect(open).toHaveLength(2);
  const margins = open.reduce((a, p) => a.plus(p.caution_money), new Decimal(0));
  const fees = open.reduce((a, p) => a.plus(p.trade_fee), new Decimal(0));
  const w = usdt(s);
  expect(new Decimal(w?.lock_lever_balance ?? 'NaN').toFixed()).toBe(margins.toFixed());
  expect(new Decimal(w?.lever_balance ?? 'NaN').toFixed()).toBe(
    new Decimal(1000).minus(margins).minus(fees).toFixed(),
  );
});
