// A lever position as stored (a lever_transactions row) and the rules read from the row alone:
// its figures for the risk rate, the stop levels its owner may set (contract §5.4) and the level
// a mark triggers.
import { Decimal } from '../../src/shared/decimal.ts';
import type { LeverSide } from '../../src/shared/lever.ts';
import { profitOf } from '../../src/shared/lever.ts';
import { stopSide } from '../../src/shared/lever-entry-stops.ts';
import type { TriggerBy } from '../../src/shared/lever-entry-stops.ts';
import { TRAIL_RATE, trailRateProblem } from '../../src/shared/lever-trailing.ts';
import { requireAmount } from '../http/amounts.ts';
import { ApiError } from '../http/api-error.ts';

export interface PositionRow {
  id: number;
  user_id: number;
  match_id: number;
  type: LeverSide;
  currency: number;
  legal: number;
  origin_price: string;
  price: string;
  update_price: string;
  target_profit_price: string;
  stop_loss_price: string;
  /** What the levels watch (ADR 0059). */
  trigger_by: TriggerBy;
  /** The trailing stop (ADR 0060): rate in % and activation price (0: none), best price since. */
  trail_rate: string;
  trail_activation: string;
  trail_peak: string;
  share: string;
  number: string;
  multiple: number;
  origin_caution_money: string;
  caution_money: string;
  fact_profits: string;
  trade_fee: string;
  overnight: string;
  overnight_money: string;
  status: number;
  create_time: number;
  transaction_time: Date | null;
  update_time: Date | null;
  handle_time: Date | null;
  complete_time: Date | null;
  client_id: string | null;
  /** A reduce-only order (ADR 0061): closes hands of the other side, never opens; 0 or 1. */
  reduce_only: number;
  /** The hands a partial close took off a position: that position's id (ADR 0061). */
  split_from: number | null;
  /** A conditional entry order (ADR 0065): its trigger, which way (1 rises, 2 falls), whether it
   *  opens at market (1), and what became of it (STOP_STATE). */
  stop_price: string;
  stop_dir: number;
  stop_market: number;
  stop_state: number;
}

/** The figures of a position the risk rate takes (its opening margin and profit at its mark). */
export function riskInput(p: PositionRow): { originMargin: string; profit: Decimal } {
  return {
    originMargin: p.origin_caution_money,
    profit: profitOf(p.type, p.price, p.update_price, p.number),
  };
}

/**
 * Stop levels of a position (contract §5.4): both above 0, in the pair's decimals, a long's
 * take-profit above and stop-loss below both the open and the current price (a short mirrored).
 */
export function checkStops(
  p: Pick<PositionRow, 'type' | 'price'>,
  tp: Decimal,
  sl: Decimal,
  current: Decimal,
  pricePrecision: number,
): void {
  if (!tp.greaterThan(0) || !sl.greaterThan(0)) throw new ApiError('validation.lever.stopInvalid');
  checkEntryStops(p.type, { tp, sl }, new Decimal(p.price), current, pricePrecision);
}

/**
 * The levels set with an order (issue 44, ADR 0058), either or both: each above 0, in the
 * pair's decimals, on its side of the position's expected open price and the current price, by
 * the rule of the position's dialog (checkStops).
 */
export function checkEntryStops(
  side: LeverSide,
  levels: { tp: Decimal | null; sl: Decimal | null },
  open: Decimal,
  current: Decimal,
  pricePrecision: number,
): void {
  for (const kind of ['tp', 'sl'] as const) {
    const level = levels[kind];
    if (level === null) continue;
    if (!level.greaterThan(0)) throw new ApiError('validation.lever.stopInvalid');
    requireAmount(level, pricePrecision);
    if (!stopSide(kind, side, open, current, level).ok)
      throw new ApiError(side === 1 ? 'lever.stopLong' : 'lever.stopShort');
  }
}

/** A trailing stop set with an order (ADR 0060): its rate in range, its activation a price. */
export function checkTrail(
  trail: { rate: Decimal | null; activation: Decimal | null },
  pricePrecision: number,
): void {
  if (trail.rate === null) {
    if (trail.activation !== null) throw trailRateRefused();
    return;
  }
  if (trailRateProblem(trail.rate.toFixed()) !== null) throw trailRateRefused();
  if (trail.activation === null) return;
  if (!trail.activation.greaterThan(0)) throw new ApiError('validation.lever.stopInvalid');
  requireAmount(trail.activation, pricePrecision);
}

/** The refusal of a trailing stop's rate, naming the range. */
export function trailRateRefused(): ApiError {
  return new ApiError('lever.trailRate', { min: TRAIL_RATE.min, max: TRAIL_RATE.max });
}

/**
 * Contract §5.4 rule 3: a long at TP or above ('profit') or SL or below ('loss'); a short
 * mirrored; 0 = not set; null while neither level is reached.
 */
export function stopTrigger(
  p: Pick<PositionRow, 'type' | 'target_profit_price' | 'stop_loss_price'>,
  mark: Decimal,
): 'profit' | 'loss' | null {
  const tp = new Decimal(p.target_profit_price);
  const sl = new Decimal(p.stop_loss_price);
  const long = p.type === 1;
  if (tp.greaterThan(0) && (long ? mark.greaterThanOrEqualTo(tp) : mark.lessThanOrEqualTo(tp)))
    return 'profit';
  if (sl.greaterThan(0) && (long ? mark.lessThanOrEqualTo(sl) : mark.greaterThanOrEqualTo(sl)))
    return 'loss';
  return null;
}
