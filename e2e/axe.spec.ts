// Readable and operable by everyone (issue 26, ADR 0036): every spec route, logged in as a user
// of its own with an order, a position and funds, scanned with axe-core's WCAG 2.0/2.1 A and AA
// rules in night mode and with its colour rules again in day mode. A serious or critical
// violation fails the test, listed by route, rule and element. Axe judges text contrast (1.4.3)
// but not the contrast of a control's outline against its panel (1.4.11), so a second check
// measures that: every visible text input and select, by the border drawn around it (its own or
// its row's), at 3:1 against the panel behind it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from './fixtures.ts';
import type { AxeResults, RunOptions } from 'axe-core';
import { SPEC_PATHS } from '../tests/spec-route-list.ts';
import { apiPost, CURRENCY_ID, fund, token, verify } from './api.ts';
import { goInApp, login, registerByEmail, screenSettled, uniqueEmail } from './helpers.ts';

/**
 * axe-core itself, put in the page once per load: the walk goes from screen to screen inside the
 * running app, and @axe-core/playwright injected its 0.5 MB again before each scan, which was most
 * of the walk's 7 minutes on CI (a screen's scan: 0.1–1.8 s; the injection: about 1 s more).
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const PASSWORD = 'axe12345678';
const PAIR = { legal_id: String(CURRENCY_ID.USDT), currency_id: String(CURRENCY_ID.BTC) };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const THEMES = ['night', 'day'] as const;
/** The rules whose outcome depends on the colours (text contrast, links told apart by colour). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/** A change's own routes, to scan them alone while working (AXE_ROUTES=/a,/b); else every one. */
const ROUTES = process.env['AXE_ROUTES']?.split(',') ?? SPEC_PATHS;

/**
 * Serious and critical violations, one line per element. The first theme gets every WCAG A and
 * AA rule; the other only the rules a colour can break (a theme changes colours, not names,
 * roles or structure), which halves the walk's time.
 */
async function violations(page: Page, path: string, all: boolean): Promise<string[]> {
  // evaluated, not a script tag: the app's CSP allows no inline script, and needs not to
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: all ? { type: 'tag', values: TAGS } : { type: 'rule', values: COLOUR_RULES },
  };
  const violations = await page.evaluate(async (o) => {
    const { axe } = window as unknown as {
      axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> };
    };
    return (await axe.run(document, o)).violations;
  }, options);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => {
        const why = (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200);
        return `${path} ${v.id} ${n.target.join(' ')}: ${why}`;
      }),
    );
}

/** Text inputs and selects whose drawn outline is below 3:1 against the panel behind it. */
async function faintControls(page: Page, path: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const rgb = (c: string): [number, number, number, number] | null => {
      const m = /rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)/.exec(c);
      return m === null
        ? null
        : [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
    };
    const lum = ([r, g, b]: number[]): number => {
      const l = [r, g, b].map((v) => {
        const s = (v ?? 0) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (l[0] ?? 0) + 0.7152 * (l[1] ?? 0) + 0.0722 * (l[2] ?? 0);
    };
    const ratio = (a: number[], b: number[]): number => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return ((x ?? 0) + 0.05) / ((y ?? 0) + 0.05);
    };
    /** The opaque background behind `el` (its first ancestor with one). */
    const behind = (el: Element | null): number[] => {
      for (let e = el; e !== null; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c !== null && c[3] === 1) return c;
      }
      return [255, 255, 255];
    };
    const out: string[] = [];
    const controls = document.querySelectorAll(
      '#main input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=hidden]):not([type=file]), #main select, #main textarea',
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || control.closest('[aria-hidden=true]')) continue;
      if ((control as HTMLInputElement).disabled) continue;
      // the element drawing the outline: the control, or the row it sits in
      let drawn: Element | null = null;
      for (let e: Element | null = control, i = 0; e !== null && i < 3; e = e.parentElement, i++) {
        const s = getComputedStyle(e);
        if (parseFloat(s.borderBottomWidth) > 0 && s.borderBottomStyle !== 'none') {
          drawn = e;
          break;
        }
      }
      if (drawn === null) continue; // an underline-free field inside a drawn panel: nothing to judge
      const border = rgb(getComputedStyle(drawn).borderBottomColor);
      if (border === null || border[3] < 1) {
        out.push(`${control.outerHTML.slice(0, 80)} outline not opaque`);
        continue;
      }
      const r = ratio(border, behind(drawn.parentElement));
      if (r < 3) out.push(`${control.outerHTML.slice(0, 80)} outline ${r.toFixed(2)}:1`);
    }
    return out;
  });
  return found.map((f) => `${path} ${f}`);
}

test('every spec route, in night and in day mode: no serious or critical axe violation, control outlines at 3:1', async ({
  page,
}) => {
  test.setTimeout(360_000); // 1 min on a quiet machine (7 min on CI when axe was injected before every scan)
  await page.setViewportSize({ width: 1440, height: 900 });
  // no colour transitions: a mode switched in place is measured at once, in its final colours
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // a user of its own (ADR 0039: this walk runs beside the specs that use the demo account), with
  // something in each list: verified with payout details, funds in spot and contracts, a resting
  // spot order and an open contract position
  const email = uniqueEmail('axe');
  await registerByEmail(page, email, PASSWORD);
  const t = await token(page.request, email, PASSWORD);
  await verify(page.request, t, email);
  await apiPost(page.request, t, '/api/user/cash_save', {
    real_name: 'Ax Reader',
    alipay_account: 'ax@alipay.example',
  });
  await fund(page.request, t, email, '1000');
  await apiPost(page.request, t, '/api/wallet/change', {
    currency_id: String(CURRENCY_ID.USDT),
    number: '400',
    from_field: 'change',
    to_field: 'lever',
  });
  await apiPost(page.request, t, '/api/transaction/in', {
    ...PAIR,
    mode: '2',
    price: '1000',
    num: '0.01',
  });
  await apiPost(page.request, t, '/api/lever/submit', {
    ...PAIR,
    type: '1',
    status: '1',
    share: '1',
    multiple: '10',
  });
  await page.addInitScript(() => localStorage.setItem('night_mode', '1'));
  await login(page, email, PASSWORD);
  const found: string[] = [];
  for (const path of ROUTES) {
    // in the running app, as a link goes: the app is not loaded again for each screen
    await goInApp(page, path);
    await screenSettled(page);
    // one visit, both modes: the page restyles in place from \`data-theme\` (ADR 0033), as the
    // header's toggle does (the canvases, which axe does not read, would repaint)
    for (const theme of THEMES) {
      await page.evaluate((t) => (document.documentElement.dataset['theme'] = t), theme);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const all = theme === THEMES[0];
      const seen = [...(await violations(page, path, all)), ...(await faintControls(page, path))];
      found.push(...seen.map((line) => `${theme} ${line}`));
    }
  }
  expect(found, found.join('\n')).toEqual([]);
});
