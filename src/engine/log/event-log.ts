// The append-only event log (ARCHITECTURE §4 "Log"). `append` is synchronous: it assigns the
// next seq (strictly increasing, continuing from what the store already holds) and queues the
// event; the queue is written in ONE Dexie transaction per flush (FLUSH_MS after the oldest
// queued event, or as soon as FLUSH_AT events wait), never per event. Automatic flushes wait
// for the previous transaction to settle and start at least MIN_TX_GAP_MS after it began, so
// whatever the event rate there are at most 1000 / MIN_TX_GAP_MS transactions a second: a burst
// makes batches bigger, not transactions more frequent (B7). An explicit `flush()` (read,
// close) writes at once. Events are stored in chunks of consecutive events, one record each
// (chunk-store.ts), because IndexedDB's cost is per record. The flush also prunes beyond the
// retention bound (whole chunks; `read` never returns events beyond it). If IndexedDB cannot
// open, or a write fails, the log continues in a memory ring and reports status 'memory'.
// Secrets never reach this file: event bodies carry none.
import Dexie from 'dexie';
import type { LogEvent } from '../../shared/log-event.ts';
import type { LogStatus } from '../api.ts';
import type { Services, TimerId } from '../services.ts';
import { CHUNK_TABLE, pruneChunks, readChunks, storedBounds, toChunks } from './chunk-store.ts';
import type { ChunkTable } from './chunk-store.ts';
import { EventRing } from './ring.ts';

export const FLUSH_MS = 250;
export const FLUSH_AT = 500;
/** Automatic flushes begin at least this long after the previous one began (≤ 8 per second). */
export const MIN_TX_GAP_MS = 125;
/** Most events one transaction writes; a longer queue takes several. */
export const MAX_BATCH = 2_000;
export const RETAIN_EVENTS = 200_000;
export const MEMORY_EVENTS = 50_000;
export const OPEN_TIMEOUT_MS = 5_000;
export const LOG_DB_NAME = 'bourse-log';

export interface EventLogOptions {
  services: Pick<Services, 'timers' | 'indexedDb' | 'logger'>;
  dbName?: string;
  retain?: number;
  memoryCapacity?: number;
  onStatus?: (status: LogStatus) => void;
}

export interface EventLogStats {
  appended: number;
  flushes: number;
  transactions: number;
  pending: number;
}

export interface EventLog {
  open(): Promise<LogStatus>;
  status(): LogStatus;
  append<E extends Omit<LogEvent, 'seq'>>(event: E): E & { seq: number };
  flush(): Promise<void>;
  /** Events with seq ≥ fromSeq, oldest first (written and pending). */
  read(fromSeq: number, limit: number): Promise<LogEvent[]>;
  stats(): EventLogStats;
  close(): Promise<void>;
}

