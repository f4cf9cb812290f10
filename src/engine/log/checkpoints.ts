// Checkpoints of the event log (ARCHITECTURE §4 "Log", issue 5): the engine's state after event
// `seq`, as a state document (api.ts's StateDoc, written by replay/codec.ts), taken every
// CHECKPOINT_EVENTS events or CHECKPOINT_MS of event time. They bound start-up (restore the
// latest, fold only the tail; B10) and make retention safe: the log is compacted only behind a
// checkpoint, so whatever it still holds can be folded from a known state (an export starts at
// one).
//
// Retention: the window is the newest `events` events that are also within `ageMs` of the last
// event's time (whichever bound is tighter); the compaction base is the newest checkpoint
// outside that window, and
// everything before it (older checkpoints, chunks of events ≤ its seq) goes, at most
// PRUNE_RECORDS chunk records per write transaction so that a large backlog of old chunks never
// makes one long transaction.
import type { Table } from 'dexie';
import type { StateDoc } from '../api.ts';

export const CHECKPOINT_TABLE = 'checkpoints';
/**
 * The checkpoints' metas alone (their records without the state), written and deleted with
 * them: an open lists them without reading every state document (tens of them, ≈ 180 kB each,
 * were ≈ 180 ms of a cold start; B10).
 */
export const CHECKPOINT_META_TABLE = 'checkpointMetas';
export const CHECKPOINT_EVENTS = 10_000;
export const CHECKPOINT_MS = 60_000;
/** Chunk records (of ≤ 64 events) deleted per write transaction at most. */
export const PRUNE_RECORDS = 64;

export interface RetentionPolicy {
  /** Keep at most about the newest this many events. */
  events: number;
  /** Keep events of at most about this long before the last one (ms of event time). */
  ageMs: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { events: 200_000, ageMs: 60 * 60_000 };

export interface CheckpointMeta {
  /** The state is the one after event `seq` (0: before the first event ever logged). */
  seq: number;
  /** Time of event `seq`. */
  at: number;
  /**
   * Event `seq` began a new login partition (a logout, an expiry, a fresh login: ADR 0042):
   * nothing before it is exported, and the log is compacted up to it.
   */
  boundary?: true;
}

/**
 * Whether `event` begins a new login partition of the log: a logout, an expiry (the server
 * ended the session) or a fresh login (not the stored token of a reload). Whatever came before
 * belongs to another login, or to nobody, and no report of this one may hold it.
 */
export function beginsLoginPartition(event: { name: string; body: unknown }): boolean {
  if (event.name === 'session.logout' || event.name === 'session.expired') return true;
  if (event.name !== 'session.login') return false;
  const body = event.body as { restored?: unknown } | null;
  return body?.restored === false;
}

/** The newest checkpoint that began a login partition, at or before `seq`. */
export function lastBoundary(metas: readonly CheckpointMeta[], seq: number): CheckpointMeta | null {
  let found: CheckpointMeta | null = null;
  for (const meta of metas) if (meta.boundary === true && meta.seq <= seq) found = meta;
  return found;
}

export interface CheckpointRecord extends CheckpointMeta {
  /** App version that wrote it: a checkpoint of another version is not restored. */
  app: string;
  state: StateDoc;
}

export type CheckpointTable = Table<CheckpointRecord, number>;
export type CheckpointMetaTable = Table<CheckpointMeta, number>;

/** What the log lists of a checkpoint: its record without the state. */
export const metaOf = (record: CheckpointRecord): CheckpointMeta =>
  record.boundary === true
    ? { seq: record.seq, at: record.at, boundary: true }
    : { seq: record.seq, at: record.at };

/**
 * The newest checkpoint entirely outside the retention window (the log may be compacted up to
 * it), or null. `metas` ascending by seq.
 */
export function compactionBase(
  metas: readonly CheckpointMeta[],
  last: { seq: number; at: number },
  policy: RetentionPolicy,
): CheckpointMeta | null {
  const seqLimit = last.seq - policy.events;
  const atLimit = last.at - policy.ageMs;
  let base: CheckpointMeta | null = null;
  for (const meta of metas) {
    if (meta.seq <= seqLimit || meta.at <= atLimit) base = meta;
    else break;
  }
  // a new login partition: what came before it goes, whatever the window (ADR 0042)
  const boundary = lastBoundary(metas, last.seq);
  if (boundary !== null && (base === null || boundary.seq > base.seq)) return boundary;
  return base;
}

/** Whether taking a checkpoint is due after `event`. */
export function checkpointDue(
  previous: CheckpointMeta | null,
  event: { seq: number; at: number },
): boolean {
  if (previous === null) return true;
  if (event.seq - previous.seq >= CHECKPOINT_EVENTS) return true;
  return event.seq > previous.seq && event.at - previous.at >= CHECKPOINT_MS;
}
