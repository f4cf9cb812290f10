// Bad input on every account form shows the spec's message under the field and keeps what the
// user typed; a server refusal shows the server's message and keeps it too.
import { expect, test, type Page } from './fixtures.ts';
import { login, msg, submit, uniqueEmail, goInApp } from './helpers.ts';

async function alerts(page: Page): Promise<string[]> {
  return page.locator('[role="alert"]').allInnerTexts();
}

test('login: required account, short password, wrong password; input kept', async ({ page }) => {
  await page.goto('/components/login');
  await submit(page).click();
  await expect
    .poll(() => alerts(page))
    .toEqual(
      expect.arrayContaining([
        msg('validation.accountRequired'),
        msg('validation.passwordRequired'),
      ]),
    );

  await page.locator('input[name="account"]').fill('someone@example.com');
  await page.locator('input[name="password"]').fill('abc');
  await submit(page).click();
  await expect.poll(() => alerts(page)).toContain(msg('validation.passwordLength'));
  await expect(page.locator('input[name="account"]')).toHaveValue('someone@example.com');
  await expect(page.locator('input[name="password"]')).toHaveValue('abc');

  await page.locator('input[name="password"]').fill('wrongpass1');
  await submit(page).click();
  await expect(page.getByTestId('form-error')).toBeVisible();
  await expect(page).toHaveURL(/\/components\/login/);
  await expect(page.locator('input[name="account"]')).toHaveValue('someone@example.com');
  await expect(page.locator('input[name="password"]')).toHaveValue('wrongpass1');
});

test('register: format, password rules, confirmation, agreement, code; input kept', async ({
  page,
}) => {
  await page.goto('/components/register?extension_code=NOPE42&email=prefill%40example.com');
  await expect(page.locator('input[name="account"]')).toHaveValue('prefill@example.com');
  await expect(page.locator('input[name="invite"]')).toHaveValue('NOPE42');

  await page.locator('input[name="account"]').fill('not-an-email');
  await page.getByTestId('send-code').click();
  await expect.poll(() => alerts(page)).toContain(msg('validation.emailInvalid'));

  await page.locator('input[name="password"]').fill('abcdefgh');
  await page.locator('input[name="confirm"]').fill('abcdefgx');
  await submit(page).click();
  await expect
    .poll(() => alerts(page))
    .toEqual(
      expect.arrayContaining([
        msg('validation.emailInvalid'),
        msg('validation.codeRequired'),
        msg('validation.passwordChars'),
        msg('validation.passwordMismatch'),
        msg('validation.agreementRequired'),
      ]),
    );
  await expect(page.locator('input[name="account"]')).toHaveValue('not-an-email');
  await expect(page.locator('input[name="password"]')).toHaveValue('abcdefgh');
  await expect(page.locator('input[name="confirm"]')).toHaveValue('abcdefgx');

  // Phone tab: digits only.
  await page.getByTestId('tab-mobile').click();
  await page.locator('input[name="account"]').fill('12ab');
  await page.getByTestId('send-code').click();
  await expect.poll(() => alerts(page)).toContain(msg('validation.phoneInvalid'));

  // A wrong code and an unknown invite code are refused by the server, nothing is lost.
  await page.getByTestId('tab-email').click();
  const email = uniqueEmail('badcode');
  await page.locator('input[name="account"]').fill(email);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toBeDisabled();
  await page.locator('input[name="code"]').fill('000000');
  await page.locator('input[name="password"]').fill('abc12345');
  await page.locator('input[name="confirm"]').fill('abc12345');
  await page.locator('input[name="agreement"]').check();
  await submit(page).click();
  await expect(page.getByTestId('form-error')).toBeVisible();
  await expect(page).toHaveURL(/\/components\/register/);
  await expect(page.locator('input[name="account"]')).toHaveValue(email);
  await expect(page.locator('input[name="code"]')).toHaveValue('000000');
  await expect(page.locator('input[name="invite"]')).toHaveValue('NOPE42');
});

test('forgot password: account format and code; wrong code keeps input', async ({ page }) => {
  await page.goto('/forgetPwd');
  await submit(page).click();
  await expect
    .poll(() => alerts(page))
    .toEqual(
      expect.arrayContaining([msg('validation.accountRequired'), msg('validation.codeRequired')]),
    );
  await page.locator('input[name="account"]').fill('no way');
  await submit(page).click();
  await expect.poll(() => alerts(page)).toContain(msg('validation.accountFormat'));
  await page.locator('input[name="account"]').fill('demo@bourse.local');
  await page.locator('input[name="code"]').fill('123456');
  await submit(page).click();
  await expect(page.getByTestId('form-error')).toBeVisible();
  await expect(page.locator('input[name="account"]')).toHaveValue('demo@bourse.local');
  await expect(page.locator('input[name="code"]')).toHaveValue('123456');
});

test('bind e-mail: needs a login, then e-mail and code rules', async ({ page }) => {
  await page.goto('/bindEmail');
  await expect(page).toHaveURL(/\/components\/login/);
  await login(page, 'demo@bourse.local', 'demo1234', '/bindEmail');
  await submit(page).click();
  await expect
    .poll(() => alerts(page))
    .toEqual(
      expect.arrayContaining([msg('validation.emailRequired'), msg('validation.codeRequired')]),
    );
  await page.locator('input[name="email"]').fill('broken@');
  await submit(page).click();
  await expect.poll(() => alerts(page)).toContain(msg('validation.emailInvalid'));
  await expect(page.locator('input[name="email"]')).toHaveValue('broken@');
});

test('code requests read the same for a known and an unknown account (no enumeration)', async ({
  page,
}) => {
  // register with an address that has an account: "code sent", the countdown runs, and the
  // address's owner is told by a notice without a code
  await page.goto('/components/register');
  await page.locator('input[name="account"]').fill('demo@bourse.local');
  await page.getByTestId('send-code').click();
  await expect(page.locator('.toast--success')).toContainText('Verification code sent.');
  await expect(page.getByTestId('send-code')).toBeDisabled();
  const outbox = await page.request.get('/api/dev/outbox?to=demo%40bourse.local');
  const [notice] = ((await outbox.json()) as { message: { code: string | null; text: string }[] })
    .message;
  expect(notice?.code).toBeNull();
  expect(notice?.text).toContain('which already has one');

  // reset for an address without an account: the same (the first toast gone first: the app
  // keeps running across the in-app visit, and its toast with it)
  await expect(page.locator('.toast--success')).toHaveCount(0);
  await goInApp(page, '/forgetPwd');
  await page.locator('input[name="account"]').fill(uniqueEmail('nobody'));
  await page.getByTestId('send-code').click();
  await expect(page.locator('.toast--success')).toContainText('Verification code sent.');
  await expect(page.getByTestId('send-code')).toBeDisabled();
});
