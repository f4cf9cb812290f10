// Balances and orders again (spot-sync.ts `refresh`: after an own order, a cancel,
// `update_balance`, a login): one run at a time. A refresh asked during a run makes that run go
// round once more (what it already fetched may predate what asked), and waits for it.
import type { SpotWatch, Watched } from './spot-watch.ts';

export class SpotRefresh {
  /** The run in progress; null when none. */
  private running: Promise<void> | null = null;
  /** A refresh was asked during the run's current round: it goes round once more. */
  private again = false;

  constructor(
    private readonly watch: SpotWatch,
    /** One round for the watched pair: its deal panel and orders. */
    private readonly round: (w: Watched) => Promise<unknown>,
  ) {}

  async refresh(): Promise<void> {
    if (this.running !== null) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      const w = this.watch.watched;
      if (w === null) return;
      await this.round(w);
    } while (this.again);
  }
}
