// Where the event log's events are held (event-log.ts): the stored log in IndexedDB
// (log-database.ts) while this tab may write it, else a bounded memory ring (ring.ts) with its
// checkpoints in memory (checkpoint-keeper.ts). If IndexedDB cannot open, or a write fails, the
// log continues in the ring and reports status 'memory' with the reason (storage-issue.ts): no
// IndexedDB, quota, an open blocked by an older tab, another tab writing, any failure. A newer
// schema opened in another tab ('versionchange') closes the database at once (so that tab's
// upgrade is not blocked) and reports 'newer-version': this tab should be reloaded.
import type Dexie from 'dexie';
import type { LogEvent } from '../../shared/log-event.ts';
import type { StorageIssue } from '../api.ts';
import type { Services } from '../services.ts';
import type { CheckpointKeeper } from './checkpoint-keeper.ts';
import type { CheckpointRecord, CheckpointTable } from './checkpoints.ts';
import { readChunks } from './chunk-store.ts';
import type { ChunkTable } from './chunk-store.ts';
import { clearTables, openLogDatabase, storeBatch } from './log-database.ts';
import type { LogSequence } from './log-sequence.ts';
import type { LogStatusReport } from './log-status.ts';
import { EventRing } from './ring.ts';
import { storageIssueOf } from './storage-issue.ts';

export type LogServices = Pick<Services, 'timers' | 'indexedDb' | 'logger' | 'exclusiveLock'>;

export interface LogStorageOptions {
  services: LogServices;
  /** The database's name. */
  name: string;
  /** Events the memory ring holds. */
  memoryCapacity: number;
  sequence: LogSequence;
  checkpoints: CheckpointKeeper;
  status: LogStatusReport;
}

export class LogStorage {
  /** Write transactions begun. */
  transactions = 0;
  /** The events while the log is in memory (and those written after close). */
  private ring: EventRing;
  private db: Dexie | null = null;
  private chunks: ChunkTable | null = null;
  private checkpointTable: CheckpointTable | null = null;
  /** Releases the cross-tab lock on the stored log. */
  private unlock: (() => void) | null = null;
  /** First seq stored in IndexedDB. */
  private oldestSeq = 1;
  private readonly sequence: LogSequence;
  private readonly checkpoints: CheckpointKeeper;

  constructor(private readonly options: LogStorageOptions) {
    this.ring = new EventRing(options.memoryCapacity);
    this.sequence = options.sequence;
    this.checkpoints = options.checkpoints;
  }

  /** Events are written to IndexedDB (not to the ring). */
  get stored(): boolean {
    return this.chunks !== null;
  }

  /** Opens the stored log (status 'indexeddb'), or keeps to memory and says why. */
  async open(): Promise<void> {
    try {
      const why = await this.openStored();
      if (why === null) this.options.status.set('indexeddb', null);
      else this.toMemory(why, [], why);
    } catch (error) {
      this.toMemory(error, [], storageIssueOf(error, 'open'));
    }
  }

  /** Keeps to memory from now on (`batch`: the events of a failed write), reporting `why`. */
  toMemory(reason: unknown, batch: readonly LogEvent[], why: StorageIssue): void {
    this.options.services.logger.warn(`event log falls back to memory (${why})`, reason);
    for (const event of batch) this.ring.push(event);
    this.release();
    this.checkpointTable = null;
    // the stored checkpoints are gone with the database; the engine takes a new one
    this.checkpoints.forgetStored();
    this.options.status.toMemory(why);
  }

  /** Writes one batch, with the checkpoints of its events: to IndexedDB, else to the ring. */
  async write(batch: LogEvent[]): Promise<void> {
    const last = batch[batch.length - 1];
    if (last === undefined) return;
    const ready = this.checkpoints.takePending(last.seq);
    const chunks = this.chunks;
    const cps = this.checkpointTable;
    if (chunks === null || cps === null) {
      for (const event of batch) this.ring.push(event);
      for (const record of ready) this.checkpoints.keepInMemory(record);
      return;
    }
    this.transactions += 1;
    try {
      const kept = this.oldestSeq;
      const plan = this.checkpoints.plan(ready, {
        seq: this.sequence.last,
        at: this.sequence.lastAt,
      });
      const compacted = await storeBatch(chunks, cps, batch, ready, plan.base);
      this.oldestSeq = compacted ?? kept;
      this.checkpoints.written(plan);
    } catch (error) {
      this.toMemory(error, batch, storageIssueOf(error, 'write'));
    }
  }

  /** Written events with seq ≥ fromSeq, oldest first, at most `limit`. */
  async read(fromSeq: number, limit: number): Promise<LogEvent[]> {
    if (this.chunks === null) return this.ring.read(fromSeq, limit);
    return readChunks(this.chunks, fromSeq, limit);
  }

  /** First seq held: stored, or in the ring (else `queued`, the first waiting to be written). */
  firstHeld(queued: number | undefined): number {
    if (this.chunks !== null) return this.oldestSeq;
    return this.ring.firstSeq() ?? queued ?? this.sequence.last + 1;
  }

  /** A stored checkpoint's record; null when the database does not hold it (or is gone). */
  async storedCheckpoint(seq: number): Promise<CheckpointRecord | null> {
    return (await this.checkpointTable?.get(seq)) ?? null;
  }

  /** Forgets every event held (seq continues); call after the queue is flushed. */
  async clear(): Promise<void> {
    this.ring = new EventRing(this.ring.capacity);
    this.oldestSeq = this.sequence.last + 1;
    const chunks = this.chunks;
    const cps = this.checkpointTable;
    if (chunks === null || cps === null) return;
    try {
      await clearTables(chunks, cps);
    } catch (error) {
      this.toMemory(error, [], storageIssueOf(error, 'write'));
    }
  }

  /**
   * Closes the database: anything appended after close stays in the memory ring (a closed Dexie
   * only throws). The status is left as it was, and so is the checkpoints table (a stored
   * checkpoint is still asked of it).
   */
  close(): void {
    this.release();
  }

  private async openStored(): Promise<StorageIssue | null> {
    const { services, name } = this.options;
    const deps = services.indexedDb();
    if (deps === null) return 'unavailable';
    // one tab writes the stored log; another tab logs in memory (two writers would interleave
    // their seqs and their states, and no export would replay either)
    const lock = await services.exclusiveLock(`${name}-writer`);
    if (lock === 'taken') {
      services.logger.warn('event log kept in memory: another tab records the stored log', name);
      return 'other-tab';
    }
    this.unlock = lock;
    const opened = await openLogDatabase(name, deps, services.timers, () =>
      this.toMemory('another tab opened a newer schema', [], 'newer-version'),
    );
    this.checkpoints.restore(opened.held.metas);
    this.sequence.continueAfter(opened.held);
    this.oldestSeq = opened.held.first ?? this.sequence.last + 1;
    this.db = opened.db;
    this.chunks = opened.chunks;
    this.checkpointTable = opened.checkpoints;
    return null;
  }

  /** Closes the database and releases the writer lock: events go to the ring from now on. */
  private release(): void {
    this.db?.close();
    this.unlock?.();
    this.unlock = null;
    this.db = null;
    this.chunks = null;
  }
}
