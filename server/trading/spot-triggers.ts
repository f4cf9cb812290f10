// Spot conditional orders (issue 44, ADR 0052): stop-limit, stop-market, take-profit-limit and
// take-profit-market. Placing one reserves its funds (available → locked, trigger-rules.ts
// `reserveOf`) and refuses a trigger the last price has already reached. Every trade that moves
// a pair's last price asks, in the pair's queue, which waiting orders it reached; they fire in
// the order they were placed, each once: its row goes from waiting to triggered in the same
// transaction as the order it places and the release of its reserve, guarded by `status = 0`.
// An order that cannot be placed when it fires (the funds went elsewhere, no liquidity, the pair
// closed) is refused with the reason, its reserve released, and the user is told. The waiting
// orders are reloaded at start and checked against the last price at once: a restart after the
// price crossed fires them once.
import { Decimal } from '../../src/shared/decimal.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { localDecimal, type MessageValues } from '../i18n/messages.ts';
import { symbolOf } from '../market/wire-format.ts';
import type { PairSpec } from '../market/simulator.ts';
import { addNotification } from '../notify/notifications.ts';
import { noteDec } from '../notify/note-values.ts';
import { LOG_TYPE } from '../wallet/ledger.ts';
import { ATTO_DECIMALS, type BalanceOp, type NewOrder } from './core.ts';
import type { Side } from './order-book.ts';
import { checkFunds, requireAvailable, spotOpen, toOrder } from './spot-order-checks.ts';
import { isUniqueViolation } from './spot-replies.ts';
import type { SpotService } from './spot-service.ts';
import { writeLedger } from './spot-settlement.ts';
import {
  placesLimit,
  reached,
  reserveOf,
  TriggerBook,
  type TriggerKind,
  type WaitingTrigger,
} from './trigger-rules.ts';
import { attoToDecimal, columnToUnits, fromUnits, toUnits } from './units.ts';

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
}

/** Thrown inside a firing's transaction: another path has already decided this order. */
class NotWaiting extends Error {}

export class SpotTriggers {
  readonly book = new TriggerBook();
  private readonly checking = new Set<number>();

  constructor(
    private readonly spot: SpotService,
    private readonly db: Database,
    private readonly now: () => number,
  ) {
    spot.onLastPrice((matchId) => this.check(matchId));
  }

  /** Reloads the waiting orders and checks each of their pairs against its last price. */
  async start(): Promise<number> {
    const rows = await this.db.query<TriggerRow & Record<string, unknown>>(
      `SELECT id, user_id, match_id, side, kind, trigger_price, price, number, reserve_currency,
              reserved FROM spot_triggers WHERE status = 0 ORDER BY id`,
    );
    for (const r of rows) {
      const t = this.fromRow(r);
      if (t !== null) this.book.add(t);
    }
    for (const matchId of this.book.pairs()) this.check(matchId);
    return rows.length;
  }

  /** Places a conditional order; answers its id. */
  async place(req: TriggerRequest): Promise<number> {
    const p = this.spot.spec(req.matchId);
    if (p === null) throw new ApiError('spot.pairClosed');
    if (req.clientId !== null) {
      const first = await this.byClientId(req.userId, req.clientId);
      if (first !== null) return first;
    }
    const t = this.toWaiting(p, req);
    try {
      return await this.spot.enqueue(req.matchId, () => this.insert(p, t, req.clientId));
    } catch (err) {
      if (req.clientId !== null && isUniqueViolation(err)) {
        const first = await this.byClientId(req.userId, req.clientId);
        if (first !== null) return first;
      }
      throw err;
    }
  }

