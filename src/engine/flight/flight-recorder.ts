// The flight recorder (issue 47, ADR 0078): the engine checks its invariants while it runs, and
// when one breaks it keeps the minutes of the log before the break aside and offers a report.
// - The state's invariants (invariants.ts) after each dispatched event; a checkpoint read back
//   (checkpoint-check.ts) at most once a minute, after the checkpoint is written; an uncaught
//   error in the worker (worker.ts) and what the page saw (an error, a long frame: flightBreak).
// - A break is logged as a `flight.break` event naming the invariant and the event where it
//   broke; the session projection offers it to the page (ConnectionView.incident). Nothing is
//   exported then: the report is the log from REPORT_WINDOW_MS before the break up to that
//   event, with the state the engine had after it, written when the user asks (`report`). The
//   log's compaction waits meanwhile, for HOLD_MS at most (the log keeps an hour anyway).
// - One report at a time, one break per invariant and page session (an error that repeats on
//   every frame offers once). A new login partition drops what was kept: a report holds one
//   login's events only (ADR 0042). Nothing leaves the machine unless the user saves the file.
import type { ExportFile, Incident, Invariant } from '../api.ts';
import type { EngineEvent } from '../events.ts';
import { beginsLoginPartition } from '../log/checkpoints.ts';
import type { EventLog } from '../log/event-log.ts';
import { exportLog } from '../replay/recorder.ts';
import type { StateDoc } from '../replay/codec.ts';
import type { Services, TimerId } from '../services.ts';
import type { EngineState, Store } from '../store.ts';
import { checkpointDisagrees } from './checkpoint-check.ts';
import { StateWatch } from './invariants.ts';

/** How much of the log before the break a report holds. */
export const REPORT_WINDOW_MS = 5 * 60_000;
/** How long the log's compaction waits for a report not yet saved. */
export const HOLD_MS = 15 * 60_000;
/** Checkpoints are read back at most this often (event time). */
export const CHECKPOINT_CHECK_MS = 60_000;
/** A detail is cut to this many characters. */
const DETAIL_MAX = 300;

interface Held {
  /** The `flight.break` event's seq: the report ends there. */
  seq: number;
  /** The state after it. */
  state: EngineState;
  since: number;
  incident: Incident;
  release: (() => void) | null;
  timer: TimerId;
}

export class FlightRecorder {
  private readonly watch = new StateWatch();
  private readonly broken = new Set<Invariant>();
  private held: Held | null = null;
  private lastCheck = -Infinity;

  constructor(
    private readonly log: EventLog,
    private readonly store: Pick<Store, 'dispatch' | 'state'>,
    private readonly services: Pick<Services, 'clock' | 'timers' | 'logger'>,
  ) {}

  /** After each dispatched event: a new login partition, then the state's invariants. */
  after(event: EngineEvent, state: EngineState): void {
    if (event.name === 'flight.break' || event.name === 'flight.dismiss') return;
    if (beginsLoginPartition(event)) this.drop();
    const found = this.watch.step(event.at, state);
    if (found !== null) this.break(found.invariant, found.detail, event.seq);
  }

  /** A checkpoint was written: read it back in a moment (at most once a minute). */
  checkpointTaken(doc: StateDoc, event: { seq: number; at: number }): void {
    if (this.broken.has('checkpoint') || event.at - this.lastCheck < CHECKPOINT_CHECK_MS) return;
    this.lastCheck = event.at;
    this.services.timers.setTimeout(() => {
      const detail = checkpointDisagrees(doc);
      if (detail !== null) this.break('checkpoint', `seq ${event.seq}: ${detail}`, event.seq);
    }, 0);
  }

  /** An uncaught error or rejection in the engine's worker. */
  engineError(error: unknown): void {
    this.break('engine-error', describe(error));
  }

  /**
   * `invariant` broke at event `seq` (when not given: the last one logged). The first break of
   * each invariant is logged; the first one while no report is kept is offered.
   */
  break(invariant: Invariant, detail: string, seq?: number): void {
    if (this.broken.has(invariant)) return;
    this.broken.add(invariant);
    if (this.held !== null) return;
    const last = this.log.lastSeq();
    const incident: Incident = {
      invariant,
      seq: seq ?? (last > 0 ? last : null),
      detail: scrub(detail),
    };
    this.services.logger.warn(`flight recorder: ${invariant} broke`, incident);
    const now = this.services.clock.now();
    const logged = this.store.dispatch({
      at: now,
      kind: 'system',
      name: 'flight.break',
      body: incident,
    });
    this.held = {
      seq: logged.seq,
      state: this.store.state(),
      since: now - REPORT_WINDOW_MS,
      incident,
      release: this.log.hold(),
      timer: this.services.timers.setTimeout(() => this.unhold(), HOLD_MS),
    };
  }

  /** The report of the break offered: the log up to it, masked, as a file. */
  async report(onProgress?: (done: number, total: number) => void): Promise<ExportFile> {
    const held = this.held;
    if (held === null) throw new Error('no report is kept');
    const { seq, incident } = held;
    const now = this.services.clock.now();
    return exportLog(this.log, held.state, held.since, now, onProgress, { seq, incident });
  }

  /** The user declined (or saved) the report: the offer goes, and what was kept. */
  dismiss(): void {
    if (this.held === null) return;
    this.drop();
    this.store.dispatch({
      at: this.services.clock.now(),
      kind: 'command',
      name: 'flight.dismiss',
      body: {},
    });
  }

  private drop(): void {
    const held = this.held;
    if (held === null) return;
    this.held = null;
    this.services.timers.clearTimeout(held.timer);
    held.release?.();
  }

  /** The log compacts again; the report is written from what it still holds. */
  private unhold(): void {
    const held = this.held;
    if (held === null) return;
    held.release?.();
    held.release = null;
  }
}

/** An error said in a line: its name and message. */
export function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : String(error);
}

/**
 * A detail as a report may carry it: e-mail addresses and long runs of digits (phones, cards,
 * tokens) masked, and cut to DETAIL_MAX characters.
 */
export function scrub(detail: string): string {
  const masked = detail
    .replace(/[^\s@<>"',;]+@[^\s@<>"',;]+/g, '…@…')
    .replace(/\d{8,}/g, (digits) => `${digits.slice(0, 2)}…`);
  return masked.length > DETAIL_MAX ? `${masked.slice(0, DETAIL_MAX - 1)}…` : masked;
}
