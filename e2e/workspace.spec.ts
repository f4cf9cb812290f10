// The trading workspace and what a trader reads on it (issue 20): each trading screen fits a
// 1440×900 window with the book, the chart, the form and the orders or positions visible and no
// footer; the header's links fit in every language; prices carry the pair's decimals and the
// reader's separators; the 1-month chart loads; a dropped network is said within 5 seconds.
import { expect, test, type Page } from './fixtures.ts';
import { LANGS } from '../src/shared/locales.ts';
import { bookPainted, goInApp, login, msg, openInLang } from './helpers.ts';

const DEMO = { email: 'demo@bourse.local', password: 'demo1234' };
const WINDOW = { width: 1440, height: 900 };

test.use({ viewport: WINDOW });

/** The panel's box, asserted to lie wholly inside the window. */
async function inWindow(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  if (box === null) return;
  expect(box.y, `${selector} top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${selector} bottom`).toBeLessThanOrEqual(WINDOW.height + 0.5);
  expect(box.x + box.width, `${selector} right`).toBeLessThanOrEqual(WINDOW.width + 0.5);
  expect(box.height, `${selector} height`).toBeGreaterThan(100);
}

test('every header link fits a 1440 px window in every language, logged out and in', async ({
  page,
}) => {
  const fits = async (lang: string) => {
    await openInLang(page, lang, '/');
    const nav = page.locator('.header__nav');
    await expect(nav).toBeVisible();
    const [scroll, client] = await nav.evaluate((n) => [n.scrollWidth, n.clientWidth]);
    expect(scroll, `${lang}: the links need ${scroll} px, the header gives ${client}`).toBe(client);
  };
  for (const lang of LANGS) await fits(lang);
  await login(page, DEMO.email, DEMO.password);
  for (const lang of ['ru', 'spa', 'de']) await fits(lang);
});

test('spot, contracts and second contracts fit one 1440×900 window, without the footer', async ({
  page,
}) => {
  await login(page, DEMO.email, DEMO.password);
  const screens: [string, string[]][] = [
    ['/dealCenter', ['.spot__book', '.spot__chart', '.spot__forms', '.spot__orders']],
    ['/leverdealCenter', ['.spot__book', '.spot__chart', '.lever__forms', '.lever__positions']],
    ['/secondDealCenter', ['.spot__chart', '.micro__panel', '[data-testid="micro-orders"]']],
  ];
  for (const lang of ['en', 'ru']) {
    for (const [i, [route, panels]] of screens.entries()) {
      if (i === 0) await openInLang(page, lang, route);
      else await goInApp(page, route);
      await expect(page.locator('.spot[data-symbol]')).toBeVisible();
      await expect(page.locator('.spot__chart canvas').first()).toBeVisible();
      for (const panel of panels) await inWindow(page, panel);
      // the submit buttons are inside the window too
      const buttons = page.locator(
        '.spot__forms button[type="submit"]:visible, .micro__panel button:visible',
      );
      const last = buttons.last();
      if ((await buttons.count()) > 0) {
        const box = await last.boundingBox();
        expect((box?.y ?? 1e9) + (box?.height ?? 0)).toBeLessThanOrEqual(WINDOW.height);
      }
      await expect(page.locator('footer.footer')).toHaveCount(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    }
  }
  await goInApp(page, '/');
  await expect(page.locator('footer.footer')).toBeVisible();
});

test("prices carry the pair's decimals and the reader's separators; the 1-month chart loads", async ({
  page,
}) => {
  await openInLang(page, 'de', '/dealCenter');
  const price = page.getByTestId('last-price');
  // BTC/USDT has 2 price decimals: "70.484,50", never "70484.5000"
  await expect(price).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}$/, { timeout: 20_000 });
  await expect(page.locator('.markets__row[data-symbol="BTC/USDT"]')).toContainText(
    /\d{1,3}(\.\d{3})+,\d{2}(?!\d)/,
  );
  await openInLang(page, 'en', '/dealCenter');
  for (const route of ['/dealCenter', '/leverdealCenter', '/secondDealCenter']) {
    await goInApp(page, route);
    // a month is in the periods' menu (whose button names it once it is chosen)
    await page.getByTestId('chart-more-periods').click();
    await page.getByRole('button', { name: msg('chart.period.1mon'), exact: true }).click();
    await expect(page.locator('.spot__chart canvas[data-first-draw-ms]').first()).toBeAttached({
      timeout: 15_000,
    });
    await page.waitForTimeout(1000);
    await expect(page.locator('.spot__chart [role="alert"]')).toHaveCount(0);
    // the period is remembered, and the next visit opens on a working chart
    await page.reload();
    await expect(page.locator('.spot__chart canvas').first()).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(page.locator('.spot__chart [role="alert"]')).toHaveCount(0);
  }
});

