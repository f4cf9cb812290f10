// The append-only event log (ARCHITECTURE §4 "Log"). `append` is synchronous: it assigns the
// next seq (strictly increasing, continuing from what the store already holds) and queues the
// event; the queue is written in ONE Dexie transaction per flush (FLUSH_MS after the oldest
// queued event, or as soon as FLUSH_AT events wait), never per event. Events other than pushes
// (replies, commands, system events: few, and each may change what the user sees of their own
// account) bring the deadline forward to PROMPT_MS, and the engine flushes when the page is
// hidden: a page closed or navigated away right after a reply loses at most that reply's few
// milliseconds, not the last quarter second (the next page session restores from the log). Automatic flushes wait
// for the previous transaction to settle and start at least MIN_TX_GAP_MS after it began, so
// whatever the event rate there are at most 1000 / MIN_TX_GAP_MS transactions a second: a burst
// makes batches bigger, not transactions more frequent (B7). An explicit `flush()` (read,
// close) writes at once. Events are stored in chunks of consecutive events, one record each
// (chunk-store.ts), because IndexedDB's cost is per record. Checkpoints (checkpoints.ts) given
// to `checkpoint` are written in the transaction that writes their event, and that transaction
// also compacts: behind the newest checkpoint outside the retention window, a few chunks at a
// time. If IndexedDB cannot open, or a write fails, the log continues in a memory ring (with
// its checkpoints in memory) and reports status 'memory' with the reason (storage-issue.ts):
// no IndexedDB, quota, an open blocked by an older tab, another tab writing, any failure. A
// newer schema opened in another tab ('versionchange') closes the database at once (so that
// tab's upgrade is not blocked) and reports 'newer-version': this tab should be reloaded.
// Secrets never reach this file: event bodies carry none.
import Dexie from 'dexie';
import type { LogEvent } from '../../shared/log-event.ts';
import type { LogStatus, StorageIssue } from '../api.ts';
import type { Services, TimerId } from '../services.ts';
import { CHUNK_TABLE, pruneBehind, readChunks, storedBounds, toChunks } from './chunk-store.ts';
import type { ChunkTable } from './chunk-store.ts';
import {
  CHECKPOINT_TABLE,
  compactionBase,
  DEFAULT_RETENTION,
  PRUNE_RECORDS,
} from './checkpoints.ts';
import type {
  CheckpointMeta,
  CheckpointRecord,
  CheckpointTable,
  RetentionPolicy,
} from './checkpoints.ts';
import { EventRing } from './ring.ts';
import { StorageBlockedError, storageIssueOf } from './storage-issue.ts';

export const FLUSH_MS = 250;
/** The deadline after an event that is not a push (replies arriving together share a write). */
export const PROMPT_MS = 16;
export const FLUSH_AT = 500;
/** Automatic flushes begin at least this long after the previous one began (≤ 8 per second). */
export const MIN_TX_GAP_MS = 125;
/** Most events one transaction writes; a longer queue takes several. */
export const MAX_BATCH = 2_000;
export const MEMORY_EVENTS = 50_000;
/** Checkpoints kept while the log is in memory. */
export const MEMORY_CHECKPOINTS = 16;
export const OPEN_TIMEOUT_MS = 5_000;
export const LOG_DB_NAME = 'bourse-log';

