// npx tsx scripts/socket-flood.ts [--protocol=3|4|both] [--seconds=30] [--rate=130] [--clients=3]
//
// The abandoned-session flood of issue 41, measured (docs/reliability.md). For each protocol it
// starts a reference server of its own (`tests/server-process.ts`: the same `server/main.ts` as
// `npm start`, a fresh database, 127.0.0.1 and a free port), lets the market run, then:
//   baseline  10 s of API probes and RSS samples, no flood;
//   flood     `clients` loops open Engine.IO polling handshakes (`EIO=3` or `EIO=4`), read the
//             open packet and never come back, `rate` sessions a second in all;
//   tail      10 s more of probes, while the abandoned sessions die.
// The probe is a real API call (`GET /api/currency/quotation_new`, one after another, at most
// 10 a second, from a worker thread); RSS is the server process's VmRSS from /proc, every 250 ms. Environment
// variables are passed to the server (e.g. SOCKETS_PER_ADDRESS=0 to lift the cap).
//
// Bounded on purpose: loopback only (the tool starts the server it floods; there is no --url),
// at most 120 s and 300 sessions a second, at most 32 handshakes in flight per loop, and it
// stops the server and itself at the end.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { startServerProcess } from '../tests/server-process.ts';
import type { ServerProcess } from '../tests/server-process.ts';

const SOCKET_PATH = '/wss/socket.io/';
const PROBE_PATH = '/api/currency/quotation_new';
const WARMUP_MS = 5_000;
const BASELINE_MS = 10_000;
const TAIL_MS = 10_000;
const PROBE_GAP_MS = 100;
const RSS_EVERY_MS = 250;
const IN_FLIGHT_PER_CLIENT = 32;
const MAX_SECONDS = 120;
const MAX_RATE = 300;

interface Options {
  protocols: (3 | 4)[];
  seconds: number;
  rate: number;
  clients: number;
}

interface Phase {
  latencies: number[];
  rss: number[];
}

interface Result {
  protocol: 3 | 4;
  baseline: Phase;
  flood: Phase;
  tail: Phase;
  opened: number;
  refused: number;
  failed: number;
  /** Sessions 11–20 s old at the flood's end, polled once: how many lived, what they held. */
  sampled: number;
  alive: number;
  bufferedBytes: number;
}

interface Tally {
  opened: number;
  refused: number;
  failed: number;
  sids: { sid: string; at: number }[];
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function option(name: string, fallback: number, max: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const n = arg === undefined ? fallback : Number(arg.slice(name.length + 3));
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return Math.min(n, max);
}

function options(): Options {
  const p = process.argv.find((a) => a.startsWith('--protocol='))?.slice('--protocol='.length);
  const protocols: (3 | 4)[] = p === '3' ? [3] : p === '4' ? [4] : [3, 4];
  return {
    protocols,
    seconds: option('seconds', 30, MAX_SECONDS),
    rate: option('rate', 130, MAX_RATE),
    clients: Math.round(option('clients', 3, 8)),
  };
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb === undefined ? NaN : Number(kb) / 1024;
  } catch {
    return NaN;
  }
}

function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/**
 * The probe loop, in a worker thread of its own: the flood loops keep this process's event loop
 * busy, and a probe timed on it would count their delay as the server's.
 */
