// Record → export → replay (issue 5, "Done when"): a live session with trading and a reconnect
// in the middle is exported with "Report a problem", loaded into /replay, and the replayed
// spot screen shows the same book, orders and balances as the live one did at the last event;
// the command-line replay prints the hashes the page shows. Bad files give a clear error and
// leave the app working. The market is held still (dev route) while the live screen is read,
// so "the same event" is the last one of the export.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'fflate';
import { expect, test, type Page } from './fixtures.ts';
import { eventIssue } from '../src/engine/events.ts';
import { Decimal } from '../src/shared/decimal.ts';
import type { LogEvent } from '../src/shared/log-event.ts';
import { dropAsks, retraced } from '../src/engine/testing/planted-fold.ts';
import { bookPainted, holdMarket, login, msg, saveReport } from './helpers.ts';

const DEMO = { email: 'demo@bourse.local', password: 'demo1234' };

/** What the spot screen shows of book, orders and balances. */
async function screen(page: Page) {
  const levels = (side: 'bids' | 'asks') =>
    page
      .locator(`[data-testid="book-${side}"] [data-price]`)
      // the 8 levels next to the spread: the book lists as many as its height holds, and the
      // replay's banner takes a level's height (11 live, 10 replayed on one CI run)
      .evaluateAll((els) => els.slice(0, 8).map((e) => e.textContent?.trim() ?? ''));
  return {
    bids: await levels('bids'),
    asks: await levels('asks'),
    orders: await page
      .getByTestId('open-orders')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).innerText)),
    buyAvailable: await page.getByTestId('buy-available').innerText(),
    sellAvailable: await page.getByTestId('sell-available').innerText(),
  };
}

