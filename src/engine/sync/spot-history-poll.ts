// The order history polled (spot-sync.ts): the contract has no push for the user's finished
// orders, so while a pair is watched, the page visible and the user logged in, the loaded pages
// of the history are fetched again every ORDER_HISTORY_POLL_MS, one poll at a time.
import { ORDER_HISTORY_POLL_MS } from '../../shared/constants.ts';
import type { EngineContext } from '../context.ts';
import type { TimerId } from '../services.ts';
import type { OrderPages } from './spot-order-pages.ts';
import type { SpotWatch } from './spot-watch.ts';

export class HistoryPoll {
  /** The poll's interval; null while not polling. */
  private timer: TimerId | null = null;
  /** The page is visible (as last told). */
  private visible = true;
  /** A poll's fetch is in flight: the ticks meanwhile are skipped. */
  private inFlight = false;

  constructor(
    private readonly ctx: EngineContext,
    private readonly watch: SpotWatch,
    private readonly orders: OrderPages,
  ) {}

  /** Visibility changed: start or stop the poll. */
  update(visible: boolean): void {
    this.visible = visible;
    const wanted = visible && this.watch.watched !== null && this.watch.loggedIn();
    if (wanted && this.timer === null)
      this.timer = this.ctx.services.timers.setInterval(this.tick, ORDER_HISTORY_POLL_MS);
    if (!wanted) this.stop();
  }

  /** The watch changed: start or stop the poll. */
  recheck(): void {
    this.update(this.visible);
  }

  stop(): void {
    if (this.timer !== null) this.ctx.services.timers.clearInterval(this.timer);
    this.timer = null;
  }

  private readonly tick = (): void => {
    const w = this.watch.watched;
    if (w === null || this.inFlight) return;
    this.inFlight = true;
    const loaded = Math.max(1, this.ctx.store.state().spot.orders.historyPages);
    void this.orders.history(w, 1, loaded).finally(() => {
      this.inFlight = false;
    });
  };
}
