// The event log's write queue (event-log.ts): the events appended and not yet written, and when
// they are written. The queue is written in ONE transaction per flush (FLUSH_MS after the oldest
// queued event, or as soon as FLUSH_AT events wait), never per event. Events other than pushes
// (replies, commands, system events: few, and each may change what the user sees of their own
// account) bring the deadline forward to PROMPT_MS, and the engine flushes when the page is
// hidden: a page closed or navigated away right after a reply loses at most that reply's few
// milliseconds, not the last quarter second (the next page session restores from the log).
// Automatic flushes wait for the previous transaction to settle and start at least
// MIN_TX_GAP_MS after it began, so whatever the event rate there are at most
// 1000 / MIN_TX_GAP_MS transactions a second: a burst makes batches bigger, not transactions
// more frequent (B7). An explicit `flush()` (read, close) writes at once.
import type { LogEvent } from '../../shared/log-event.ts';
import type { Services, TimerId } from '../services.ts';

export const FLUSH_MS = 250;
/** The deadline after an event that is not a push (replies arriving together share a write). */
export const PROMPT_MS = 16;
export const FLUSH_AT = 500;
/** Automatic flushes begin at least this long after the previous one began (≤ 8 per second). */
export const MIN_TX_GAP_MS = 125;
/** Most events one transaction writes; a longer queue takes several. */
export const MAX_BATCH = 2_000;

/** Queues events and hands them to `write` in batches, one batch after another. */
export class WriteQueue {
  /** Flushes begun (each hands one batch to `write`). */
  flushes = 0;
  /** Events appended and not yet handed to `write`, oldest first. */
  private queue: LogEvent[] = [];
  /** FLUSH_MS after the oldest queued event (PROMPT_MS after the oldest one not a push). */
  private timer: TimerId | null = null;
  /** `timer` was set for PROMPT_MS (a FLUSH_MS one is brought forward by an event not a push). */
  private timerPrompt = false;
  /** Runs for MIN_TX_GAP_MS after a flush began; no automatic flush meanwhile. */
  private gapTimer: TimerId | null = null;
  /** Flushes begun and not yet settled (they run one after another on `flushing`). */
  private inFlight = 0;
  /** The FLUSH_MS deadline passed while a flush could not start yet. */
  private due = false;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly timers: Services['timers'],
    /** Writes one batch (log-storage.ts: to IndexedDB, or to the memory ring). */
    private readonly write: (batch: LogEvent[]) => Promise<void>,
  ) {}

  /** Events waiting. */
  get length(): number {
    return this.queue.length;
  }

  /** seq of the oldest event waiting, if any. */
  firstSeq(): number | undefined {
    return this.queue[0]?.seq;
  }

  /** Queues `event` and sets (or brings forward) the deadline of its write. */
  push(event: LogEvent): void {
    this.queue.push(event);
    if (this.queue.length >= FLUSH_AT) this.autoFlush();
    else if (!this.due) this.deadline(event.kind === 'push' ? FLUSH_MS : PROMPT_MS);
  }

  /** Writes everything queued (in batches of at most MAX_BATCH), after the flushes begun. */
  flush(): Promise<void> {
    this.due = false;
    while (this.queue.length > 0) this.writeNextBatch();
    return this.flushing;
  }

  /** Stops the gap timer (close: nothing is written automatically any more). */
  stop(): void {
    if (this.gapTimer !== null) this.timers.clearTimeout(this.gapTimer);
    this.gapTimer = null;
  }

  /** One transaction for the oldest MAX_BATCH queued events, chained after the ones begun. */
  private writeNextBatch(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.timerPrompt = false;
    const batch = this.queue.length <= MAX_BATCH ? this.queue : this.queue.slice(0, MAX_BATCH);
    this.queue = batch === this.queue ? [] : this.queue.slice(MAX_BATCH);
    if (this.queue.length > 0) this.timer = this.timers.setTimeout(this.onDeadline, FLUSH_MS);
    this.flushes += 1;
    this.inFlight += 1;
    if (this.gapTimer !== null) this.timers.clearTimeout(this.gapTimer);
    this.gapTimer = this.timers.setTimeout(() => {
      this.gapTimer = null;
      this.autoFlush();
    }, MIN_TX_GAP_MS);
    this.flushing = this.flushing
      .then(() => this.write(batch))
      .finally(() => {
        this.inFlight -= 1;
        this.autoFlush();
      });
  }

  /** A flush the log decides on itself: only when one is wanted and none is too recent. */
  private autoFlush(): void {
    if (this.queue.length === 0) this.due = false;
    if (!this.due && this.queue.length < FLUSH_AT) return;
    if (this.inFlight > 0 || this.gapTimer !== null) return;
    this.due = false;
    this.writeNextBatch();
  }

  /** Flush within `ms` (a sooner deadline replaces a later one). */
  private deadline(ms: number): void {
    const prompt = ms === PROMPT_MS;
    if (this.timer !== null && (this.timerPrompt || !prompt)) return;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(this.onDeadline, ms);
    this.timerPrompt = prompt;
  }

  private readonly onDeadline = (): void => {
    this.timer = null;
    this.timerPrompt = false;
    this.due = true;
    this.autoFlush();
  };
}
