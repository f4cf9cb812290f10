// The event log's numbering (event-log.ts): each appended event gets the next seq, strictly
// increasing and continuing from what the stored log already holds, and the time of the last
// event is kept for the retention window (checkpoints.ts).
import type { LogEvent } from '../../shared/log-event.ts';

export class LogSequence {
  /** seq of the last event appended, or held by the stored log (0: none yet). */
  last = 0;
  /** Time of event `last`. */
  lastAt = 0;
  /** Events appended since the log was created. */
  appended = 0;

  /** `event` with the next seq. */
  stamp<E extends Omit<LogEvent, 'seq'>>(event: E): E & { seq: number } {
    this.last += 1;
    this.lastAt = event.at;
    // one object literal of one shape for every event (a spread of the union's many shapes
    // was the log's largest cost in the engine fold, B1)
    const stored = {
      seq: this.last,
      at: event.at,
      kind: event.kind,
      name: event.name,
      body: event.body,
    } as typeof event & { seq: number };
    this.appended += 1;
    return stored;
  }

  /** Goes on after the stored log's last event (or checkpoint). */
  continueAfter(held: { last: number; lastAt: number }): void {
    this.last = Math.max(this.last, held.last);
    this.lastAt = held.lastAt;
  }
}
