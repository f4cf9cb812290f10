// How the event log sits in IndexedDB: consecutive events grouped into chunks, one record per
// chunk keyed by its first seq. IndexedDB's cost is mostly per record (in Chromium each put is
// a backend operation with a key check and a LevelDB write, ≈ 150 µs on a slow machine), so
// one record per event caps the log at a few thousand events a second; chunks of CHUNK_EVENTS
// lift that cap by an order of magnitude (B7). Chunks stay well under Chromium's 64 KiB
// threshold for wrapping a value into a separate blob (events average ≈ 0.5 KB).
//
// Invariants (tested through event-log.test.ts):
//   S1 contiguous: chunk.last ≥ chunk.seq, events are seq chunk.seq … chunk.last in order, and
//      the next chunk starts at chunk.last + 1.
//   S2 whole-chunk pruning: pruning behind a seq deletes only chunks whose events are all at or
//      before it, so at most one chunk of older events stays (readers filter by seq).
import type { Table } from 'dexie';
import type { LogEvent } from '../../shared/log-event.ts';

export const CHUNK_EVENTS = 64;
export const CHUNK_TABLE = 'chunks';

export interface LogChunk {
  /** seq of the first event (the key). */
  seq: number;
  /** seq of the last event. */
  last: number;
  events: LogEvent[];
}

export type ChunkTable = Table<LogChunk, number>;

/** Splits a batch of consecutive events into chunks of at most CHUNK_EVENTS. */
export function toChunks(batch: readonly LogEvent[]): LogChunk[] {
  const chunks: LogChunk[] = [];
  for (let i = 0; i < batch.length; i += CHUNK_EVENTS) {
    const events = batch.slice(i, i + CHUNK_EVENTS);
    const first = events[0];
    const last = events[events.length - 1];
    if (first !== undefined && last !== undefined) {
      chunks.push({ seq: first.seq, last: last.seq, events });
    }
  }
  return chunks;
}

/** First and last stored seq, or null when the table is empty. */
export async function storedBounds(
  table: ChunkTable,
): Promise<{ first: number; last: number } | null> {
  const first = await table.orderBy(':id').first();
  const last = await table.orderBy(':id').last();
  if (first === undefined || last === undefined) return null;
  return { first: first.seq, last: last.last };
}

/**
 * Deletes chunks whose events all have seq ≤ `seq` (S2: a chunk that also holds later events
 * stays), at most `maxRecords` of them, oldest first. Returns the first seq still stored (or
 * seq + 1 when nothing is). Call inside the writing transaction.
 */
export async function pruneBehind(
  table: ChunkTable,
  seq: number,
  maxRecords: number,
): Promise<number> {
  const holder = await table
    .where(':id')
    .belowOrEqual(seq + 1)
    .last();
  const keepFrom =
    holder === undefined ? seq + 1 : holder.last >= seq + 1 ? holder.seq : holder.last + 1;
  const doomed = await table.where(':id').below(keepFrom).limit(maxRecords).primaryKeys();
  if (doomed.length > 0) await table.bulkDelete(doomed);
  const [first] = await table.orderBy(':id').limit(1).primaryKeys();
  return first ?? seq + 1;
}

const READ_PAGE = 32;

/** Up to `limit` events with seq ≥ fromSeq, oldest first. */
export async function readChunks(
  table: ChunkTable,
  fromSeq: number,
  limit: number,
): Promise<LogEvent[]> {
  const out: LogEvent[] = [];
  const start = await table.where(':id').belowOrEqual(fromSeq).last();
  let cursor = start !== undefined && start.last >= fromSeq ? start.seq : fromSeq;
  while (out.length < limit) {
    const page = await table.where(':id').aboveOrEqual(cursor).limit(READ_PAGE).toArray();
    for (const chunk of page) {
      for (const event of chunk.events) {
        if (event.seq >= fromSeq && out.length < limit) out.push(event);
      }
    }
    const last = page[page.length - 1];
    if (last === undefined || page.length < READ_PAGE) break;
    cursor = last.last + 1;
  }
  return out;
}
