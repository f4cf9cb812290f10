// Spot conditional orders (issue 44, ADR 0052): stop-limit, stop-market, take-profit-limit and
// take-profit-market. Placing one reserves its funds (available → locked, trigger-rules.ts
// `reserveOf`) and refuses a trigger the last price has already reached. Every trade that moves
// a pair's last price asks, in the pair's queue, which waiting orders it reached; they fire in
// the order they were placed, each once: its row goes from waiting to triggered in the same
// transaction as the order it places and the release of its reserve, guarded by `status = 0`.
// An order that cannot be placed when it fires (the funds went elsewhere, no liquidity, the pair
// closed) is refused with the reason, its reserve released, and the user is told. The waiting
// orders are reloaded at start and checked against the last price at once: a restart after the
// price crossed fires them once. A stop may be one leg of an OCO (spot-oco.ts, ADR 0056).
import { Decimal } from '../../src/shared/decimal.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { localDecimal, type MessageValues } from '../i18n/messages.ts';
import type { PairSpec } from '../market/simulator.ts';
import { addNotification } from '../notify/notifications.ts';
import { ATTO_DECIMALS, type NewOrder } from './core.ts';
import type { Side } from './order-book.ts';
import { LegGone, SpotOco } from './spot-oco.ts';
import { checkFunds, requireAvailable, spotOpen, toOrder } from './spot-order-checks.ts';
import { isUniqueViolation } from './spot-replies.ts';
import type { SpotService } from './spot-service.ts';
import { claimTrigger, insertTrigger, triggerNote, updateTrigger } from './trigger-store.ts';
import {
  placesLimit,
  reached,
  reserveOf,
  TriggerBook,
  type TriggerKind,
  type WaitingTrigger,
} from './trigger-rules.ts';
import { columnToUnits, fromUnits, toUnits } from './units.ts';

/** Waiting conditional orders one user may have at once. */
export const MAX_WAITING_TRIGGERS = 50;

export interface TriggerRequest {
  userId: number;
  matchId: number;
  side: Side;
  kind: TriggerKind;
  trigger: Decimal;
  /** The limit of the limit kinds. */
  price: Decimal | null;
  num: Decimal;
  clientId: string | null;
  /** An OCO: the price of its limit leg (the stop kinds only). */
  ocoPrice?: Decimal | null;
}

/** An amend's new values (ADR 0067); null keeps the order's own. */
export interface TriggerChange {
  trigger: Decimal | null;
  price: Decimal | null;
  num: Decimal | null;
}

/** A placed conditional order: its id, and its OCO's limit leg. */
export interface Placed {
  id: number;
  orderId: number | null;
}

interface TriggerRow {
  id: number;
  user_id: number;
  match_id: number;
  side: string;
  kind: string;
  trigger_price: string;
  price: string | null;
  number: string;
  reserve_currency: number;
  reserved: string;
  oco_order_id: number | null;
}

/** The columns a waiting order is read back from (TriggerRow). */
const TRIGGER_COLUMNS = `id, user_id, match_id, side, kind, trigger_price, price, number,
  reserve_currency, reserved, oco_order_id`;

/** Thrown inside a firing's transaction: another path has already decided this order. */
class NotWaiting extends Error {}

export class SpotTriggers {
  readonly book = new TriggerBook();
  private readonly checking = new Set<number>();
  private readonly oco: SpotOco;

  constructor(
    private readonly spot: SpotService,
    private readonly db: Database,
    private readonly now: () => number,
  ) {
    this.oco = new SpotOco(spot, db, this.book, now);
    spot.onLastPrice((matchId) => this.check(matchId));
  }

  /**
   * Reloads the waiting orders (of one pair: a market this process has just come to own, ADR
   * 0071; else of every pair) and checks each of their pairs against its last price.
   */
  async start(matchId?: number): Promise<number> {
    if (matchId !== undefined) this.drop(matchId);
    const rows = await this.db.query<TriggerRow & Record<string, unknown>>(
      `SELECT ${TRIGGER_COLUMNS} FROM spot_triggers
        WHERE status = 0 AND ($1::int IS NULL OR match_id = $1) ORDER BY id`,
      [matchId ?? null],
    );
    for (const r of rows) {
      const t = this.fromRow(r);
      if (t === null) continue;
      this.book.add(t);
      this.oco.track(t);
    }
    for (const m of this.book.pairs()) this.check(m);
    return rows.length;
  }

  /** Forgets a pair's waiting orders: its market went to another process (they stay stored). */
  drop(matchId: number): void {
    for (const t of this.book.dropPair(matchId)) this.oco.untrack(t);
  }

