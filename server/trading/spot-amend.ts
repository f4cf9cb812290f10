// Amending a resting spot limit order (issue 44, ADR 0055): a new price and/or a new amount,
// atomically, in the pair's queue. The amount is the order's new TOTAL (what it was placed
// for), so a fill that lands first is never added to: the new remaining is the new total less
// what has filled. Only the amount lowered at the same price: the order keeps its id and its
// place in the queue, and the difference is released. Otherwise the order is cancelled and
// replaced by a new limit order, at the back of the queue, in ONE transaction: its lock is
// released, then the new order is planned, checked for funds and written as any other (it may
// trade at once). An order that has ended meanwhile is not touched.
import { Decimal } from '../../src/shared/decimal.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { localDecimal } from '../i18n/messages.ts';
import type { PairSpec } from '../market/simulator.ts';
import { LOG_TYPE } from '../wallet/ledger.ts';
import type { RestingOrder } from './order-book.ts';
import { checkFunds, toOrder } from './spot-order-checks.ts';
import { replyOf, type Reply } from './spot-replies.ts';
import type { SpotService } from './spot-service.ts';
import { writeLedger } from './spot-settlement.ts';
import { columnToUnits, fromUnits } from './units.ts';

export interface AmendRequest {
  userId: number;
  orderId: number;
  /** The new limit price; null keeps it. */
  price: Decimal | null;
  /** The new total amount; null keeps it. */
  num: Decimal | null;
}

export interface Amended {
  /** The order's id: the same when kept, the new order's when replaced. */
  id: number;
  kept: boolean;
  reply: Reply;
}

export class SpotAmend {
  constructor(
    private readonly db: Database,
    private readonly spot: SpotService,
    private readonly now: () => number,
  ) {}

  async amend(req: AmendRequest): Promise<Amended> {
    if (req.price === null && req.num === null) throw new ApiError('spot.amend.nothing');
    const rows = await this.db.query<{ match_id: number; status: number }>(
      'SELECT match_id, status FROM spot_orders WHERE id = $1 AND user_id = $2 AND mode = 2',
      [req.orderId, req.userId],
    );
    const row = rows[0];
    const p = row === undefined ? null : this.spot.spec(row.match_id);
    if (row === undefined || p === null) throw new ApiError('spot.orderNotFound');
    if (row.status !== 0) throw new ApiError('spot.amend.gone');
    // an OCO's limit leg is changed by cancelling the pair (ADR 0056)
    const leg = await this.db.query<{ id: number }>(
      'SELECT id FROM spot_triggers WHERE oco_order_id = $1 AND status = 0',
      [req.orderId],
    );
    if (leg.length > 0) throw new ApiError('spot.amend.ocoLeg');
    return this.spot.enqueue(p.matchId, () => this.inQueue(p, req));
  }

  /** In the pair's queue: the order as it stands now (after any fill), then keep or replace. */
  private async inQueue(p: PairSpec, req: AmendRequest): Promise<Amended> {
    const resting = this.spot.core.book(p.matchId).get(req.orderId);
    if (resting === null || resting.userId !== req.userId) throw new ApiError('spot.amend.gone');
    const filled = await this.filledOf(req.orderId, resting, p);
    const price = req.price ?? new Decimal(fromUnits(resting.price, p.pricePrecision));
    const total = req.num ?? new Decimal(fromUnits(resting.remaining + filled, p.amountPrecision));
    const next = toOrder(p, {
      userId: req.userId,
      matchId: p.matchId,
      side: resting.side,
      mode: 2,
      price,
      num: total,
      clientId: null,
    });
    const remaining = next.qty - filled;
    if (remaining <= 0n)
      throw new ApiError('spot.amend.belowFilled', {
        filled: localDecimal(fromUnits(filled, p.amountPrecision), p.amountPrecision),
        currency: p.currencyName,
      });
    if (next.price === resting.price && remaining === resting.remaining)
      throw new ApiError('spot.amend.same');
    if (next.price === resting.price && remaining < resting.remaining)
      return this.reduce(p, resting, remaining);
    return this.replace(p, resting, { ...next, qty: remaining });
  }

  /** Lots of the order filled so far: its row's total less what rests. */
  private async filledOf(id: number, resting: RestingOrder, p: PairSpec): Promise<bigint> {
    const rows = await this.db.query<{ total_number: string }>(
      'SELECT total_number FROM spot_orders WHERE id = $1',
      [id],
    );
    return columnToUnits(rows[0]?.total_number ?? '0', p.amountPrecision) - resting.remaining;
  }

  /** The same price, less left: lowered where it stands, the difference released. */
  private async reduce(p: PairSpec, resting: RestingOrder, remaining: bigint): Promise<Amended> {
    const ops = this.spot.core.reducePlan(p.matchId, resting.id, remaining);
    if (ops === null) throw new ApiError('spot.amend.gone');
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await this.spot.seat.fence(p.matchId, tx);
      await this.claim(tx, p, resting, now, 0, resting.remaining - remaining);
      await writeLedger(tx, ops, LOG_TYPE.spotCancel, `spot amend #${resting.id}`, now);
    });
    this.spot.core.reduceCommit(p.matchId, resting.id, remaining);
    this.spot.balancesChanged([resting.userId], p.matchId);
    const values = {
      number: localDecimal(fromUnits(remaining, p.amountPrecision), p.amountPrecision),
      currency: p.currencyName,
      price: localDecimal(fromUnits(resting.price, p.pricePrecision), p.pricePrecision),
      legal: p.legalName,
    };
    return { id: resting.id, kept: true, reply: { type: 'ok', id: 'spot.amend.kept', values } };
  }

  /** Cancelled and replaced by `next` in one transaction: the release first, then the order. */
  private async replace(
    p: PairSpec,
    resting: RestingOrder,
    next: ReturnType<typeof toOrder>,
  ): Promise<Amended> {
    const core = this.spot.core;
    const cancel = core.cancelPlan(p.matchId, resting.id);
    if (cancel === null) throw new ApiError('spot.amend.gone');
    const plan = core.placePlan(next);
    await checkFunds(this.db, p, plan, cancel.ops);
    const now = this.now();
    const id = await this.spot.executeWithHooks(plan, 2, {
      before: async (tx) => {
        await this.claim(tx, p, resting, now, 2, 0n);
        await writeLedger(tx, cancel.ops, LOG_TYPE.spotCancel, `spot amend #${resting.id}`, now);
      },
      after: async () => {},
    });
    core.cancelCommit(p.matchId, resting.id);
    return { id, kept: false, reply: replyOf(p, plan) };
  }

  /**
   * The order's row, still resting with what the book says it has: set to `status` with `less`
   * lots fewer (kept), or ended (replaced). Anything else means it moved meanwhile.
   */
  private async claim(
    tx: Queryable,
    p: PairSpec,
    resting: RestingOrder,
    now: number,
    status: 0 | 2,
    less: bigint,
  ): Promise<void> {
    const dp = p.amountPrecision;
    const updated = await tx.query<{ id: number }>(
      `UPDATE spot_orders SET status = $1, number = number - $2, total_number = total_number - $2,
         updated_at = $3
       WHERE id = $4 AND status = 0 AND number = $5 RETURNING id`,
      [status, fromUnits(less, dp), new Date(now), resting.id, fromUnits(resting.remaining, dp)],
    );
    if (updated.length === 0) throw new ApiError('spot.amend.gone');
  }
}
