// A lever order's submit (contract §5.3): the contract's checks in its order, and the rows an
// opening writes (the position or pending limit order, its margin and fee through the ledger, a
// market order's opening note).
import { Decimal } from '../../src/shared/decimal.ts';
import type { LeverSide, OpenFigures } from '../../src/shared/lever.ts';
import type { TriggerBy } from '../../src/shared/lever-entry-stops.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { requireAmount } from '../http/amounts.ts';
import { localDecimal } from '../i18n/messages.ts';
import type { NotedPosition } from './lever-notes.ts';
import { chargeOpening } from './lever-settlement.ts';
import { writeOpenNote } from './lever-notes.ts';
import type { LeverPair } from './lever-pairs.ts';
import type { StoredTrigger, TriggerRequest } from './lever-conditional.ts';
import { STOP_STATE } from '../../src/shared/lever-conditional.ts';

export interface SubmitRequest {
  userId: number;
  legalId: number;
  currencyId: number;
  side: LeverSide;
  share: number;
  multiple: number;
  /** 1 market, 0 limit. */
  mode: 0 | 1;
  targetPrice: Decimal | null;
  clientId: string | null;
  /** Take profit and stop loss set with the order (issue 44, ADR 0058); null: not set. */
  stops: { tp: Decimal | null; sl: Decimal | null };
  /** What the levels watch (ADR 0059). */
  triggerBy: TriggerBy;
  /** A trailing stop (ADR 0060): rate in %, activation price; null: none. */
  trail: { rate: Decimal | null; activation: Decimal | null };
  /** Reduce-only (ADR 0061): closes hands of the other side, never opens. Absent: false. */
  reduceOnly?: boolean;
  /**
   * A conditional entry (ADR 0065): waits for its trigger, then opens at market (`mode` 1) or
   * becomes a limit order at `targetPrice` (`mode` 0). Absent or null: none.
   */
  trigger?: TriggerRequest | null;
}

/** What the checks read through the lever service: the pairs, their prices and the settings. */
export interface SubmitSource {
  pair(legalId: number, currencyId: number): LeverPair | null;
  multiples(currencyId: number): Promise<{ multiples: number[] }>;
  readonly priceOf: (matchId: number) => Decimal | null;
  setting(key: string): Promise<string>;
}

/** A submit that passed the checks: its pair, the pair's price and the order's reference. */
export interface CheckedSubmit {
  pair: LeverPair;
  market: Decimal;
  reference: Decimal;
}

/** The contract's checks, in its order (§5.3); the pair, its price and the order's reference. */
export async function checkSubmit(
  db: Queryable,
  lever: SubmitSource,
  r: SubmitRequest,
): Promise<CheckedSubmit> {
  const pair = lever.pair(r.legalId, r.currencyId);
  if (pair === null || !pair.openLever) throw new ApiError('lever.pairClosed');
  checkShare(r.share, pair);
  const { multiples } = await lever.multiples(r.currencyId);
  if (!multiples.includes(r.multiple)) throw new ApiError('lever.multipleInvalid');
  if (await hasClosing(db, r.userId)) throw new ApiError('lever.closing');
  const market = lever.priceOf(pair.matchId);
  if (market === null) throw new ApiError('lever.noPrice');
  const reference = referenceOf(r, market, pair);
  // a conditional order waits like a limit order: the same switch opens both
  const waits = r.mode === 0 || (r.trigger ?? null) !== null;
  if (waits && (await lever.setting('open_lever_entrust')) !== '1')
    throw new ApiError('lever.entrustClosed');
  return { pair, market, reference };
}

/**
 * The rows of an opening whose funds were checked (in the caller's tx): the position (a market
 * order open, a limit order pending), its margin from the free balance into the locked one, its
 * fee, and a market order's opening note. Returns the position's id.
 */