  /** Places a conditional order, or an OCO (its stop leg and its limit leg); answers their ids. */
  async place(req: TriggerRequest): Promise<Placed> {
    const p = this.spot.spec(req.matchId);
    if (p === null) throw new ApiError('spot.pairClosed');
    if (req.clientId !== null) {
      const first = await this.byClientId(req.userId, req.clientId);
      if (first !== null) return first;
    }
    const t = this.toWaiting(p, req);
    const ocoPrice = req.ocoPrice ?? null;
    if (ocoPrice !== null && !req.kind.startsWith('stop_')) throw new ApiError('spot.oco.kind');
    const limit =
      ocoPrice === null
        ? null
        : priceUnits(ocoPrice, p.pricePrecision, 'validation.spot.priceRequired');
    try {
      return await this.spot.enqueue(req.matchId, () => this.insert(p, t, req.clientId, limit));
    } catch (err) {
      if (req.clientId !== null && isUniqueViolation(err)) {
        const first = await this.byClientId(req.userId, req.clientId);
        if (first !== null) return first;
      }
      throw err;
    }
  }

  /** Cancels one of the user's waiting orders and releases its reserve; an OCO's limit leg too. */
  async cancel(userId: number, id: number): Promise<void> {
    const t = await this.waiting(userId, id);
    const p = t === null ? null : this.spot.spec(t.matchId);
    if (t === null || p === null) throw new ApiError('spot.trigger.notFound');
    await this.spot.enqueue(t.matchId, async () => {
      const now = this.now();
      const later = await this.db.transaction(async (tx) => {
        await this.spot.seat.fence(t.matchId, tx);
        if ((await claimTrigger(tx, id, 2, now, { userId })) === null) return null;
        return this.oco.cancelLimit(tx, p, t, now, 'user');
      });
      if (later === null) throw new ApiError('spot.trigger.notFound');
      later();
      this.book.remove(t.matchId, id);
      this.spot.balancesChanged([userId], t.matchId);
    });
  }

  /**
   * Changes a waiting order's trigger, limit price or amount in one step (issue 44, ADR 0067):
   * checked as a new order would be (a trigger already reached refused), its reserve moved by the
   * difference in the same transaction, its id and its place among the pair's orders kept. In
   * the pair's queue, so a trigger firing and an amend have one outcome. Not an OCO's stop.
   */
  async amend(userId: number, id: number, change: TriggerChange): Promise<void> {
    if (change.trigger === null && change.price === null && change.num === null)
      throw new ApiError('spot.amend.nothing');
    const t = await this.waiting(userId, id);
    const p = t === null ? null : this.spot.spec(t.matchId);
    if (t === null || p === null) throw new ApiError('spot.trigger.notFound');
    if (t.ocoOrderId !== null) throw new ApiError('spot.amend.ocoLeg');
    const next = this.toWaiting(p, amendedRequest(p, t, change));
    if (next.trigger === t.trigger && next.price === t.price && next.qty === t.qty)
      throw new ApiError('spot.amend.same');
    await this.spot.enqueue(t.matchId, async () => {
      const last = this.spot.lastPrice(p.matchId);
      if (last !== null && reached(t.kind, t.side, last, next.trigger))
        throw reachedError(p, last, next.trigger);
      await this.db.transaction(async (tx) => {
        await this.spot.seat.fence(p.matchId, tx);
        await updateTrigger(tx, p, { ...next, id }, this.now());
      });
      this.book.remove(t.matchId, id);
      this.book.add({ ...next, id });
      this.spot.balancesChanged([userId]);
    });
  }

  private async waiting(userId: number, id: number): Promise<WaitingTrigger | null> {
    const rows = await this.db.query<TriggerRow & Record<string, unknown>>(
      `SELECT ${TRIGGER_COLUMNS} FROM spot_triggers WHERE id = $1 AND user_id = $2 AND status = 0`,
      [id, userId],
    );
    const row = rows[0];
    return row === undefined ? null : this.fromRow(row);
  }

  // ---- placing ----------------------------------------------------------------------------

