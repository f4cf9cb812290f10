// Playing a recording (issue 5): the cursor moved on the injected timers at a ReplaySpeed, and
// the status the page watches (where the cursor is, whether it plays and how fast). At 1× and
// 10× a replay clock follows the wall clock and the cursor follows the replay clock; at `max`
// each tick folds as much as fits in its slice.
import type { ReplaySpeed, ReplayStatus } from '../api.ts';
import type { Clock, TimerId, Timers } from '../services.ts';
import type { ReplayCursor } from './replay-cursor.ts';
import type { ReplaySession } from './replay-session.ts';

/** Play ticks this often; `max` folds for at most MAX_SLICE_MS per tick. */
const TICK_MS = 50;
const MAX_SLICE_MS = 30;
/** At 1× and 10×, a recorded pause longer than this plays as this long. */
const GAP_CAP_MS = 1000;
const SPEED_FACTOR: Record<Exclude<ReplaySpeed, 'max'>, number> = {
  '1x': 1,
  '10x': 10,
  original: 1,
};
/** Events `max` folds between two looks at the clock. */
const MAX_STEP = 256;

export interface PlayerServices {
  timers: Timers;
  clock: Clock;
}

export class ReplayPlayer {
  private speed: ReplaySpeed = '1x';
  private timer: TimerId | null = null;
  /** The replay clock while playing (recorded ms) and the wall time it was last advanced. */
  private clock = 0;
  private wall = 0;
  private onStatus: ((status: ReplayStatus) => void) | null = null;

  constructor(
    private readonly services: PlayerServices,
    private readonly cursor: ReplayCursor,
  ) {}

  status(): ReplayStatus {
    return { ...this.cursor.position(), playing: this.timer !== null, speed: this.speed };
  }

  watch(listener: (status: ReplayStatus) => void): void {
    this.onStatus = listener;
  }

  /** Tells the watcher, if any, the status now (it is not read when nobody watches). */
  report(): void {
    this.onStatus?.(this.status());
  }

  /** Plays from the cursor (from the start when it stands at the end). */
  play(speed: ReplaySpeed): void {
    const s = this.cursor.session();
    this.speed = speed;
    if (this.cursor.index >= s.count - 1) this.cursor.moveTo(-1);
    this.restartClock();
    if (this.timer === null)
      this.timer = this.services.timers.setInterval(() => this.tick(), TICK_MS);
  }

  setSpeed(speed: ReplaySpeed): void {
    this.speed = speed;
    this.restartClock();
  }

  /** The cursor was moved by the page: play goes on from there. */
  sought(): void {
    if (this.timer !== null) this.restartClock();
  }

  stop(): void {
    if (this.timer !== null) this.services.timers.clearInterval(this.timer);
    this.timer = null;
  }

  private restartClock(): void {
    this.clock = this.cursor.position().at;
    this.wall = this.services.clock.now();
  }

  private tick(): void {
    const s = this.cursor.session();
    if (this.cursor.index >= s.count - 1) {
      this.stop();
      this.report();
      return;
    }
    this.cursor.moveTo(this.speed === 'max' ? this.foldSlice(s) : this.follow(s, this.speed));
    this.report();
  }

  /** `max`: the index reached by folding for one slice (the session keeps the state there). */
  private foldSlice(s: ReplaySession): number {
    const until = this.services.clock.now() + MAX_SLICE_MS;
    let next = this.cursor.index;
    while (next < s.count - 1 && this.services.clock.now() < until) {
      next = Math.min(s.count - 1, next + MAX_STEP);
      s.stateAfter(next);
    }
    return next;
  }

  /** 1×, 10×, original: the replay clock advanced by the wall time since, and its index. */
  private follow(s: ReplaySession, speed: Exclude<ReplaySpeed, 'max'>): number {
    const now = this.services.clock.now();
    this.clock += (now - this.wall) * SPEED_FACTOR[speed];
    this.wall = now;
    const nextAt = s.at(this.cursor.index + 1);
    if (speed !== 'original' && nextAt - this.clock > GAP_CAP_MS) this.clock = nextAt - GAP_CAP_MS;
    return Math.max(this.cursor.index, s.indexAtTime(this.clock));
  }
}
