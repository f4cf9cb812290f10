// Leveraged contracts (api-contract §5, ADR 0015): opening (market and limit), cancelling,
// closing, stop levels, batch close, and the risk engine's tick (mark to market, limit
// activation, stop-profit / stop-loss, risk rate and liquidation) and the overnight fee. Every
// operation runs in one queue (the tick and the users' requests never interleave) and in one
// database transaction; every balance change is a ledger row. The margin of an open position
// is held in `lock_lever_balance` (shown as frozen), the free balance is `lever_balance`; a
// close credits margin + profit, which may leave the free balance negative (contract §4.1).
// An opening and each close write the owner's notification in their transaction (lever-notes.ts).
// The submit's checks and rows are in lever-submit.ts, the money of a close and of the overnight
// fee in lever-settlement.ts, the stored position and its rules in lever-rules.ts.
import { Decimal } from '../../src/shared/decimal.ts';
import { hazardRate, isLiquidated, openFigures } from '../../src/shared/lever.ts';
import type { Database, Queryable } from '../db/database.ts';
import { fencedDatabase } from '../cluster/keeper.ts';
import { ApiError } from '../http/api-error.ts';
import { localDecimal } from '../i18n/messages.ts';
import { changeBalance, lockUser, LOG_TYPE } from '../wallet/ledger.ts';
import type { CloseWhy } from './lever-notes.ts';
import { writeOpenNote } from './lever-notes.ts';
import type { LeverPair } from './lever-pairs.ts';
import type { PositionRow } from './lever-rules.ts';
import type { TriggerBy } from '../../src/shared/lever-entry-stops.ts';
import { checkEntryStops, checkStops, checkTrail, riskInput, stopTrigger } from './lever-rules.ts';
import { trailStep } from '../../src/shared/lever-trailing.ts';
import { chargeOvernightFee, freeLeverBalance, settlePosition } from './lever-settlement.ts';
import { checkSubmit, writeOpening } from './lever-submit.ts';
import { closeHands, fillReduce, trimReduce } from './lever-reduce.ts';
import { submitReduce } from './lever-reduce-submit.ts';
import type { SubmitRequest } from './lever-submit.ts';
import { checkTrigger, stepTrigger } from './lever-conditional.ts';
import { STOP_STATE } from '../../src/shared/lever-conditional.ts';

// Re-exported: the lever's routes, views, runner and tests import these from the service.
export type { LeverPair } from './lever-pairs.ts';
export type { PositionRow } from './lever-rules.ts';
export { riskInput } from './lever-rules.ts';

export const LEVER_TICK_MS = 1000;

export interface TickResult {
  /** Users whose balances changed (closes, liquidations). */
  balances: Set<number>;
  /** Every (user, pair) holding pending or open positions before or after the tick. */
  holders: Map<number, Set<number>>;
}

/** Lever ledger types (wallet/ledger.ts LOG_TYPE). */
const T = LOG_TYPE;
const CLOSED: CloseWhy = { kind: 'lever.closed' };
const LIQUIDATED: CloseWhy = { kind: 'lever.liquidated' };

export class LeverService {
  private queue: Promise<unknown> = Promise.resolve();
  /** The database the tick and the overnight fee write through: fenced with their lease. */
  private tickDb: Database;

  constructor(
    readonly db: Database,
    private readonly pairs: () => readonly LeverPair[],
    /** The mark price of a pair (market/mark-price.ts), or null before it has one. */
    readonly priceOf: (matchId: number) => Decimal | null,
    private readonly now: () => number,
    /** The pair's last trade, for levels that watch it (ADR 0059); null: none yet. */
    readonly lastOf: (matchId: number) => Decimal | null = () => null,
  ) {
    this.tickDb = db;
  }

  /** The tick's and the overnight fee's writes check their lease first (issue 45, ADR 0069). */
  fenceTicks(fence: (tx: Queryable) => Promise<void>): void {
    this.tickDb = fencedDatabase(this.db, fence);
  }

  /** The price a position's levels watch: its last trade when it asked for it and there is one. */
  watched(p: Pick<PositionRow, 'trigger_by' | 'match_id'>, mark: Decimal): Decimal {
    return p.trigger_by === 'last' ? (this.lastOf(p.match_id) ?? mark) : mark;
  }