test('a recorded session replays into the screens it showed live', async ({ page }, info) => {
  test.setTimeout(120_000);
  await login(page, DEMO.email, DEMO.password);
  await page.goto('/dealCenter');
  await expect(page.locator('[data-testid="book-bids"] [data-price]').first()).toBeAttached({
    timeout: 15_000,
  });
  const bestBid = await page
    .locator('[data-testid="book-bids"] [data-price]')
    .first()
    .getAttribute('data-price');
  const price = new Decimal(bestBid ?? '0').times(0.97).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  const buy = page.getByTestId('buy-form');
  await buy.locator('input[name="price"]').fill(price.toFixed(2));
  await buy.locator('input[name="number"]').fill('0.01');
  await page.getByTestId('buy-submit').click();
  await expect(page.locator('.toast--success')).toBeVisible();
  await expect(page.getByTestId('open-orders').locator('tbody tr')).not.toHaveCount(0);

  // a reconnect in the middle of the recording (development calls: DEV_ROUTES=1, from this
  // machine; playwright.config.ts): the demo user's sockets only, so a user of the other lane
  // keeps its pushes (a settlement pushed while its socket was down came back as "while you were
  // away", and second-contracts.spec.ts waited for its own toast in vain)
  const dropped = await page.request.post(
    `/api/dev/drop-sockets?user=${encodeURIComponent(DEMO.email)}`,
  );
  const drop = (await dropped.json()) as { type: string; message: { dropped: number } };
  expect(drop.type).toBe('ok');
  expect(drop.message.dropped).toBeGreaterThan(0); // this page's socket was among them
  await page.waitForTimeout(500);
  await expect(page.locator('[data-testid="book-bids"] [data-price]').first()).toBeAttached({
    timeout: 15_000,
  });

  let file = '';
  let live: Awaited<ReturnType<typeof screen>>;
  await holdMarket(page, false);
  try {
    // let the last pushes land and the sampled book lists catch up
    await page.waitForTimeout(2500);
    live = await screen(page);
    file = await saveReport(page, (name) => info.outputPath(name));
  } finally {
    await holdMarket(page, true);
  }
  expect(file).toMatch(/bourse-report-\d{8}-\d{6}\.ndjson\.gz$/);
  expect(live.bids.length).toBeGreaterThan(5);
  expect(live.orders.length).toBeGreaterThan(0);
  const text = new TextDecoder().decode(gunzipSync(readFileSync(file)));
  expect(text).not.toContain(DEMO.password);
  expect(text).not.toContain(DEMO.email);
  expect(text).toContain('"name":"socket.state"');

  // replay it
  await page.goto('/replay');
  await page.getByTestId('replay-file').setInputFiles(file);
  await expect(page.getByTestId('replay-reproduced')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('replay-banner')).toBeVisible();
  await page.locator('header a[href="/dealCenter"]').first().click();
  await expect(page.locator('[data-testid="book-bids"] [data-price]').first()).toBeAttached();
  await page.waitForTimeout(1500);
  expect(await screen(page)).toEqual(live);
  // a command is refused in a replay, nothing is sent
  await page.getByTestId('open-orders').getByTestId('cancel-order').first().click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-sure').click();
  await expect(page.locator('.toast--error')).toContainText(msg('replay.readOnly'));

  // the command line replays the same file to the same hashes, at the end and at an event
  const cli = (...args: string[]) =>
    JSON.parse(
      execFileSync('npx', ['tsx', join('scripts', 'replay.ts'), file, ...args], {
        encoding: 'utf8',
      }),
    ) as { hashes: Record<string, string>; recordedHashesMatch: boolean; at: { seq: number } };
  const end = cli();
  expect(end.recordedHashesMatch).toBe(true);
  await page.getByTestId('replay-banner').getByRole('link').click();
  await page.getByTestId('replay-tab-spot.book').click();
  await expect(page.getByTestId('replay-hash')).toHaveText(end.hashes['spot.book'] ?? '');
  const middle = cli('--to', String(Math.floor(end.at.seq / 2)));
  await page.getByTestId('replay-jump-seq').fill(String(middle.at.seq));
  await page.getByTestId('replay-jump-seq').press('Enter');
  await expect(page.getByTestId('replay-position')).toContainText(`#${middle.at.seq}`);
  await expect(page.getByTestId('replay-hash')).toHaveText(middle.hashes['spot.book'] ?? '');
  await page.getByTestId('replay-tab-market').click();
  await expect(page.getByTestId('replay-hash')).toHaveText(middle.hashes.market ?? '');

  // the first difference (issue 47): this version replays the browser's own export as it was
  // recorded, on the desk and on the command line
  await page.getByTestId('replay-diff-run').click();
  await expect(page.getByTestId('replay-diff-none')).toBeVisible({ timeout: 30_000 });
  execFileSync('npx', ['tsx', join('scripts', 'replay.ts'), file, '--diff'], { stdio: 'pipe' });
  // a recording whose version had a bug in a reducer: the desk names the event where this
  // version parts from it, and goes there
  const planted = await retraced(readFileSync(file), dropAsks);
  const seq = planted.firstDifference?.seq ?? -1;
  expect(seq).toBeGreaterThan(0);
  const name = planted.firstDifference?.name ?? '';
  const plantedFile = info.outputPath('planted.ndjson.gz');
  writeFileSync(plantedFile, planted.bytes);
  await page.getByTestId('replay-file').setInputFiles(plantedFile);
  await expect(page.getByTestId('replay-summary')).toContainText('planted.ndjson.gz');
  await page.getByTestId('replay-diff-run').click();
  await expect(page.getByTestId('replay-diff-found')).toContainText(`#${seq} (${name})`, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('replay-diff-found')).toContainText('spot.book');
  await page.getByTestId('replay-diff-go').click();
  await expect(page.getByTestId('replay-position')).toContainText(`#${seq}`);
  await page.getByTestId('replay-file').setInputFiles(file);
  await expect(page.getByTestId('replay-reproduced')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('replay-jump-seq').fill(String(middle.at.seq));
  await page.getByTestId('replay-jump-seq').press('Enter');
  await expect(page.getByTestId('replay-position')).toContainText(`#${middle.at.seq}`);

  // bad files: a clear error, and the replay shown stays usable
  const bytes = readFileSync(file);
  const cut = info.outputPath('cut.ndjson.gz');
  writeFileSync(cut, bytes.subarray(0, bytes.length >> 1));
  await page.getByTestId('replay-file').setInputFiles(cut);
  await expect(page.getByTestId('replay-error')).toContainText(msg('replay.error.truncated'));
  const lines = text.split('\n');
  lines[0] = (lines[0] ?? '').replace(/"version":\d+/, '"version":9');
  const newer = info.outputPath('newer.ndjson.gz');
  writeFileSync(newer, gzipSync(new TextEncoder().encode(lines.join('\n'))));
  await page.getByTestId('replay-file').setInputFiles(newer);
  await expect(page.getByTestId('replay-error')).toContainText('(format 9)');
  await expect(page.getByTestId('replay-banner')).toBeVisible();
  await page.getByTestId('replay-desk').getByTestId('replay-step-back').click();
  await expect(page.getByTestId('replay-position')).toContainText(`#${middle.at.seq - 1}`);

  // back to live: the banner goes, the live book comes back
  await page.getByTestId('replay-exit').click();
  await expect(page.getByTestId('replay-banner')).toHaveCount(0);
  await page.locator('header a[href="/dealCenter"]').first().click();
  await bookPainted(page, 15_000);
  // tidy: cancel the order live
  await page.getByTestId('open-orders').getByTestId('cancel-order').first().click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-sure').click();
  await expect(page.getByTestId('open-orders')).toHaveCount(0);
});

test('a recording dropped on any page opens in the replay desk, with the hashes Node gives', async ({
  page,
}) => {
  const fixtures = JSON.parse(
    readFileSync(join('tests', 'fixtures', 'fixtures.json'), 'utf8'),
  ) as Record<string, { file: string; hashes: Record<string, string> }>;
  const fixture = fixtures['spot-order'];
  if (fixture === undefined) throw new Error('no spot-order fixture');
  const bytes = [...readFileSync(join('tests', 'fixtures', fixture.file))];
  await page.goto('/');
  await page.evaluate((data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'spot-order.ndjson.gz'));
    document.body.dispatchEvent(
      new DragEvent('dragover', { dataTransfer: transfer, bubbles: true }),
    );
    document.body.dispatchEvent(
      new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
    );
  }, bytes);
  await expect(page).toHaveURL(/\/replay$/);
  await expect(page.getByTestId('replay-reproduced')).toBeVisible({ timeout: 20_000 });
  for (const name of ['spot.book', 'spot.orders', 'session']) {
    await page.getByTestId(`replay-tab-${name}`).click();
    await expect(page.getByTestId('replay-hash')).toHaveText(fixture.hashes[name] ?? '');
  }
  // the list filters by name and a click moves the replay there
  await page.getByTestId('replay-filter').fill('command.issued');
  const row = page.getByTestId('replay-events').locator('button').first();
  // unfiltered, the first row is the recording's first event (log.status)
  await expect(row).toContainText('command.issued');
  const seq = await row.getAttribute('data-seq');
  await row.click();
  await expect(page.getByTestId('replay-position')).toContainText(`#${seq} `);
  await page.getByTestId('replay-tab-event').click();
  await expect(page.getByTestId('replay-json')).toContainText('"name": "command.issued"');
  await page.getByTestId('replay-exit').click();
  await expect(page.getByTestId('replay-banner')).toHaveCount(0);
});

