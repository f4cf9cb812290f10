// The second-contract service: settles due orders every MICRO_TICK_MS and pushes each settled
// order to its owner.
import type { AppContext } from '../context.ts';
import { PeriodicJob } from '../jobs/periodic-job.ts';
import { JOB_LEASES, jobSeat } from '../cluster/keeper.ts';
import { settleDue, submitMicro } from './micro-orders.ts';
import type { MicroPlacement, SubmitResult } from './micro-orders.ts';
import { MICRO_TICK_MS } from './micro-rules.ts';
import type { PriceOf } from './micro-rules.ts';
import { orderView } from './micro-views.ts';
import type { MicroOrderOut } from './micro-views.ts';

// ---- the service --------------------------------------------------------------------------

/**
 * Settles due orders every 250 ms (started and stopped with the market timer) and sends each
 * owner `closed_microorder` `{type, to, data: <the settled order>}` and `update_balance`.
 * Settlement runs one at a time; tests call `settle()` by hand.
 */
export class MicroService {
  private readonly job: PeriodicJob<MicroOrderOut[]>;
  /** Settlement runs once in the cluster, fenced with its lease (issue 45). */
  private readonly seat: ReturnType<typeof jobSeat>;

  constructor(
    private readonly ctx: AppContext,
    readonly priceOf: PriceOf,
  ) {
    this.seat = jobSeat(ctx, JOB_LEASES.micro);
    this.job = new PeriodicJob(
      'micro settlement',
      MICRO_TICK_MS,
      () => this.settleAndPush(),
      ctx.config.log,
      this.seat.may,
    );
  }

  start(): void {
    this.job.start();
  }

  stop(): void {
    this.job.stop();
  }

  /** Settles what is due at `ctx.config.now()` and pushes; returns the settled orders. */
  settle(): Promise<MicroOrderOut[]> {
    return this.job.run();
  }

  /** Resolves once no settlement is running (server close). */
  idle(): Promise<void> {
    return this.job.idle();
  }

  submit(r: MicroPlacement): Promise<SubmitResult> {
    return submitMicro(this.ctx.db, this.priceOf, r);
  }

  private async settleAndPush(): Promise<MicroOrderOut[]> {
    const nowMs = this.ctx.config.now();
    const rows = await settleDue(this.seat.db, this.priceOf, nowMs);
    // a push has no request to take a language from: names in English (clients use the codes)
    const views = rows.map((r) => orderView(r, 'en', nowMs));
    for (const v of views)
      this.ctx.notify.push(v.user_id, 'closed_microorder', {
        type: 'closed_microorder',
        to: v.user_id,
        data: v,
      });
    for (const userId of new Set(views.map((v) => v.user_id))) this.ctx.notify.balance(userId);
    return views;
  }
}
