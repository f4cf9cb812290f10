// The lock-up savings job (issue 9): settles the finished days of every running order once a
// minute and tells the owners of matured orders to refetch their balances.
import type { AppContext } from '../context.ts';
import type { Settled } from './lockup.ts';
import { settleDueLockups } from './lockup.ts';
import { LOCKUP_TICK_MS } from './lockup-rules.ts';

/**
 * Settles the finished days every minute (started and stopped with the market timer) and sends
 * `update_balance` to the owners of orders that matured. Runs one at a time; tests call
 * `settle()` by hand after moving the clock.
 */
export class LockupService {
  private timer: ReturnType<typeof setInterval> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = false;

  constructor(private readonly ctx: AppContext) {}

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      if (this.pending) return;
      this.settle().catch((err: unknown) => {
        if (this.ctx.config.log) console.error('lock-up settlement failed', err);
      });
    }, LOCKUP_TICK_MS);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Settles what is due at `ctx.config.now()`; returns the orders it changed. */
  settle(): Promise<Settled[]> {
    this.pending = true;
    const next = this.queue.then(async () => {
      try {
        const done = await settleDueLockups(this.ctx.db, this.ctx.config.now());
        for (const userId of new Set(done.filter((d) => d.matured).map((d) => d.userId)))
          this.ctx.notify.balance(userId);
        return done;
      } finally {
        this.pending = false;
      }
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Resolves once no settlement is running (server close). */
  async idle(): Promise<void> {
    await this.queue;
  }
}
