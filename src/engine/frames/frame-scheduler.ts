// Coalesces changes into at most one FrameDiff per animation frame (ARCHITECTURE §4 "Frames").
// Callers mark what changed (one change set, change-set.ts); at the frame the scheduler reads
// the current state through `read` and posts only the marked parts. While hidden it keeps
// collecting marks and posts nothing; on becoming visible it posts one diff with everything
// that changed meanwhile. The order book honours the page's update rate (`setBookRate`): at
// most one book per 250 ms or 1 s when asked (a grouping or window change is sent at the next
// frame regardless). The depth chart's levels go with the book while the page shows it
// (`setDepth`), at most every DEPTH_MS: a chart of the whole depth needs no more, and a frame
// stays small (B3). Each of the two keeps its own pace (paced.ts).
// Back-pressure: when the sink returns a promise (the page's bridge settles it at the page's
// next animation frame after applying the diff), the next diff waits for it, so a page that is
// busy for several frames receives one coalesced diff afterwards instead of a queue of them,
// and never two in one frame (B3: ≤ 1 message per page frame). A diff not acknowledged within
// ACK_TIMEOUT_MS no longer holds the next one back.
import type { BookRate, BookView, DepthView, FrameDiff } from '../api.ts';
import type { Clock, Timers, TimerId } from '../services.ts';
import { ChangeSet } from './change-set.ts';
import type { ChangeReader, ChartMark, KeyedPart } from './change-set.ts';
import { Paced } from './paced.ts';
import type { WholePart } from '../projections/whole-parts.ts';

export type { ChartMark, KeyedPart } from './change-set.ts';
export type { WholePart } from '../projections/whole-parts.ts';

/** What a frame reads: the marked parts, the book and the depth. */
export interface FrameSource extends ChangeReader {
  book(): BookView | null;
  depth(): DepthView | null;
}

/** The depth chart's levels are sent at most this often. */
export const DEPTH_MS = 250;

/** How long an unacknowledged diff may hold the next one back (a page that went away). */
export const ACK_TIMEOUT_MS = 1000;

/** Optional counters (stats.ts): frames posted, changes held back while hidden. */
export interface FrameMeter {
  frame(diff: FrameDiff): void;
  held(): void;
}

export interface FrameScheduler {
  /** A part sent whole changed: a parted projection's (whole-parts.ts) or a view. */
  mark(part: WholePart): void;
  /** A ticker or a sparkline changed. */
  markKey(part: KeyedPart, key: string): void;
  /** `force`: a view change (grouping, window) that is not held back by the book rate. */
  markBook(force?: boolean): void;
  markChart(mark: ChartMark): void;
  setBookRate(rate: BookRate): void;
  /** The page shows (true) or hides the depth chart: its levels are sent with the book. */
  setDepth(on: boolean): void;
  setVisible(visible: boolean): void;
  setSink(sink: ((diff: FrameDiff) => void) | null): void;
  /** Drop pending marks (after a full snapshot has been handed over). */
  reset(): void;
  dispose(): void;
}

export function createFrameScheduler(
  timers: Timers,
  read: FrameSource,
  visible = true,
  clock: Clock = { now: () => 0 },
  meter: FrameMeter | null = null,
): FrameScheduler {
  return new Frames(timers, read, visible, clock, meter);
}

class Frames implements FrameScheduler {
  private sink: ((diff: FrameDiff) => void) | null = null;
  private frame = 0;
  private pending: TimerId | null = null;
  private readonly changes = new ChangeSet();
  private readonly book: Paced;
  private readonly depth: Paced;
  private depthOn = false;
  private readonly ack: Acknowledgement;

  constructor(
    private readonly timers: Timers,
    private readonly read: FrameSource,
    private visible: boolean,
    private readonly clock: Clock,
    private readonly meter: FrameMeter | null,
  ) {
    this.book = new Paced(timers, clock, 0, this.schedule);
    this.depth = new Paced(timers, clock, DEPTH_MS, this.schedule);
    this.ack = new Acknowledgement(timers, () => {
      if (this.dirty()) this.schedule();
    });
  }

