// B1 and the Node part of B9 (BUDGETS.md), over a recording of the reference server under
// F-busy (bench/record.ts; recorded into bench/fixtures/ when missing).
//
// B1: the same socket payload texts go through
//   (a) bare JSON.parse — the floor;
//   (b) the real engine: JSON.parse (what socket.io-client does), then the engine's own path
//       (transport → ingest validators → spot sync → store: log append in the memory
//       backend, fold of every projection, frame marks), then the log's flush;
//   (c) a naive fold: JSON.parse, a Map per side fully re-sorted after every push.
// Medians over interleaved runs of process CPU time (steadier than wall time on a shared
// machine); each engine run starts from a fresh engine that has already taken the
// recording's first (full) snapshot, so the timed part is the live stream.
//
// B9 (fold part): the events the engine logged for the recording, looped with shifted
// sequence numbers and times up to 1,000,000 events, folded by `foldEngine` (what a replay
// does), timed in chunks so that the events never all sit in memory at once.
import { join } from 'node:path';
import { foldEngine, initialEngineState } from '../src/engine/store.ts';
import type { EngineState } from '../src/engine/store.ts';
import { engineHarness } from './engine-harness.ts';
import { deliverText, loggedEvents, Looper } from './replay-events.ts';
import { NaiveStreamFold } from './naive-book.ts';
import { FIXTURES_DIR, loadOrRecord } from './record.ts';
import type { Fixture } from './record.ts';
import { cpuMs, median, spread } from './stats.ts';
import type { Benchmark, BenchRow } from './types.ts';

const FIXTURE = join(FIXTURES_DIR, 'f-busy.ndjson');
const RECORD_SECONDS = 30;
const B9_EVENTS = 1_000_000;
const B9_BUDGET_S = 15;

interface Timings {
  parse: number[];
  engine: number[];
  naive: number[];
}

const bench: Benchmark = {
  name: 'engine-fold',
  ids: ['B1', 'B9'],
  async run({ quick }) {
    const fixture = await loadOrRecord({
      profile: 'F-busy',
      seconds: RECORD_SECONDS,
      out: FIXTURE,
    });
    const runs = quick ? 5 : 21;
    const live = fixture.lines.slice(1);
    const deltas = live.filter((l) => isFocusDelta(l, fixture.header.focus));
    const all = await measure(fixture, live, runs);
    const book = await measure(fixture, deltas, runs);
    const rows = [b1Row(all, live, book, deltas.length), naiveRow(book, deltas, all)];
    rows.push(await b9Row(fixture, quick));
    return rows;
  },
};
export default bench;

function isFocusDelta(line: string, focus: string): boolean {
  return (
    line.startsWith('["market_depth"') &&
    line.includes('"mode":"delta"') &&
    line.includes(`"symbol":${JSON.stringify(focus)}`)
  );
}

async function measure(fixture: Fixture, lines: readonly string[], runs: number): Promise<Timings> {
  const t: Timings = { parse: [], engine: [], naive: [] };
  const warmup = 2;
  for (let i = 0; i < runs + warmup; i += 1) {
    const parse = timeParse(lines);
    const engine = await timeEngine(fixture, lines);
    if (i < warmup) continue;
    t.parse.push(parse);
    t.engine.push(engine);
  }
  // The naive fold apart: its garbage must not land on the engine's or JSON.parse's runs.
  for (let i = 0; i < runs + 1; i += 1) {
    const naive = timeNaive(fixture, lines);
    if (i > 0) t.naive.push(naive);
  }
  return t;
}

let _sink = 0;

function timeParse(lines: readonly string[]): number {
  const t0 = cpuMs();
  for (const text of lines) {
    const value = JSON.parse(text) as unknown[];
    _sink += value.length;
  }
  return cpuMs() - t0;
}

/** The clock moves with the recording in steps of at least this much recorded time. */
const STEP_MS = 250;
const SERVER_TIME = /"server_time":(\d+)/;