  /** Runs `fn` after everything queued before it (one lever operation at a time). */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  pair(legalId: number, currencyId: number): LeverPair | null {
    return this.pairs().find((p) => p.legalId === legalId && p.currencyId === currencyId) ?? null;
  }

  pairById(matchId: number): LeverPair | null {
    return this.pairs().find((p) => p.matchId === matchId) ?? null;
  }

  async setting(key: string): Promise<string> {
    const rows = await this.db.query<{ value: string }>(
      'SELECT value FROM settings WHERE key = $1',
      [key],
    );
    return rows[0]?.value ?? '';
  }

  async multiples(currencyId: number): Promise<{ multiples: number[]; shares: number[] }> {
    const rows = await this.db.query<{ type: number; value: number }>(
      'SELECT type, value FROM lever_multiples WHERE currency_id = $1 ORDER BY value',
      [currencyId],
    );
    return {
      multiples: rows.filter((r) => r.type === 1).map((r) => r.value),
      shares: rows.filter((r) => r.type === 2).map((r) => r.value),
    };
  }

  /** Opens a position (market) or files a limit order; returns its id (contract §5.3). */
  submit(r: SubmitRequest): Promise<{ id: number; repeated: boolean }> {
    return this.run(async () => {
      if (r.clientId !== null) {
        const seen = await this.db.query<{ id: number }>(
          'SELECT id FROM lever_transactions WHERE user_id = $1 AND client_id = $2',
          [r.userId, r.clientId],
        );
        if (seen[0] !== undefined) return { id: seen[0].id, repeated: true };
      }
      const checked = await checkSubmit(this.db, this, r);
      if (r.reduceOnly) return submitReduce(this.db, r, checked, this.now());
      const { pair, reference } = checked;
      const by = { trigger_by: r.triggerBy, match_id: pair.matchId };
      const watched = this.watched(by, checked.market);
      const asked = r.trigger ?? null;
      const trigger =
        asked === null ? null : checkTrigger(asked, r.side, r.mode === 1, watched, pair);
      const f = openFigures(r.side, reference, r.share, r.multiple, {
        shareNum: pair.shareNum,
        spreadPct: pair.spreadPct,
        feePct: pair.feePct,
        pricePrecision: pair.pricePrecision,
      });
      // the levels of a conditional order stand against the price it opens near: its reference
      const current = trigger === null ? watched : reference;
      await this.checkOrderStops(r, f.price, current, pair.pricePrecision);
      const nowMs = this.now();
      return this.db.transaction(async (tx) => {
        // The user's lock: a transfer or withdrawal out of lever racing this sees the position.
        await lockUser(tx, r.userId);
        const free = await this.freeBalance(tx, r.userId, r.legalId);
        if (free.lessThan(f.margin.plus(f.fee)))
          throw new ApiError('lever.insufficient', {
            currency: pair.legalName,
            need: localDecimal(f.margin.plus(f.fee)),
            fee: localDecimal(f.fee),
          });
        const id = await writeOpening(tx, r, checked, f, nowMs, trigger);
        return { id, repeated: false };
      });
    });
  }

  /** TP/SL set with an order: open to set, each on its side of the expected open price. */
  private async checkOrderStops(
    r: SubmitRequest,
    open: Decimal,
    market: Decimal,
    pricePrecision: number,
  ): Promise<void> {
    const none = r.stops.tp === null && r.stops.sl === null;
    if (none && r.trail.rate === null && r.trail.activation === null) return;
    if ((await this.setting('user_set_stopprice')) !== '1') throw new ApiError('lever.stopClosed');
    checkEntryStops(r.side, r.stops, open, market, pricePrecision);
    checkTrail(r.trail, pricePrecision);
  }

  freeBalance(q: Queryable, userId: number, legalId: number): Promise<Decimal> {
    return freeLeverBalance(q, userId, legalId);
  }

