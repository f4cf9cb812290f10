// B9 in Chromium (issue 5): a recording of 1,000,000 events (the F-busy session the engine
// logged, looped with shifted seqs and times, written by the real exporter) is opened on the
// /replay desk of the built client in Debian's Chromium, unthrottled. Measured: from handing
// the file to the page to the desk showing the loaded recording (read, gunzip, parse, fold to
// the last event, hash, swap engines), and seeking: "jump to event #" at random events until
// the banner shows that event (nearest checkpoint + at most one block). Peer: the bare fold of
// the same events in Node, timed while the file is written.
import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineEvent } from '../src/engine/events.ts';
import { foldEngine, initialEngineState } from '../src/engine/store.ts';
import type { EngineState } from '../src/engine/store.ts';
import { startExport } from '../src/engine/replay/writer.ts';
import { ensureBuilt, launchBrowser, startServer } from './page/harness.ts';
import { FIXTURES_DIR, loadOrRecord } from './record.ts';
import { loggedEvents, Looper } from './replay-events.ts';
import { cpuMs, median } from './stats.ts';
import type { Benchmark, BenchRow } from './types.ts';

const EVENTS = 1_000_000;
const LOAD_BUDGET_S = 15;
const SEEK_BUDGET_MS = 1000;
const SEEKS = 12;

const bench: Benchmark = {
  name: 'replay',
  ids: ['B9'],
  async run({ quick, outDir }) {
    ensureBuilt();
    const total = quick ? EVENTS / 4 : EVENTS;
    const made = await makeRecording(total, outDir);
    const server = await startServer(null);
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1440, height: 900 },
      });
      const page = await context.newPage();
      await page.goto('/replay');
      const t0 = Date.now();
      await page.getByTestId('replay-file').setInputFiles(made.file);
      await page.getByTestId('replay-summary').waitFor({ timeout: 180_000 });
      const loadS = (Date.now() - t0) / 1000;
      const seeks: number[] = [];
      for (let i = 0; i < SEEKS; i += 1) {
        const seq =
          1 + Math.floor((((i * 7919) % SEEKS) / SEEKS) * (total - 1) + ((i * 104729) % 997));
        const input = page.getByTestId('replay-jump-seq');
        await input.fill(String(seq));
        const s0 = Date.now();
        await input.press('Enter');
        await page
          .getByTestId('replay-position')
          .filter({ hasText: `#${seq} ` })
          .waitFor({ timeout: 30_000 });
        seeks.push(Date.now() - s0);
      }
      await context.close();
      const scale = EVENTS / total;
      const load = loadS * scale;
      const peer = (made.foldMs / 1000) * scale;
      const note =
        `${total.toLocaleString('en-US')} events (${(made.bytes / 1e6).toFixed(0)} MB gzipped)` +
        `${total < EVENTS ? ', extrapolated to 1,000,000' : ''}; Chromium unthrottled, the built client, ` +
        'from setInputFiles to the desk showing the recording (gunzip, parse, fold to the last event, hashes).';
      const rows: BenchRow[] = [
        {
          id: 'B9',
          what: 'replay of 1,000,000 recorded events to the last event, Chromium (/replay desk)',
          value: load,
          unit: 's',
          budget: `≤ ${LOAD_BUDGET_S} s`,
          peer: `bare fold of the same events in Node ${peer.toFixed(1)} s`,
          ratio: load / peer,
          pass: load <= LOAD_BUDGET_S,
          note,
        },
        {
          id: 'B9',
          what: 'seeking to an event (jump to event # → the banner shows it), worst of the seeks',
          value: Math.max(...seeks),
          unit: 'ms',
          budget: `≤ ${SEEK_BUDGET_MS} ms`,
          peer: null,
          ratio: Math.max(...seeks) / SEEK_BUDGET_MS,
          pass: Math.max(...seeks) <= SEEK_BUDGET_MS,
          note: `${SEEKS} seeks spread over the recording, median ${median(seeks).toFixed(0)} ms (Playwright round trips included).`,
        },
      ];
      return rows;
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
export default bench;

/** The looped F-busy events written by the exporter; the Node fold of them timed on the way. */
async function makeRecording(
  total: number,
  outDir: string,
): Promise<{ file: string; bytes: number; foldMs: number }> {
  const events = (await loopedEvents(total)).flat();
  let end: EngineState = initialEngineState;
  const t0 = cpuMs();
  for (const e of events) end = foldEngine(end, e);
  const foldMs = cpuMs() - t0;
  const file = join(outDir, `b9-${events.length}.ndjson.gz`);
  await writeFile(file, await exportAll(events, end));
  return { file, bytes: statSync(file).size, foldMs };
}

/** The F-busy recording the engine logged, looped to `total` events (also bench/profile-replay.ts). */
export async function loopedEvents(total: number): Promise<EngineEvent[][]> {
  const fixture = await loadOrRecord({
    profile: 'F-busy',
    seconds: 30,
    out: join(FIXTURES_DIR, 'f-busy.ndjson'),
  });
  const looper = new Looper(await loggedEvents(fixture), 0);
  const chunks: EngineEvent[][] = [];
  for (let k = 0, count = 0; count < total; k += 1) {
    const chunk = looper.loop(k, total - count);
    chunks.push(chunk);
    count += chunk.length;
  }
  return chunks;
}

/** The events as a file, written by the real exporter from the initial state. */
export async function exportAll(
  events: readonly EngineEvent[],
  end: EngineState,
): Promise<Uint8Array> {
  const first = events[0];
  const last = events.at(-1);
  if (first === undefined || last === undefined) throw new Error('no events to export');
  const writer = await startExport({
    start: { seq: 0, at: first.at, state: initialEngineState },
    end,
    events: events.length,
    firstSeq: first.seq,
    lastSeq: last.seq,
    from: first.at,
    to: last.at,
    exportedAt: last.at,
  });
  for (let i = 0; i < events.length; i += 10_000) writer.events(events.slice(i, i + 10_000));
  return writer.finish();
}
