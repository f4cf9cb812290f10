// Layout on a desktop (issue 41): the chart's periods on one row of the toolbar in every
// language, the rest in a "More" menu; the market list's pairs never cut; the transfer screen's
// selects drawn as the app's controls (a 3:1 outline, ADR 0036), on a desktop and on a phone.
import { devices, expect, test, type Page } from './fixtures.ts';
import { LANGS } from '../src/shared/locales.ts';
import { goInApp, login, openInLang, registerByEmail, uniqueEmail } from './helpers.ts';

const TRADING = ['/dealCenter', '/leverdealCenter', '/secondDealCenter'];

/** The toolbar's rows: its controls' middles, those within 8 px of each other as one row. */
async function toolbarRows(page: Page): Promise<number> {
  const middles = await page
    .locator('.chart__toolbar')
    .first()
    .locator(':scope > *, .chart__periods > *')
    .evaluateAll((els) =>
      els
        .filter((el) => el.getBoundingClientRect().width > 0 && !el.matches('.chart__periods'))
        .map((el) => {
          const r = el.getBoundingClientRect();
          return (r.top + r.bottom) / 2;
        }),
    );
  const sorted = middles.sort((a, b) => a - b);
  return sorted.filter((y, i) => i === 0 || y - (sorted[i - 1] ?? y) > 8).length;
}

test('the chart’s periods stay on one row at 1440 px in every language; the rest are under More', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const wrapped: string[] = [];
  for (const lang of LANGS) {
    // every language on the contracts screen (its chart is the narrowest), two on the others
    const routes = ['en', 'ru'].includes(lang) ? TRADING : ['/leverdealCenter'];
    for (const [i, route] of routes.entries()) {
      if (i === 0) await openInLang(page, lang, route);
      else await goInApp(page, route);
      await expect(page.locator('.chart__period').first()).toBeVisible({ timeout: 30_000 });
      const rows = await toolbarRows(page);
      if (rows !== 1) wrapped.push(`${lang} ${route}: ${rows} rows`);
    }
  }
  expect(wrapped, wrapped.join('\n')).toEqual([]);

  // a period from the menu: chosen, named on the menu's button, focus back on that button
  await openInLang(page, 'en', '/leverdealCenter');
  const more = page.getByTestId('chart-more-periods');
  await more.click();
  await page.locator('.chart__more-list .chart__period[data-period="1week"]').click();
  await expect(more).toHaveText('1W');
  await expect(more).toBeFocused();
  await expect(page.locator('.chart__more')).toHaveClass(/chart__more--active/);
  await more.click();
  await expect(
    page.locator('.chart__more-list .chart__period[data-period="1week"]'),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(more).toBeFocused();
  // a main period again: the menu's button says "More"
  await page.locator('.chart__period[data-period="15min"]').click();
  await expect(more).toHaveText('More');
});

test('the market list shows every pair whole ("DOGE /USDT") and its column names at 1440 and 1920 px', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const cut: string[] = [];
  // English, and Russian, whose column names are the longest
  for (const lang of ['en', 'ru']) {
    await openInLang(page, lang, '/home');
    for (const width of [1440, 1920]) {
      await page.setViewportSize({ width, height: 1000 });
      for (const route of ['/dealCenter', '/leverdealCenter']) {
        await goInApp(page, route);
        await expect(page.locator('.markets__pair').nth(5)).toBeVisible({ timeout: 30_000 });
        const found = await page
          .locator('.markets__pair, .markets__cols .sort-head')
          .evaluateAll((els) =>
            els
              .filter((el) => el.scrollWidth > el.clientWidth)
              .map((el) => `${el.textContent} ${el.scrollWidth} > ${el.clientWidth}`),
          );
        cut.push(...found.map((p) => `${lang} ${width} ${route}: ${p}`));
      }
    }
  }
  expect(cut, cut.join('\n')).toEqual([]);
});

/** The contrast of two CSS colours (WCAG 2's formula), the second one opaque. */
function contrast(a: string, b: string): number {
  const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
  const lum = ([r = 0, g = 0, b = 0]: number[]) => {
    const ch = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
  };
  const [l1, l2] = [lum(rgb(a)), lum(rgb(b))].sort((x, y) => y - x);
  return ((l1 ?? 0) + 0.05) / ((l2 ?? 0) + 0.05);
}

/** Each transfer select's box: its height, its outline's colour and the colour around it. */
async function selectBoxes(page: Page) {
  return page
    .getByTestId('transfer-form')
    .locator('select')
    .evaluateAll((els) =>
      els.map((el) => {
        const box = el.closest('.field__row') ?? el;
        const r = box.getBoundingClientRect();
        let around = box.parentElement;
        while (around !== null && getComputedStyle(around).backgroundColor === 'rgba(0, 0, 0, 0)')
          around = around.parentElement;
        return {
          name: el.getAttribute('data-testid') ?? '',
          height: r.height,
          inView: r.left >= 0 && r.right <= window.innerWidth + 0.5,
          border: getComputedStyle(box).borderTopColor,
          borderWidth: parseFloat(getComputedStyle(box).borderTopWidth),
          around: around === null ? 'rgb(0, 0, 0)' : getComputedStyle(around).backgroundColor,
        };
      }),
    );
}

test('the transfer screen’s selects are outlined controls, 44 px tall on a phone', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('layout');
  const password = 'layout1234';
  for (const [device, theme] of [
    ['desktop', 'day'],
    ['desktop', 'night'],
    ['phone', 'night'],
  ] as const) {
    const { defaultBrowserType: _b, ...phone } = devices['iPhone 14'] ?? {};
    const context = await browser.newContext(
      device === 'phone' ? phone : { viewport: { width: 1440, height: 900 } },
    );
    const page = await context.newPage();
    await page.addInitScript(
      (n) => localStorage.setItem('night_mode', n),
      theme === 'night' ? '1' : '0',
    );
    if (device === 'desktop' && theme === 'day') await registerByEmail(page, email, password);
    await login(page, email, password, '/new_account/transferLegal');
    await expect(page.getByTestId('transfer-from')).toBeVisible();
    const boxes = await selectBoxes(page);
    expect(boxes).toHaveLength(3);
    for (const b of boxes) {
      const where = `${device} ${theme} ${b.name}`;
      expect(b.borderWidth, where).toBeGreaterThanOrEqual(1);
      expect(contrast(b.border, b.around), where).toBeGreaterThanOrEqual(3);
      expect(b.height, where).toBeGreaterThanOrEqual(device === 'phone' ? 44 : 36);
      expect(b.inView, where).toBe(true);
    }
    await context.close();
  }
});