  /** Cancels a pending limit order: margin and fee back (contract §5.3). */
  cancel(userId: number, id: number): Promise<void> {
    return this.run(() =>
      this.db.transaction(async (tx) => {
        const p = await this.position(tx, id, userId);
        if (p.status !== 0) throw new ApiError('lever.notPending');
        const nowMs = this.now();
        // a reduce-only order holds no money (ADR 0061)
        if (p.reduce_only === 1) return this.markCancelled(tx, id, nowMs);
        const base = {
          userId,
          currencyId: p.legal,
          memo: `#${id + 10000}`,
          nowMs,
          type: T.leverCancel,
        };
        const margin = new Decimal(p.caution_money);
        await changeBalance(tx, { ...base, field: 'lock_lever_balance', delta: margin.negated() });
        await changeBalance(tx, {
          ...base,
          field: 'lever_balance',
          delta: margin.plus(p.trade_fee),
        });
        await this.markCancelled(tx, id, nowMs);
      }),
    );
  }

  private async markCancelled(tx: Queryable, id: number, nowMs: number): Promise<void> {
    await tx.query(
      'UPDATE lever_transactions SET status = 4, handle_time = $1, complete_time = $1 WHERE id = $2',
      [new Date(nowMs), id],
    );
  }

  /**
   * Closes an open position at the current price (contract §5.5), or `hands` of it (ADR 0061:
   * a partial close, 1 to its hands); returns the profit.
   */
  close(userId: number, id: number, hands: number | null = null): Promise<Decimal> {
    return this.run(() =>
      this.db.transaction(async (tx) => {
        const p = await this.position(tx, id, userId);
        if (p.status !== 1) throw new ApiError('lever.notOpen');
        const share = Number(p.share);
        const n = hands ?? share;
        if (!Number.isInteger(n) || n < 1 || n > share)
          throw new ApiError('lever.closeHands', { max: share });
        const mark = this.priceOf(p.match_id) ?? new Decimal(p.update_price);
        return closeHands(tx, p, n, mark, this.now());
      }),
    );
  }

  /** Settles a close at `mark` (lever-settlement.ts), at the time it settles. */
  private settle(
    tx: Queryable,
    p: PositionRow,
    mark: Decimal,
    type: number,
    why: CloseWhy,
  ): Promise<Decimal> {
    return settlePosition(tx, p, mark, type, why, this.now());
  }

  /** Stop levels of an open position (contract §5.4: both above 0, on the right sides). */
  setStop(
    userId: number,
    id: number,
    tp: Decimal,
    sl: Decimal,
    triggerBy: TriggerBy | null = null,
  ): Promise<void> {
    return this.run(async () => {
      if ((await this.setting('user_set_stopprice')) !== '1')
        throw new ApiError('lever.stopClosed');
      const p = await this.position(this.db, id, userId);
      if (p.status !== 1) throw new ApiError('lever.notOpen');
      const by = triggerBy ?? p.trigger_by;
      const mark = this.priceOf(p.match_id) ?? new Decimal(p.update_price);
      const current = this.watched({ trigger_by: by, match_id: p.match_id }, mark);
      checkStops(p, tp, sl, current, this.pairById(p.match_id)?.pricePrecision ?? 2);
      await this.db.query(
        'UPDATE lever_transactions SET target_profit_price = $1, stop_loss_price = $2, trigger_by = $3, update_time = $4 WHERE id = $5',
        [tp.toFixed(), sl.toFixed(), by, new Date(this.now()), id],
      );
    });
  }

  /**
   * Closes the user's open positions (0 all, 1 longs, 2 shorts), optionally of one pair;
   * returns the pair of each position closed.
   */
  batchClose(userId: number, type: 0 | 1 | 2, matchId: number | null): Promise<number[]> {
    return this.run(async () => {
      const rows = await this.db.query<PositionRow & Record<string, unknown>>(
        `SELECT * FROM lever_transactions WHERE user_id = $1 AND status = 1
           AND ($2::int = 0 OR type = $2) AND ($3::int IS NULL OR match_id = $3) ORDER BY id`,
        [userId, type, matchId],
      );
      for (const p of rows) {
        const mark = this.priceOf(p.match_id) ?? new Decimal(p.update_price);
        await this.db.transaction((tx) => this.settle(tx, p, mark, T.leverClose, CLOSED));
      }
      return rows.map((p) => p.match_id);
    });
  }

