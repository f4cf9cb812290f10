// The watched pair's depth stream (spot-sync.ts): `depth_subscribe` in delta mode on a watch and
// on every connect (never emitted while disconnected: the socket refuses), `depth_unsubscribe`
// when the watch moves on, `book.resync` when a delta does not follow the book (a gap) or after
// a reconnect, and a `depth_snapshot` request while the book waits for one, at most once per
// SNAPSHOT_RETRY_MS.
import type { EngineContext } from '../context.ts';
import type { NewEvent } from '../events.ts';
import { isGap } from '../projections/book/book.ts';
import type { SpotWatch, Watched } from './spot-watch.ts';

/** At most one `depth_snapshot` request per this interval while the book waits for one. */
export const SNAPSHOT_RETRY_MS = 1000;

export class BookStream {
  /**
   * When a subscribe or a snapshot request was last emitted (a subscribe brings a snapshot too);
   * -Infinity once a snapshot arrived, so the next wait asks at once.
   */
  private lastSnapshotAsk = -Infinity;

  constructor(
    private readonly ctx: EngineContext,
    private readonly watch: SpotWatch,
  ) {}

  subscribe(w: Watched): void {
    if (this.ctx.socket.emit('depth_subscribe', { symbol: w.symbol, mode: 'delta' }))
      this.lastSnapshotAsk = this.now();
  }

  unsubscribe(w: Watched): void {
    this.ctx.socket.emit('depth_unsubscribe', { symbol: w.symbol });
  }

  /** Before a push is logged: a delta after a gap is preceded by `book.resync` (the book waits). */
  checkGap(event: NewEvent): void {
    const book = this.ctx.store.state().spot.book;
    if (event.name === 'book.delta' && isGap(book, event.body))
      this.dispatch({
        at: event.at,
        kind: 'system',
        name: 'book.resync',
        body: { symbol: event.body.symbol, reason: 'gap' },
      });
  }

  /** After a push is logged: a snapshot ends the wait; a book still waiting asks for one. */
  afterPush(event: NewEvent): void {
    if (event.name === 'book.snapshot') this.lastSnapshotAsk = -Infinity;
    if (this.ctx.store.state().spot.book.needSnapshot) this.askSnapshot();
  }

  /** After a reconnect: the book may have missed deltas meanwhile. */
  resyncAfterReconnect(w: Watched): void {
    this.dispatch({
      at: this.now(),
      kind: 'system',
      name: 'book.resync',
      body: { symbol: w.symbol, reason: 'reconnect' },
    });
  }

  private askSnapshot(): void {
    const w = this.watch.watched;
    if (w === null || this.now() - this.lastSnapshotAsk < SNAPSHOT_RETRY_MS) return;
    if (this.ctx.socket.emit('depth_snapshot', { symbol: w.symbol }))
      this.lastSnapshotAsk = this.now();
  }

  private dispatch(event: NewEvent): void {
    void this.ctx.store.dispatch(event);
  }

  private now(): number {
    return this.ctx.services.clock.now();
  }
}
