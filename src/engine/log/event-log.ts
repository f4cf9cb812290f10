// The append-only event log (ARCHITECTURE §4 "Log"). `append` is synchronous: it assigns the
// next seq (strictly increasing, continuing from what the store already holds: log-sequence.ts)
// and queues the event; the queue is written in ONE Dexie transaction per flush, never per event
// (when, and how the flushes are spaced: write-queue.ts). Checkpoints given to `checkpoint` are
// written in the transaction that writes their event, and that transaction also compacts: behind
// the newest checkpoint outside the retention window, a few chunks at a time
// (checkpoint-keeper.ts, log-database.ts). If IndexedDB cannot open, or a write fails, the log
// continues in a memory ring and reports status 'memory' with the reason, or 'newer-version'
// when another tab opened a newer schema (log-storage.ts, log-status.ts). This file composes
// those units behind the one `EventLog` the engine uses.
// Secrets never reach this file: event bodies carry none.
import type { LogEvent } from '../../shared/log-event.ts';
import type { LogStatus, StorageIssue } from '../api.ts';
import { CheckpointKeeper } from './checkpoint-keeper.ts';
import type { CheckpointMeta, CheckpointRecord, RetentionPolicy } from './checkpoints.ts';
import { LOG_DB_NAME } from './log-database.ts';
import { LogSequence } from './log-sequence.ts';
import { LogStatusReport } from './log-status.ts';
import { LogStorage } from './log-storage.ts';
import type { LogServices } from './log-storage.ts';
import { WriteQueue } from './write-queue.ts';

export { FLUSH_AT, FLUSH_MS, MAX_BATCH, MIN_TX_GAP_MS, PROMPT_MS } from './write-queue.ts';
export { MEMORY_CHECKPOINTS } from './checkpoint-keeper.ts';
export { LOG_DB_NAME, OPEN_TIMEOUT_MS } from './log-database.ts';

export const MEMORY_EVENTS = 50_000;

export interface EventLogOptions {
  services: LogServices;
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
  const sequence = new LogSequence();
  const checkpoints = new CheckpointKeeper(options.retention);
  const status = new LogStatusReport(options.onStatus);
  const storage = new LogStorage({
    services: options.services,
    name: options.dbName ?? LOG_DB_NAME,
    memoryCapacity: options.memoryCapacity ?? MEMORY_EVENTS,
    sequence,
    checkpoints,
    status,
  });
  const queue = new WriteQueue(options.services.timers, (batch) => storage.write(batch));
  const flush = (): Promise<void> => queue.flush();

  return {
    async open() {
      if (status.status !== 'opening') return status.status;
      await storage.open();
      return status.status;
    },
    status: () => status.status,
    issue: () => status.issue,
    detach(why) {
      storage.toMemory(`detached: ${why}`, [], why);
    },
    append(event) {
      const stored = sequence.stamp(event);
      queue.push(stored);
      return stored;
    },
    flush,
    async read(fromSeq, limit) {
      await flush();
      return storage.read(fromSeq, limit);
    },
    lastSeq: () => sequence.last,
    checkpoint(record) {
      if (storage.stored) checkpoints.wait(record);
      else checkpoints.keepInMemory(record);
    },
    checkpoints: () => checkpoints.held(storage.firstHeld(queue.firstSeq())),
    async loadCheckpoint(seq) {
      if (seq === 0) return null;
      return checkpoints.unwritten(seq) ?? storage.storedCheckpoint(seq);
    },
    setRetention(retention) {
      checkpoints.setRetention(retention);
    },
    hold: () => checkpoints.hold(),
    async clear() {
      await flush();
      checkpoints.clear();
      await storage.clear();
    },
    stats: () => ({
      appended: sequence.appended,
      flushes: queue.flushes,
      transactions: storage.transactions,
      pending: queue.length,
    }),
    async close() {
      await flush();
      queue.stop();
      storage.close();
    },
  };
}
