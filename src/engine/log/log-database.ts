// The event log's IndexedDB database (Dexie): its schema, its open (given up when blocked by an
// older tab or too slow), what a stored log holds when opened, and the two transactions the log
// makes: a batch with its checkpoints and compaction, and a clear. Events are stored in chunks
// of consecutive events, one record each (chunk-store.ts), because IndexedDB's cost is per
// record. Who may write and what happens on a failure: log-storage.ts.
import Dexie from 'dexie';
import type { LogEvent } from '../../shared/log-event.ts';
import type { IndexedDbDeps, Timers } from '../services.ts';
import { CHUNK_TABLE, pruneBehind, readChunks, storedBounds, toChunks } from './chunk-store.ts';
import type { ChunkTable } from './chunk-store.ts';
import { CHECKPOINT_META_TABLE, CHECKPOINT_TABLE, metaOf, PRUNE_RECORDS } from './checkpoints.ts';
import type {
  CheckpointMeta,
  CheckpointMetaTable,
  CheckpointRecord,
  CheckpointTable,
} from './checkpoints.ts';
import { StorageBlockedError } from './storage-issue.ts';

export const OPEN_TIMEOUT_MS = 5_000;
export const LOG_DB_NAME = 'bourse-log';

/** What a stored log holds as it is opened (storedPosition). */
export interface StoredPosition {
  metas: CheckpointMeta[];
  /** First stored event (null: none). */
  first: number | null;
  /** The seq the log goes on after, and its time. */
  last: number;
  lastAt: number;
}

/** An open log database: its tables and what they held when it was opened. */
export interface OpenedLog {
  db: Dexie;
  chunks: ChunkTable;
  checkpoints: CheckpointTable;
  held: StoredPosition;
}

/**
 * Opens the log's database. A newer schema opened in another tab ('versionchange') calls
 * `onNewerVersion`, which must close the database at once (so that tab's upgrade is not blocked).
 */
export async function openLogDatabase(
  name: string,
  deps: IndexedDbDeps,
  timers: Timers,
  onNewerVersion: () => void,
): Promise<OpenedLog> {
  const db = new Dexie(name, { indexedDB: deps.indexedDB, IDBKeyRange: deps.IDBKeyRange });
  db.version(1).stores({ events: 'seq' });
  // v2: one record per chunk of events (the log is a cache: v1's rows are dropped)
  db.version(2).stores({ events: null, [CHUNK_TABLE]: 'seq' });
  // v3: checkpoints (issue 5)
  db.version(3).stores({ [CHUNK_TABLE]: 'seq', [CHECKPOINT_TABLE]: 'seq' });
  // v4: the checkpoints' metas apart, so that an open does not read every state (B10)
  db.version(4)
    .stores({ [CHECKPOINT_META_TABLE]: 'seq' })
    .upgrade(async (tx) => {
      const records = (await tx.table(CHECKPOINT_TABLE).toArray()) as CheckpointRecord[];
      await tx.table(CHECKPOINT_META_TABLE).bulkPut(records.map(metaOf));
    });
  await openOrGiveUp(db, timers);
  db.on('versionchange', () => {
    onNewerVersion();
    return false; // Dexie's own handler would reopen on the next write
  });
  const chunks: ChunkTable = db.table(CHUNK_TABLE);
  const checkpoints: CheckpointTable = db.table(CHECKPOINT_TABLE);
  const held = await storedPosition(chunks, checkpoints);
  return { db, chunks, checkpoints, held };
}

/**
 * Writes `batch` and the checkpoints of its events (`ready`) in ONE transaction, which also
 * compacts behind `base` (null: no compaction): the checkpoints before it, and at most
 * PRUNE_RECORDS chunk records of events at or before it. Resolves to the first seq still stored
 * after compacting, or null when it did not compact.
 */
export async function storeBatch(
  chunks: ChunkTable,
  checkpoints: CheckpointTable,
  batch: readonly LogEvent[],
  ready: readonly CheckpointRecord[],
  base: CheckpointMeta | null,
): Promise<number | null> {
  const metas = metaTable(checkpoints);
  return chunks.db.transaction('rw', [chunks, checkpoints, metas], async () => {
    await chunks.bulkAdd(toChunks(batch));
    if (ready.length > 0) {
      await checkpoints.bulkPut(ready);
      await metas.bulkPut(ready.map(metaOf));
    }
    if (base === null) return null;
    await checkpoints.where(':id').below(base.seq).delete();
    await metas.where(':id').below(base.seq).delete();
    return pruneBehind(chunks, base.seq, PRUNE_RECORDS);
  });
}

/** Deletes every stored event and checkpoint, in one transaction. */
export async function clearTables(chunks: ChunkTable, checkpoints: CheckpointTable): Promise<void> {
  const metas = metaTable(checkpoints);
  await chunks.db.transaction('rw', [chunks, checkpoints, metas], async () => {
    await chunks.clear();
    await checkpoints.clear();
    await metas.clear();
  });
}

/**
 * Opens `db`, giving up (and closing it, so a late success holds no connection) when the open
 * is blocked by an older connection that does not close, or takes longer than OPEN_TIMEOUT_MS.
 */
async function openOrGiveUp(db: Dexie, timers: Timers): Promise<void> {
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

function withTimeout<T>(promise: Promise<T>, ms: number, timers: Timers): Promise<T> {
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
async function storedPosition(table: ChunkTable, cps: CheckpointTable): Promise<StoredPosition> {
  const bounds = await storedBounds(table);
  const metas = await metaTable(cps).toArray();
  const newest = metas.at(-1);
  const lastEvent = bounds === null ? [] : await readChunks(table, bounds.last, 1);
  return {
    metas,
    first: bounds?.first ?? null,
    last: Math.max(bounds?.last ?? 0, newest?.seq ?? 0),
    lastAt: Math.max(lastEvent[0]?.at ?? 0, newest?.at ?? 0),
  };
}

/** The metas beside a checkpoint table (same database). */
const metaTable = (checkpoints: CheckpointTable): CheckpointMetaTable =>
  checkpoints.db.table(CHECKPOINT_META_TABLE);
