// B7 (BUDGETS.md): event-log persistence in Chromium with the engine's real writer
// (src/engine/log/event-log.ts), run in a dedicated worker of the lab page (bench/page/lab/)
// as the engine runs it, against a naive peer that writes one Dexie put — one IndexedDB
// transaction — per event.
//
// The events are the ones the real engine logged for the F-busy recording (bench/fixtures/,
// replayed through the engine under Node): book tops and deltas, klines, trade batches,
// tickers, the odd snapshot, in their real proportions and sizes, cycled with fresh `at`.
//
// Rates. F-busy from BUDGETS.md's profile: 10 pairs × 10 depth pushes/s = 100, 200 trades/s
// (counted as 200 events, the worst case: the recording batches them into ≈ 17 pushes/s),
// ≈ 80 klines/s, 10 tickers/s, a few private pushes → ≈ 400 events/s. F-burst = 5× that:
// 2,000 events/s. (The recording itself logs ≈ 205 events/s, so this is about 2× its burst.)
//
// Rows: transactions/s at the F-burst rate; sustained throughput (a closed loop that appends
// whenever fewer than MAX_BACKLOG events wait for their commit) and the transactions/s at it;
// backlog at the F-burst rate = the longest append → commit time (IndexedDB `complete`).
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { LogEvent } from '../src/shared/log-event.ts';
import { engineHarness } from './engine-harness.ts';
import { openLab } from './page/lab/lab.ts';
import type { LabWindow, LogRunResult, LogRunSpec } from './page/lab/protocol.ts';
import { FIXTURES_DIR, loadOrRecord } from './record.ts';
import { median, spread } from './stats.ts';
import type { Benchmark, BenchRow } from './types.ts';

const FIXTURE = join(FIXTURES_DIR, 'f-busy.ndjson');
const RECORD_SECONDS = 30;
export const F_BUSY_EVENTS_PER_S = 400;
export const F_BURST_EVENTS_PER_S = 5 * F_BUSY_EVENTS_PER_S;
/** The real writer may have this many events waiting (≈ 2 s at 5,000/s, the backlog budget). */
const REAL_BACKLOG = 10_000;
/** The naive peer does best with few puts in flight (thousands of pending transactions thrash). */
const NAIVE_BACKLOG = 500;

const TX_BUDGET = 10;
const THROUGHPUT_BUDGET = 5_000;
const BACKLOG_BUDGET_MS = 2_000;

interface Samples {
  realRate: LogRunResult[];
  realMax: LogRunResult[];
  naiveRate: LogRunResult[];
  naiveMax: LogRunResult[];
}

const bench: Benchmark = {
  name: 'idb-log',
  ids: ['B7'],
  async run({ quick }) {
    const seconds = quick ? 5 : 20;
    const rounds = quick ? 1 : 3;
    const { events, perSecond } = await recordedEvents();
    const lab = await openLab({ files: { '/events.json': JSON.stringify(events) } });
    const s: Samples = { realRate: [], realMax: [], naiveRate: [], naiveMax: [] };
    try {
      const page = await lab.page();
      const drainTimeoutMs = seconds * 1000;
      const burst = { mode: 'rate', rate: F_BURST_EVENTS_PER_S, seconds, drainTimeoutMs } as const;
      const max = { mode: 'max', seconds, drainTimeoutMs } as const;
      for (let r = 0; r < rounds; r += 1) {
        s.realRate.push(await run(page, { writer: 'real', ...burst }));
        s.realMax.push(await run(page, { writer: 'real', ...max, maxBacklog: REAL_BACKLOG }));
        if (r > 0) continue; // the peer once: it only sets the ratios
        s.naiveRate.push(await run(page, { writer: 'naive', ...burst }));
        s.naiveMax.push(await run(page, { writer: 'naive', ...max, maxBacklog: NAIVE_BACKLOG }));
      }
    } finally {
      await lab.close();
    }
    const source = `${events.length.toLocaleString('en-US')} events the engine logged for the F-busy recording (${perSecond.toFixed(0)} events/s)`;
    return rows(s, seconds, source);
  },
};
export default bench;

async function run(page: Page, spec: LogRunSpec): Promise<LogRunResult> {
  const result = await page.evaluate((s) => {
    const lab = (window as LabWindow).lab;
    if (lab === undefined) throw new Error('lab not ready');
    return lab.log.run(s);
  }, spec);
  if (result.status !== 'indexeddb') throw new Error(`${spec.writer} writer: ${result.status}`);
  return result;
}

