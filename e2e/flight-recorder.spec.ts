// The flight recorder (issue 47): an invariant broken on a live trading screen — an uncaught
// error thrown on the page, a frame blocked for 900 ms — brings the offer "Something went
// wrong — save a report", once per invariant. Saved by keyboard, the file holds the minutes
// before the break up to its `flight.break` event, names the invariant and the event, masks the
// user; loaded on the replay desk it reproduces its hashes and "Go to where it broke" moves the
// replay to the event named. Dismissed, the offer goes and nothing is downloaded.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'fflate';
import { expect, test, type Page } from './fixtures.ts';
import { bookPainted, login, msg, registerByApi, uniqueEmail } from './helpers.ts';

const PASSWORD = 'flight-rec-1';

/** The page's own long-frame threshold (the fixture raises it for every other spec). */
async function defaultThreshold(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.removeItem('flight.longFrameMs'));
}

/** Past the start-up's grace, in which long frames are the cold start's (page-watch.ts). */
async function pastStartUp(page: Page): Promise<void> {
  // the grace runs from when the page began watching, later than its navigation on a busy machine
  await expect(page.locator('html[data-long-frames="watched"]')).toBeAttached({ timeout: 30_000 });
}

test('an error on the page offers a report; saved, it replays to the break it names', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  await defaultThreshold(page);
  const email = uniqueEmail('flight');
  await registerByApi(request, email, PASSWORD);
  await login(page, email, PASSWORD, '/dealCenter');
  await bookPainted(page);
  const offer = page.getByTestId('flight-offer');
  await expect(offer).toHaveCount(0);

  await page.evaluate(() => {
    setTimeout(() => {
      throw new TypeError('forced for the flight recorder');
    }, 0);
  });
  await expect(offer).toBeVisible();
  await expect(offer).toHaveAttribute('data-invariant', 'page-error');
  await expect(offer.getByRole('alert')).toContainText(msg('flight.offer.title'));
  await expect(offer.getByRole('alert')).toContainText(msg('flight.invariant.pageError'));
  // the same error again offers nothing more: one offer per invariant
  await page.evaluate(() => {
    setTimeout(() => {
      throw new TypeError('forced again');
    }, 0);
  });

  // saved from the keyboard
  await offer.getByTestId('flight-save').focus();
  await expect(offer.getByTestId('flight-save')).toBeFocused();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.keyboard.press('Enter'),
  ]);
  await expect(offer).toHaveCount(0);
  await expect(page.locator('.toast--success', { hasText: /\d+ events up to/ })).toBeVisible();
  const file = info.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  expect(file).toMatch(/bourse-report-\d{8}-\d{6}\.ndjson\.gz$/);

  const lines = new TextDecoder()
    .decode(gunzipSync(readFileSync(file)))
    .trim()
    .split('\n');
  const header = JSON.parse(lines[0] ?? '{}') as {
    incident?: { invariant: string; seq: number; detail: string };
  };
  expect(header.incident?.invariant).toBe('page-error');
  expect(header.incident?.detail).toContain('TypeError: forced for the flight recorder');
  const events = lines
    .slice(1)
    .filter((l) => !l.startsWith('{"trace":'))
    .map((l) => JSON.parse(l) as { seq: number; name: string; body: unknown });
  const last = events.at(-1);
  expect(last?.name).toBe('flight.break');
  expect(last?.body).toEqual(header.incident);
  expect(events.filter((e) => e.name === 'flight.break')).toHaveLength(1);
  const brokeAt = header.incident?.seq ?? -1;
  expect(events.some((e) => e.seq === brokeAt)).toBe(true);
  expect(lines.join('\n')).not.toContain(email);

  // the replay desk reproduces it and goes to where it broke
  await page.goto('/replay');
  await page.getByTestId('replay-file').setInputFiles(file);
  await expect(page.getByTestId('replay-reproduced')).toBeVisible({ timeout: 30_000 });
  const incident = page.getByTestId('replay-incident');
  await expect(incident).toHaveAttribute('data-invariant', 'page-error');
  await expect(incident).toContainText(msg('flight.invariant.pageError'));
  await expect(incident).toContainText(`#${brokeAt}`);
  await incident.getByTestId('replay-incident-go').click();
  await expect(page.getByTestId('replay-position')).toContainText(`#${brokeAt}`);
  // a replay offers nothing of its own
  await expect(page.getByTestId('flight-offer')).toHaveCount(0);
});

test('a frame blocked for 900 ms offers a report once; dismissed, it goes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await defaultThreshold(page);
  const email = uniqueEmail('flight-frame');
  await registerByApi(request, email, PASSWORD);
  await login(page, email, PASSWORD, '/dealCenter');
  await bookPainted(page);
  await pastStartUp(page);
  // a task of the page's own event loop (what the protocol evaluates is no task of the page's)
  const block = () =>
    page.evaluate(() => {
      setTimeout(() => {
        const t0 = performance.now();
        while (performance.now() - t0 < 900) {
          // the main thread held, as a heavy render would
        }
      }, 0);
    });
  await block();
  const offer = page.getByTestId('flight-offer');
  await expect(offer).toBeVisible();
  await expect(offer).toHaveAttribute('data-invariant', 'long-frame');
  await expect(offer).toContainText(msg('flight.invariant.longFrame'));
  await offer.getByTestId('flight-dismiss').click();
  await expect(offer).toHaveCount(0);
  await block();
  await page.waitForTimeout(1500);
  await expect(offer).toHaveCount(0);
});
