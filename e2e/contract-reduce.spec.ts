// Part of a position closed, and reduce-only orders from the ticket (issue 44, ADR 0061): a long
// of 5 hands is closed 2 hands at a time from its row (the rest stays open, the closed part is
// its own row); the short side's reduce-only switch shows the hands it can close and refuses
// more; at market it closes hands of the long and opens no short; a waiting one rests in the
// open orders marked "Reduce only", and goes, saying so, when the position it would close is
// closed. The free balance ends at exactly the grant minus the fees plus the realized profits.
// A new user of its own.
import { expect, test, type APIRequestContext } from './fixtures.ts';
import Decimal from 'decimal.js';
import { fund, token, verify } from './api.ts';
import { confirm, login, operator, registerByEmail, uniqueEmail } from './helpers.ts';

const PASSWORD = 'reduce-only-1';

interface Sheet {
  wallets: { currency: string; lever_balance: string; lock_lever_balance: string }[];
  lever: {
    id: number;
    type: number;
    status: number;
    share: string;
    trade_fee: string;
    fact_profits: string;
    reduce_only: number;
    split_from: number | null;
  }[];
}

async function sheet(request: APIRequestContext, email: string): Promise<Sheet> {
  const r = await operator(request, `user?account=${encodeURIComponent(email)}`);
  expect(r.type).toBe('ok');
  return r.message as Sheet;
}

test('part of a position closed from its row; reduce-only at market and waiting, from the ticket', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('reduce');
  await registerByEmail(page, email, PASSWORD);
  const t = await token(request, email, PASSWORD);
  await verify(request, t, email);
  await fund(request, t, email, '1000', 'lever');
  await login(page, email, PASSWORD, '/leverdealCenter');

  // a long of 5 hands at market
  const long = page.getByTestId('lever-form-long');
  await expect(long.getByTestId('lever-available')).toContainText('1,000.0000');
  await long.locator('[data-multiple="10"]').click();
  await long.locator('input[name="share"]').fill('5');
  await page.getByTestId('lever-submit-long').click();
  await confirm(page);
  const holding = page.getByTestId('lever-holding-table');
  const row = holding.locator('tr[data-position-id]').first();
  await expect(row).toBeVisible();
  const id = String(await row.getAttribute('data-position-id'));

  // 2 of its 5 hands closed from the row; 0 and 6 are refused in the dialog
  await row.getByTestId('lever-close').click();
  const dialog = page.locator('dialog[open][data-testid="confirm-dialog"]');
  const hands = dialog.getByTestId('lever-close-hands');
  await expect(hands).toHaveValue('5');
  await hands.fill('6');
  await dialog.getByTestId('confirm-sure').click();
  await expect(dialog.getByRole('alert')).toContainText('from 1 to 5');
  await hands.fill('2');
  await expect(dialog.getByTestId('lever-close-body')).toContainText('Close 2 hands of the 5');
  await expect(dialog.getByTestId('confirm-sure')).toHaveText('Close 2 hands');
  await dialog.getByTestId('confirm-sure').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.toast--success').last()).toContainText('the position keeps 3 hands');
  await expect(row.locator('td').nth(1)).toHaveText('3');
  await page.getByTestId('lever-tab-closed').click();
  const part = page.getByTestId('lever-closed-table').locator('tr[data-position-id]').first();
  await expect(part.getByTestId('lever-part-tag')).toHaveText(`Part of #${Number(id) + 10000}`);
  await page.getByTestId('lever-tab-holding').click();

  // the short side, reduce-only: it shows the 3 long hands and refuses 4
  const short = page.getByTestId('lever-form-short');
  await short.getByTestId('lever-reduce-short').check();
  await expect(short.getByTestId('lever-held-short')).toContainText('3 hands held');
  await expect(short.locator('[data-multiple="10"]')).toHaveCount(0);
  await short.locator('input[name="share"]').fill('4');
  await expect(short.getByTestId('lever-reduce-above-short')).toContainText('hold 3 hands');
  await page.getByTestId('lever-submit-short').click();
  await expect(dialog).toHaveCount(0);
  // 2 at market: the long keeps 1 hand, and no short is opened
  await short.locator('input[name="share"]').fill('2');
  await expect(page.getByTestId('lever-submit-short')).toHaveText('Close longs');
  await page.getByTestId('lever-submit-short').click();
  await expect(dialog).toContainText('Close 2 hands of your longs');
  await confirm(page);
  await expect(page.locator('.toast--success').last()).toContainText('2 hands of your longs');
  await expect(row.locator('td').nth(1)).toHaveText('1');
  await expect(holding.locator('tr[data-position-id]')).toHaveCount(1);

  // a waiting reduce-only far above the market: in the open orders, marked
  await page.getByTestId('lever-mode-limit').click();
  await short.getByTestId('lever-reduce-short').check();
  const price = short.locator('input[name="price"]');
  const mark = new Decimal((await price.inputValue()).replace(/,/g, ''));
  await price.fill(mark.times(1.5).toDecimalPlaces(2).toFixed(2));
  await short.locator('input[name="share"]').fill('1');
  await page.getByTestId('lever-submit-short').click();
  await confirm(page);
  await page.getByTestId('lever-tab-entrusts').click();
  const waiting = page.getByTestId('lever-entrusts-table').locator('tr[data-position-id]');
  await expect(waiting).toHaveCount(1);
  await expect(waiting.getByTestId('lever-reduce-tag')).toHaveText('Reduce only');

  // the long closed by its owner: the order has nothing left to close and goes, saying so
  await page.getByTestId('lever-tab-holding').click();
  await row.getByTestId('lever-close').click();
  await confirm(page);
  await expect(holding.locator('tr[data-position-id]')).toHaveCount(0);
  await page.getByTestId('lever-tab-entrusts').click();
  await expect(waiting).toHaveCount(0, { timeout: 15_000 });
  await page.getByTestId('lever-tab-revoked').click();
  const revoked = page.getByTestId('lever-revoked-table').locator('tr[data-position-id]');
  await expect(revoked.getByTestId('lever-reduce-tag')).toHaveText('Reduce only');
  // its owner is told
  await expect
    .poll(async () => {
      const r = await request.get('/api/user/notifications?group=lever', {
        headers: { authorization: t },
      });
      const body = (await r.json()) as { message: { list: { kind: string; params: unknown }[] } };
      return body.message.list.filter((n) => n.kind === 'lever.trimmed').map((n) => n.params);
    })
    .toEqual([expect.objectContaining({ side: 'long', amount: '1', left: '0' })]);

  // money: the grant minus the fees plus what the closed rows realized, nothing frozen
  const s = await sheet(request, email);
  const w = s.wallets.find((x) => x.currency === 'USDT');
  const fees = s.lever.reduce((a, p) => a.plus(p.trade_fee), new Decimal(0));
  const profits = s.lever
    .filter((p) => p.status === 3 && p.reduce_only === 0)
    .reduce((a, p) => a.plus(p.fact_profits), new Decimal(0));
  expect(new Decimal(w?.lock_lever_balance ?? 'NaN').isZero()).toBe(true);
  expect(new Decimal(w?.lever_balance ?? 'NaN').toFixed()).toBe(
    new Decimal(1000).minus(fees).plus(profits).toFixed(),
  );
  // no short was ever opened; the reduce-only orders: one filled, one cancelled
  expect(s.lever.filter((p) => p.type === 2 && p.reduce_only === 0)).toEqual([]);
  expect(
    s.lever
      .filter((p) => p.reduce_only === 1)
      .map((p) => p.status)
      .sort(),
  ).toEqual([3, 4]);
});
