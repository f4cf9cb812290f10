// Issue 6 end to end: a new user deposits (voucher upload, operator confirmation), is stopped
// by 998 when withdrawing before identity verification, submits identity documents (a wrong
// type and a too large image are refused with the spec's messages), is approved by the
// operator (the security bar and the gating follow), moves funds change → lever → change and
// sees every screen agree, then withdraws; the operator sends it and the records show it.
import { expect, test, type Page } from './fixtures.ts';
import { login, msg, operator, queued, registerByEmail, uniqueEmail, goInApp } from './helpers.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1a6b20000000049454e44ae426082',
  'hex',
);
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

async function usdtRow(page: Page, path: string, account: string) {
  await page.goto(path);
  const row = page.getByTestId(`asset-table-${account}`).locator('tr[data-currency="USDT"]');
  await expect(row).toBeVisible();
  return row;
}

async function expectUsdt(
  page: Page,
  path: string,
  account: string,
  available: string,
  frozen = '0.00000000',
) {
  const row = await usdtRow(page, path, account);
  await expect(row.getByTestId('available')).toHaveText(available);
  await expect(row.getByTestId('frozen')).toHaveText(frozen);
}

test('deposit, identity, transfers and a withdrawal, with the operator', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('wallet');
  const password = 'wallet123';
  await registerByEmail(page, email, password);
  await login(page, email, password);

  // --- the security bar: e-mail only → 50 %, intermediate
  await goInApp(page, '/account/accountSet');
  await expect(page.getByTestId('security-bar')).toHaveAttribute('data-level', 'intermediate');

  // --- deposit request with a voucher, confirmed by the operator
  await goInApp(page, '/account/recharge');
  await expect(page.getByTestId('deposit-address')).toHaveText(/^0x[0-9a-f]{40}$/);
  const deposit = page.getByTestId('deposit-form');
  await deposit.getByRole('button', { name: msg('wallet.deposit.submit') }).click();
  await expect(deposit.getByText(msg('validation.wallet.amountRequired'))).toBeVisible();
  await deposit.locator('input[name="amount"]').fill('500');
  await deposit.getByRole('button', { name: msg('wallet.deposit.submit') }).click();
  await expect(deposit.getByText(msg('validation.wallet.voucherRequired'))).toBeVisible();
  await expect(deposit.locator('input[name="amount"]')).toHaveValue('500');
  await page
    .getByTestId('deposit-voucher')
    .locator('input[type="file"]')
    .setInputFiles(png('voucher.png'));
  await expect(
    page.getByTestId('deposit-voucher').getByText(msg('wallet.upload.done')),
  ).toBeVisible();
  await deposit.getByRole('button', { name: msg('wallet.deposit.submit') }).click();
  await expect(page.getByText('Successfully submitted', { exact: false }).first()).toBeVisible();
  const depositId = await queued(page.request, 'deposits', email);
  expect((await operator(page.request, 'deposit', { id: depositId, action: 'confirm' })).type).toBe(
    'ok',
  );
  await expectUsdt(page, '/new_account/change', 'change', '500.00000000');

  // --- a withdrawal before identity verification: 998 → verify first
  let row = await usdtRow(page, '/new_account/change', 'change');
  await row.getByTestId('withdraw').click();
  const withdraw = page.getByTestId('withdraw-form');
  await withdraw
    .locator('input[name="address"]')
    .fill('0x1111111111111111111111111111111111111111');
  await withdraw.locator('input[name="amount"]').fill('100');
  await expect(page.getByTestId('withdraw-fee')).toHaveText('0.500000 USDT');
  await expect(page.getByTestId('withdraw-received')).toHaveText('99.500000 USDT');
  await withdraw.getByTestId('withdraw-submit').click();
  await expect(withdraw.getByText(msg('wallet.withdraw.identityFirst'))).toBeVisible();
  await expect(withdraw.locator('input[name="amount"]')).toHaveValue('100');

  // --- identity: wrong type and size refused; three images; operator approves
  await goInApp(page, '/account/authentication');
  const form = page.getByTestId('identity-form');
  await page
    .getByTestId('id-front')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'front.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
  await expect(page.getByTestId('id-front').getByText(msg('validation.image.type'))).toBeVisible();
  await page
    .getByTestId('id-front')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'front.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]),
    });
  await expect(page.getByTestId('id-front').getByText(msg('validation.image.size'))).toBeVisible();
  for (const id of ['id-front', 'id-back', 'id-hand'])
    await page
      .getByTestId(id)
      .locator('input[type="file"]')
      .setInputFiles(png(`${id}.png`));
  for (const id of ['id-front', 'id-back', 'id-hand'])
    await expect(page.getByTestId(id).getByText(msg('wallet.upload.done'))).toBeVisible();
  await form.locator('input[name="name"]').fill('Ada 2');
  await form.locator('input[name="cardId"]').fill('AB1234567');
  await form.locator('button[type="submit"]').click();
  await expect(form.getByText(msg('validation.identity.nameDigits'))).toBeVisible();
  await form.locator('input[name="name"]').fill('Ada Lovelace');
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('identity-review')).toBeVisible();
  const identityId = await queued(page.request, 'identities', email);
  expect(
    (await operator(page.request, 'identity', { id: identityId, action: 'approve' })).type,
  ).toBe('ok');
  await expect(page.getByTestId('identity-approved')).toBeVisible();
  await goInApp(page, '/account/accountSet');
  await expect(page.getByTestId('security-bar')).toHaveAttribute('data-level', 'high');

  // --- change → lever (unified transfer), lever → change (dialog); every screen agrees
  await goInApp(page, '/new_account/transferLegal');
  await page.getByTestId('transfer-coin').selectOption({ label: 'USDT' });
  await page.getByTestId('transfer-from').selectOption('change');
  await page.getByTestId('transfer-to').selectOption('lever');
  await expect(page.getByTestId('transfer-available')).toHaveText('500.00 USDT');
  await page.locator('[data-testid="transfer-form"] input[name="amount"]').fill('600');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByText(msg('validation.wallet.insufficient')).first()).toBeVisible();
  await page.locator('[data-testid="transfer-form"] input[name="amount"]').fill('200');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-available')).toHaveText('300.00 USDT');
  await expectUsdt(page, '/new_account/change', 'change', '300.00000000');
  await goInApp(page, '/new_account/lever');
  await expect(
    page
      .getByTestId('asset-table-lever')
      .locator('tr[data-currency="USDT"] [data-testid="available"]'),
  ).toHaveText('200.00000000');
  await goInApp(page, '/new_account/finance');
  await expect(page.locator('.account-card[data-account="lever"] .account-card__value')).toHaveText(
    '200.00000000 USDT',
  );
  await expect(
    page.locator('.account-card[data-account="change"] .account-card__value'),
  ).toHaveText('300.00000000 USDT');
  row = await usdtRow(page, '/new_account/lever', 'lever');
  await row.getByTestId('transfer-out').click();
  await page.getByTestId('transfer-all').click();
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-dialog')).toBeHidden();
  await expect(row.getByTestId('available')).toHaveText('0.00000000');
  await expectUsdt(page, '/new_account/change', 'change', '500.00000000');

  // --- the withdrawal now goes through; the operator sends it; the records show it
  row = await usdtRow(page, '/new_account/change', 'change');
  await row.getByTestId('withdraw').click();
  await page
    .getByTestId('withdraw-form')
    .locator('input[name="address"]')
    .fill('0x1111111111111111111111111111111111111111');
  await page.getByTestId('withdraw-form').locator('input[name="amount"]').fill('100');
  await page.getByTestId('withdraw-submit').click();
  await expect(row.getByTestId('available')).toHaveText('400.00000000');
  await expect(row.getByTestId('frozen')).toHaveText('100.00000000');
  const withdrawalId = await queued(page.request, 'withdrawals', email);
  expect(
    (await operator(page.request, 'withdrawal', { id: withdrawalId, action: 'approve' })).type,
  ).toBe('ok');
  await expect(row.getByTestId('frozen')).toHaveText('0.00000000');
  await goInApp(page, '/account/coinRecord');
  await page.getByRole('tab', { name: msg('account.coinRecord.withdrawals') }).click();
  const record = page.getByTestId('coin-records').locator('tbody tr').first();
  await expect(record).toContainText('99.5');
  await expect(record).toContainText(msg('account.coinRecord.status.withdraw.1'));
});
