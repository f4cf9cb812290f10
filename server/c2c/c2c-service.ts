// The C2C service: pushes a change to both parties of a deal (each with their own view) and
// runs the auto-cancel of unpaid deals past their window.
import type { AppContext } from '../context.ts';
import { PeriodicJob } from '../jobs/periodic-job.ts';
import { JOB_LEASES, jobSeat } from '../cluster/keeper.ts';
import { expireDue } from './c2c-deals.ts';
import type { C2cChange } from './c2c-deals.ts';
import { C2C_TICK_MS } from './c2c-rules.ts';
import { dealFor } from './c2c-views.ts';

/** `c2c_deal` to both parties (each with their own view) and `update_balance` where it moved. */
export async function pushChange(ctx: AppContext, change: C2cChange): Promise<void> {
  const nowMs = ctx.config.now();
  for (const userId of new Set(change.parties)) {
    // a push has no request to take a language from: names in English (clients use the codes)
    const deal = await dealFor(ctx.db, 'en', change.dealId, userId, nowMs);
    ctx.notify.push(userId, 'c2c_deal', { type: 'c2c_deal', deal });
  }
  for (const userId of new Set(change.balances)) ctx.notify.balance(userId);
}

export class C2cService {
  private readonly job: PeriodicJob<C2cChange[]>;

  constructor(private readonly ctx: AppContext) {
    // once in the cluster, fenced with the job's lease (issue 45)
    const seat = jobSeat(ctx, JOB_LEASES.c2c);
    this.job = new PeriodicJob(
      'c2c auto-cancel',
      C2C_TICK_MS,
      async () => {
        const changes = await expireDue(seat.db, this.ctx.config.now());
        for (const c of changes) await pushChange(this.ctx, c);
        return changes;
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

  /** Cancels the unpaid deals past their window at `ctx.config.now()` and pushes. */
  expire(): Promise<C2cChange[]> {
    return this.job.run();
  }

  /** Resolves once no expiry run is going on (server close). */
  idle(): Promise<void> {
    return this.job.idle();
  }
}
