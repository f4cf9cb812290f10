// Runs the lever risk engine on a timer (every second: marks, limit activation, stops,
// liquidation) and the overnight fee (checked every minute, charged once per UTC day), and
// sends each holder the `lever_trade` push (contract §3.2) for every pair they hold, once more
// after their last position there ends, plus `update_balance` after closes and liquidations.
import { JOB_LEASES } from '../cluster/keeper.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import type { Lang } from '../../src/shared/locales.ts';
import { symbolOf } from '../market/wire-format.ts';
import type { LeverPair, LeverService, PositionRow } from './lever-service.ts';
import { LEVER_TICK_MS } from './lever-service.ts';
import { positionView, riskFigures } from './positions.ts';

export class LeverRunner {
  private tickTimer: ReturnType<typeof setInterval> | null = null;
  private nightTimer: ReturnType<typeof setInterval> | null = null;
  private running = false;
  /** The tick in flight, and every run not ended yet (the server's close waits for them). */
  private current: Promise<void> = Promise.resolve();
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly lever: LeverService,
  ) {}

  start(): void {
    if (this.tickTimer !== null) return;
    // the tick and the overnight fee run once in the cluster: where the lever's lease is held
    const here = () => this.ctx.cluster.held(JOB_LEASES.lever);
    this.tickTimer = setInterval(() => here() && void this.step(), LEVER_TICK_MS);
    this.nightTimer = setInterval(() => here() && void this.night(), 60_000);
    if (here()) void this.night();
  }

  stop(): void {
    if (this.tickTimer !== null) clearInterval(this.tickTimer);
    if (this.nightTimer !== null) clearInterval(this.nightTimer);
    this.tickTimer = this.nightTimer = null;
  }

  /** Resolves once every tick and overnight run started so far has ended. */
  async idle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private track(run: Promise<void>): Promise<void> {
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return run;
  }

  /** One tick and its pushes (tests call it by hand); a tick already running is that one. */
  step(): Promise<void> {
    if (this.running) return this.current;
    this.running = true;
    this.current = this.track(this.tickOnce());
    return this.current;
  }

  private async tickOnce(): Promise<void> {
    try {
      const result = await this.lever.tick();
      for (const userId of result.balances) this.ctx.notify.balance(userId);
      for (const [userId, pairs] of result.holders)
        for (const matchId of pairs) await this.push(userId, matchId);
    } catch (err) {
      if (this.ctx.config.log) console.error('lever tick failed', err);
    } finally {
      this.running = false;
    }
  }

  night(): Promise<void> {
    return this.track(this.overnight());
  }

  private async overnight(): Promise<void> {
    try {
      for (const userId of await this.lever.chargeOvernight()) this.ctx.notify.balance(userId);
    } catch (err) {
      if (this.ctx.config.log) console.error('overnight fee failed', err);
    }
  }

  /** The `lever_trade` push of one user and pair. */
  async push(userId: number, matchId: number): Promise<void> {
    const pair = this.lever.pairById(matchId);
    if (pair === null) return;
    this.ctx.notify.push(
      userId,
      'lever_trade',
      await leverTrade(this.ctx.db, this.lever, userId, pair, this.ctx.config.now()),
    );
  }
}

export async function leverTrade(
  q: Queryable,
  lever: LeverService,
  userId: number,
  pair: LeverPair,
  nowMs: number,
) {
  const risk = await riskFigures(q, lever, userId, pair.legalId, pair.matchId);
  const rows = await q.query<PositionRow & Record<string, unknown>>(
    'SELECT * FROM lever_transactions WHERE user_id = $1 AND legal = $2 AND status IN (0, 1) ORDER BY id DESC',
    [userId, pair.legalId],
  );
  // a push has no request to take a language from: names in English (clients use the codes)
  const lang: Lang = 'en';
  const view = (p: PositionRow) => {
    const other = lever.pairById(p.match_id);
    return positionView(p, other === null ? '' : symbolOf(other), lang);
  };
  return {
    type: 'lever_trade',
    to: userId,
    hazard_rate: risk.hazard_rate,
    caution_money_all: risk.caution_money_all,
    origin_caution_money_all: risk.origin_caution_money_all,
    profits_all: risk.profits_all,
    caution_money: risk.caution_money,
    origin_caution_money: risk.origin_caution_money,
    profits: risk.profits,
    trades_all: JSON.stringify(rows.filter((p) => p.status === 1).map(view)),
    trades_entrust: JSON.stringify(rows.filter((p) => p.status === 0).map(view)),
    trades_cur: JSON.stringify(
      rows.filter((p) => p.status === 1 && p.match_id === pair.matchId).map(view),
    ),
    // extensions: which pair this push is about, the free balance and the server clock
    legal_id: pair.legalId,
    currency_id: pair.currencyId,
    balance: risk.balance,
    server_time: nowMs,
  };
}