  private async position(q: Queryable, id: number, userId: number): Promise<PositionRow> {
    const rows = await q.query<PositionRow & Record<string, unknown>>(
      'SELECT * FROM lever_transactions WHERE id = $1 AND user_id = $2 FOR UPDATE',
      [id, userId],
    );
    const p = rows[0];
    if (p === undefined) throw new ApiError('lever.notFound');
    return p;
  }

  /**
   * The risk engine (contract §5.4, §5.6): marks every pending or open position to its pair's
   * price, activates limit orders, closes triggered stops, then liquidates every user whose
   * risk rate in a quote currency is at or below the line.
   */
  tick(): Promise<TickResult> {
    return this.run(async () => {
      const result: TickResult = { balances: new Set(), holders: new Map() };
      const before = await this.live();
      this.collectHolders(before, result.holders);
      const nowMs = this.now();
      for (const p of before) {
        const mark = this.priceOf(p.match_id);
        if (mark === null || p.reduce_only === 1) continue;
        await this.mark(p, mark, nowMs, result);
      }
      // reduce-only orders after the positions they close have moved (ADR 0061)
      for (const p of before) {
        const mark = this.priceOf(p.match_id);
        if (mark === null || p.reduce_only !== 1) continue;
        await this.stepReduce(p, mark, nowMs, result);
      }
      await this.liquidate(result);
      this.collectHolders(await this.live(), result.holders);
      return result;
    });
  }

  private async live(): Promise<PositionRow[]> {
    return this.db.query<PositionRow & Record<string, unknown>>(
      'SELECT * FROM lever_transactions WHERE status IN (0, 1) ORDER BY id',
    );
  }

  private collectHolders(rows: readonly PositionRow[], into: Map<number, Set<number>>): void {
    for (const p of rows) {
      const set = into.get(p.user_id) ?? new Set<number>();
      set.add(p.match_id);
      into.set(p.user_id, set);
    }
  }

  /** One position's step of the tick: new mark, limit activation, stop trigger. */
  private async mark(
    p: PositionRow,
    mark: Decimal,
    nowMs: number,
    result: TickResult,
  ): Promise<void> {
    if (p.status === 0) {
      // a conditional order fires first (ADR 0065); a stop-limit fired is a limit order at once
      if (p.stop_state === STOP_STATE.waiting && !(await this.fire(p, mark, nowMs, result))) return;
      await this.markPending(p, mark, nowMs);
      return;
    }
    // the levels and the trailing stop watch the mark or the last trade; the close settles at
    // the mark either way
    const watched = this.watched(p, mark);
    const trail = trailStep(
      p.type,
      { rate: p.trail_rate, activation: p.trail_activation, peak: p.trail_peak },
      watched,
    );
    const trigger = stopTrigger(p, watched) ?? (trail.fired ? 'trailing' : null);
    if (trigger !== null) {
      const why = { kind: 'lever.stop', trigger } as const;
      await this.tickDb.transaction((tx) => this.settle(tx, p, mark, T.leverClose, why));
      result.balances.add(p.user_id);
      return;
    }
    await this.db.query(
      'UPDATE lever_transactions SET update_price = $1, update_time = $2, trail_peak = $3 WHERE id = $4',
      [mark.toFixed(), new Date(nowMs), trail.peak.toFixed(), p.id],
    );
  }

  /**
   * A waiting reduce-only order: trimmed to the hands held on the other side (cancelled at
   * none), then filled once the mark reached its price.
   */
  private async stepReduce(
    p: PositionRow,
    mark: Decimal,
    nowMs: number,
    result: TickResult,
  ): Promise<void> {
    await this.tickDb.transaction(async (tx) => {
      const held = await trimReduce(tx, p, nowMs);
      // a trim or a cancel moves no money, but the owner's lists change: the balance push is
      // what makes a page fetch them again
      if (held !== Number(p.share)) result.balances.add(p.user_id);
      if (held === 0) return;
      const origin = new Decimal(p.origin_price);
      const reached =
        p.type === 1 ? mark.lessThanOrEqualTo(origin) : mark.greaterThanOrEqualTo(origin);
      if (!reached) {
        await tx.query(
          'UPDATE lever_transactions SET update_price = $1, update_time = $2 WHERE id = $3',
          [mark.toFixed(), new Date(nowMs), p.id],
        );
        return;
      }
      await fillReduce(tx, { ...p, share: String(held) }, mark, nowMs);
      result.balances.add(p.user_id);
    });
  }