  /** The request as a waiting order in exact units, with the order form's errors. */
  private toWaiting(p: PairSpec, req: TriggerRequest): WaitingTrigger {
    const limit = placesLimit(req.kind);
    if (limit && req.price === null) throw new ApiError('validation.spot.priceRequired');
    // the order it will place, checked now as it would be then (units, precision, notional)
    const order = toOrder(p, {
      userId: req.userId,
      matchId: req.matchId,
      side: req.side,
      mode: limit ? 2 : 1,
      price: limit ? req.price : null,
      num: req.num,
      clientId: null,
    });
    const trigger = priceUnits(req.trigger, p.pricePrecision, 'spot.trigger.priceRequired');
    if (!limit && req.trigger.times(req.num).greaterThan(NOTIONAL_OF_MARKET))
      throw new ApiError('spot.tooLarge');
    const cfg = this.spot.core.pair(p.matchId);
    if (cfg === null) throw new ApiError('spot.pairClosed');
    const units = {
      base: this.spot.core.baseUnit(cfg),
      quote: this.spot.core.quoteUnit(cfg),
      bandBp: cfg.bandBp,
    };
    const w = { kind: req.kind, side: req.side, trigger, price: order.price, qty: order.qty };
    return {
      id: 0,
      userId: req.userId,
      matchId: req.matchId,
      ...w,
      reserved: reserveOf(w, units),
      reserveCurrency: req.side === 'buy' ? p.legalId : p.currencyId,
      ocoOrderId: null,
    };
  }

  /**
   * In the pair's queue: refuses a trigger already reached, reserves, writes the row; with a
   * limit price, the OCO's limit leg in the same transaction.
   */
  private async insert(
    p: PairSpec,
    t: WaitingTrigger,
    clientId: string | null,
    ocoPrice: bigint | null,
  ): Promise<Placed> {
    if (!(await spotOpen(this.db, p.matchId))) throw new ApiError('spot.pairClosed');
    const last = this.spot.lastPrice(p.matchId);
    if (last !== null && reached(t.kind, t.side, last, t.trigger))
      throw reachedError(p, last, t.trigger);
    const limits = (tx: Queryable) => this.withinLimits(tx, t.userId);
    let placed: WaitingTrigger;
    if (ocoPrice !== null) placed = await this.oco.place(p, t, ocoPrice, clientId, limits);
    else {
      const now = this.now();
      const id = await this.db.transaction(async (tx) => {
        await this.spot.seat.fence(p.matchId, tx);
        await limits(tx);
        await requireAvailable(tx, p, t.userId, t.reserveCurrency, t.reserved);
        return insertTrigger(tx, p, t, clientId, now);
      });
      placed = { ...t, id };
    }
    this.book.add(placed);
    this.spot.balancesChanged([t.userId], ocoPrice === null ? undefined : p.matchId);
    return { id: placed.id, orderId: placed.ocoOrderId };
  }

  /** The user's waiting orders stay under MAX_WAITING_TRIGGERS. */
  private async withinLimits(tx: Queryable, userId: number): Promise<void> {
    const waiting = await tx.query<{ n: string }>(
      'SELECT count(*) AS n FROM spot_triggers WHERE user_id = $1 AND status = 0',
      [userId],
    );
    if (Number(waiting[0]?.n ?? 0) >= MAX_WAITING_TRIGGERS)
      throw new ApiError('spot.trigger.tooMany', { max: MAX_WAITING_TRIGGERS });
  }

  private async byClientId(userId: number, clientId: string): Promise<Placed | null> {
    const rows = await this.db.query<{ id: number; oco_order_id: number | null }>(
      'SELECT id, oco_order_id FROM spot_triggers WHERE user_id = $1 AND client_id = $2',
      [userId, clientId],
    );
    const r = rows[0];
    return r === undefined ? null : { id: r.id, orderId: r.oco_order_id };
  }

  // ---- firing -----------------------------------------------------------------------------

  /** Asks, after what is queued on the pair, which waiting orders its last price reached. */
  check(matchId: number): void {
    if (this.book.size(matchId) === 0 || this.checking.has(matchId)) return;
    // only the market's owner fires its orders (another process follows its prices)
    if (!this.spot.seat.owns(matchId)) return;
    this.checking.add(matchId);
    void this.spot.queue(matchId, async () => {
      this.checking.delete(matchId);
      const last = this.spot.lastPrice(matchId);
      if (last === null || !this.spot.seat.owns(matchId)) return;
      // the orders one price reached fire in the order they were placed, each once
      for (const t of this.book.due(matchId, last)) await this.fire(t, last);
    });
  }

