// Scale orders (issue 44, ADR 0057): 2–50 limit orders between two prices with a size skew
// (src/shared/scale.ts, the ticket's preview uses the same), placed as one command with one
// outcome. Every leg must rest: one that would trade at once refuses the whole scale, as do the
// funds for all of them together. All legs are written in one transaction, in the pair's queue,
// named by one group (the first leg's id, `spot_orders.group_id`); they are cancelled together
// by that group. Each leg is then an ordinary resting order: it fills, is listed and cancelled
// one by one like any other.
import { Decimal } from '../../src/shared/decimal.ts';
import { scaleLegs, SKEW_MAX, SKEW_MIN, SCALE_MAX, SCALE_MIN } from '../../src/shared/scale.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { parsePlainAmount } from '../../src/shared/amount.ts';
import { localDecimal } from '../i18n/messages.ts';
import type { PairSpec } from '../market/simulator.ts';
import type { Side } from './order-book.ts';
import { checkFunds, spotOpen, toOrder } from './spot-order-checks.ts';
import type { SpotService } from './spot-service.ts';

export interface ScalePlacement {
  userId: number;
  matchId: number;
  side: Side;
  from: Decimal;
  to: Decimal;
  count: number;
  total: Decimal;
  skew: Decimal;
  clientId: string | null;
}

export interface Scaled {
  group: number;
  ids: number[];
  average: Decimal;
}

/** The words of each refusal of the legs' shape, with its bounds. */
const ISSUE_VALUES = {
  count: { min: SCALE_MIN, max: SCALE_MAX },
  skew: { min: SKEW_MIN.toFixed(), max: SKEW_MAX.toFixed() },
  prices: {},
  range: {},
  total: {},
  tooSmall: {},
} as const;

/** The size skew as sent (1 when not sent), or the refusal with its bounds. */
export function skewOf(raw: string | undefined): Decimal {
  if (raw === undefined) return new Decimal(1);
  const d = parsePlainAmount(raw);
  if (d === null) throw new ApiError('spot.scale.skew', ISSUE_VALUES.skew);
  return d;
}

export class SpotScale {
  constructor(
    private readonly spot: SpotService,
    private readonly db: Database,
  ) {}

  async place(req: ScalePlacement): Promise<Scaled> {
    const p = this.spot.spec(req.matchId);
    if (p === null) throw new ApiError('spot.pairClosed');
    if (req.clientId !== null) {
      const first = await this.byClientId(req.userId, req.clientId);
      if (first !== null) return first;
    }
    const plan = scaleLegs({
      ...req,
      pricePrecision: p.pricePrecision,
      amountPrecision: p.amountPrecision,
    });
    if (!plan.ok) throw new ApiError(`spot.scale.${plan.issue}`, ISSUE_VALUES[plan.issue]);
    // each leg checked as the order it is (decimals, size, notional)
    const orders = plan.legs.map((l) =>
      toOrder(p, {
        ...req,
        mode: 2,
        price: l.price,
        num: l.amount,
        clientId: null,
        postOnly: true,
      }),
    );
    const ids = await this.spot.enqueue(req.matchId, async () => {
      if (!(await spotOpen(this.db, req.matchId))) throw new ApiError('spot.pairClosed');
      const plans = orders.map((o) => this.spot.core.placePlan(o));
      const taking = plans.findIndex((x) => x.wouldTake);
      if (taking >= 0)
        throw new ApiError('spot.scale.wouldTrade', {
          price: priceText(p, plan.legs[taking]?.price),
        });
      // the funds of every leg together: the last leg's plan after all the others' operations
      const others = plans.slice(0, -1).flatMap((x) => x.ops);
      const last = plans[plans.length - 1];
      return this.spot.executeGroup(plans, req.clientId, async (tx) => {
        if (last !== undefined) await checkFunds(tx, p, last, others);
      });
    });
    return { group: ids[0] ?? 0, ids, average: plan.average };
  }

  /** Cancels every resting leg of the user's scale `group`; how many were cancelled. */
  async cancel(userId: number, group: number): Promise<number> {
    const rows = await this.db.query<{ id: number }>(
      'SELECT id FROM spot_orders WHERE user_id = $1 AND group_id = $2 AND status = 0 ORDER BY id',
      [userId, group],
    );
    if (rows.length === 0) throw new ApiError('spot.scale.notFound');
    let n = 0;
    for (const r of rows) {
      try {
        await this.spot.cancel(userId, r.id, null);
        n++;
      } catch (err) {
        // a leg that filled meanwhile is not open any more: the others are still cancelled
        if (!(err instanceof ApiError && err.id === 'spot.orderNotFound')) throw err;
      }
    }
    return n;
  }

  private async byClientId(userId: number, clientId: string): Promise<Scaled | null> {
    const first = await this.db.query<{ group_id: number | null }>(
      'SELECT group_id FROM spot_orders WHERE user_id = $1 AND client_id = $2',
      [userId, clientId],
    );
    const group = first[0]?.group_id ?? null;
    if (group === null) return null;
    const rows = await this.db.query<{ id: number; price: string; total_number: string }>(
      'SELECT id, price, total_number FROM spot_orders WHERE user_id = $1 AND group_id = $2 ORDER BY id',
      [userId, group],
    );
    let total = new Decimal(0);
    let notional = new Decimal(0);
    for (const r of rows) {
      total = total.plus(r.total_number);
      notional = notional.plus(new Decimal(r.price).times(r.total_number));
    }
    const average = total.isZero() ? total : notional.div(total);
    return { group, ids: rows.map((r) => r.id), average };
  }
}

const priceText = (p: PairSpec, v: Decimal | undefined) =>
  localDecimal((v ?? new Decimal(0)).toFixed(p.pricePrecision), p.pricePrecision);
