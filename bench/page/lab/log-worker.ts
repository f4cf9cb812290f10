// The B7 lab worker. Runs the engine's real event-log writer (src/engine/log/event-log.ts,
// opened with the same browser services as the engine's worker) or a naive peer (one Dexie
// put, hence one IndexedDB transaction, per event) in a dedicated worker, as the engine does,
// and feeds it recorded LogEvents (served as /events.json) at a load-profile rate or as fast
// as it commits. IndexedDB itself is instrumented: every readwrite transaction is counted and
// the events its add/put requests carry (a record is one event, or a chunk of them:
// src/engine/log/chunk-store.ts), so when it completes we know which events became durable
// and can time each one from append to commit.
import * as Comlink from 'comlink';
import Dexie from 'dexie';
import { createEventLog } from '../../../src/engine/log/event-log.ts';
import { createBrowserServices } from '../../../src/engine/services.ts';
import type { LogEvent } from '../../../src/shared/log-event.ts';
import type { LogRunResult, LogRunSpec } from './protocol.ts';

type Sample = Omit<LogEvent, 'seq'>;

interface Writer {
  append(event: Sample): void;
  status(): string;
  destroy(): Promise<void>;
}

const TICK_MS = 10;
const MAX_CHUNK = 500;
const DRAIN_TIMEOUT_MS = 30_000;

const api = {
  async run(spec: LogRunSpec): Promise<LogRunResult> {
    const samples = await loadSamples();
    const name = `lab-log-${spec.writer}-${(runCounter += 1)}-${Date.now()}`;
    await Dexie.delete(name);
    const writer = spec.writer === 'real' ? await realWriter(name) : await naiveWriter(name);
    try {
      return await drive(spec, writer, samples);
    } finally {
      probe.active = false;
      await writer.destroy();
    }
  },
};
export type LogWorkerApi = typeof api;
Comlink.expose(api);

// ---- instrumentation ------------------------------------------------------------------------

const probe = {
  active: false,
  transactions: 0,
  appended: 0,
  committed: 0,
  backlogMax: 0,
  appendAt: new Float64Array(1 << 16),
  latency: new Float64Array(1 << 16),
  reset(): void {
    this.active = true;
    this.transactions = 0;
    this.appended = 0;
    this.committed = 0;
    this.backlogMax = 0;
  },
  onAppend(): void {
    if (this.appended === this.appendAt.length) {
      this.appendAt = grow(this.appendAt);
      this.latency = grow(this.latency);
    }
    this.appendAt[this.appended] = performance.now();
    this.appended += 1;
    const backlog = this.appended - this.committed;
    if (backlog > this.backlogMax) this.backlogMax = backlog;
  },
  /** Transactions over one store commit in the order they began, so do the events. */
  onCommit(items: number): void {
    const at = performance.now();
    const end = Math.min(this.appended, this.committed + items);
    for (let k = this.committed; k < end; k += 1) this.latency[k] = at - (this.appendAt[k] ?? at);
    this.committed = end;
  },
};

const itemsOf = new WeakMap<IDBTransaction, number>();
const rawTransaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function transaction(
  this: IDBDatabase,
  storeNames: string | string[],
  mode?: IDBTransactionMode,
  options?: IDBTransactionOptions,
): IDBTransaction {
  const tx = rawTransaction.call(this, storeNames, mode, options);
  if (mode === 'readwrite' && probe.active) {
    probe.transactions += 1;
    tx.addEventListener('complete', () => probe.onCommit(itemsOf.get(tx) ?? 0));
  }
  return tx;
};
const rawAdd = IDBObjectStore.prototype.add;
const rawPut = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.add = function add(this: IDBObjectStore, value: unknown, key) {
  countEvents(this.transaction, value);
  return rawAdd.call(this, value, key);
};
IDBObjectStore.prototype.put = function put(this: IDBObjectStore, value: unknown, key) {
  countEvents(this.transaction, value);
  return rawPut.call(this, value, key);
};

function countEvents(tx: IDBTransaction, value: unknown): void {
  const events = (value as { events?: unknown } | null)?.events;
  const n = Array.isArray(events) ? events.length : 1;
  itemsOf.set(tx, (itemsOf.get(tx) ?? 0) + n);
}

// ---- writers --------------------------------------------------------------------------------

let runCounter = 0;

