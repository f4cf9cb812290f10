// The depth heatmap (issue 47), a new user of its own: switched on for BTC/USDT in the indicators
// dialog, the live book is sampled behind the candles; the session's log, saved as a report and
// loaded in the replay desk, draws the same heatmap from the recording. Pixel check on the
// replayed chart against the live one before the heatmap was on:
// the newest bars' columns are in the heatmap's colours, the older bars' are not. (A replay shows
// the recorded workspace: the heatmap cannot be switched there.) After a reload the history of
// the page session before is folded again from the stored log (heat-backfill.ts).
import { expect, test, type Page } from './fixtures.ts';
import { login, registerByEmail, saveReport, uniqueEmail } from './helpers.ts';
import { canvas, chartOf } from './chart-lines.ts';

const PASSWORD = 'heatmap-pass-1';

test.use({ viewport: { width: 1440, height: 900 } });

async function switchHeat(page: Page, on: boolean): Promise<void> {
  await page.getByTestId('chart-indicators').click();
  await page.locator('[data-indicator="heatmap"]').setChecked(on);
  await page.keyboard.press('Escape');
  await page.mouse.move(4, 4);
  // the page asks the engine, the worker draws at its next frame
  await page.waitForTimeout(2500);
}

/**
 * The canvas' pixels in the heatmap's stronger colours (steps 4–7 of heat-paint.ts' ramp over the
 * panel's background, ±6 a channel), and how many of them are in the left half of the chart.
 */
async function heatPixels(page: Page, png: Buffer) {
  return page.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const cv = document.createElement('canvas');
    cv.width = img.width;
    cv.height = img.height;
    const g = cv.getContext('2d', { willReadFrequently: true });
    if (g === null) throw new Error('no 2d');
    // the ramp's steps composed over the panel's colour, as the canvas has them
    g.fillStyle = getComputedStyle(document.documentElement).getPropertyValue('--panel').trim();
    g.fillRect(0, 0, 8, 1);
    for (let k = 0; k < 8; k++) {
      const a = k / 7;
      const colour = [40 + 210 * a, 110 + 100 * a, 230 - 190 * a].map(Math.round).join(', ');
      g.fillStyle = `rgba(${colour}, ${(0.14 + 0.56 * a).toFixed(2)})`;
      g.fillRect(k, 0, 1, 1);
    }
    // the stronger half of the ramp: its faint blue steps are near the chart's blue lines
    const steps = Array.from({ length: 4 }, (_, k) =>
      Array.from(g.getImageData(k + 4, 0, 1, 1).data),
    );
    g.drawImage(img, 0, 0);
    const px = g.getImageData(0, 0, img.width, img.height).data;
    let count = 0;
    let left = 0;
    for (let i = 0; i < px.length; i += 4) {
      const hit = steps.some(
        (s) =>
          Math.abs((px[i] ?? 0) - (s[0] ?? 0)) <= 6 &&
          Math.abs((px[i + 1] ?? 0) - (s[1] ?? 0)) <= 6 &&
          Math.abs((px[i + 2] ?? 0) - (s[2] ?? 0)) <= 6,
      );
      if (!hit) continue;
      count += 1;
      if ((i / 4) % img.width < img.width / 2) left += 1;
    }
    return { count, left };
  }, png.toString('base64'));
}

test('the depth heatmap: sampled live, drawn again from the recorded session (pixel check)', async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('heatmap');
  await registerByEmail(page, email, PASSWORD);
  await login(page, email, PASSWORD, '/dealCenter');
  await chartOf(page, 'BTC/USDT');
  await page.mouse.move(4, 4);
  const before = await heatPixels(page, await canvas(page).screenshot());
  await switchHeat(page, true);
  await page.waitForTimeout(10_000);

  const file = await saveReport(page, (name) => info.outputPath(name));

  await page.goto('/replay');
  await page.getByTestId('replay-file').setInputFiles(file);
  await expect(page.getByTestId('replay-banner')).toBeVisible({ timeout: 30_000 });
  await page.locator('header a[href="/dealCenter"]').first().click();
  await chartOf(page, 'BTC/USDT');
  await page.mouse.move(4, 4);
  await page.waitForTimeout(2500);
  // drawn from the recording: the newest bars' columns in the ramp's colours, none on the older
  // bars (the recording is seconds long)
  const replayed = await heatPixels(page, await canvas(page).screenshot());
  expect(replayed.count).toBeGreaterThan(before.count + 60);
  expect(replayed.left).toBeLessThan(before.left + 30);
});

test('the depth heatmap after a reload: the history before it, folded again from the stored log', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('heatreload');
  await registerByEmail(page, email, PASSWORD);
  await login(page, email, PASSWORD, '/dealCenter');
  await chartOf(page, 'BTC/USDT');
  await switchHeat(page, true);
  await page.waitForTimeout(8_000);
  const chart = page.getByTestId('spot-chart-canvas');
  const heldFrom = Number(await chart.getAttribute('data-heat-from'));
  expect(heldFrom).toBeLessThan(Date.now() - 5_000);

  const reloaded = Date.now();
  await page.reload();
  await chartOf(page, 'BTC/USDT');
  // the samples of the page session before are back, not only those taken since the reload
  // (the exchange's clock is this machine's: the reference server runs here)
  await expect
    .poll(async () => Number((await chart.getAttribute('data-heat-from')) ?? Infinity), {
      timeout: 30_000,
    })
    .toBeLessThan(reloaded - 3_000);
  expect(Number(await chart.getAttribute('data-heat-samples'))).toBeGreaterThanOrEqual(6);
});