  /** Cancels one of the user's waiting orders and releases its reserve. */
  async cancel(userId: number, id: number): Promise<void> {
    const rows = await this.db.query<{ match_id: number }>(
      'SELECT match_id FROM spot_triggers WHERE id = $1 AND user_id = $2 AND status = 0',
      [id, userId],
    );
    const matchId = rows[0]?.match_id;
    if (matchId === undefined) throw new ApiError('spot.trigger.notFound');
    await this.spot.enqueue(matchId, async () => {
      const done = await this.db.transaction(async (tx) => {
        const row = await claim(tx, id, 2, this.now(), userId);
        if (row === null) return false;
        await writeLedger(
          tx,
          releaseOps(row),
          LOG_TYPE.spotTriggerRelease,
          `trigger #${id}`,
          this.now(),
        );
        return true;
      });
      if (!done) throw new ApiError('spot.trigger.notFound');
      this.book.remove(matchId, id);
      this.spot.balancesChanged([userId]);
    });
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
    const trigger = triggerUnits(req.trigger, p.pricePrecision);
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
    };
  }

  /** In the pair's queue: refuses a trigger already reached, reserves, writes the row. */
  private async insert(p: PairSpec, t: WaitingTrigger, clientId: string | null): Promise<number> {
    if (!(await spotOpen(this.db, p.matchId))) throw new ApiError('spot.pairClosed');
    const last = this.spot.lastPrice(p.matchId);
    if (last !== null && reached(t.kind, t.side, last, t.trigger))
      throw new ApiError('spot.trigger.reached', {
        last: localDecimal(fromUnits(last, p.pricePrecision), p.pricePrecision),
        trigger: localDecimal(fromUnits(t.trigger, p.pricePrecision), p.pricePrecision),
      });
    const now = this.now();
    const id = await this.db.transaction(async (tx) => {
      const waiting = await tx.query<{ n: string }>(
        'SELECT count(*) AS n FROM spot_triggers WHERE user_id = $1 AND status = 0',
        [t.userId],
      );
      if (Number(waiting[0]?.n ?? 0) >= MAX_WAITING_TRIGGERS)
        throw new ApiError('spot.trigger.tooMany', { max: MAX_WAITING_TRIGGERS });
      await requireAvailable(tx, p, t.userId, t.reserveCurrency, t.reserved);
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO spot_triggers (user_id, match_id, side, kind, trigger_price, price, number,
           reserve_currency, reserved, status, client_id, created_at, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,0,$10,$11,$11) RETURNING id`,
        [
          t.userId,
          p.matchId,
          t.side === 'buy' ? 'in' : 'out',
          t.kind,
          fromUnits(t.trigger, p.pricePrecision),
          placesLimit(t.kind) ? fromUnits(t.price, p.pricePrecision) : null,
          fromUnits(t.qty, p.amountPrecision),
          t.reserveCurrency,
          attoToDecimal(t.reserved).toFixed(),
          clientId,
          new Date(now),
        ],
      );
      const newId = rows[0]?.id;
      if (newId === undefined) throw new Error('spot_triggers: no id');
      await writeLedger(tx, holdOps(t), LOG_TYPE.spotTriggerHold, `trigger #${newId}`, now);
      return newId;
    });
    this.book.add({ ...t, id });
    this.spot.balancesChanged([t.userId]);
    return id;
  }

  private async byClientId(userId: number, clientId: string): Promise<number | null> {
    const rows = await this.db.query<{ id: number }>(
      'SELECT id FROM spot_triggers WHERE user_id = $1 AND client_id = $2',
      [userId, clientId],
    );
    return rows[0]?.id ?? null;
  }

  // ---- firing -----------------------------------------------------------------------------

  /** Asks, after what is queued on the pair, which waiting orders its last price reached. */
  check(matchId: number): void {
    if (this.book.size(matchId) === 0 || this.checking.has(matchId)) return;
    this.checking.add(matchId);
    void this.spot.enqueue(matchId, async () => {
      this.checking.delete(matchId);
      const last = this.spot.lastPrice(matchId);
      if (last === null) return;
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
      await this.spot.executeWithHooks(plan, placesLimit(t.kind) ? 2 : 1, {
        before: async (tx) => {
          if ((await claim(tx, t.id, 1, now)) === null) throw new NotWaiting();
          await writeLedger(
            tx,
            releaseOps(t),
            LOG_TYPE.spotTriggerRelease,
            `trigger #${t.id}`,
            now,
          );
          await checkFunds(tx, p, plan);
        },
        after: async (tx, orderId) => {
          await tx.query('UPDATE spot_triggers SET order_id = $2 WHERE id = $1', [t.id, orderId]);
          await addNotification(tx, t.userId, 'spot.triggered', note(p, t, last, orderId), now);
        },
      });
    } catch (err) {
      if (err instanceof NotWaiting) return;
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
      if ((await claim(tx, t.id, 3, now)) === null) return;
      await tx.query('UPDATE spot_triggers SET reason = $2, reason_values = $3 WHERE id = $1', [
        t.id,
        reason,
        JSON.stringify(values),
      ]);
      await writeLedger(tx, releaseOps(t), LOG_TYPE.spotTriggerRelease, `trigger #${t.id}`, now);
      const why = REASONS[reason] ?? 'other';
      await addNotification(
        tx,
        t.userId,
        'spot.triggerRefused',
        { ...note(p, t, last, null), reason: why },
        now,
      );
    });
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
    };
  }
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

function triggerUnits(v: Decimal, dp: number): bigint {
  if (!v.isFinite() || v.lessThanOrEqualTo(0)) throw new ApiError('spot.trigger.priceRequired');
  const units = toUnits(v, dp);
  if (units === null) throw new ApiError('spot.pricePrecision', { dp });
  if (units <= 0n) throw new ApiError('spot.trigger.priceRequired');
  return units;
}

/** What a waiting order holds. */
type Reserve = Pick<WaitingTrigger, 'userId' | 'reserveCurrency' | 'reserved'>;

/** Moves a waiting order's status from 0 to `status`: its reserve, or null when not waiting. */
async function claim(
  tx: Queryable,
  id: number,
  status: 1 | 2 | 3,
  now: number,
  userId?: number,
): Promise<Reserve | null> {
  const rows = await tx.query<{ user_id: number; reserve_currency: number; reserved: string }>(
    `UPDATE spot_triggers SET status = $2, updated_at = $3
     WHERE id = $1 AND status = 0 ${userId === undefined ? '' : 'AND user_id = $4'}
     RETURNING user_id, reserve_currency, reserved`,
    userId === undefined ? [id, status, new Date(now)] : [id, status, new Date(now), userId],
  );
  const r = rows[0];
  if (r === undefined) return null;
  return {
    userId: r.user_id,
    reserveCurrency: r.reserve_currency,
    reserved: columnToUnits(r.reserved, ATTO_DECIMALS),
  };
}

const holdOps = (t: Reserve): BalanceOp[] => [
  { userId: t.userId, currencyId: t.reserveCurrency, field: 'available', delta: -t.reserved },
  { userId: t.userId, currencyId: t.reserveCurrency, field: 'locked', delta: t.reserved },
];

const releaseOps = (t: Reserve): BalanceOp[] => holdOps({ ...t, reserved: -t.reserved });

function note(p: PairSpec, t: WaitingTrigger, last: bigint, orderId: number | null) {
  return {
    order_id: orderId === null ? `T${t.id}` : String(orderId),
    symbol: symbolOf(p),
    side: t.side,
    level: noteDec(fromUnits(t.trigger, p.pricePrecision)),
    last: noteDec(fromUnits(last, p.pricePrecision)),
  };
}
