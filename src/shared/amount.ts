// Amounts and prices at the edge (issue 18): what a user or a client sends is refused, before
// anything else happens, when it is not plain digits (no letters, no exponent), has more
// decimals than its currency or pair allows, or is beyond a sane bound. Shared so that the
// page's forms can hold the same rule as the reference server, which applies it today (the
// forms follow in issue 20); each form keeps its own "required" message for an empty or
// non-positive value.
import { Decimal } from './decimal.ts';

/**
 * The largest amount or price accepted from outside. NUMERIC(36,18) holds 18 integer digits;
 * 10^12 leaves a million-fold headroom for balances that are sums of many amounts, and for a
 * price × quantity that must itself stay below 10^18 (see NOTIONAL_LIMIT).
 */
export const AMOUNT_LIMIT = new Decimal('1e12');
/** The largest price × quantity an order may have. */
export const NOTIONAL_LIMIT = new Decimal('1e15');
/** The storage scale: no stored amount has more decimals (NUMERIC(36,18)). */
export const STORAGE_DP = 18;
/** Balances stay below this (NUMERIC(36,18) holds 18 integer digits). */
export const BALANCE_LIMIT = new Decimal('1e18');

export type AmountErrorId =
  'validation.amountFormat' | 'validation.amountDecimals' | 'validation.amountTooLarge';

export interface AmountError {
  id: AmountErrorId;
  /** `max` is for display only (ICU `{max, number}`). */
  values: { dp: number; max: number };
}

const PLAIN_AMOUNT_RE = /^\d{1,40}(\.\d{1,40})?$/;

/**
 * An amount as a user types it: digits with at most one decimal point ("12", "0.5", "12.50"),
 * surrounding spaces ignored; a JSON number is taken as it is (legacy clients send numbers).
 * Null for anything else: letters, signs, exponents ("1e4"), separators, empty.
 */
export function parsePlainAmount(value: unknown): Decimal | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const d = new Decimal(value);
    return d.decimalPlaces() > STORAGE_DP ? null : d;
  }
  if (typeof value !== 'string') return null;
  const s = value.trim();
  return PLAIN_AMOUNT_RE.test(s) ? new Decimal(s) : null;
}

/**
 * Why `value` may not be used as an amount or price of `dp` decimals at most `max`
 * (AMOUNT_LIMIT by default), or null when it may. Zero and negatives are each form's own
 * rule (their "required" messages) and pass here.
 */
export function amountIssue(
  value: Decimal,
  dp: number,
  max: Decimal.Value = AMOUNT_LIMIT,
): AmountError | null {
  const limit = new Decimal(max);
  const values = { dp, max: limit.toNumber() };
  if (!value.isFinite()) return { id: 'validation.amountFormat', values };
  if (value.decimalPlaces() > Math.min(dp, STORAGE_DP))
    return { id: 'validation.amountDecimals', values };
  if (value.abs().greaterThan(limit)) return { id: 'validation.amountTooLarge', values };
  return null;
}