test('a session over every trading and money screen exports only events their schemas accept', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await login(page, DEMO.email, DEMO.password);
  // each page load also restores the engine from the stored log, checking every stored event:
  // a log holding one its schema refuses would be cleared, and the export below would miss the
  // screens before it
  for (const route of [
    '/dealCenter',
    '/leverdealCenter',
    '/leverTransaction',
    '/secondDealCenter',
    '/legalTrade',
    '/c2cOrder',
    '/finance',
  ]) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    // the screen's lists are in (a loaded machine answers later than the network goes idle)
    await expect(page.locator('#main .state--loading')).toHaveCount(0, { timeout: 20_000 });
    await page.waitForTimeout(1200);
  }
  const file = await saveReport(page, (name) => info.outputPath(name));
  const [, ...lines] = new TextDecoder()
    .decode(gunzipSync(readFileSync(file)))
    .split('\n')
    .filter((l) => l !== '');
  const events = lines.map((l) => JSON.parse(l) as LogEvent);
  expect(events.flatMap((e) => eventIssue(e) ?? [])).toEqual([]);
  const names = new Set(events.map((e) => e.name));
  for (const name of [
    'book.snapshot',
    'market.daymarket',
    'lever.deal',
    'lever.positions',
    'micro.setup',
    'micro.orders',
    'c2c.ads',
    'c2c.deals',
    'wallet.list',
    'engine.boot',
  ])
    expect([...names]).toContain(name);
});
