// The checkpoints the event log holds (event-log.ts; what a checkpoint is and the retention
// window: checkpoints.ts). A checkpoint given to the log waits for its event's batch and is
// written in the transaction that writes that event (log-storage.ts), and that transaction also
// compacts behind the newest checkpoint outside the retention window, unless a hold suspends
// compaction (an export reads meanwhile). While the log is in memory, the newest
// MEMORY_CHECKPOINTS records are kept here instead.
import { compactionBase, DEFAULT_RETENTION, metaOf } from './checkpoints.ts';
import type { CheckpointMeta, CheckpointRecord, RetentionPolicy } from './checkpoints.ts';

/** Checkpoints kept while the log is in memory. */
export const MEMORY_CHECKPOINTS = 16;

/** What one write transaction does with the checkpoints. */
export interface CompactionPlan {
  /** The checkpoints held once the batch is written (before compaction), ascending. */
  known: CheckpointMeta[];
  /** The checkpoint to compact up to; null: no compaction (none due, or a hold). */
  base: CheckpointMeta | null;
}

export class CheckpointKeeper {
  /** Checkpoints written (IndexedDB) or kept (memory), ascending. */
  private metas: CheckpointMeta[] = [];
  /** Checkpoints waiting for their event's batch. */
  private pending: CheckpointRecord[] = [];
  /** Checkpoint records while in memory. */
  private memoryRecords: CheckpointRecord[] = [];
  private policy: RetentionPolicy;
  /** Holds taken and not released: no compaction while there is one. */
  private holds = 0;

  constructor(retention?: Partial<RetentionPolicy>) {
    this.policy = { ...DEFAULT_RETENTION, ...retention };
  }

  /**
   * The checkpoints from which everything after them is still held (`first`: the first seq
   * held), ascending; seq 0 (the empty state) while the log still holds its first event.
   */
  held(first: number): CheckpointMeta[] {
    const held = this.metas.filter((m) => m.seq + 1 >= first);
    return first <= 1 && held[0]?.seq !== 0 ? [{ seq: 0, at: 0 }, ...held] : held;
  }

  /** The record of checkpoint `seq` if it waits for its batch or is kept in memory. */
  unwritten(seq: number): CheckpointRecord | undefined {
    return [...this.pending, ...this.memoryRecords].find((c) => c.seq === seq);
  }

  /** Keeps `record` until its event's batch is written. */
  wait(record: CheckpointRecord): void {
    this.pending.push(record);
  }

  keepInMemory(record: CheckpointRecord): void {
    this.memoryRecords = [...this.memoryRecords, record].slice(-MEMORY_CHECKPOINTS);
    this.metas = this.memoryRecords.map(metaOf);
  }

  /** Checkpoints of `pending` whose event is at or before `seq` (they leave `pending`). */
  takePending(seq: number): CheckpointRecord[] {
    const ready = this.pending.filter((c) => c.seq <= seq);
    if (ready.length > 0) this.pending = this.pending.filter((c) => c.seq > seq);
    return ready;
  }

  /** The checkpoints the stored log holds, as it was opened. */
  restore(metas: CheckpointMeta[]): void {
    this.metas = metas;
  }

  /** What the transaction writing `ready` does, the log's last event being `last`. */
  plan(ready: readonly CheckpointRecord[], last: { seq: number; at: number }): CompactionPlan {
    const known = [...this.metas, ...ready.map(metaOf)];
    const base = this.holds > 0 ? null : compactionBase(known, last, this.policy);
    return { known, base };
  }

  /** The transaction of `plan` committed. */
  written(plan: CompactionPlan): void {
    const { known, base } = plan;
    this.metas = base === null ? known : known.filter((m) => m.seq >= base.seq);
  }

  /** The stored checkpoints are gone with the database (the engine takes a new one). */
  forgetStored(): void {
    this.metas = [];
    this.pending = [];
  }

  /** Forgets every checkpoint. */
  clear(): void {
    this.memoryRecords = [];
    this.metas = [];
    this.pending = [];
  }

  /** Changes the retention window (applies from the next write). */
  setRetention(retention: Partial<RetentionPolicy>): void {
    this.policy = { ...this.policy, ...retention };
  }

  /** Suspends compaction until the returned release is called (once; later calls do nothing). */
  hold(): () => void {
    this.holds += 1;
    let released = false;
    return () => {
      if (!released) this.holds -= 1;
      released = true;
    };
  }
}