test('a dropped network is said within 5 seconds, and the page recovers when it is back', async ({
  page,
  context,
}) => {
  await page.goto('/dealCenter');
  await bookPainted(page);
  await expect(page.getByTestId('connection-notice')).toHaveCount(0);
  await context.setOffline(true);
  const dropped = Date.now();
  await expect(page.getByTestId('connection-notice')).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - dropped).toBeLessThanOrEqual(5_000);
  await context.setOffline(false);
  await expect(page.getByTestId('connection-notice')).toHaveCount(0, { timeout: 20_000 });
});

test('account settings values line up, and form labels keep their distance from the input above', async ({
  page,
}) => {
  await login(page, DEMO.email, DEMO.password);
  await openInLang(page, 'ru', '/account/accountSet');
  const values = page.locator('.settings-row__value');
  await expect(values.first()).toBeVisible();
  const lefts = await values.evaluateAll((els) =>
    els.map((e) => Math.round(e.getBoundingClientRect().left)),
  );
  expect(lefts.length).toBeGreaterThan(5);
  expect(new Set(lefts).size, `value columns start at ${lefts.join(', ')}`).toBe(1);
  // a label sits at least 10 px under the input before it (deposit request and loan forms)
  for (const [route, form] of [
    ['/account/recharge', '[data-testid="deposit-form"]'],
    ['/loan', '.loan-form'],
  ] as const) {
    await goInApp(page, route);
    await expect(page.locator(form)).toBeVisible();
    const gaps = await page.locator(form).evaluate((f) => {
      const out: number[] = [];
      const inputs = [...f.querySelectorAll('input:not([type="checkbox"]):not([type="radio"])')];
      for (const label of f.querySelectorAll('label.field__label, legend.field__label')) {
        const top = label.getBoundingClientRect().top;
        const above = inputs
          .map((i) => i.getBoundingClientRect())
          .filter(
            (r) =>
              r.height > 0 && r.bottom <= top + 1 && r.left < label.getBoundingClientRect().right,
          );
        if (above.length === 0) continue;
        out.push(top - Math.max(...above.map((r) => r.bottom)));
      }
      return out;
    });
    expect(gaps.length, route).toBeGreaterThan(1);
    for (const gap of gaps) expect(gap, `${route}: ${gaps.join(', ')}`).toBeGreaterThanOrEqual(10);
  }
});

test('a live book does not re-render the limit order forms (issue 19: page work per frame)', async ({
  page,
}) => {
  await login(page, DEMO.email, DEMO.password);
  await goInApp(page, '/dealCenter');
  await bookPainted(page);
  const counts = await page.evaluate(
    () =>
      new Promise<{ forms: number; book: number }>((resolve) => {
        const count = { forms: 0, book: 0 };
        const forms = new MutationObserver((l) => (count.forms += l.length));
        const book = new MutationObserver((l) => (count.book += l.length));
        const f = document.querySelector('.spot__forms');
        const b = document.querySelector('.spot__book');
        if (f === null || b === null) throw new Error('no panels');
        const all = { subtree: true, childList: true, characterData: true, attributes: true };
        forms.observe(f, all);
        book.observe(b, all);
        // at least 4 s, and until the book has moved (a loaded machine may be slow to): 15 s at most
        const started = Date.now();
        const check = (): void => {
          const elapsed = Date.now() - started;
          if ((elapsed < 4000 || count.book === 0) && elapsed < 15_000) {
            setTimeout(check, 250);
            return;
          }
          forms.disconnect();
          book.disconnect();
          resolve(count);
        };
        setTimeout(check, 250);
      }),
  );
  // the book moved meanwhile, and the forms (limit mode, nothing typed) did not change
  expect(counts.book).toBeGreaterThan(0);
  expect(counts.forms).toBe(0);
});

test('a live market lays out its contained boxes, never the whole spot page (issue 19)', async ({
  page,
  browser,
}) => {
  await login(page, DEMO.email, DEMO.password);
  await goInApp(page, '/dealCenter');
  await bookPainted(page);
  await page.waitForTimeout(1500);
  // the trace is the whole browser's (other tests' pages too): keep this page's frame only
  const cdp = await page.context().newCDPSession(page);
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as {
    frameTree: { frame: { id: string } };
  };
  const frameId = frameTree.frame.id;
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await page.waitForTimeout(4000);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: {
      name: string;
      ph: string;
      args?: {
        beginData?: { frame?: string };
        endData?: { layoutRoots?: { nodeName?: string }[] };
      };
    }[];
  };
  const roots = trace.traceEvents
    .filter((e) => e.name === 'Layout' && e.ph === 'X' && e.args?.beginData?.frame === frameId)
    .flatMap((e) => (e.args?.endData?.layoutRoots ?? []).map((r) => r.nodeName ?? '?'));
  const whole = roots.filter((name) => name === '#document' || name.startsWith('HTML'));
  const live = roots.filter((name) => /book__mid|book__side|spot__live-box/.test(name));
  // the market moved (the spread row, a side or a list was laid out) …
  expect(live.length, roots.join(', ')).toBeGreaterThan(3);
  // … and no diff laid out the document (before the live boxes: every book diff did)
  expect(whole.length, roots.join(', ')).toBeLessThanOrEqual(1);
});
