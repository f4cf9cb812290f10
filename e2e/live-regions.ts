// What a screen reader is told: the page records, as it happens, every change of text inside a
// live region and whether a modal dialog was open then (announcements.spec.ts,
// second-contracts.spec.ts).
import { expect, type Page } from './fixtures.ts';

export interface Heard {
  /** The region's test id, or its class. */
  region: string;
  text: string;
  /** A modal dialog was open: the region was inert, nothing was read. */
  modal: boolean;
}

/** Starts recording every change inside a live region of the page (kept in `window.__heard`). */
export async function listen(page: Page): Promise<void> {
  await page.evaluate(() => {
    const live =
      '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    const heard: Heard[] = [];
    (window as unknown as { __heard: Heard[] }).__heard = heard;
    new MutationObserver((records) => {
      const modal = document.querySelector('dialog:modal') !== null;
      const note = (region: Element) =>
        heard.push({
          region: region.getAttribute('data-testid') ?? region.className,
          text: region.textContent ?? '',
          modal,
        });
      for (const r of records) {
        const at = r.target instanceof Element ? r.target : r.target.parentElement;
        const region = at?.closest(live);
        if (region !== null && region !== undefined) {
          note(region);
          continue;
        }
        // a live region inserted with its text (an alert is read so)
        for (const n of r.addedNodes)
          if (n instanceof Element)
            (n.matches(live) ? [n] : [...n.querySelectorAll(live)]).forEach(note);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

export const heard = (page: Page): Promise<Heard[]> =>
  page.evaluate(() => (window as unknown as { __heard: Heard[] }).__heard);

/** Waits until `text` was put in a live region while nothing made it inert; returns where. */
export async function wasRead(
  page: Page,
  text: string | RegExp,
  timeout = 10_000,
): Promise<string[]> {
  const match = (h: Heard) =>
    !h.modal && (typeof text === 'string' ? h.text.includes(text) : text.test(h.text));
  const said = async () => (await heard(page)).map((h) => `${h.region}: ${h.text}`).join(' | ');
  await expect
    .poll(async () => (await heard(page)).some(match), {
      timeout,
      message: `"${String(text)}" read in a live region`,
    })
    .toBe(true)
    .catch(async (err: unknown) => {
      // what was read instead, so a failure tells what the reader heard
      throw new Error(`${String(err)}\nheard: ${await said()}`);
    });
  return [...new Set((await heard(page)).filter(match).map((h) => h.region))];
}

export const announcer = (page: Page) =>
  page.getByRole('status').and(page.getByTestId('announcer'));