export interface EventLogOptions {
  services: Pick<Services, 'timers' | 'indexedDb' | 'logger' | 'exclusiveLock'>;
  dbName?: string;
  retention?: Partial<RetentionPolicy>;
  memoryCapacity?: number;
  onStatus?: (status: LogStatus, issue: StorageIssue | null) => void;
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
  /** Why the log keeps to memory (or must be reloaded); null while IndexedDB is in use. */
  issue(): StorageIssue | null;
  /** Closes the database and keeps to memory from now on, reporting `issue`. */
  detach(issue: StorageIssue): void;
  append<E extends Omit<LogEvent, 'seq'>>(event: E): E & { seq: number };
  flush(): Promise<void>;
  /** Events with seq ≥ fromSeq, oldest first (written and pending). */
  read(fromSeq: number, limit: number): Promise<LogEvent[]>;
  /** seq of the last event appended (0: none yet). */
  lastSeq(): number;
  /** Keeps a checkpoint (written with its event's batch). */
  checkpoint(record: CheckpointRecord): void;
  /**
   * The checkpoints from which everything after them is still held, ascending; seq 0 (the
   * empty state) while the log still holds its first event. Call after `flush`.
   */
  checkpoints(): CheckpointMeta[];
  /** A checkpoint's record; null for seq 0 (the empty state) or one no longer held. */
  loadCheckpoint(seq: number): Promise<CheckpointRecord | null>;
  /** Changes the retention window (applies from the next write). */
  setRetention(retention: Partial<RetentionPolicy>): void;
  /** Suspends compaction until the returned release is called (an export reads meanwhile). */
  hold(): () => void;
  /** Forgets every event and checkpoint held (seq continues). */
  clear(): Promise<void>;
  stats(): EventLogStats;
  close(): Promise<void>;
}

