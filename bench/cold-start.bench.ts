// Cold start with a full log (BUDGETS B10) and the log's retention bound (B8): the reference
// server in F-busy; the demo user opens /dealCenter with the engine in its worker; the engine's
// log is filled through its own writer (window.__bourse.fillLog → EngineApi.benchFillLog) with
// as many events as one hour of F-busy leaves: F-busy logs a few hundred events a second, so an
// hour (≈ 10⁶ events) is far past the retention of 200,000; the log then holds its bound plus at
// most one checkpoint interval (compaction stops at a checkpoint, ADR 0013), and the start-up
// restores the latest checkpoint and folds a tail of about 10,000 events.
// Then the page is reloaded several times and the time from navigation start to the bids'
// canvas first painting levels (its data-painted mark) is taken (median). Unthrottled: B10 is about localhost, not
// CI-low.
import {
  loginDemo,
  openLivePage,
  openSpot,
  quantile,
  round,
  sleep,
  withLive,
  BOOK_PAINTED,
} from './page/harness.ts';
import type { LivePage } from './page/harness.ts';
import { logEvents } from './page/live-session.ts';
import { CHECKPOINT_EVENTS } from '../src/engine/log/checkpoints.ts';
import { median, spread } from './stats.ts';
import type { Benchmark, BenchRow } from './types.ts';

const LOG_RETENTION = 200_000;
/** Whole-chunk pruning may keep up to one chunk (64 events) older than the bound. */
const CHUNK_SLACK = 64;
/** Appended beyond the bound, so that pruning has to work. */
const PAST_RETENTION = 20_000;
const BUDGET_MS = 1000;

interface Filled {
  live: number;
  appended: number;
  fillMs: number;
  stored: number;
  records: number;
}

interface Start {
  /** Navigation start → the bids canvas first painted with levels, ms. */
  bookMs: number;
  /** Navigation start → load event end, ms. */
  loadMs: number;
}

const bench: Benchmark = {
  name: 'cold-start',
  ids: ['B10', 'B8'],
  async run({ quick }) {
    const runs = quick ? 2 : 7;
    return withLive('F-busy', async (server, browser) => {
      const lp = await openLivePage(browser, server, 1);
      try {
        await loginDemo(lp.page);
        await openSpot(lp.page, 'worker');
        await sleep(3000);
        const filled = await fill(lp);
        const starts: Start[] = [];
        for (let i = 0; i < runs; i++) starts.push(await reload(lp));
        return [b10Row(starts, filled), b8Row(filled)];
      } finally {
        await lp.close();
      }
    });
  },
};
export default bench;

async function fill(lp: LivePage): Promise<Filled> {
  const live = (await logEvents(lp.page)).events;
  const appended = LOG_RETENTION + PAST_RETENTION - live;
  const t0 = Date.now();
  await lp.page.evaluate(`window.__bourse.fillLog(${appended})`);
  const fillMs = Date.now() - t0;
  const after = await logEvents(lp.page);
  return { live, appended, fillMs, stored: after.events, records: after.records };
}

async function reload(lp: LivePage): Promise<Start> {
  await lp.page.reload({ waitUntil: 'load' });
  await lp.page.locator(BOOK_PAINTED).waitFor({ timeout: 30_000 });
  const t = (await lp.page.evaluate(`({
    book: window.__probe.bookAt,
    load: performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? NaN,
  })`)) as { book: number | null; load: number };
  await sleep(1000); // let the engine settle (log open, socket) before the next reload
  return { bookMs: t.book ?? Number.NaN, loadMs: t.load };
}

function b10Row(starts: Start[], filled: Filled): BenchRow {
  const book = starts.map((s) => s.bookMs);
  const value = median(book);
  return {
    id: 'B10',
    what: 'cold start: navigation → live book on screen, log at retention, F-busy',
    value: round(value, 0),
    unit: 'ms',
    budget: `≤ ${BUDGET_MS} ms`,
    peer: null,
    ratio: round(value / BUDGET_MS, 2),
    pass: value <= BUDGET_MS,
    note: `${spread(book, 'ms', 0)}; p90 ${round(quantile(book, 0.9), 0)} ms; load event at median ${round(median(starts.map((s) => s.loadMs)), 0)} ms; log ${filled.stored.toLocaleString('en-US')} events in ${filled.records.toLocaleString('en-US')} records; reloads of /dealCenter, unthrottled, localhost`,
  };
}

function b8Row(f: Filled): BenchRow {
  return {
    id: 'B8',
    what: 'events in the IndexedDB log after filling it past retention',
    value: f.stored,
    unit: 'events',
    budget: `≤ ${LOG_RETENTION.toLocaleString('en-US')} + one checkpoint interval (${CHECKPOINT_EVENTS.toLocaleString('en-US')}) + a chunk: compaction stops at a checkpoint (ADR 0013)`,
    peer: null,
    ratio: null,
    pass: f.stored <= LOG_RETENTION + CHECKPOINT_EVENTS + CHUNK_SLACK,
    note: `${f.live.toLocaleString('en-US')} events from the live session, then ${f.appended.toLocaleString('en-US')} appended through the log writer in ${round(f.fillMs / 1000, 1)} s (${round(f.appended / (f.fillMs / 1000), 0)} events/s); ${f.records.toLocaleString('en-US')} records`,
  };
}