/** Recorded server time of each push (the previous one's when a push has none). */
function timesOf(lines: readonly string[]): number[] {
  let last = 0;
  return lines.map((l) => {
    const m = SERVER_TIME.exec(l);
    if (m?.[1] !== undefined) last = Number(m[1]);
    return last;
  });
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function timeEngine(fixture: Fixture, lines: readonly string[]): Promise<number> {
  const times = timesOf(lines);
  const h = await engineHarness(fixture.header);
  const first = fixture.lines[0];
  if (first !== undefined) deliverText(h.deliver, first);
  await h.engine.log.flush();
  let clock = times[0] ?? 0;
  let ms = 0;
  let t0 = cpuMs();
  for (let i = 0; i < lines.length; i += 1) {
    const at = times[i] ?? clock;
    if (at - clock >= STEP_MS) {
      // Let time pass as recorded: the log's timers fire and its batches are handed over
      // (to the memory backend standing in for IndexedDB, whose write is B7's, not timed).
      ms += cpuMs() - t0;
      h.advance(at - clock);
      clock = at;
      await settle();
      t0 = cpuMs();
    }
    deliverText(h.deliver, lines[i] ?? '[]');
  }
  ms += cpuMs() - t0;
  await h.engine.log.flush();
  await h.close();
  return ms;
}

function timeNaive(fixture: Fixture, lines: readonly string[]): number {
  const fold = new NaiveStreamFold();
  const first = fixture.lines[0];
  if (first !== undefined) fold.push(first);
  const t0 = cpuMs();
  for (const text of lines) fold.push(text);
  const ms = cpuMs() - t0;
  _sink += fold.books.size;
  return ms;
}

const rate = (n: number, ms: number): string =>
  `${Math.round((n / ms) * 1000).toLocaleString('en-US')} pushes/s`;

/** parse / engine × 100 per run (each pair measured back to back), then the median. */
const shareOf = (t: Timings): number =>
  median(t.parse.map((p, i) => (p / (t.engine[i] ?? NaN)) * 100));

function b1Row(t: Timings, lines: readonly string[], book: Timings, deltas: number): BenchRow {
  const bytes = lines.reduce((n, l) => n + l.length, 0);
  const parse = median(t.parse);
  const engine = median(t.engine);
  const share = shareOf(t);
  return {
    id: 'B1',
    what: `engine fold (parse + validate + apply + log enqueue), F-busy recording, ${lines.length.toLocaleString('en-US')} pushes`,
    value: share,
    unit: '% of JSON.parse',
    budget: '≥ 50 %',
    peer: `JSON.parse ${rate(lines.length, parse)} (${(bytes / 1e3 / parse).toFixed(0)} MB/s); engine ${rate(lines.length, engine)}`,
    ratio: share / 100,
    pass: share >= 50,
    note:
      `median over ${t.engine.length} paired runs of JSON.parse time / engine time (process CPU time); ` +
      `engine ${spread(t.engine, 'ms')}; JSON.parse ${spread(t.parse, 'ms')}. ` +
      `The focused pair's ${deltas} 1,000-level deltas alone: engine at ${shareOf(book).toFixed(0)} % of JSON.parse ` +
      `(${((median(book.engine) * 1000) / deltas).toFixed(1)} µs vs ${((median(book.parse) * 1000) / deltas).toFixed(1)} µs a delta).`,
  };
}

function naiveRow(book: Timings, deltas: readonly string[], all: Timings): BenchRow {
  const slowdown = median(book.naive) / median(book.engine);
  const whole = median(all.naive) / median(all.engine);
  return {
    id: 'B1',
    what: `naive book fold (Map per side, full sort per push) vs engine, the focused pair's ${deltas.length} deltas`,
    value: slowdown,
    unit: '× slower',
    budget: '≥ 10× slower',
    peer: `naive ${rate(deltas.length, median(book.naive))}; engine ${rate(deltas.length, median(book.engine))}`,
    ratio: slowdown,
    pass: slowdown >= 10,
    note:
      `naive ${spread(book.naive, 'ms')}. Over the whole F-busy stream the naive fold is ${whole.toFixed(1)}× slower: ` +
      'for the other pushes it only parses (no validation, no log), so the book stream is where the two folds differ.',
  };
}

async function b9Row(fixture: Fixture, quick: boolean): Promise<BenchRow> {
  const events = await loggedEvents(fixture);
  const start = events.findIndex((e) => e.name === 'book.snapshot');
  if (start < 0) throw new Error('the recording has no book snapshot');
  const prefix = events.slice(0, start);
  const body = events.slice(start);
  const looper = new Looper(body, prefix.length);
  const total = quick ? B9_EVENTS / 4 : B9_EVENTS;
  let state: EngineState = initialEngineState;
  for (const e of prefix) state = foldEngine(state, e);
  let ms = 0;
  let folded = prefix.length;
  for (let k = 0; folded < total; k += 1) {
    const chunk = looper.loop(k, total - folded);
    const t0 = cpuMs();
    for (const e of chunk) state = foldEngine(state, e);
    ms += cpuMs() - t0;
    folded += chunk.length;
  }
  _sink += state.spot.book.version;
  const seconds = (ms / 1000) * (B9_EVENTS / folded);
  return {
    id: 'B9',
    what: 'bare fold of 1,000,000 recorded events, Node (the floor of the Chromium replay)',
    value: seconds,
    unit: 's',
    budget: `≤ ${B9_BUDGET_S} s replay in Chromium (issue 5)`,
    peer: `the budget itself, ${B9_BUDGET_S} s`,
    ratio: seconds / B9_BUDGET_S,
    pass: seconds <= B9_BUDGET_S,
    note:
      `foldEngine over the ${body.length} events logged for the ${fixture.header.seconds} s F-busy recording, ` +
      `looped with shifted seq/prev_seq/at (book resets to the snapshot each loop); ` +
      `${folded.toLocaleString('en-US')} events folded${folded < B9_EVENTS ? ', extrapolated to 1,000,000' : ''}. ` +
      'The Chromium replay with checkpoints and seeking is issue 5; this is its floor.',
  };
}