/** The events the engine logged for the recording, without seq, and their rate. */
async function recordedEvents(): Promise<{ events: Omit<LogEvent, 'seq'>[]; perSecond: number }> {
  const fixture = await loadOrRecord({ profile: 'F-busy', seconds: RECORD_SECONDS, out: FIXTURE });
  const h = await engineHarness(fixture.header, fixture.lines.length + 1000);
  for (const text of fixture.lines) {
    const [event, payload] = JSON.parse(text) as [string, unknown];
    h.deliver(event, payload);
  }
  const logged = await h.engine.log.read(1, Number.MAX_SAFE_INTEGER);
  await h.close();
  const events = logged.map(({ at, kind, name, body }) => ({ at, kind, name, body }));
  return { events, perSecond: events.length / fixture.header.seconds };
}

// ---- rows -----------------------------------------------------------------------------------

const txPerSecond = (r: LogRunResult): number => (r.transactions / r.windowMs) * 1000;
/** Everything appended in the window, over the time until its last event committed. */
const throughput = (r: LogRunResult): number =>
  r.drainMs < 0
    ? (r.committed / r.windowMs) * 1000
    : (r.appended / (r.windowMs + r.drainMs)) * 1000;
const fmt = (v: number, digits = 0): string =>
  v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function rows(s: Samples, seconds: number, source: string): BenchRow[] {
  const runs = (n: number): string => `${n} run${n === 1 ? '' : 's'} of ${seconds} s`;
  const realRateTx = median(s.realRate.map(txPerSecond));
  const naiveRateTx = median(s.naiveRate.map(txPerSecond));
  const realMaxTx = median(s.realMax.map(txPerSecond));
  const naiveMaxTx = median(s.naiveMax.map(txPerSecond));
  const realPut = median(s.realMax.map(throughput));
  const naivePut = median(s.naiveMax.map(throughput));
  const realLag = median(s.realRate.map((r) => r.latencyMaxMs));
  const naiveLag = median(s.naiveRate.map((r) => r.latencyMaxMs));
  const naiveDrained = s.naiveRate.every((r) => r.drainMs >= 0);
  const burst = `F-burst rate (${fmt(F_BURST_EVENTS_PER_S)} events/s)`;
  return [
    {
      id: 'B7',
      what: `IndexedDB readwrite transactions per second at the ${burst}`,
      value: realRateTx,
      unit: 'tx/s',
      budget: `≤ ${TX_BUDGET}/s`,
      peer: `one transaction per event: ${fmt(naiveRateTx)} tx/s`,
      ratio: realRateTx / naiveRateTx,
      pass: realRateTx <= TX_BUDGET,
      note: `real writer ${spread(s.realRate.map(txPerSecond), 'tx/s', 2)}, ${runs(s.realRate.length)}; peer ${runs(s.naiveRate.length)}; events: ${source}`,
    },
    {
      id: 'B7',
      what: 'sustained append throughput (closed loop: appends while < 10,000 wait for commit)',
      value: realPut,
      unit: 'events/s',
      budget: `≥ ${fmt(THROUGHPUT_BUDGET)}/s`,
      peer: `one transaction per event: ${fmt(naivePut)} events/s`,
      ratio: realPut / naivePut,
      pass: realPut >= THROUGHPUT_BUDGET,
      note: `events appended ÷ time until the last one committed; real ${spread(s.realMax.map(throughput), 'events/s', 0)}, ${runs(s.realMax.length)}; peer (≤ ${NAIVE_BACKLOG} puts in flight) ${runs(s.naiveMax.length)}; append cost on the worker ${fmt(median(s.realMax.map((r) => (r.appendMs / r.appended) * 1000)), 2)} µs/event`,
    },
    {
      id: 'B7',
      what: 'IndexedDB readwrite transactions per second at the sustained throughput',
      value: realMaxTx,
      unit: 'tx/s',
      budget: `≤ ${TX_BUDGET}/s`,
      peer: `one transaction per event: ${fmt(naiveMaxTx)} tx/s`,
      ratio: realMaxTx / naiveMaxTx,
      pass: realMaxTx <= TX_BUDGET,
      note: `real ${spread(s.realMax.map(txPerSecond), 'tx/s', 2)}, ${runs(s.realMax.length)}`,
    },
    {
      id: 'B7',
      what: `backlog at the ${burst}: longest append → commit`,
      value: realLag,
      unit: 'ms',
      budget: `≤ ${fmt(BACKLOG_BUDGET_MS)} ms`,
      peer: `one transaction per event: ${naiveDrained ? '' : '≥ '}${fmt(naiveLag)} ms`,
      ratio: realLag / naiveLag,
      pass: realLag <= BACKLOG_BUDGET_MS,
      note: `real ${spread(
        s.realRate.map((r) => r.latencyMaxMs),
        'ms',
        0,
      )}, p99 ${fmt(median(s.realRate.map((r) => r.latencyP99Ms)))} ms, p50 ${fmt(median(s.realRate.map((r) => r.latencyP50Ms)))} ms, ${runs(s.realRate.length)}; peer p50 ${fmt(median(s.naiveRate.map((r) => r.latencyP50Ms)))} ms${naiveDrained ? '' : ' (it had not caught up when the wait ended)'}`,
    },
  ];
}
