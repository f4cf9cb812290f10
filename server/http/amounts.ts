// The edge rule of amounts and prices (src/shared/amount.ts) as the server's errors: a typed
// amount that is not plain digits, has more decimals than its currency or pair allows, or is
// beyond its bound is refused with a localized message before anything else happens.
import type { Decimal } from '../../src/shared/decimal.ts';
import { amountIssue, parsePlainAmount } from '../../src/shared/amount.ts';
import { ApiError } from './api-error.ts';

/**
 * The amount a client sent: plain digits (or a JSON number). `missingId` answers an absent or
 * empty value (each form has its own "please enter" message); other text is a format error.
 */
export function amountOf(raw: unknown, missingId: string): Decimal {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
    throw new ApiError(missingId);
  const d = parsePlainAmount(raw);
  if (d === null) throw new ApiError('validation.amountFormat');
  return d;
}

/** Throws the localized reason `value` is not an amount of at most `dp` decimals and `max`. */
export function requireAmount(value: Decimal, dp: number, max?: Decimal.Value): void {
  const issue = amountIssue(value, dp, max);
  if (issue !== null) throw new ApiError(issue.id, issue.values);
}
