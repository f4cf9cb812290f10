// Conversions between wire decimals and the core's integers: prices in ticks
// (× 10^price_precision), quantities in lots (× 10^amount_precision), balances in atto units
// (× 10^18). Exact: a value with more decimals than its scale is refused, never rounded. The one
// rounding here is an average fill price's, which a division makes.
import { Decimal } from '../../src/shared/decimal.ts';
import { ATTO_DECIMALS } from './core.ts';

/** `d` × 10^dp as a bigint, or null when `d` has more than `dp` decimals. */
export function toUnits(d: Decimal, dp: number): bigint | null {
  const scaled = d.times(new Decimal(10).pow(dp));
  if (!scaled.isInteger()) return null;
  return BigInt(scaled.toFixed(0));
}

/** `v` / 10^dp as a fixed string with `dp` decimals. */
export function fromUnits(v: bigint, dp: number): string {
  return new Decimal(v.toString()).div(new Decimal(10).pow(dp)).toFixed(dp);
}

export function attoToDecimal(v: bigint): Decimal {
  return new Decimal(v.toString()).div(new Decimal(10).pow(ATTO_DECIMALS));
}

/** A NUMERIC column value (string) → units at `dp` (rounded down: stored values fit). */
export function columnToUnits(v: string, dp: number): bigint {
  return BigInt(
    new Decimal(v).times(new Decimal(10).pow(dp)).toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed(0),
  );
}

/**
 * The volume-weighted average price of fills summing to `notional` (Σ price × number) over
 * `filled` (Σ number), rounded half up to `dp` decimals; null when nothing filled.
 */
export function averageFillPrice(notional: Decimal, filled: Decimal, dp: number): string | null {
  if (filled.lessThanOrEqualTo(0)) return null;
  return notional.dividedBy(filled).toFixed(dp, Decimal.ROUND_HALF_UP);
}
