// "At this moment" (issue 47): a limit buy rests under the market, the market falls through it
// and it fills; the page is loaded again; from the fill in the order history the docked panel
// opens on the past — the order highlighted in the book as it rested, marked as the past, moved
// by keyboard — and the book it shows is the one the engine folded at that event: the report of the same log,
// replayed by the command line to that event, gives the same hash. The chart's menu opens a
// moment at a bar too, and the fill's notification. Escape closes the panel and gives the focus back.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import { canvas, chartOf } from './chart-lines.ts';
import { msg, saveReport } from './helpers.ts';
import { Decimal } from '../src/shared/decimal.ts';
import { EOS, eosTrader, steer } from './steered-market.ts';

const PASSWORD = 'moment-pass-1';

test.use({ viewport: { width: 1440, height: 900 } });

/** The log as "Report a problem" saves it, replayed by the command line to `seq`. */
async function bookHashInNode(page: Page, seq: number, outputPath: string): Promise<string> {
  await saveReport(page, () => outputPath);
  const out = JSON.parse(
    execFileSync('npx', ['tsx', join('scripts', 'replay.ts'), outputPath, '--to', String(seq)], {
      encoding: 'utf8',
    }),
  ) as { hashes: Record<string, string>; at: { seq: number } };
  expect(out.at.seq).toBe(seq);
  return out.hashes['spot.book'] ?? '';
}

test('a fill opens the book as it was: its order pointed out, the hash the replay folds', async ({
  page,
  request,
}, info) => {
  test.setTimeout(150_000);
  await eosTrader(page, request, 'moment', PASSWORD);
  await chartOf(page, EOS.symbol);

  // a limit buy two ticks under the best bid rests in the book as the user's own (the market
  // walks: a price fixed in advance could meet the asks)
  const best = await page
    .locator('[data-testid="book-bids"] [data-price]')
    .first()
    .getAttribute('data-price');
  const price = new Decimal(best ?? '0').minus('0.0008').toFixed(4);
  const buy = page.getByTestId('buy-form');
  await buy.locator('input[name="price"]').fill(price);
  await buy.locator('input[name="number"]').fill('10');
  await page.getByTestId('buy-submit').click();
  await expect(page.getByTestId('open-orders').locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('[data-testid="book-bids"] [data-own]')).not.toHaveCount(0);

  // the market falls through it: it fills
  await steer(request, '0.7700');
  await expect(page.getByTestId('open-orders')).toHaveCount(0, { timeout: 30_000 });
  // the page is loaded again: the moment is read from the log this browser kept (the orders
  // the new page shows held from the last one, until the server answers, are not "resting")
  await page.reload();
  await chartOf(page, EOS.symbol);
  await page.getByTestId('tab-history').click();
  const row = page.getByTestId('order-history').locator('tbody tr').first();
  await expect(row).toHaveAttribute('data-outcome', 'filled');
  await row.getByTestId('fill-moment').click();

  const panel = page.getByTestId('moment-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('data-book-hash', /^[0-9a-f]{64}$/);
  await expect(panel.locator('#moment-title')).toBeFocused();
  await expect(panel).toContainText(msg('moment.past'));
  // the order, resting then, is pointed out in the book and among the open orders
  const focused = panel.getByTestId('moment-book').locator('tr[data-focus]');
  await expect(focused).toHaveCount(1);
  // the same price, however its text is written ("0.798" for 0.7980)
  await expect
    .poll(async () => new Decimal((await focused.getAttribute('data-price')) ?? '0').toFixed(4))
    .toBe(price);
  await expect(panel.getByTestId('moment-orders').locator('tr[data-focus]')).toHaveCount(1);
  await expect(panel.getByTestId('moment-chart')).toBeVisible();
  await info.attach('moment', { body: await page.screenshot(), contentType: 'image/png' });

  // the book shown is the engine's fold at that event: the command line replays the report of
  // the same log to it and gets the same hash
  const seq = Number(await panel.getAttribute('data-seq'));
  const hash = (await panel.getAttribute('data-book-hash')) ?? '';
  expect(await bookHashInNode(page, seq, info.outputPath('moment-report.ndjson.gz'))).toBe(hash);

  // the scrubber moves by keyboard, one event; "Back to the moment" returns
  await panel.getByTestId('moment-scrubber').focus();
  await page.keyboard.press('ArrowRight');
  await expect(panel).not.toHaveAttribute('data-seq', String(seq));
  await panel.getByTestId('moment-home').click();
  await expect(panel).toHaveAttribute('data-seq', String(seq));

  // Escape closes it, and the focus is back where it was
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(row.getByTestId('fill-moment')).toBeFocused();

  // a bar of the chart opens its moment, as the bar closed: the last one, now (a bar that closed
  // before this login began is refused, as another login's)
  const box = await canvas(page).boundingBox();
  if (box === null) throw new Error('no chart');
  const axis = Number(await canvas(page).getAttribute('data-axis-width'));
  await page.mouse.click(box.x + box.width - axis - 2, box.y + 60, { button: 'right' });
  const menu = page.getByTestId('chart-offer');
  await menu.locator('[data-offer="moment"]').click();
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('data-book-hash', /^[0-9a-f]{64}$/);
  await panel.getByTestId('moment-close').click();
  await expect(panel).toHaveCount(0);

  // so does the notification of the fill, from the bell (whose panel closes), the order outlined
  await page.getByTestId('notice-bell').click();
  const bell = page.getByTestId('notice-bell-panel');
  await bell.locator('li[data-notice="spot.filled"]').first().getByTestId('notice-moment').click();
  await expect(bell).toHaveCount(0);
  await expect(panel.getByTestId('moment-book').locator('tr[data-focus]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
});
