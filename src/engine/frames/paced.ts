// A part of the frame sent at a pace of its own (the book at the page's rate, the depth chart at
// most every DEPTH_MS): whether it changed since it was last sent, whether it must go at once
// (a forced change: a new grouping, a new window), when it was last sent, and the timer that
// asks for a frame once a change held back is due.
import type { Clock, TimerId, Timers } from '../services.ts';

export class Paced {
  /** Changed since it was last sent. */
  changed = false;
  /** At most one send per this many ms; 0: at every frame. */
  interval: number;
  private forced = false;
  private lastAt = -Infinity;
  private timer: TimerId | null = null;

  constructor(
    private readonly timers: Timers,
    private readonly clock: Clock,
    interval: number,
    /** Asks for a frame (a change held back is now due). */
    private readonly wake: () => void,
  ) {
    this.interval = interval;
  }

  mark(force = false): void {
    this.changed = true;
    this.forced ||= force;
  }

  /** Changed, and its pace allows it now. */
  due(): boolean {
    return (
      this.changed &&
      (this.forced || this.interval === 0 || this.clock.now() - this.lastAt >= this.interval)
    );
  }

  /** Changed but not due: a frame is asked for when it will be. */
  holdBack(): void {
    if (!this.changed || this.timer !== null || this.interval === 0) return;
    this.timer = this.timers.setTimeout(
      () => {
        this.timer = null;
        this.wake();
      },
      Math.max(0, this.lastAt + this.interval - this.clock.now()),
    );
  }

  /** Put in a frame now. */
  sent(): void {
    this.lastAt = this.clock.now();
    this.changed = false;
    this.forced = false;
  }

  /** Forget the change (a full snapshot was handed over). */
  forget(): void {
    this.changed = false;
    this.forced = false;
  }

  /** Starts again: `changed` or not, due at once, no timer. */
  restart(changed: boolean): void {
    this.changed = changed;
    this.lastAt = -Infinity;
    this.cancel();
  }

  cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
