// A new user registers (code from the development outbox), logs in, switches to each language
// and to night mode, and logs out.
import { expect, test } from './fixtures.ts';
import { BCP47, LANGS, LANG_NATIVE_NAME } from '../src/shared/locales.ts';
import { login, msg, registerByEmail, uniqueEmail } from './helpers.ts';

test('register, log in, every language, night mode, log out', async ({ page }) => {
  const email = uniqueEmail('journey');
  const password = 'trade2026';
  await registerByEmail(page, email, password);
  await login(page, email, password);

  const menu = page.getByTestId('user-menu');
  await expect(menu).toContainText('***@example.com');
  await menu.click();
  await expect(page.locator('.user-menu__id')).toHaveText(/^\[ID:\d+\]$/);
  await page.keyboard.press('Escape');

  const englishNav = await page.locator('header nav').textContent();
  for (const lang of [...LANGS.filter((l) => l !== 'en'), 'en' as const]) {
    await page.getByTestId('lang-picker').click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('option').getByText(LANG_NATIVE_NAME[lang], { exact: true }).click(),
    ]);
    // the reload restarts the app and its engine: on a loaded machine that takes its time
    await expect(page.locator('html')).toHaveAttribute('lang', BCP47[lang], { timeout: 30_000 });
    // Some names ("Spot") are kept by translators; the navigation as a whole is not.
    const nav = page.locator('header nav');
    if (lang === 'en') await expect(nav).toHaveText(englishNav ?? '');
    else await expect(nav).not.toHaveText(englishNav ?? '');
    expect(
      await page.evaluate(() => [localStorage.getItem('locale'), localStorage.getItem('lang')]),
    ).toEqual([lang, lang]);
    // The session survives the reload that a language change makes.
    await expect(page.getByTestId('user-menu')).toBeVisible();
  }

  const html = page.locator('html');
  const start = await html.getAttribute('data-theme');
  const other = start === 'night' ? 'day' : 'night';
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-theme', other);
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', other);
  if (other !== 'night') {
    await page.getByTestId('theme-toggle').click();
    await expect(html).toHaveAttribute('data-theme', 'night');
  }
  expect(await page.evaluate(() => localStorage.getItem('night_mode'))).toBe('1');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/components\/login/);
  await expect(
    page.locator('header').getByRole('link', { name: msg('header.login') }),
  ).toBeVisible();
  expect(
    await page.evaluate(() => [
      localStorage.getItem('user_id'),
      localStorage.getItem('night_mode'),
    ]),
  ).toEqual([null, '1']);
  // Pages that need a login send a visitor back to the login page.
  await page.goto('/finance');
  await expect(page).toHaveURL(/\/components\/login/);
});