const PROBE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  for (;;) {
    const started = performance.now();
    try {
      const res = await fetch(workerData.url, { signal: AbortSignal.timeout(30000) });
      await res.arrayBuffer();
      parentPort.postMessage(performance.now() - started);
    } catch {
      parentPort.postMessage(30000);
    }
    const wait = workerData.gapMs - (performance.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
})();
`;

/** Probes the API and samples RSS into whichever phase is current until stopped. */
function measure(server: ServerProcess, current: () => Phase) {
  const worker = new Worker(PROBE_WORKER, {
    eval: true,
    workerData: { url: `${server.url}${PROBE_PATH}`, gapMs: PROBE_GAP_MS },
  });
  worker.on('message', (ms: number) => current().latencies.push(ms));
  const rss = setInterval(() => current().rss.push(rssMb(server.pid)), RSS_EVERY_MS);
  return async () => {
    clearInterval(rss);
    await worker.terminate();
  };
}

/** One loop of the flood: `perSecond` handshakes a second, each read and then abandoned. */
async function floodLoop(
  url: string,
  protocol: 3 | 4,
  perSecond: number,
  untilMs: number,
  tally: Tally,
  id: number,
): Promise<void> {
  const gap = 1000 / perSecond;
  let inFlight = 0;
  let n = 0;
  let next = performance.now();
  const pending = new Set<Promise<void>>();
  while (performance.now() < untilMs) {
    if (inFlight >= IN_FLIGHT_PER_CLIENT) {
      await Promise.race(pending);
      continue;
    }
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    next += gap;
    inFlight += 1;
    const t = `${id}-${n++}`;
    const p = fetch(`${url}${SOCKET_PATH}?EIO=${protocol}&transport=polling&t=${t}`, {
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (res) => {
        const body = await res.text();
        const sid = /"sid":"([^"]+)"/.exec(body)?.[1];
        if (res.status === 200 && sid !== undefined) {
          tally.opened += 1;
          tally.sids.push({ sid, at: performance.now() });
        } else if (res.status === 403 || res.status === 400) tally.refused += 1;
        else tally.failed += 1;
      })
      .catch(() => {
        tally.failed += 1;
      })
      .finally(() => {
        inFlight -= 1;
        pending.delete(p);
      });
    pending.add(p);
  }
  await Promise.all(pending);
}

async function run(protocol: 3 | 4, o: Options): Promise<Result> {
  // a shared machine may be slow to start it
  const server = await startServerProcess({}, { startupMs: 240_000 });
  try {
    await sleep(WARMUP_MS);
    const phases = {
      baseline: { latencies: [], rss: [] } as Phase,
      flood: { latencies: [], rss: [] } as Phase,
      tail: { latencies: [], rss: [] } as Phase,
    };
    let phase: Phase = phases.baseline;
    const stopMeasuring = measure(server, () => phase);
    await sleep(BASELINE_MS);
    phase = phases.flood;
    const tally: Tally = { opened: 0, refused: 0, failed: 0, sids: [] };
    const until = performance.now() + o.seconds * 1000;
    await Promise.all(
      Array.from({ length: o.clients }, (_, i) =>
        floodLoop(server.url, protocol, o.rate / o.clients, until, tally, i),
      ),
    );
    phase = phases.tail;
    const sample = await pollOld(server.url, protocol, tally.sids);
    await sleep(TAIL_MS);
    await stopMeasuring();
    const { opened, refused, failed } = tally;
    return { protocol, ...phases, opened, refused, failed, ...sample };
  } finally {
    await server.stop();
  }
}

/**
 * Polls up to 20 abandoned sessions that are 11–20 s old once each (10 s at most): a live one
 * answers what it buffered (an empty one holds the poll open: counted alive, 0 bytes); a dropped
 * one answers 400 "Session ID unknown".
 */
async function pollOld(url: string, protocol: 3 | 4, sids: Tally['sids']) {
  const now = performance.now();
  const old = sids.filter((s) => now - s.at >= 11_000 && now - s.at <= 20_000).slice(-20);
  let alive = 0;
  let bufferedBytes = 0;
  const errors: string[] = [];
  await Promise.all(
    old.map(async ({ sid }) => {
      try {
        const res = await fetch(
          `${url}${SOCKET_PATH}?EIO=${protocol}&transport=polling&sid=${sid}`,
          {
            signal: AbortSignal.timeout(10_000),
          },
        );
        const body = await res.text();
        if (res.status === 200) {
          alive += 1;
          bufferedBytes += body.length;
        }
      } catch (err) {
        // the poll was held open: the session lives, with nothing buffered
        if (err instanceof Error && err.name === 'TimeoutError') alive += 1;
        else errors.push(String(err));
      }
    }),
  );
  if (errors.length > 0) console.error(`polls of old sessions failed: ${errors.join('; ')}`);
  return { sampled: old.length, alive, bufferedBytes };
}

function report(r: Result, o: Options): string {
  const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : '–');
  const mb = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} MB` : '–');
  const all = [...r.flood.latencies, ...r.tail.latencies];
  const peak = Math.max(...r.flood.rss, ...r.tail.rss);
  return [
    `EIO${r.protocol}: ${o.rate}/s for ${o.seconds} s from ${o.clients} loops: ` +
      `${r.opened} sessions opened, ${r.refused} refused, ${r.failed} failed`,
    `  API ${PROBE_PATH}: before p50 ${ms(quantile(r.baseline.latencies, 0.5))}, ` +
      `p95 ${ms(quantile(r.baseline.latencies, 0.95))}; during flood p50 ` +
      `${ms(quantile(r.flood.latencies, 0.5))}, p95 ${ms(quantile(r.flood.latencies, 0.95))}, ` +
      `max ${ms(Math.max(...all))} (${r.flood.latencies.length} probes)`,
    `  server RSS: before ${mb(quantile(r.baseline.rss, 0.5))}, peak ${mb(peak)}, ` +
      `10 s after ${mb(r.tail.rss.at(-1) ?? NaN)}`,
    `  sessions 11–20 s old at the end: ${r.alive} of ${r.sampled} alive, holding ` +
      `${r.alive === 0 ? 0 : Math.round(r.bufferedBytes / r.alive / 1024)} KB each on average`,
  ].join('\n');
}

const o = options();
for (const protocol of o.protocols) {
  const result = await run(protocol, o);
  console.log(report(result, o));
}