export function createEventLog(options: EventLogOptions): EventLog {
  const { timers, logger } = options.services;
  const retain = options.retain ?? RETAIN_EVENTS;
  const ring = new EventRing(options.memoryCapacity ?? MEMORY_EVENTS);
  let db: Dexie | null = null;
  let chunks: ChunkTable | null = null;
  let status: LogStatus = 'opening';
  let lastSeq = 0;
  let oldestSeq = 1;
  let queue: LogEvent[] = [];
  /** FLUSH_MS after the oldest queued event. */
  let timer: TimerId | null = null;
  /** Runs for MIN_TX_GAP_MS after a flush began; no automatic flush meanwhile. */
  let gapTimer: TimerId | null = null;
  /** Flushes begun and not yet settled (they run one after another on `flushing`). */
  let inFlight = 0;
  /** The FLUSH_MS deadline passed while a flush could not start yet. */
  let due = false;
  let flushing: Promise<void> = Promise.resolve();
  const stats = { appended: 0, flushes: 0, transactions: 0 };

  const setStatus = (next: LogStatus): void => {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  };

  const toMemory = (reason: unknown, batch: LogEvent[]): void => {
    logger.warn('event log falls back to memory', reason);
    for (const event of batch) ring.push(event);
    db?.close();
    db = null;
    chunks = null;
    setStatus('memory');
  };

  /** The oldest seq the retention policy keeps. */
  const retainedFrom = (): number => lastSeq - retain + 1;

  const writeBatch = async (batch: LogEvent[]): Promise<void> => {
    if (chunks === null) {
      for (const event of batch) ring.push(event);
      return;
    }
    const table = chunks;
    const cutoff = retainedFrom();
    stats.transactions += 1;
    try {
      let kept = oldestSeq;
      await table.db.transaction('rw', table, async () => {
        await table.bulkAdd(toChunks(batch));
        if (cutoff > oldestSeq) kept = await pruneChunks(table, cutoff);
      });
      oldestSeq = kept;
    } catch (error) {
      toMemory(error, batch);
    }
  };

  /** Writes everything queued (in batches of at most MAX_BATCH), after the flushes begun. */
  const flush = (): Promise<void> => {
    due = false;
    while (queue.length > 0) writeNextBatch();
    return flushing;
  };

  /** One transaction for the oldest MAX_BATCH queued events, chained after the ones begun. */
  const writeNextBatch = (): void => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    const batch = queue.length <= MAX_BATCH ? queue : queue.slice(0, MAX_BATCH);
    queue = batch === queue ? [] : queue.slice(MAX_BATCH);
    if (queue.length > 0) timer = timers.setTimeout(onDeadline, FLUSH_MS);
    stats.flushes += 1;
    inFlight += 1;
    if (gapTimer !== null) timers.clearTimeout(gapTimer);
    gapTimer = timers.setTimeout(() => {
      gapTimer = null;
      autoFlush();
    }, MIN_TX_GAP_MS);
    flushing = flushing
      .then(() => writeBatch(batch))
      .finally(() => {
        inFlight -= 1;
        autoFlush();
      });
  };

  /** A flush the log decides on itself: only when one is wanted and none is too recent. */
  const autoFlush = (): void => {
    if (queue.length === 0) due = false;
    if (!due && queue.length < FLUSH_AT) return;
    if (inFlight > 0 || gapTimer !== null) return;
    due = false;
    writeNextBatch();
  };

  const onDeadline = (): void => {
    timer = null;
    due = true;
    autoFlush();
  };

  const openDexie = async (): Promise<LogStatus> => {
    const deps = options.services.indexedDb();
    if (deps === null) return 'memory';
    const candidate = new Dexie(options.dbName ?? LOG_DB_NAME, {
      indexedDB: deps.indexedDB,
      IDBKeyRange: deps.IDBKeyRange,
    });
    candidate.version(1).stores({ events: 'seq' });
    // v2: one record per chunk of events (the log is a cache: v1's rows are dropped)
    candidate.version(2).stores({ events: null, [CHUNK_TABLE]: 'seq' });
    await withTimeout(candidate.open(), OPEN_TIMEOUT_MS, timers);
    const table: ChunkTable = candidate.table(CHUNK_TABLE);
    const bounds = await storedBounds(table);
    lastSeq = Math.max(lastSeq, bounds?.last ?? 0);
    oldestSeq = bounds?.first ?? lastSeq + 1;
    db = candidate;
    chunks = table;
    return 'indexeddb';
  };

  return {
    async open() {
      if (status !== 'opening') return status;
      try {
        setStatus(await openDexie());
      } catch (error) {
        toMemory(error, []);
      }
      return status;
    },
    status: () => status,
    append(event) {
      lastSeq += 1;
      // one object literal of one shape for every event (a spread of the union's many shapes
      // was the log's largest cost in the engine fold, B1)
      const stored = {
        seq: lastSeq,
        at: event.at,
        kind: event.kind,
        name: event.name,
        body: event.body,
      } as typeof event & { seq: number };
      stats.appended += 1;
      queue.push(stored);
      if (queue.length >= FLUSH_AT) autoFlush();
      else if (timer === null && !due) timer = timers.setTimeout(onDeadline, FLUSH_MS);
      return stored;
    },
    flush,
    async read(fromSeq, limit) {
      await flush();
      if (chunks === null) return ring.read(fromSeq, limit);
      return readChunks(chunks, Math.max(fromSeq, retainedFrom()), limit);
    },
    stats: () => ({ ...stats, pending: queue.length }),
    async close() {
      await flush();
      if (gapTimer !== null) timers.clearTimeout(gapTimer);
      gapTimer = null;
      db?.close();
      // anything appended after close stays in the memory ring (a closed Dexie only throws)
      db = null;
      chunks = null;
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, timers: Services['timers']): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const id = timers.setTimeout(
      () => reject(new Error(`IndexedDB open timed out after ${ms} ms`)),
      ms,
    );
    promise.then(
      (value) => {
        timers.clearTimeout(id);
        resolve(value);
      },
      (error: unknown) => {
        timers.clearTimeout(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
