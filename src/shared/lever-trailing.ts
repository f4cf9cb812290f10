// A contract position's trailing stop (issue 44, ADR 0060): a callback rate in %, with an
// optional activation price. Once active (at once, or when the watched price reaches the
// activation price), it follows the best price since — a long's highest, a short's lowest — and
// closes the position when the price comes back by the rate from there. The server's risk tick
// steps it; the page shows where it stands with the same rule.
import { Decimal } from './decimal.ts';
import type { LeverSide } from './lever.ts';

/** The callback rate: 0.1 % to 10 %, in steps of 0.01 %. */
export const TRAIL_RATE = { min: '0.1', max: '10', decimals: 2 } as const;

export interface TrailState {
  /** The callback rate in % (0: no trailing stop). */
  rate: Decimal.Value;
  /** The price that activates it (0: active from the start). */
  activation: Decimal.Value;
  /** The best price since it became active (0: not active yet). */
  peak: Decimal.Value;
}

/** A rate as typed: null when it is one, else what is wrong. */
export function trailRateProblem(text: string): 'format' | 'range' | null {
  const v = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(v)) return 'format';
  const d = new Decimal(v);
  return d.lessThan(TRAIL_RATE.min) || d.greaterThan(TRAIL_RATE.max) ? 'range' : null;
}

/** Where the stop closes from `peak`: a long's rate below it, a short's above. */
export function trailLine(side: LeverSide, peak: Decimal.Value, rate: Decimal.Value): Decimal {
  const r = new Decimal(rate).dividedBy(100);
  return new Decimal(peak).times(side === 1 ? new Decimal(1).minus(r) : new Decimal(1).plus(r));
}

/**
 * One step at `price`: the new best price (0 while not active) and whether the stop fires. It
 * does not fire on the step that activates it.
 */
export function trailStep(
  side: LeverSide,
  s: TrailState,
  price: Decimal.Value,
): { peak: Decimal; fired: boolean } {
  const p = new Decimal(price);
  const rate = new Decimal(s.rate);
  const was = new Decimal(s.peak);
  if (!rate.greaterThan(0)) return { peak: was, fired: false };
  if (was.isZero()) {
    const act = new Decimal(s.activation);
    const reached = act.isZero() || (side === 1 ? p.gte(act) : p.lte(act));
    return { peak: reached ? p : was, fired: false };
  }
  const peak = side === 1 ? Decimal.max(was, p) : Decimal.min(was, p);
  const line = trailLine(side, peak, rate);
  return { peak, fired: side === 1 ? p.lte(line) : p.gte(line) };
}