async function realWriter(name: string): Promise<Writer> {
  const log = createEventLog({ services: createBrowserServices(), dbName: name });
  const status = await log.open();
  if (status !== 'indexeddb') throw new Error(`the event log opened as ${status}`);
  return {
    append: (event) => void log.append(event),
    status: () => log.status(),
    destroy: async () => {
      await log.close();
      await Dexie.delete(name);
    },
  };
}

/** The peer: what a writer without batching does — one put, one transaction, per event. */
async function naiveWriter(name: string): Promise<Writer> {
  const db = new Dexie(name);
  db.version(1).stores({ events: 'seq' });
  await db.open();
  const table = db.table<LogEvent, number>('events');
  let seq = 0;
  let failed: unknown = null;
  return {
    append: (event) => {
      seq += 1;
      table.put({ ...event, seq }).catch((error: unknown) => (failed = error));
    },
    status: () => (failed === null ? 'indexeddb' : `failed: ${String(failed)}`),
    destroy: async () => {
      db.close();
      await Dexie.delete(name);
    },
  };
}

// ---- drivers --------------------------------------------------------------------------------

async function drive(
  spec: LogRunSpec,
  writer: Writer,
  samples: readonly Sample[],
): Promise<LogRunResult> {
  probe.reset();
  const windowMs = spec.seconds * 1000;
  let next = 0;
  let appendMs = 0;
  const appendUpTo = (count: number): void => {
    const t = performance.now();
    while (probe.appended < count) {
      const sample = samples[next % samples.length] as Sample;
      next += 1;
      probe.onAppend();
      writer.append({ at: Date.now(), kind: sample.kind, name: sample.name, body: sample.body });
    }
    appendMs += performance.now() - t;
  };
  const t0 = performance.now();
  await loop(windowMs, t0, (elapsed) => {
    if (spec.mode === 'rate') {
      appendUpTo(Math.floor(((spec.rate ?? 0) * Math.min(elapsed, windowMs)) / 1000));
    } else {
      const room = (spec.maxBacklog ?? 10_000) - (probe.appended - probe.committed);
      if (room > 0) appendUpTo(probe.appended + Math.min(room, MAX_CHUNK));
    }
  });
  const windowEnd = performance.now();
  const inWindow = {
    appended: probe.appended,
    committed: probe.committed,
    transactions: probe.transactions,
  };
  const drainMs = await drain(windowEnd, spec.drainTimeoutMs ?? DRAIN_TIMEOUT_MS);
  return {
    spec,
    windowMs: windowEnd - t0,
    ...inWindow,
    ...latencyStats(inWindow.appended),
    backlogMax: probe.backlogMax,
    drainMs,
    appendMs,
    status: writer.status(),
  };
}

/** Calls `step(elapsed)` on a timer tick until `windowMs` have passed. */
function loop(windowMs: number, t0: number, step: (elapsed: number) => void): Promise<void> {
  return new Promise((resolve) => {
    const tick = (): void => {
      const elapsed = performance.now() - t0;
      step(elapsed);
      if (elapsed >= windowMs) resolve();
      else setTimeout(tick, TICK_MS);
    };
    tick();
  });
}

/** Waits until every appended event is committed; ms it took, or −1 after the timeout. */
async function drain(from: number, timeoutMs: number): Promise<number> {
  while (probe.committed < probe.appended) {
    if (performance.now() - from > timeoutMs) {
      // the rest never committed in time: count their age so far (a lower bound)
      const now = performance.now();
      for (let k = probe.committed; k < probe.appended; k += 1) {
        probe.latency[k] = now - (probe.appendAt[k] ?? now);
      }
      return -1;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - from;
}

function latencyStats(
  count: number,
): Pick<LogRunResult, 'latencyMaxMs' | 'latencyP50Ms' | 'latencyP99Ms'> {
  const sorted = probe.latency.slice(0, count).sort();
  const at = (q: number): number => sorted[Math.min(count - 1, Math.floor(q * count))] ?? NaN;
  return { latencyMaxMs: at(1), latencyP50Ms: at(0.5), latencyP99Ms: at(0.99) };
}

function grow(a: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const b = new Float64Array(a.length * 2);
  b.set(a);
  return b;
}

let loaded: Promise<Sample[]> | null = null;

function loadSamples(): Promise<Sample[]> {
  loaded ??= fetch('/events.json').then((r) => {
    if (!r.ok) throw new Error(`events.json: HTTP ${r.status}`);
    return r.json() as Promise<Sample[]>;
  });
  return loaded;
}
