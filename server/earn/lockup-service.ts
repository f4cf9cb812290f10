// The lock-up savings job (issue 9): settles the finished days of every running order once a
// minute and tells the owners of matured orders to refetch their balances.
import type { AppContext } from '../context.ts';
import { PeriodicJob } from '../jobs/periodic-job.ts';
import { JOB_LEASES, jobSeat } from '../cluster/keeper.ts';
import type { Settled } from './lockup.ts';
import { settleDueLockups } from './lockup.ts';
import { LOCKUP_TICK_MS } from './lockup-rules.ts';

/**
 * Settles the finished days every minute (started and stopped with the market timer) and sends
 * `update_balance` to the owners of orders that matured. Runs one at a time; tests call
 * `settle()` by hand after moving the clock.
 */
export class LockupService {
  private readonly job: PeriodicJob<Settled[]>;

  constructor(private readonly ctx: AppContext) {
    // once in the cluster, fenced with the job's lease (issue 45)
    const seat = jobSeat(ctx, JOB_LEASES.lockup);
    this.job = new PeriodicJob(
      'lock-up settlement',
      LOCKUP_TICK_MS,
      async () => {
        const done = await settleDueLockups(seat.db, this.ctx.config.now());
        for (const userId of new Set(done.filter((d) => d.matured).map((d) => d.userId)))
          this.ctx.notify.balance(userId);
        return done;
      },
      ctx.config.log,
      seat.may,
    );
  }

  start(): void {
    this.job.start();
  }

  stop(): void {
    this.job.stop();
  }

  /** Settles what is due at `ctx.config.now()`; returns the orders it changed. */
  settle(): Promise<Settled[]> {
    return this.job.run();
  }

  /** Resolves once no settlement is running (server close). */
  idle(): Promise<void> {
    return this.job.idle();
  }
}
