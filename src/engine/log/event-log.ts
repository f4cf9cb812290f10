// The append-only event log (ARCHITECTURE §4 "Log"). `append` is synchronous: it assigns the
// next seq (strictly increasing, continuing from what the store already holds) and queues the
// event; the queue is written in ONE Dexie transaction per flush (every FLUSH_MS, or at once
// when FLUSH_AT events wait), never per event. The flush also prunes beyond the retention
// bound. If IndexedDB cannot open, or a write fails, the log continues in a memory ring and
// reports status 'memory'. Secrets never reach this file: event bodies carry none.
import Dexie from 'dexie';
import type { Table } from 'dexie';
import type { LogEvent } from '../../shared/log-event.ts';
import type { LogStatus } from '../api.ts';
import type { Services, TimerId } from '../services.ts';
import { EventRing } from './ring.ts';

export const FLUSH_MS = 250;
export const FLUSH_AT = 500;
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
  let events: Table<LogEvent, number> | null = null;
  let status: LogStatus = 'opening';
  let lastSeq = 0;
  let oldestSeq = 1;
  let queue: LogEvent[] = [];
  let timer: TimerId | null = null;
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
    events = null;
    setStatus('memory');
  };

  const writeBatch = async (batch: LogEvent[]): Promise<void> => {
    if (events === null) {
      for (const event of batch) ring.push(event);
      return;
    }
    const table = events;
    const cutoff = lastSeq - retain + 1;
    stats.transactions += 1;
    try {
      await table.db.transaction('rw', table, async () => {
        await table.bulkAdd(batch);
        if (cutoff > oldestSeq) await table.where(':id').below(cutoff).delete();
      });
      if (cutoff > oldestSeq) oldestSeq = cutoff;
    } catch (error) {
      toMemory(error, batch);
    }
  };

  const flush = (): Promise<void> => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (queue.length === 0) return flushing;
    const batch = queue;
    queue = [];
    stats.flushes += 1;
    flushing = flushing.then(() => writeBatch(batch));
    return flushing;
  };

  const openDexie = async (): Promise<LogStatus> => {
    const deps = options.services.indexedDb();
    if (deps === null) return 'memory';
    const candidate = new Dexie(options.dbName ?? LOG_DB_NAME, {
      indexedDB: deps.indexedDB,
      IDBKeyRange: deps.IDBKeyRange,
    });
    candidate.version(1).stores({ events: 'seq' });
    await withTimeout(candidate.open(), OPEN_TIMEOUT_MS, timers);
    const table = candidate.table<LogEvent, number>('events');
    const last = await table.orderBy(':id').last();
    const first = await table.orderBy(':id').first();
    lastSeq = Math.max(lastSeq, last?.seq ?? 0);
    oldestSeq = first?.seq ?? lastSeq + 1;
    db = candidate;
    events = table;
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
      const stored = { ...event, seq: lastSeq };
      stats.appended += 1;
      queue.push(stored);
      if (queue.length >= FLUSH_AT) void flush();
      else if (timer === null) timer = timers.setTimeout(() => void flush(), FLUSH_MS);
      return stored;
    },
    flush,
    async read(fromSeq, limit) {
      await flush();
      if (events === null) return ring.read(fromSeq, limit);
      return events.where(':id').aboveOrEqual(fromSeq).limit(limit).toArray();
    },
    stats: () => ({ ...stats, pending: queue.length }),
    async close() {
      await flush();
      db?.close();
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
