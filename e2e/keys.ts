// Keyboard steps for the keyboard journeys (issue 26, ADR 0037): move focus with Tab until a
// control has it, and check what a sighted keyboard user relies on — a visible focus ring on
// whatever has focus, and focus back on the opener when a dialog closes.
import { expect, type Locator, type Page } from '@playwright/test';

/** What has focus, in words a failure message can show (tag, test id, name, class). */
export async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (el === null || el === document.body) return 'nothing (the body)';
    const id = el.getAttribute('data-testid');
    const name = el.getAttribute('aria-label') ?? el.getAttribute('name') ?? '';
    const text = (el.textContent ?? '').trim().slice(0, 30);
    return [
      `<${el.tagName.toLowerCase()}>`,
      id === null ? '' : `[data-testid=${id}]`,
      name === '' ? '' : `"${name}"`,
      text === '' ? '' : `text "${text}"`,
      typeof el.className === 'string' && el.className !== '' ? `.${el.className}` : '',
    ]
      .filter((s) => s !== '')
      .join(' ');
  });
}

async function hasFocus(target: Locator): Promise<boolean> {
  if ((await target.count()) !== 1) return false;
  return target.evaluate((el) => el === document.activeElement);
}

/**
 * Presses Tab (Shift+Tab when `back`) until `target` has focus: at most `max` presses, else
 * fails naming the target and where focus ended up.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 120, back = false }: { max?: number; back?: boolean } = {},
): Promise<void> {
  await expect(
    target,
    `${String(target)} should be on the page before tabbing to it`,
  ).toBeVisible();
  for (let i = 0; i <= max; i++) {
    if (await hasFocus(target)) return;
    if (i < max) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `${back ? 'Shift+Tab' : 'Tab'} never reached ${String(target)} in ${max} presses; ` +
      `focus is on ${await focused(page)}`,
  );
}

/** Tabs to `target` and presses `key` on it (Enter by default). */
export async function activate(page: Page, target: Locator, key = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await expectFocusRing(page);
  await page.keyboard.press(key);
}

/**
 * The focused element shows a focus indicator: an outline or a box shadow that is not none, on
 * the element or on the box around it that wears the ring for it (a field's row, two levels up
 * at most).
 */
export async function expectFocusRing(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement;
    if (el === null || el === document.body) return null;
    const rings = (e: Element): boolean => {
      const s = getComputedStyle(e);
      return (
        (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none'
      );
    };
    let worn = false;
    for (let e: Element | null = el, up = 0; e !== null && up <= 2; e = e.parentElement, up++)
      worn ||= rings(e);
    return { worn, visible: el.matches(':focus-visible') };
  });
  const where = await focused(page);
  expect(ring, `something should have focus (${where})`).not.toBeNull();
  expect(ring?.visible, `${where} should match :focus-visible`).toBe(true);
  expect(ring?.worn, `${where} shows no focus ring`).toBe(true);
}

/** Marks the focused element as a dialog's opener (to check focus comes back to it). */
export async function markOpener(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.querySelector('[data-kbd-opener]')?.removeAttribute('data-kbd-opener');
    document.activeElement?.setAttribute('data-kbd-opener', '');
  });
}

/** Focus is back on the element `markOpener` marked. */
export async function expectFocusOnOpener(page: Page): Promise<void> {
  await expect(page.locator('[data-kbd-opener]')).toBeFocused();
}

/** Focus is somewhere inside `selector` (a list whose focused row went away keeps it). */
export async function expectFocusWithin(page: Page, selector: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          (sel) => document.querySelector(sel)?.contains(document.activeElement) ?? false,
          selector,
        ),
      { message: `focus should stay inside ${selector}` },
    )
    .toBe(true);
}