  /** A waiting conditional order's step; true when it became a limit order this tick. */
  private async fire(p: PositionRow, mark: Decimal, nowMs: number, result: TickResult) {
    const pair = this.pairById(p.match_id);
    if (pair === null) return false;
    const watched = this.watched(p, mark);
    const outcome = await this.tickDb.transaction((tx) =>
      stepTrigger(tx, p.id, mark, watched, pair, nowMs),
    );
    if (outcome !== 'waiting' && outcome !== 'gone') result.balances.add(p.user_id);
    return outcome === 'limit';
  }

  /** A pending limit order: its new mark, and the position opened once the mark reached it. */
  private async markPending(p: PositionRow, mark: Decimal, nowMs: number): Promise<void> {
    const origin = new Decimal(p.origin_price);
    const reached =
      p.type === 1 ? mark.lessThanOrEqualTo(origin) : mark.greaterThanOrEqualTo(origin);
    if (!reached) {
      await this.db.query(
        'UPDATE lever_transactions SET update_price = $1, update_time = $2 WHERE id = $3',
        [mark.toFixed(), new Date(nowMs), p.id],
      );
      return;
    }
    await this.tickDb.transaction(async (tx) => {
      await tx.query(
        'UPDATE lever_transactions SET update_price = $1, status = 1, transaction_time = $2, update_time = $2 WHERE id = $3',
        [mark.toFixed(), new Date(nowMs), p.id],
      );
      await writeOpenNote(tx, p, nowMs);
    });
  }

  /** Liquidates every (user, quote currency) at or below the line, all positions at once. */
  private async liquidate(result: TickResult): Promise<void> {
    const line = new Decimal((await this.setting('lever_burst_hazard_rate')) || '10');
    const open = await this.db.query<PositionRow & Record<string, unknown>>(
      'SELECT * FROM lever_transactions WHERE status = 1 ORDER BY id',
    );
    const groups = new Map<string, PositionRow[]>();
    for (const p of open) {
      const key = `${p.user_id}:${p.legal}`;
      groups.set(key, [...(groups.get(key) ?? []), p]);
    }
    for (const positions of groups.values()) {
      const first = positions[0];
      if (first === undefined) continue;
      const free = await this.freeBalance(this.db, first.user_id, first.legal);
      const rate = hazardRate(free, positions.map(riskInput));
      if (!isLiquidated(rate, line)) continue;
      await this.tickDb.transaction(async (tx) => {
        for (const p of positions)
          await this.settle(tx, p, new Decimal(p.update_price), T.leverLiquidation, LIQUIDATED);
      });
      result.balances.add(first.user_id);
    }
  }

  /**
   * The overnight fee (contract §5.7): once per UTC day, for positions opened before that day:
   * mark × number × overnight / 100 (the position's value at the mark, api-contract decision
   * 10), from the position's margin first, then the free balance.
   */
  chargeOvernight(): Promise<Set<number>> {
    return this.run(async () => {
      const nowMs = this.now();
      const day = new Date(nowMs).toISOString().slice(0, 10);
      const users = new Set<number>();
      if ((await this.setting('lever_overnight_day')) === day) return users;
      const dayStart = Math.floor((nowMs - (nowMs % 86_400_000)) / 1000);
      const rows = await this.db.query<PositionRow & Record<string, unknown>>(
        'SELECT * FROM lever_transactions WHERE status = 1 AND create_time < $1 ORDER BY id',
        [dayStart],
      );
      for (const p of rows) {
        await this.tickDb.transaction((tx) => {
          const mark = this.priceOf(p.match_id) ?? new Decimal(p.update_price);
          return chargeOvernightFee(tx, p, mark, nowMs);
        });
        users.add(p.user_id);
      }
      await this.db.query("UPDATE settings SET value = $1 WHERE key = 'lever_overnight_day'", [
        day,
      ]);
      return users;
    });
  }
}