  mark(part: WholePart): void {
    this.changes.whole(part);
    this.schedule();
  }

  markKey(part: KeyedPart, key: string): void {
    this.changes.key(part, key);
    this.schedule();
  }

  markBook(force = false): void {
    this.book.mark(force);
    if (this.depthOn) this.depth.mark();
    this.schedule();
  }

  markChart(mark: ChartMark): void {
    this.changes.chart(mark);
    this.schedule();
  }

  setDepth(on: boolean): void {
    this.depthOn = on;
    // shown: its levels at the next frame; hidden: the page forgets them
    this.depth.restart(on);
    this.schedule();
  }

  setBookRate(rate: BookRate): void {
    this.book.interval = rate === 'frame' ? 0 : rate;
    this.book.cancel();
    if (this.book.changed) this.schedule();
  }

  setVisible(next: boolean): void {
    this.visible = next;
    if (!next) this.cancel();
    else if (this.dirty()) this.schedule();
  }

  setSink(next: ((diff: FrameDiff) => void) | null): void {
    this.sink = next;
    this.ack.release();
    if (next === null) this.cancel();
    else if (this.dirty()) this.schedule();
  }

  reset(): void {
    this.changes.clear();
    this.book.forget();
  }

  dispose(): void {
    this.cancel();
    this.ack.release();
    this.book.cancel();
    this.depth.cancel();
    this.sink = null;
    this.reset();
  }

  private dirty(): boolean {
    return !this.changes.empty || this.book.changed || this.depth.changed;
  }

  private readonly schedule = (): void => {
    if (!this.visible) this.meter?.held();
    else if (this.pending === null && this.sink !== null)
      this.pending = this.timers.requestFrame(this.post);
  };

  private cancel(): void {
    if (this.pending !== null) this.timers.cancelFrame(this.pending);
    this.pending = null;
  }

  private readonly post = (): void => {
    this.pending = null;
    const sink = this.sink;
    if (!this.visible || sink === null || this.ack.waiting) return;
    const withBook = this.book.due();
    const withDepth = this.depth.due();
    if (!withBook) this.book.holdBack();
    if (!withDepth) this.depth.holdBack();
    if (this.changes.empty && !withBook && !withDepth) return;
    this.frame += 1;
    const diff: FrameDiff = { frame: this.frame };
    this.changes.fill(diff, this.read);
    this.changes.clear();
    if (withBook) {
      diff.book = this.read.book();
      this.book.sent();
    }
    if (withDepth) {
      diff.depth = this.read.depth();
      this.depth.sent();
    }
    this.ack.deliver(diff, sink);
    this.meter?.frame(diff);
  };
}

/** The page's acknowledgement of the last diff posted (back-pressure), with its time-out. */
class Acknowledgement {
  /** Diffs posted with an acknowledgement pending, numbered so a late one is ignored. */
  private posted = 0;
  private timer: TimerId | null = null;

  constructor(
    private readonly timers: Timers,
    /** The page took the last diff (or it timed out): the next may go. */
    private readonly settled: () => void,
  ) {}

  get waiting(): boolean {
    return this.timer !== null;
  }

  deliver(diff: FrameDiff, to: (diff: FrameDiff) => void): void {
    // Through Comlink the sink is a proxy returning a promise; a closed page must not crash us.
    const delivered: unknown = to(diff);
    if (!(delivered instanceof Promise)) return;
    const id = ++this.posted;
    const ack = (): void => this.acknowledged(id);
    this.timer = this.timers.setTimeout(ack, ACK_TIMEOUT_MS);
    delivered.then(ack, ack);
  }

  release(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private acknowledged(id: number): void {
    if (id !== this.posted || this.timer === null) return;
    this.release();
    this.settled();
  }
}
