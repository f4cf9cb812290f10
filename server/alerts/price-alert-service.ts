// The price alert job (issue 25): every second, for each pair with waiting alerts, reads the
// pair's last trade price (the spot ticker's: the last match, else the simulator's last close,
// `SpotService.lastPrice`) and fires every waiting alert it has crossed, one transaction each
// (price-alerts.ts `fireAlert`: the alert marked fired and its notification written together,
// once). Started and stopped with the market timer; tests call `check()` by hand and own the
// price by replacing `lastOf`.
import { Decimal } from '../../src/shared/decimal.ts';
import type { AppContext } from '../context.ts';
import { PeriodicJob } from '../jobs/periodic-job.ts';
import { JOB_LEASES, jobSeat } from '../cluster/keeper.ts';
import type { PairSpec } from '../market/simulator.ts';
import { symbolOf } from '../market/wire-format.ts';
import type { SpotService } from '../trading/spot-service.ts';
import { fromUnits } from '../trading/units.ts';
import { dueAlerts, fireAlert, waitingSymbols, type FiredAlert } from './price-alerts.ts';

export const PRICE_ALERT_CHECK_MS = 1000;
/** Alerts fired per pair and run at most (the rest on the next run). */
const DUE_BATCH = 500;

export class PriceAlertService {
  private readonly job: PeriodicJob<FiredAlert[]>;
  /** The alerts fire once in the cluster, fenced with the job's lease (issue 45). */
  private readonly seat: ReturnType<typeof jobSeat>;
  /** The last trade price of a pair (null before any); tests replace it to move the market. */
  lastOf: (pair: PairSpec) => Decimal | null;

  constructor(
    private readonly ctx: AppContext,
    private readonly spot: SpotService,
  ) {
    this.lastOf = (pair) => {
      const ticks = spot.lastPrice(pair.matchId);
      return ticks === null ? null : new Decimal(fromUnits(ticks, pair.pricePrecision));
    };
    this.seat = jobSeat(ctx, JOB_LEASES.alerts);
    this.job = new PeriodicJob(
      'price alerts',
      PRICE_ALERT_CHECK_MS,
      () => this.work(),
      ctx.config.log,
      this.seat.may,
    );
  }

  /** The listed pair of `symbol` ("BTC/USDT"), or null. */
  pairOf(symbol: string): PairSpec | null {
    return this.spot.pairs().find((p) => symbolOf(p) === symbol) ?? null;
  }

  /** The price decimals of `symbol`'s pair (null when not listed). */
  readonly priceDecimals = (symbol: string): number | null =>
    this.pairOf(symbol)?.pricePrecision ?? null;

  start(): void {
    this.job.start();
  }

  stop(): void {
    this.job.stop();
  }

  /** Fires what the last prices crossed now; answers the alerts this run fired. */
  check(): Promise<FiredAlert[]> {
    return this.job.run();
  }

  idle(): Promise<void> {
    return this.job.idle();
  }

  private async work(): Promise<FiredAlert[]> {
    const { config } = this.ctx;
    const db = this.seat.db;
    const fired: FiredAlert[] = [];
    for (const symbol of await waitingSymbols(db)) {
      const pair = this.pairOf(symbol);
      const last = pair === null ? null : this.lastOf(pair);
      if (last === null) continue;
      for (const id of await dueAlerts(db, symbol, last, DUE_BATCH)) {
        const done = await fireAlert(db, id, last, config.now());
        if (done !== null) fired.push(done);
      }
    }
    return fired;
  }
}
