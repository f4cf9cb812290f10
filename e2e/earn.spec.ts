// Issue 9 end to end: a user locks USDT in a savings product and sees the expected yield, cancels
// it and gets the amount minus the fee; applies for a loan, which the operator approves
// (the principal arrives), repays it with a voucher, which the operator approves; opens the
// pre-sale and sees the chart; the routes the spec names without a screen lead to one.
import { expect, test } from './fixtures.ts';
import Decimal from 'decimal.js';
import { PNG, fund, token, usdtWallet, verify } from './api.ts';
import { login, msg, operator, queued, registerByEmail, uniqueEmail, goInApp } from './helpers.ts';

const PASSWORD = 'saver12345';

test('savings, a loan repaid, the pre-sale and the redirects', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('saver');
  await registerByEmail(page, email, PASSWORD);
  const t = await token(request, email, PASSWORD);
  await verify(request, t, email);
  await fund(request, t, email, '1000');
  await login(page, email, PASSWORD);
  const spot = async () => (await usdtWallet(request, email))?.change_balance;

  // savings: the 7-day USDT product (0.05 % a day, from 100 USDT)
  await goInApp(page, '/lock');
  const card = page
    .getByTestId('lock-products')
    .locator('[data-product-id]')
    .filter({ hasText: 'USDT' })
    .filter({ hasText: '7 days' });
  await card.getByTestId('lock-buy').click();
  const buy = page.getByTestId('lock-buy-dialog');
  const amount = buy.locator('input[name="amount"]');
  await amount.fill('50');
  await buy.getByTestId('lock-buy-submit').click();
  await expect(buy.getByRole('alert')).toHaveText(msg('validation.lock.belowMin'));
  await expect(amount).toHaveValue('50'); // what was typed stays
  await amount.fill('200');
  // spec §9: 200 × 0.05 / 100 × 7
  await expect(buy.getByTestId('lock-expected')).toHaveText('0.70 USDT');
  await expect(buy.getByTestId('lock-available')).toHaveText('1,000.00 USDT');
  await buy.getByTestId('lock-buy-submit').click();
  const order = page.getByTestId('lock-orders').locator('tr[data-order-id]').first();
  await expect(order).toHaveAttribute('data-status', '1');
  expect(await spot()).toBe('800');

  // early cancel: the dialog states the fee (2 % of 200) and what comes back
  await order.getByTestId('lock-cancel').click();
  const ask = page.locator('dialog[open][data-testid="confirm-dialog"]');
  await expect(ask).toContainText('4.00 USDT');
  await expect(ask).toContainText('196.00 USDT');
  await ask.getByTestId('confirm-sure').click();
  await expect(order).toHaveAttribute('data-status', '3');
  expect(await spot()).toBe('996');

  // a loan: 1,000 USDT for 30 days at 0.1 % a day → 1,030 owed
  await goInApp(page, '/loan');
  const form = page.getByTestId('loan-apply');
  await form.getByTestId('loan-apply-submit').click();
  await expect(form.getByText(msg('validation.loan.amountRequired'))).toBeVisible();
  await expect(form.getByText(msg('validation.loan.telRequired'))).toBeVisible();
  await form.locator('input[name="amount"]').fill('1000');
  await form.locator('label').filter({ hasText: '30 days' }).click();
  await expect(form.getByTestId('loan-owed')).toHaveText('1,030.00 USDT');
  await form.locator('input[name="tel"]').fill('+44 20 7946 0958');
  await form.locator('input[name="age"]').fill('34');
  await form.locator('input[name="country"]').fill('United Kingdom');
  await form.locator('input[name="income"]').fill('4200');
  await form.locator('input[name="address"]').fill('1 Market Street, London');
  await form.getByTestId('loan-agreement-open').click();
  await expect(page.getByTestId('loan-agreement')).toContainText(/./);
  await page
    .getByTestId('loan-agreement')
    .getByRole('button', { name: msg('loan.agree.accept') })
    .click();
  await form.getByTestId('loan-apply-submit').click();
  const loan = page.getByTestId('loan-orders').locator('tr[data-loan-id]').first();
  await expect(loan).toHaveAttribute('data-state', '0');

  const loanId = await queued(request, 'loans', email);
  expect((await operator(request, 'loan', { id: loanId, action: 'approve' })).type).toBe('ok');
  expect(await spot()).toBe('1996');
  await page.reload();
  await expect(loan).toHaveAttribute('data-state', '1');

  await loan.getByTestId('loan-repay').click();
  const repay = page.getByTestId('loan-repay-dialog');
  // issue 20: the amount to send is the server's quote at the live price, held for a minute
  const coin = (name: string) => repay.locator('label').filter({ hasText: name }).click();
  const payable = repay.getByTestId('loan-payable');
  await coin('BTC');
  await expect(payable).toHaveText(/^0\.\d{6} BTC$/);
  await expect(repay.getByTestId('loan-quote-left')).toHaveText(/^(1:00|0:[0-5]\d)$/);
  await coin('USDT (TRC20)');
  await expect(payable).toHaveText('1,030.00 USDT');
  await repay.getByTestId('loan-repay-submit').click();
  await expect(repay.getByText(msg('validation.loan.imageRequired'))).toBeVisible();
  await repay
    .getByTestId('loan-voucher')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: PNG });
  await expect(repay.locator('img')).toBeVisible();
  // back to BTC: the amount shown at submission is the amount recorded, digit for digit
  await coin('BTC');
  await expect(payable).toHaveText(/^0\.\d{6} BTC$/);
  const shown = String(await payable.textContent()).replace(' BTC', '');
  await repay.getByTestId('loan-repay-submit').click();
  await expect(loan).toHaveAttribute('data-state', '3');

  const repaymentId = await queued(request, 'loan_repayments', email);
  const queue = (await operator(request, 'queue')).message as {
    loan_repayments: { id: number; coin: string; amount: string }[];
  };
  const filed = queue.loan_repayments.find((r) => String(r.id) === repaymentId);
  expect(filed?.coin).toBe('btc');
  expect(new Decimal(filed?.amount ?? '0').equals(shown)).toBe(true);
  expect(
    (await operator(request, 'loan-repayment', { id: repaymentId, action: 'approve' })).type,
  ).toBe('ok');
  await page.reload();
  await expect(loan).toHaveAttribute('data-state', '4');

  // the pre-sale: the pie of issued versus remaining, from the server
  await goInApp(page, '/upstart');
  const pie = page.getByTestId('presale-pie');
  await expect(pie).toHaveAttribute('data-loaded', '1');
  await expect(pie.locator('path[data-slice]')).toHaveCount(2);
  await expect(page.getByTestId('presale-issued')).toHaveText('1,802,560');
  await expect(page.getByTestId('presale-remaining')).toHaveText('40,000,000');
  // the project's website and white paper (operator settings with defaults, ADR 0025)
  const paper = page.getByTestId('presale-whitepaper');
  await expect(paper).toHaveAttribute('href', '/api/iepn/whitepaper?lang=en');
  await expect(paper).toHaveAttribute('target', '_blank');
  await expect(paper).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByTestId('presale-site')).toHaveAttribute('href', '/');

  // routes the spec names without a screen
  await page.goto('/fiatradCenter');
  await expect(page).toHaveURL(/\/legalTrade$/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account\/accountCenter$/);
});