export function createEventLog(options: EventLogOptions): EventLog {
  const { timers, logger } = options.services;
  let policy: RetentionPolicy = { ...DEFAULT_RETENTION, ...options.retention };
  let ring = new EventRing(options.memoryCapacity ?? MEMORY_EVENTS);
  let db: Dexie | null = null;
  let chunks: ChunkTable | null = null;
  let checkpointTable: CheckpointTable | null = null;
  let status: LogStatus = 'opening';
  let issue: StorageIssue | null = null;
  let lastSeq = 0;
  let lastAt = 0;
  /** First seq stored in IndexedDB. */
  let oldestSeq = 1;
  /** Checkpoints written (IndexedDB) or kept (memory), ascending. */
  let metas: CheckpointMeta[] = [];
  /** Checkpoints waiting for their event's batch. */
  let pending: CheckpointRecord[] = [];
  /** Checkpoint records while in memory. */
  let memoryRecords: CheckpointRecord[] = [];
  let holds = 0;
  /** Releases the cross-tab lock on the stored log. */
  let unlock: (() => void) | null = null;
  let queue: LogEvent[] = [];
  /** FLUSH_MS after the oldest queued event (PROMPT_MS after the oldest one not a push). */
  let timer: TimerId | null = null;
  /** `timer` was set for PROMPT_MS (a FLUSH_MS one is brought forward by an event not a push). */
  let timerPrompt = false;
  /** Runs for MIN_TX_GAP_MS after a flush began; no automatic flush meanwhile. */
  let gapTimer: TimerId | null = null;
  /** Flushes begun and not yet settled (they run one after another on `flushing`). */
  let inFlight = 0;
  /** The FLUSH_MS deadline passed while a flush could not start yet. */
  let due = false;
  let flushing: Promise<void> = Promise.resolve();
  const stats = { appended: 0, flushes: 0, transactions: 0 };

  const setStatus = (next: LogStatus, nextIssue: StorageIssue | null): void => {
    if (status === next && issue === nextIssue) return;
    status = next;
    issue = nextIssue;
    options.onStatus?.(next, nextIssue);
  };

  const toMemory = (reason: unknown, batch: LogEvent[], why: StorageIssue): void => {
    logger.warn(`event log falls back to memory (${why})`, reason);
    for (const event of batch) ring.push(event);
    db?.close();
    unlock?.();
    unlock = null;
    db = null;
    chunks = null;
    checkpointTable = null;
    // the stored checkpoints are gone with the database; the engine takes a new one
    metas = [];
    pending = [];
    // a newer schema elsewhere outranks any later failure: this tab must reload
    setStatus('memory', issue === 'newer-version' ? issue : why);
  };

  /** Checkpoints of `pending` whose event is at or before `seq` (they leave `pending`). */
  const takePending = (seq: number): CheckpointRecord[] => {
    const ready = pending.filter((c) => c.seq <= seq);
    if (ready.length > 0) pending = pending.filter((c) => c.seq > seq);
    return ready;
  };

  const writeBatch = async (batch: LogEvent[]): Promise<void> => {
    const last = batch[batch.length - 1];
    if (last === undefined) return;
    const ready = takePending(last.seq);
    if (chunks === null || checkpointTable === null) {
      for (const event of batch) ring.push(event);
      for (const record of ready) keepInMemory(record);
      return;
    }
    const table = chunks;
    const cps = checkpointTable;
    stats.transactions += 1;
    try {
      let kept = oldestSeq;
      const known = [...metas, ...ready.map(metaOf)];
      const base = holds > 0 ? null : compactionBase(known, { seq: lastSeq, at: lastAt }, policy);
      await table.db.transaction('rw', [table, cps], async () => {
        await table.bulkAdd(toChunks(batch));
        if (ready.length > 0) await cps.bulkPut(ready);
        if (base === null) return;
        await cps.where(':id').below(base.seq).delete();
        kept = await pruneBehind(table, base.seq, PRUNE_RECORDS);
      });
      oldestSeq = kept;
      metas = base === null ? known : known.filter((m) => m.seq >= base.seq);
    } catch (error) {
      toMemory(error, batch, storageIssueOf(error, 'write'));
    }
  };

  const keepInMemory = (record: CheckpointRecord): void => {
    memoryRecords = [...memoryRecords, record].slice(-MEMORY_CHECKPOINTS);
    metas = memoryRecords.map(metaOf);
  };

  /** First seq held: stored, or in the ring. */
  const firstHeld = (): number =>
    chunks === null ? (ring.firstSeq() ?? queue[0]?.seq ?? lastSeq + 1) : oldestSeq;

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
    timerPrompt = false;
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

  /** Flush within `ms` (a sooner deadline replaces a later one). */
  const deadline = (ms: number): void => {
    const prompt = ms === PROMPT_MS;
    if (timer !== null && (timerPrompt || !prompt)) return;
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(onDeadline, ms);
    timerPrompt = prompt;
  };

  const onDeadline = (): void => {
    timer = null;
    timerPrompt = false;
    due = true;
    autoFlush();
  };

  const openDexie = async (): Promise<StorageIssue | null> => {
    const deps = options.services.indexedDb();
    if (deps === null) return 'unavailable';
    // one tab writes the stored log; another tab logs in memory (two writers would interleave
    // their seqs and their states, and no export would replay either)
    const name = options.dbName ?? LOG_DB_NAME;
    const lock = await options.services.exclusiveLock(`${name}-writer`);
    if (lock === 'taken') {
      logger.warn('event log kept in memory: another tab records the stored log', name);
      return 'other-tab';
    }
    unlock = lock;
    const candidate = new Dexie(options.dbName ?? LOG_DB_NAME, {
      indexedDB: deps.indexedDB,
      IDBKeyRange: deps.IDBKeyRange,
    });
    candidate.version(1).stores({ events: 'seq' });
    // v2: one record per chunk of events (the log is a cache: v1's rows are dropped)
    candidate.version(2).stores({ events: null, [CHUNK_TABLE]: 'seq' });
    // v3: checkpoints (issue 5)
    candidate.version(3).stores({ [CHUNK_TABLE]: 'seq', [CHECKPOINT_TABLE]: 'seq' });
    await openOrGiveUp(candidate, timers);
    candidate.on('versionchange', () => {
      toMemory('another tab opened a newer schema', [], 'newer-version');
      return false; // Dexie's own handler would reopen on the next write
    });
    const table: ChunkTable = candidate.table(CHUNK_TABLE);
    const cps: CheckpointTable = candidate.table(CHECKPOINT_TABLE);
    const held = await storedPosition(table, cps);
    metas = held.metas;
    lastSeq = Math.max(lastSeq, held.last);
    oldestSeq = held.first ?? lastSeq + 1;
    lastAt = held.lastAt;
    db = candidate;
    chunks = table;
    checkpointTable = cps;
    return null;
  };

  return {
    async open() {
      if (status !== 'opening') return status;
      try {
        const why = await openDexie();
        if (why === null) setStatus('indexeddb', null);
        else toMemory(why, [], why);
      } catch (error) {
        toMemory(error, [], storageIssueOf(error, 'open'));
      }
      return status;
    },
    status: () => status,
    issue: () => issue,
    detach(why) {
      toMemory(`detached: ${why}`, [], why);
    },
    append(event) {
      lastSeq += 1;
      lastAt = event.at;
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
      else if (!due) deadline(event.kind === 'push' ? FLUSH_MS : PROMPT_MS);
      return stored;
    },
    flush,
    async read(fromSeq, limit) {
      await flush();
      if (chunks === null) return ring.read(fromSeq, limit);
      return readChunks(chunks, fromSeq, limit);
    },
    lastSeq: () => lastSeq,
    checkpoint(record) {
      if (chunks === null) keepInMemory(record);
      else pending.push(record);
    },
    checkpoints() {
      const first = firstHeld();
      const held = metas.filter((m) => m.seq + 1 >= first);
      return first <= 1 && held[0]?.seq !== 0 ? [{ seq: 0, at: 0 }, ...held] : held;
    },
    async loadCheckpoint(seq) {
      if (seq === 0) return null;
      const waiting = [...pending, ...memoryRecords].find((c) => c.seq === seq);
      if (waiting !== undefined) return waiting;
      return (await checkpointTable?.get(seq)) ?? null;
    },
    setRetention(retention) {
      policy = { ...policy, ...retention };
    },
    hold() {
      holds += 1;
      let released = false;
      return () => {
        if (!released) holds -= 1;
        released = true;
      };
    },
    async clear() {
      await flush();
      ring = new EventRing(ring.capacity);
      memoryRecords = [];
      metas = [];
      pending = [];
      oldestSeq = lastSeq + 1;
      const table = chunks;
      const cps = checkpointTable;
      if (table === null || cps === null) return;
      try {
        await table.db.transaction('rw', [table, cps], async () => {
          await table.clear();
          await cps.clear();
        });
      } catch (error) {
        toMemory(error, [], storageIssueOf(error, 'write'));
      }
    },
    stats: () => ({ ...stats, pending: queue.length }),
    async close() {
      await flush();
      if (gapTimer !== null) timers.clearTimeout(gapTimer);
      gapTimer = null;
      db?.close();
      unlock?.();
      unlock = null;
      // anything appended after close stays in the memory ring (a closed Dexie only throws)
      db = null;
      chunks = null;
    },
  };
}

