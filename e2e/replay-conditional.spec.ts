// A conditional order's life replays (issue 44): on a market the test moves, a stop-limit buy is
// placed, waits, fires and fills, while its list is on screen; the session is exported with
// "Report a problem" and loaded into the replay desk, whose spot screen shows the conditional
// orders as the user saw them — filled at the end, waiting at the event where it was first
// listed — with no call to the server (a replay has none). A new user of its own.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'fflate';
import type { LogEvent } from '../src/shared/log-event.ts';
import { eosTrader, steer } from './steered-market.ts';
import { saveReport } from './helpers.ts';
import { expect, test } from './fixtures.ts';

test('a conditional order placed, fired and filled replays in the conditional list', async ({
  page,
  request,
}, info) => {
  test.setTimeout(150_000);
  await eosTrader(page, request, 'replaystop', 'replay-stop-1');
  await page.getByTestId('mode-stop-limit').click();
  const buy = page.getByTestId('buy-stop-form');
  await buy.locator('input[name="trigger"]').fill('0.8800');
  await buy.locator('input[name="price"]').fill('0.9500');
  await buy.locator('input[name="number"]').fill('100');
  await page.getByTestId('buy-stop-submit').click();
  await page.getByTestId('tab-triggers').click();
  const table = page.getByTestId('trigger-table');
  await expect(table.locator('tr[data-kind="stop_limit"]')).toHaveCount(1);
  expect((await steer(request, '0.9000')).gte('0.88')).toBe(true);
  await expect(table).toHaveCount(0);
  await page.getByTestId('triggers-done').click();
  await expect(table.locator('tr[data-kind="stop_limit"]')).toHaveAttribute('data-state', 'filled');

  const file = await saveReport(page, (name) => info.outputPath(name));
  const events = new TextDecoder()
    .decode(gunzipSync(readFileSync(file)))
    .split('\n')
    .filter((l) => l !== '')
    .slice(1)
    .map((l) => JSON.parse(l) as LogEvent);
  // the list's first answer with the order waiting
  const waiting = events.find((e) => {
    if (e.name !== 'triggers.listed') return false;
    const body = e.body as { status: string; page: { rows: unknown[] } };
    return body.status === 'waiting' && body.page.rows.length === 1;
  });
  expect(waiting).toBeDefined();

  await page.goto('/replay');
  await page.getByTestId('replay-file').setInputFiles(file);
  await expect(page.getByTestId('replay-reproduced')).toBeVisible({ timeout: 30_000 });
  await page.locator('header a[href="/dealCenter"]').first().click();
  await page.getByTestId('tab-triggers').click();
  // at the end: none waiting, the one done filled
  await expect(page.getByText('No waiting conditional orders')).toBeVisible();
  await page.getByTestId('triggers-done').click();
  const replayed = page.getByTestId('trigger-table').locator('tr[data-kind="stop_limit"]');
  await expect(replayed).toHaveAttribute('data-state', 'filled');
  await expect(replayed).toContainText('0.8800');

  // at the event where it was first listed: waiting
  await page.getByTestId('replay-banner').getByRole('link').click();
  await page.getByTestId('replay-jump-seq').fill(String(waiting?.seq));
  await page.getByTestId('replay-jump-seq').press('Enter');
  await expect(page.getByTestId('replay-position')).toContainText(`#${waiting?.seq}`);
  await page.locator('header a[href="/dealCenter"]').first().click();
  await page.getByTestId('tab-triggers').click();
  await page.getByTestId('triggers-waiting').click();
  const early = page.getByTestId('trigger-table').locator('tr[data-kind="stop_limit"]');
  await expect(early).toHaveAttribute('data-state', 'waiting');
  await page.getByTestId('replay-exit').click();
  await expect(page.getByTestId('replay-banner')).toHaveCount(0);
});