  /** Places the order of a reached trigger, or refuses it with the reason. */
  private async fire(t: WaitingTrigger, last: bigint): Promise<void> {
    this.book.remove(t.matchId, t.id);
    const p = this.spot.spec(t.matchId);
    if (p === null) return;
    try {
      if (!(await spotOpen(this.db, t.matchId))) throw new ApiError('spot.pairClosed');
      const order: NewOrder = {
        userId: t.userId,
        matchId: t.matchId,
        side: t.side,
        kind: placesLimit(t.kind) ? 'limit' : 'market',
        price: t.price,
        qty: t.qty,
      };
      const plan = this.spot.core.placePlan(order);
      if (plan.noLiquidity) throw new ApiError('spot.noLiquidity');
      const now = this.now();
      let limitLeg = (): void => undefined;
      await this.spot.executeWithHooks(plan, placesLimit(t.kind) ? 2 : 1, {
        before: async (tx) => {
          if ((await claimTrigger(tx, t.id, 1, now)) === null) throw new NotWaiting();
          limitLeg = await this.oco.cancelLimit(tx, p, t, now, 'oco');
          await checkFunds(tx, p, plan);
        },
        after: async (tx, orderId) => {
          await tx.query('UPDATE spot_triggers SET order_id = $2 WHERE id = $1', [t.id, orderId]);
          const values = triggerNote(p, t, last, orderId);
          await addNotification(tx, t.userId, 'spot.triggered', values, now);
        },
      });
      limitLeg();
    } catch (err) {
      if (err instanceof NotWaiting) return;
      if (err instanceof LegGone) return this.oco.orphaned(t);
      if (err instanceof ApiError) return this.refuse(p, t, last, err.id, err.values);
      // not a refusal: the row stays waiting and is reloaded at the next start
      console.error(`spot trigger ${t.id} not fired`, err);
    }
  }

  /** A reached order that could not be placed: refused with `reason`, its reserve released. */
  private async refuse(
    p: PairSpec,
    t: WaitingTrigger,
    last: bigint,
    reason: string,
    values: MessageValues,
  ): Promise<void> {
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await this.spot.seat.fence(p.matchId, tx);
      if ((await claimTrigger(tx, t.id, 3, now, { reason })) === null) return;
      await tx.query('UPDATE spot_triggers SET reason_values = $2 WHERE id = $1', [
        t.id,
        JSON.stringify(values),
      ]);
      const why = REASONS[reason] ?? 'other';
      await addNotification(
        tx,
        t.userId,
        'spot.triggerRefused',
        { ...triggerNote(p, t, last, null), reason: why },
        now,
      );
    });
    // an OCO's limit leg stays: it rests on its own, with its own funds
    this.oco.untrack(t);
    this.spot.balancesChanged([t.userId]);
  }

  private fromRow(r: TriggerRow): WaitingTrigger | null {
    const p = this.spot.spec(r.match_id);
    const kind = r.kind as TriggerKind;
    if (p === null) return null;
    return {
      id: r.id,
      userId: r.user_id,
      matchId: r.match_id,
      side: r.side === 'in' ? 'buy' : 'sell',
      kind,
      trigger: columnToUnits(r.trigger_price, p.pricePrecision),
      price: r.price === null ? 0n : columnToUnits(r.price, p.pricePrecision),
      qty: columnToUnits(r.number, p.amountPrecision),
      reserved: columnToUnits(r.reserved, ATTO_DECIMALS),
      reserveCurrency: r.reserve_currency,
      ocoOrderId: r.oco_order_id,
    };
  }
}

/** A trigger the last price has reached: refused, naming both. */
function reachedError(p: PairSpec, last: bigint, trigger: bigint): ApiError {
  return new ApiError('spot.trigger.reached', {
    last: localDecimal(fromUnits(last, p.pricePrecision), p.pricePrecision),
    trigger: localDecimal(fromUnits(trigger, p.pricePrecision), p.pricePrecision),
  });
}

/** The request an amend makes: the order's own values where the change gives none. */
function amendedRequest(p: PairSpec, t: WaitingTrigger, c: TriggerChange): TriggerRequest {
  const price = (v: bigint) => new Decimal(fromUnits(v, p.pricePrecision));
  return {
    userId: t.userId,
    matchId: t.matchId,
    side: t.side,
    kind: t.kind,
    trigger: c.trigger ?? price(t.trigger),
    price: placesLimit(t.kind) ? (c.price ?? price(t.price)) : null,
    num: c.num ?? new Decimal(fromUnits(t.qty, p.amountPrecision)),
    clientId: null,
  };
}

/** A market trigger's notional bound (trigger × number), as a limit order's (price × number). */
const NOTIONAL_OF_MARKET = new Decimal('1e12');

/** Why a reached order was refused, as the notification says it. */
const REASONS: Readonly<Record<string, 'funds' | 'liquidity' | 'closed'>> = {
  'spot.insufficient': 'funds',
  'wallet.insufficient': 'funds',
  'spot.noLiquidity': 'liquidity',
  'spot.pairClosed': 'closed',
};

/** A price in ticks above zero (a trigger, an OCO's limit), else the order form's `missing`. */
function priceUnits(v: Decimal, dp: number, missing: string): bigint {
  if (!v.isFinite() || v.lessThanOrEqualTo(0)) throw new ApiError(missing);
  const units = toUnits(v, dp);
  if (units === null) throw new ApiError('spot.pricePrecision', { dp });
  if (units <= 0n) throw new ApiError(missing);
  return units;
}
