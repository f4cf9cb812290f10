// The specs' `test`: Playwright's, plus one rule. A browser context a test opens itself
// (`browser.newContext()`, `browser.newPage()`) is closed when the test ends, as the `page`
// fixture's is. Playwright closes those only with the worker's browser, at the end of the run, so
// every such page went on receiving the live market and drawing it for the rest of the run: 21
// pages of finished tests took a quarter of a core in a measured run on this 2-core machine.
import { test as base } from '@playwright/test';

export * from '@playwright/test';

export const test = base.extend<{ closeOwnContexts: void }>({
  // The flight recorder offers a report after a frame over 500 ms (issue 47); on a loaded CI
  // machine any spec may see one, and its card would sit over the corner of the screen it
  // tests. The developer's setting raises the threshold for the specs' own context; the flight
  // recorder's spec removes it.
  context: async ({ context }, use) => {
    await context.addInitScript(() => localStorage.setItem('flight.longFrameMs', '5000'));
    await use(context);
  },
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((c) => !before.has(c));
      await Promise.all(opened.map((c) => c.close({ reason: 'Test ended.' }).catch(() => {})));
    },
    { auto: true },
  ],
});
