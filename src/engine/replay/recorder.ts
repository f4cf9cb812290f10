// The engine's side of recording (issue 5): restoring the state from the log at start-up (the
// latest checkpoint, then the tail), taking checkpoints as events are dispatched, and exporting
// a time window of the log as a file (format.ts). Restoring keeps the engine's state equal to
// the fold of its own log across page loads, which is what lets an export that spans a reload
// replay into the same state.
import type { LogEvent } from '../../shared/log-event.ts';
import type { Incident } from '../api.ts';
import { APP_VERSION } from '../../shared/version.ts';
import { checkedEvent } from '../events.ts';
import { beginsLoginPartition, checkpointDue, lastBoundary } from '../log/checkpoints.ts';
import type { CheckpointMeta } from '../log/checkpoints.ts';
import type { EventLog } from '../log/event-log.ts';
import type { Logger } from '../services.ts';
import { foldEngine, initialEngineState } from '../store.ts';
import type { EngineState } from '../store.ts';
import { decodeState, encodeState } from './codec.ts';
import type { StateDoc } from './codec.ts';
import { startExport } from './writer.ts';
import type { ExportPlan, ExportWriter } from './writer.ts';

/** Events read from the log per page (restore, export). */
const READ_PAGE = 5_000;

export interface Restored {
  state: EngineState;
  /** The checkpoint restored (null: none, the log was empty or unusable and was cleared). */
  checkpoint: CheckpointMeta | null;
  /** Events folded after it. */
  tail: number;
}

/**
 * The state the stored log describes: its latest checkpoint plus the events after it. A log
 * without a usable checkpoint (written by another app version, or undecodable), or with an event
 * that is not what its name says (events.ts), is cleared: it is a cache, and a state that
 * cannot be rebuilt exactly must not be half-rebuilt.
 */
export async function restoreFromLog(log: EventLog, logger: Logger): Promise<Restored> {
  const latest = log.checkpoints().at(-1) ?? null;
  try {
    if (latest === null) throw new Error('no checkpoint');
    const { state, tail } = await foldStored(log, latest.seq, await checkpointState(log, latest));
    return { state, checkpoint: latest, tail };
  } catch (error) {
    if (log.lastSeq() > 0) logger.warn('event log not restorable, cleared', error);
    await log.clear();
    return { state: initialEngineState, checkpoint: null, tail: 0 };
  }
}

/** The state a checkpoint holds (seq 0: the initial state); throws when it cannot be used. */
async function checkpointState(log: EventLog, latest: CheckpointMeta): Promise<EngineState> {
  const record = await log.loadCheckpoint(latest.seq);
  if (latest.seq !== 0 && record === null) throw new Error(`checkpoint ${latest.seq} is gone`);
  if (record !== null && record.app !== APP_VERSION)
    throw new Error(`checkpoint of app ${record.app}`);
  return record === null ? initialEngineState : decodeState(record.state);
}

/** How a stored range is folded (foldStored). */
export interface FoldStoredOptions {
  /** The last event folded (default: the log's end). */
  toSeq?: number;
  /** Events read per page (default READ_PAGE). */
  page?: number;
  /** Hears every event folded, with the state after it. */
  each?: (event: LogEvent, state: EngineState) => void;
}

/**
 * `start` with the stored events after `fromSeq` (to `toSeq`) folded in, page by page; `tail`
 * is how many were folded.
 */
export async function foldStored(
  log: EventLog,
  fromSeq: number,
  start: EngineState,
  options: FoldStoredOptions = {},
): Promise<{ state: EngineState; tail: number }> {
  const { toSeq = Infinity, page: size = READ_PAGE, each } = options;
  let state = start;
  let tail = 0;
  for (let seq = fromSeq + 1; seq <= toSeq;) {
    const read = await log.read(seq, size);
    const page = toSeq === Infinity ? read : read.filter((e) => e.seq <= toSeq);
    for (const event of page) {
      state = foldEngine(state, checkedEvent(event));
      each?.(event, state);
    }
    tail += page.length;
    const last = page.at(-1);
    if (last === undefined || page.length < size) break;
    seq = last.seq + 1;
  }
  return { state, tail };
}

/** Takes a checkpoint when one is due (checkpoints.ts) after each dispatched event. */
export class Checkpointer {
  constructor(
    private readonly log: EventLog,
    private last: CheckpointMeta | null,
    /** Hears of each checkpoint's document (the flight recorder reads it back). */
    private readonly taken: (doc: StateDoc, event: LogEvent) => void = () => undefined,
  ) {}

  /** Take one at the next event whatever the schedule (e.g. the log moved to memory). */
  soon(): void {
    this.last = null;
  }

