// OCO on spot (issue 44, ADR 0056): a limit order and a stop, one cancelling the other. The limit
// leg is a resting order that never takes (placed as post-only); the stop leg is a conditional
// order (stop-limit or stop-market) that names it. The pair holds what its dearer leg needs, once:
// the limit leg locks its funds as any resting order does, and the stop leg reserves only the rest
// of what its order would need. Both legs are written in one transaction, or neither.
//
// One leg ends the other, in the transaction that decides it:
// - the limit leg's first fill (even a part) or its cancel claims the stop leg out of waiting and
//   releases its reserve (the spot service's resting hook);
// - the stop leg reached cancels the limit leg's rest in the transaction that places the stop's
//   order, and only while the limit leg has no fill (checked on the rows, not only in memory).
// Every path claims the stop leg through `status = 0`, so at most one leg ever executes.
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { localDecimal } from '../i18n/messages.ts';
import type { PairSpec } from '../market/simulator.ts';
import { addNotification } from '../notify/notifications.ts';
import { LOG_TYPE } from '../wallet/ledger.ts';
import type { NewOrder, Plan } from './core.ts';
import { requireAvailable } from './spot-order-checks.ts';
import { writeCancelNote } from './spot-notes.ts';
import type { SpotService } from './spot-service.ts';
import { writeLedger } from './spot-settlement.ts';
import { claimTrigger, insertTrigger, triggerNote } from './trigger-store.ts';
import type { TriggerBook, WaitingTrigger } from './trigger-rules.ts';
import { fromUnits } from './units.ts';

/** The limit leg has filled or gone: the stop leg cannot fire (see `cancelLimit`). */
export class LegGone extends Error {}

export class SpotOco {
  /** Limit legs of waiting pairs: the limit order's id → its stop leg. */
  private readonly legs = new Map<number, WaitingTrigger>();

  constructor(
    private readonly spot: SpotService,
    private readonly db: Database,
    private readonly book: TriggerBook,
    private readonly now: () => number,
  ) {
    spot.onResting((tx, ids, cause, now) => this.touched(tx, ids, cause, now));
  }

  /** Knows a waiting stop leg (placed, or reloaded at start). */
  track(t: WaitingTrigger): void {
    if (t.ocoOrderId !== null) this.legs.set(t.ocoOrderId, t);
  }

  untrack(t: WaitingTrigger): void {
    if (t.ocoOrderId !== null) this.legs.delete(t.ocoOrderId);
  }

  /**
   * In the pair's queue: the limit leg at `price` and the stop leg `t` in one transaction, after
   * `check` (the caller's limits). Refused when the limit leg would take, when its price is not on
   * the far side of the trigger, or when the funds do not cover the dearer leg.
   */
  async place(
    p: PairSpec,
    t: WaitingTrigger,
    price: bigint,
    clientId: string | null,
    check: (tx: Queryable) => Promise<void>,
  ): Promise<WaitingTrigger> {
    if (t.side === 'sell' ? price <= t.trigger : price >= t.trigger)
      throw new ApiError(t.side === 'sell' ? 'spot.oco.sellPrices' : 'spot.oco.buyPrices');
    const order: NewOrder = {
      userId: t.userId,
      matchId: t.matchId,
      side: t.side,
      kind: 'post_only',
      price,
      qty: t.qty,
    };
    const plan = this.spot.core.placePlan(order);
    if (plan.wouldTake)
      throw new ApiError('spot.oco.limitWouldTrade', {
        price: localDecimal(fromUnits(price, p.pricePrecision), p.pricePrecision),
      });
    const lock = lockedBy(plan, t.reserveCurrency);
    const stop = { ...t, reserved: t.reserved > lock ? t.reserved - lock : 0n };
    const now = this.now();
    let id = 0;
    const orderId = await this.spot.executeWithHooks(plan, 2, {
      before: async (tx) => {
        await check(tx);
        // what the dearer leg needs: the limit leg's lock and the stop's reserve beyond it
        await requireAvailable(tx, p, t.userId, t.reserveCurrency, lock + stop.reserved);
      },
      after: async (tx, limitId) => {
        id = await insertTrigger(tx, p, { ...stop, ocoOrderId: limitId }, clientId, now);
      },
    });
    const placed = { ...stop, id, ocoOrderId: orderId };
    this.track(placed);
    return placed;
  }