export async function writeOpening(
  tx: Queryable,
  r: SubmitRequest,
  { pair, market, reference }: CheckedSubmit,
  f: OpenFigures,
  nowMs: number,
  trigger: StoredTrigger | null = null,
): Promise<number> {
  const opensNow = r.mode === 1 && trigger === null;
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO lever_transactions (user_id, match_id, type, currency, legal, origin_price, price,
       update_price, share, number, multiple, origin_caution_money, caution_money, trade_fee,
       overnight, status, create_time, transaction_time, update_time, client_id,
       target_profit_price, stop_loss_price, trigger_by, trail_rate, trail_activation,
       stop_price, stop_dir, stop_market, stop_state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14, $15, $16, $17, $17, $18,
       $19, $20, $21, $22, $23, $24, $25, $26, $27)
     RETURNING id`,
    [
      r.userId,
      pair.matchId,
      r.side,
      r.currencyId,
      r.legalId,
      reference.toFixed(),
      f.price.toFixed(),
      market.toFixed(),
      String(r.share),
      f.number.toFixed(),
      r.multiple,
      f.margin.toFixed(),
      f.fee.toFixed(),
      new Decimal(pair.overnightPct).toFixed(),
      opensNow ? 1 : 0,
      Math.floor(nowMs / 1000),
      new Date(nowMs),
      r.clientId,
      orZero(r.stops.tp),
      orZero(r.stops.sl),
      r.triggerBy,
      ...trailColumns(r),
      ...triggerColumns(trigger),
    ],
  );
  const id = rows[0]?.id ?? 0;
  const base = { userId: r.userId, currencyId: r.legalId, memo: `#${id + 10000}`, nowMs };
  await chargeOpening(tx, base, f);
  // a market order is a position now; a limit or conditional order opens when the tick finds it
  if (opensNow) await writeOpenNote(tx, openedBy(r, f), nowMs);
  return id;
}

const orZero = (d: Decimal | null): string => (d ?? new Decimal(0)).toFixed();

/** A trailing stop's columns: rate and activation ("0": none). */
const trailColumns = (r: SubmitRequest): [string, string] => [
  orZero(r.trail.rate),
  orZero(r.trail.activation),
];

/** A conditional order's columns (ADR 0065): its trigger, direction, kind and state. */
function triggerColumns(trigger: StoredTrigger | null): [string, number, number, number] {
  if (trigger === null) return ['0', 0, 0, STOP_STATE.none];
  return [trigger.price.toFixed(), trigger.dir, trigger.market ? 1 : 0, STOP_STATE.waiting];
}

/** The hands of an order: a whole number, at least the pair's minimum, at most its maximum. */
export function checkShare(share: number, pair: LeverPair): void {
  if (!Number.isInteger(share) || share <= 0 || share < pair.minShare)
    throw new ApiError('lever.shareBelowMin', { min: pair.minShare });
  if (pair.maxShare > 0 && share > pair.maxShare)
    throw new ApiError('lever.shareAboveMax', { max: pair.maxShare });
}

/**
 * The price an order's margin is figured at: the mark (market), the limit price (limit, and a
 * stop-limit), or a stop-market's trigger (its margin is figured again at the mark it opens at).
 */
function referenceOf(r: SubmitRequest, market: Decimal, pair: LeverPair): Decimal {
  const trigger = r.trigger ?? null;
  if (trigger === null)
    return r.mode === 1 ? market : checkLimitPrice(r.side, r.targetPrice, market, pair);
  if (r.mode === 1) return trigger.price;
  // a stop-limit's price stands against its trigger, not the mark: no side rule
  return checkPrice(r.targetPrice, pair);
}

/** A limit price: above 0, in the pair's decimals. */
export function checkPrice(target: Decimal | null, pair: LeverPair): Decimal {
  if (target === null || !target.isFinite() || target.lessThanOrEqualTo(0))
    throw new ApiError('lever.targetRequired');
  requireAmount(target, pair.pricePrecision);
  return target;
}

/** A limit buy must be below the market, a limit sell above it (contract §5.3 rule 7). */
export function checkLimitPrice(
  side: LeverSide,
  targetPrice: Decimal | null,
  market: Decimal,
  pair: LeverPair,
): Decimal {
  const target = checkPrice(targetPrice, pair);
  const current = { price: localDecimal(market, pair.pricePrecision), currency: pair.legalName };
  if (side === 1 && !target.lessThan(market)) throw new ApiError('lever.limitBuyAbove', current);
  if (side === 2 && !target.greaterThan(market))
    throw new ApiError('lever.limitSellBelow', current);
  return target;
}

async function hasClosing(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM lever_transactions WHERE user_id = $1 AND status = 2',
    [userId],
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** The position a market order opened, as its notification reads it. */
function openedBy(r: SubmitRequest, f: { number: Decimal; price: Decimal }): NotedPosition {
  return {
    user_id: r.userId,
    type: r.side,
    currency: r.currencyId,
    legal: r.legalId,
    number: f.number.toFixed(),
    price: f.price.toFixed(),
  };
}
