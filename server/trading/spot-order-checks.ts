// The checks of a user's spot order (transaction/in, transaction/out) on its way to the book: the
// request in exact units with the order form's errors, the pair's open switch (back office), and
// the funds the planned order needs from the taker's available balance.
import { amountIssue, NOTIONAL_LIMIT } from '../../src/shared/amount.ts';
import { Decimal } from '../../src/shared/decimal.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { localDecimal } from '../i18n/messages.ts';
import type { PairSpec } from '../market/simulator.ts';
import type { BalanceOp, NewOrder, Plan } from './core.ts';
import type { Side } from './order-book.ts';
import { attoToDecimal, fromUnits, toUnits } from './units.ts';

/** Default protective band of market orders: 5 % from the best opposite price. */
export const MARKET_BAND_BP = 500n;

export interface PlaceRequest {
  userId: number;
  matchId: number;
  side: Side;
  /** 1 market, 2 limit. */
  mode: 1 | 2;
  price: Decimal | null;
  num: Decimal;
  clientId: string | null;
  /** A limit order's time in force (ADR 0054); gtc for a market order. */
  tif?: 'gtc' | 'ioc' | 'fok';
  /** A limit order that must rest whole, never take. */
  postOnly?: boolean;
}

/** The core's kind of a request: its mode, time in force and post-only flag, or the refusal. */
export function kindOf(req: PlaceRequest): NewOrder['kind'] {
  const tif = req.tif ?? 'gtc';
  const postOnly = req.postOnly ?? false;
  if (req.mode === 1) {
    if (tif !== 'gtc' || postOnly) throw new ApiError('spot.tifLimitOnly');
    return 'market';
  }
  if (postOnly) {
    if (tif !== 'gtc') throw new ApiError('spot.postOnlyGtc');
    return 'post_only';
  }
  return tif === 'gtc' ? 'limit' : tif;
}

/**
 * An order that would do nothing is refused, before anything is written: a market order with no
 * opposite orders, a fill-or-kill the book cannot fill whole, an IOC that finds nothing at its
 * price, a post-only order that would take.
 */
export function refuseIdle(p: PairSpec, plan: Plan, best: bigint | null): void {
  if (plan.noLiquidity) throw new ApiError('spot.noLiquidity');
  const id = plan.killed
    ? 'spot.fokUnfilled'
    : plan.wouldTake
      ? 'spot.postOnlyWouldTake'
      : plan.order.kind === 'ioc' && plan.filled === 0n
        ? 'spot.iocUnfilled'
        : null;
  if (id === null) return;
  // the words of a refusal, made only for one
  const price = (ticks: bigint) =>
    localDecimal(fromUnits(ticks, p.pricePrecision), p.pricePrecision);
  throw new ApiError(id, {
    total: localDecimal(fromUnits(plan.order.qty, p.amountPrecision), p.amountPrecision),
    currency: p.currencyName,
    price: price(plan.limit),
    best: best === null ? '' : price(best),
  });
}

/** The core's order for a request: quantity in lots, limit price in ticks (0 for market). */
export function toOrder(p: PairSpec, req: PlaceRequest): NewOrder {
  const qty = unitsOf(req.num, p.amountPrecision, 'number');
  let price = 0n;
  if (req.mode === 2) {
    if (req.price === null) throw new ApiError('validation.spot.priceRequired');
    price = unitsOf(req.price, p.pricePrecision, 'price');
    if (req.price.times(req.num).greaterThan(NOTIONAL_LIMIT)) throw new ApiError('spot.tooLarge');
  }
  return {
    userId: req.userId,
    matchId: req.matchId,
    side: req.side,
    kind: kindOf(req),
    price,
    qty,
  };
}

/** The back office can close spot trading on a pair (`open_transaction = 0`). */
export async function spotOpen(db: Queryable, matchId: number): Promise<boolean> {
  const rows = await db.query<{ open_transaction: number }>(
    'SELECT open_transaction FROM currency_matches WHERE id = $1',
    [matchId],
  );
  return rows[0]?.open_transaction === 1;
}

/**
 * The taker pays for the whole plan (fills and the resting rest) from their available
 * balance: checked on the plan, before any fill is written or the book changes, with the
 * amount the order needs. (The ledger checks again inside the transaction.)
 */
export async function checkFunds(
  db: Queryable,
  p: PairSpec,
  plan: Plan,
  /** Operations written first in the same transaction (an amended order's release). */
  before: readonly BalanceOp[] = [],
): Promise<void> {
  const taker = plan.order.userId;
  const net = new Map<number, bigint>();
  for (const o of [...before, ...plan.ops])
    if (o.userId === taker && o.field === 'available')
      net.set(o.currencyId, (net.get(o.currencyId) ?? 0n) + o.delta);
  for (const [currencyId, delta] of net)
    if (delta < 0n) await requireAvailable(db, p, taker, currencyId, -delta);
}

/** `userId`'s available (spot) balance of `currencyId` covers `atto`: else the order form's words. */
export async function requireAvailable(
  db: Queryable,
  p: PairSpec,
  userId: number,
  currencyId: number,
  atto: bigint,
): Promise<void> {
  const rows = await db.query<{ v: string }>(
    'SELECT change_balance AS v FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
    [userId, currencyId],
  );
  const available = new Decimal(rows[0]?.v ?? '0');
  const need = attoToDecimal(atto);
  if (need.greaterThan(available))
    throw new ApiError('spot.insufficient', {
      currency: currencyId === p.legalId ? p.legalName : p.currencyName,
      need: localDecimal(need),
      available: localDecimal(available),
    });
}

/**
 * An exact integer amount at `dp` decimals, with the localized errors of the order form: above
 * zero, at most `dp` decimals, at most AMOUNT_LIMIT (the edge rule, src/shared/amount.ts).
 */
function unitsOf(value: Decimal, dp: number, field: 'price' | 'number'): bigint {
  if (!value.isFinite() || value.lessThanOrEqualTo(0))
    throw new ApiError(
      field === 'price' ? 'validation.spot.priceRequired' : 'validation.spot.numberRequired',
    );
  const issue = amountIssue(value, dp);
  if (issue?.id === 'validation.amountDecimals')
    throw new ApiError(field === 'price' ? 'spot.pricePrecision' : 'spot.numberPrecision', { dp });
  if (issue !== null) throw new ApiError(issue.id, issue.values);
  const units = toUnits(value, dp);
  if (units === null || units <= 0n) throw new ApiError('spot.numberPrecision', { dp });
  return units;
}
