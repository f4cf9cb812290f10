// Take profit and stop loss set with a contract order (issue 44, ADR 0058). A level is typed as
// a trigger price, as a P&L amount in the quote currency, or as a % of the position's margin
// (ROE); this turns it into the trigger price the server stores, on the stop step (0.01, like
// the position's dialog), and gives the P&L the position makes there. The page's preview and
// the server's check read the same rules.
import { Decimal } from './decimal.ts';
import type { LeverSide } from './lever.ts';
import { profitOf, STOP_PRICE_DECIMALS } from './lever.ts';

/** The price a position's levels watch (ADR 0059): the mark (the default) or the last trade. */
export type TriggerBy = 'mark' | 'last';
export const TRIGGER_BY: readonly TriggerBy[] = ['mark', 'last'];

/** How a level is typed. */
export type StopBasis = 'price' | 'pnl' | 'roe';
export type StopKind = 'tp' | 'sl';

export interface EntryTerms {
  side: LeverSide;
  /** The position's expected open price (the order's reference with the spread). */
  entry: Decimal.Value;
  /** Its size in coins (hands × the contract's size). */
  number: Decimal.Value;
  /** Its margin: ROE is a percentage of it. */
  margin: Decimal.Value;
}

const POSITIVE = /^\d{1,20}(\.\d{1,20})?$/;

/**
 * The trigger price of a level typed in `basis`: the price itself, or the price at which the
 * position makes the P&L (a profit for take profit, a loss for stop loss, both typed as positive
 * amounts) or the ROE asked. A price found from P&L or ROE is rounded on the stop step towards
 * the trader: a take profit never makes less than asked, a stop loss never loses more. Null when
 * the text is not a positive amount or the price would not be above 0.
 */
export function stopPriceOf(
  kind: StopKind,
  basis: StopBasis,
  value: string,
  t: EntryTerms,
): Decimal | null {
  const text = value.trim();
  if (!POSITIVE.test(text)) return null;
  const v = new Decimal(text);
  if (v.isZero()) return null;
  if (basis === 'price') return v;
  const number = new Decimal(t.number);
  if (!number.greaterThan(0)) return null;
  const pnl = basis === 'pnl' ? v : new Decimal(t.margin).times(v).dividedBy(100);
  const distance = pnl.dividedBy(number);
  // a long's take profit and a short's stop loss are above the entry
  const up = (kind === 'tp') === (t.side === 1);
  const exact = up ? new Decimal(t.entry).plus(distance) : new Decimal(t.entry).minus(distance);
  // towards the trader: a long's levels round up (a higher profit, a smaller loss), a short's down
  const price = exact.toDecimalPlaces(
    STOP_PRICE_DECIMALS,
    t.side === 1 ? Decimal.ROUND_CEIL : Decimal.ROUND_FLOOR,
  );
  return price.greaterThan(0) ? price : null;
}

/** The P&L the position makes when it closes at `price`, and that P&L as a % of its margin. */
export function stopOutcome(price: Decimal.Value, t: EntryTerms): { pnl: Decimal; roe: Decimal } {
  const pnl = profitOf(t.side, t.entry, price, t.number);
  const margin = new Decimal(t.margin);
  return { pnl, roe: margin.isZero() ? new Decimal(0) : pnl.dividedBy(margin).times(100) };
}

/**
 * The side a level must be on (contract §5.4, as the position's dialog checks it): a long's take
 * profit above both the open and the current price, its stop loss below both; a short mirrored.
 * `bound` is the price it must pass.
 */
export function stopSide(
  kind: StopKind,
  side: LeverSide,
  open: Decimal.Value,
  current: Decimal.Value,
  price: Decimal.Value,
): { ok: boolean; bound: Decimal } {
  const hi = Decimal.max(open, current);
  const lo = Decimal.min(open, current);
  const p = new Decimal(price);
  const above = (kind === 'tp') === (side === 1);
  return above ? { ok: p.greaterThan(hi), bound: hi } : { ok: p.lessThan(lo), bound: lo };
}
