// Lock-up savings rules shared by the page and the engine (wallet-account-earn.md §5 "Lock-up
// purchase", §9 "Lock-up expected yield = amount × rate / 100 × days", "lock-up list 20"):
// an amount within the product's range, and a change balance that covers it.
import { Decimal, parseDecimal } from './decimal.ts';

export type EarnValidationId =
  | 'validation.lock.amountRequired'
  | 'validation.lock.belowMin'
  | 'validation.lock.aboveMax'
  | 'validation.lock.insufficient';

export const LOCK_PAGE_SIZE = 20;
/** Lock-up amounts carry at most 8 decimals (the change account's precision). */
/** Decimals a lock-up amount may have at most (spec: 8). */
export const LOCK_AMOUNT_DECIMALS = 8;
const MAX_DP = LOCK_AMOUNT_DECIMALS;
/** Digits with an optional fraction: no sign, no exponent. */
const PLAIN = /^\d+(\.\d+)?$/;

/** Spec §9: amount × daily rate (percent) / 100 × days, exact; null while the amount is not a number. */
export function lockExpectedYield(
  amount: string,
  dailyRatePct: string,
  days: number,
): Decimal | null {
  const a = parseDecimal(amount.trim());
  const r = parseDecimal(dailyRatePct);
  if (a === null || r === null || !a.greaterThan(0)) return null;
  return a.times(r).dividedBy(100).times(days);
}

/**
 * The purchase check: a positive amount (8 decimals at most) within [min, max] (a max of 0 is
 * no limit), covered by the available change balance. The legacy page compared the balance
 * with the expected yield; a real exchange needs the balance to cover the amount locked.
 */
export function validateLockPurchase(v: {
  amount: string;
  min: string;
  max: string;
  available: string | null;
}): { amount?: EarnValidationId } {
  const text = v.amount.trim();
  const a = PLAIN.test(text) ? parseDecimal(text) : null;
  if (a === null || !a.greaterThan(0) || a.decimalPlaces() > MAX_DP)
    return { amount: 'validation.lock.amountRequired' };
  const min = parseDecimal(v.min) ?? new Decimal(0);
  const max = parseDecimal(v.max) ?? new Decimal(0);
  if (a.lessThan(min)) return { amount: 'validation.lock.belowMin' };
  if (max.greaterThan(0) && a.greaterThan(max)) return { amount: 'validation.lock.aboveMax' };
  const available = v.available === null ? null : parseDecimal(v.available);
  if (available !== null && a.greaterThan(available))
    return { amount: 'validation.lock.insufficient' };
  return {};
}