  /** A checkpoint is taken when due, and at every event that begins a login partition. */
  after(event: LogEvent, state: EngineState): void {
    const boundary = beginsLoginPartition(event);
    if (!boundary && !checkpointDue(this.last, event)) return;
    const meta: CheckpointMeta = boundary
      ? { seq: event.seq, at: event.at, boundary: true }
      : { seq: event.seq, at: event.at };
    const doc = encodeState(state);
    this.log.checkpoint({ ...meta, app: APP_VERSION, state: doc });
    this.last = meta;
    this.taken(doc, event);
  }
}

export interface ExportResult {
  bytes: Uint8Array;
  events: number;
  from: number | null;
  to: number | null;
}

export class ExportError extends Error {}

/**
 * The log from the newest checkpoint at or before `since` (or the oldest held, when none is that
 * old; never one before the last login partition began, ADR 0042) to the last event dispatched,
 * as a file. `end` must be the engine's state right now: it
 * is the state after `log.lastSeq()`, taken before anything is awaited (or, with `upTo`, the
 * state after that event).
 */
export async function exportLog(
  log: EventLog,
  end: EngineState,
  since: number,
  now: number,
  onProgress: (done: number, total: number) => void = () => undefined,
  /** A flight recorder's report: it ends at its break's event, `end` the state after it. */
  upTo: { seq: number; incident: Incident } | null = null,
): Promise<ExportResult> {
  const endSeq = upTo?.seq ?? log.lastSeq();
  const release = log.hold();
  try {
    await log.flush();
    const base = exportBase(log.checkpoints(), endSeq, since);
    const plan = await exportPlan(log, base, endSeq, now);
    const writer = await startExport({
      ...plan,
      end,
      ...(upTo === null ? {} : { incident: upTo.incident }),
    });
    await writeEvents(log, writer, base.seq + 1, endSeq, onProgress);
    return { bytes: writer.finish(), events: plan.events, from: plan.from, to: plan.to };
  } finally {
    release();
  }
}

/** What an export from `base` to `endSeq` holds: its start state, count, seq and time range. */
async function exportPlan(
  log: EventLog,
  base: CheckpointMeta,
  endSeq: number,
  now: number,
): Promise<Omit<ExportPlan, 'end' | 'incident'>> {
  const start = await baseState(log, base.seq);
  const total = endSeq - base.seq;
  const first = total > 0 ? (await log.read(base.seq + 1, 1))[0] : undefined;
  const last = total > 0 ? (await log.read(endSeq, 1))[0] : undefined;
  return {
    start: { seq: base.seq, at: base.at, state: start },
    events: total,
    firstSeq: first?.seq ?? null,
    lastSeq: last?.seq ?? null,
    from: first?.at ?? null,
    to: last?.at ?? null,
    exportedAt: now,
  };
}

/** The state a checkpoint of the log holds (seq 0 or none: the initial state). */
export async function baseState(log: EventLog, seq: number): Promise<EngineState> {
  const record = await log.loadCheckpoint(seq);
  return record === null ? initialEngineState : decodeState(record.state);
}

/**
 * The newest checkpoint at or before `since`, or the oldest held when none is that old; but
 * never one before the checkpoint of the last login partition: a report holds this login's
 * events only (a logout, an expiry or a fresh login begins a partition; ADR 0042).
 */
export function exportBase(
  held: readonly CheckpointMeta[],
  endSeq: number,
  since: number,
): CheckpointMeta {
  const usable = held.filter((c) => c.seq <= endSeq);
  const base = usable.filter((c) => c.at <= since).at(-1) ?? usable[0];
  if (base === undefined) throw new ExportError('the log holds no checkpoint to start from');
  const boundary = lastBoundary(usable, endSeq);
  return boundary !== null && boundary.seq > base.seq ? boundary : base;
}

/** Events fromSeq…toSeq into `writer`, a page at a time; all of them or an ExportError. */
async function writeEvents(
  log: EventLog,
  writer: ExportWriter,
  fromSeq: number,
  toSeq: number,
  onProgress: (done: number, total: number) => void,
): Promise<void> {
  const total = toSeq - fromSeq + 1;
  for (let seq = fromSeq; seq <= toSeq;) {
    const page = (await log.read(seq, READ_PAGE)).filter((e) => e.seq <= toSeq);
    const last = page.at(-1);
    if (last === undefined) break;
    writer.events(page);
    onProgress(writer.count, total);
    seq = last.seq + 1;
  }
  if (writer.count !== Math.max(0, total))
    throw new ExportError(`the log holds ${writer.count} of the ${total} events to export`);
}