const metaOf = (record: CheckpointRecord): CheckpointMeta =>
  record.boundary === true
    ? { seq: record.seq, at: record.at, boundary: true }
    : { seq: record.seq, at: record.at };

/**
 * Opens `db`, giving up (and closing it, so a late success holds no connection) when the open
 * is blocked by an older connection that does not close, or takes longer than OPEN_TIMEOUT_MS.
 */
async function openOrGiveUp(db: Dexie, timers: Services['timers']): Promise<void> {
  let blocked = false;
  db.on('blocked', () => {
    blocked = true;
    db.close();
    return false;
  });
  try {
    await withTimeout(db.open(), OPEN_TIMEOUT_MS, timers);
  } catch (error) {
    db.close();
    throw blocked ? new StorageBlockedError('IndexedDB upgrade blocked', { cause: error }) : error;
  }
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

/**
 * What a stored log holds: its checkpoints, the first stored event (null: none), and the seq and
 * time it goes on after. A log compacted up to a login boundary that was its last event holds
 * that checkpoint and no event: it goes on after the checkpoint, never from 1 again below it (a
 * report then started from the empty state while the engine had restored the checkpoint, and its
 * replay differed: CI, shared-browser.spec.ts).
 */
async function storedPosition(
  table: ChunkTable,
  cps: CheckpointTable,
): Promise<{ metas: CheckpointMeta[]; first: number | null; last: number; lastAt: number }> {
  const bounds = await storedBounds(table);
  const metas = (await cps.toArray()).map(metaOf);
  const newest = metas.at(-1);
  const lastEvent = bounds === null ? [] : await readChunks(table, bounds.last, 1);
  return {
    metas,
    first: bounds?.first ?? null,
    last: Math.max(bounds?.last ?? 0, newest?.seq ?? 0),
    lastAt: Math.max(lastEvent[0]?.at ?? 0, newest?.at ?? 0),
  };
}