  /**
   * The resting hook: a limit leg filled (even in part) or cancelled ends its stop leg, its
   * reserve released; a fill tells the user. Answers what the book forgets after the commit.
   */
  private async touched(
    tx: Queryable,
    orderIds: readonly number[],
    cause: 'fill' | 'cancel',
    now: number,
  ): Promise<(() => void) | null> {
    const ended: WaitingTrigger[] = [];
    for (const orderId of new Set(orderIds)) {
      const t = this.legs.get(orderId);
      if (t === undefined) continue;
      const reason = cause === 'fill' ? 'spot.oco.limitFilled' : 'spot.oco.limitCancelled';
      if ((await claimTrigger(tx, t.id, 2, now, { reason })) === null) continue;
      const p = this.spot.spec(t.matchId);
      if (cause === 'fill' && p !== null)
        await addNotification(tx, t.userId, 'spot.ocoCancelled', ocoNote(p, t, 'stop'), now);
      ended.push(t);
    }
    if (ended.length === 0) return null;
    return () => {
      for (const t of ended) {
        this.untrack(t);
        this.book.remove(t.matchId, t.id);
      }
      this.spot.balancesChanged([...new Set(ended.map((t) => t.userId))]);
    };
  }

  /**
   * In the transaction of a stop leg that fires (`by` oco) or that its owner cancels (`by` user):
   * cancels the limit leg's rest and releases its lock. A firing needs a limit leg untouched, with
   * no fill (else `LegGone`); a cancel takes whatever rest is left. Answers what the book does
   * after the commit.
   */
  async cancelLimit(
    tx: Queryable,
    p: PairSpec,
    t: WaitingTrigger,
    now: number,
    by: 'oco' | 'user',
  ): Promise<() => void> {
    const orderId = t.ocoOrderId;
    if (orderId === null) return () => undefined;
    const rest = this.spot.core.cancelPlan(t.matchId, orderId);
    const untouched =
      by === 'oco'
        ? 'AND NOT EXISTS (SELECT 1 FROM transaction_complete f WHERE f.maker_order_id = $1)'
        : '';
    const rows = await tx.query<{ id: number }>(
      `UPDATE spot_orders SET status = 2, updated_at = $2
       WHERE id = $1 AND status = 0 ${untouched} RETURNING id`,
      [orderId, new Date(now)],
    );
    if (rest === null || rows.length === 0) {
      if (by === 'oco') throw new LegGone();
      return () => this.untrack(t);
    }
    await writeLedger(tx, rest.ops, LOG_TYPE.spotCancel, `spot cancel #${orderId} (OCO)`, now);
    if (by === 'oco')
      await addNotification(tx, t.userId, 'spot.ocoCancelled', ocoNote(p, t, 'limit'), now);
    else
      await writeCancelNote(
        tx,
        p,
        { orderId, userId: t.userId, side: t.side, remaining: rest.remaining },
        now,
      );
    return () => {
      this.spot.core.cancelCommit(t.matchId, orderId);
      this.untrack(t);
    };
  }

  /** A stop leg reached whose limit leg had already filled: cancelled as the fill would have. */
  async orphaned(t: WaitingTrigger): Promise<void> {
    const now = this.now();
    const done = await this.db.transaction(async (tx) => {
      await this.spot.seat.fence(t.matchId, tx);
      return (await claimTrigger(tx, t.id, 2, now, { reason: 'spot.oco.limitFilled' })) !== null;
    });
    this.untrack(t);
    if (done) this.spot.balancesChanged([t.userId]);
  }
}

/** What a plan locks of `currencyId` for its own order (the resting rest). */
function lockedBy(plan: Plan, currencyId: number): bigint {
  let sum = 0n;
  for (const o of plan.ops)
    if (o.userId === plan.order.userId && o.currencyId === currencyId && o.field === 'locked')
      sum += o.delta;
  return sum > 0n ? sum : 0n;
}

function ocoNote(p: PairSpec, t: WaitingTrigger, leg: 'limit' | 'stop') {
  const { order_id, symbol, side, level } = triggerNote(p, t, t.trigger, null);
  return {
    order_id: leg === 'limit' && t.ocoOrderId !== null ? String(t.ocoOrderId) : order_id,
    symbol,
    side,
    level,
    leg,
  };
}
