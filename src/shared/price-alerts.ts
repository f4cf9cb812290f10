// Price alerts (issue 25): "tell me when BTC/USDT rises above / falls below X". The rules shared
// by the page (the dialog's messages), the engine (a command refused before it is sent) and the
// reference server (which applies the same edge rule with its own helpers, server/http/amounts.ts):
// a direction of the two, a price of plain digits above 0 with at most the pair's price decimals
// and at most AMOUNT_LIMIT, and not already crossed (an alert that would fire at once is refused).
// The crossing rule itself (`alertCrossed`) is the one the server's alert job fires by.
import { amountIssue, parsePlainAmount } from './amount.ts';
import type { Decimal } from './decimal.ts';
import {
  PRICE_ALERT_DIRECTIONS,
  PRICE_ALERT_LIMIT,
  type PriceAlertDirection,
} from './notifications.ts';

export { PRICE_ALERT_DIRECTIONS, PRICE_ALERT_LIMIT, type PriceAlertDirection };

/** How many fired alerts the list call answers (the newest). */
export const PRICE_ALERT_FIRED_SHOWN = 20;

export type PriceAlertValidationId =
  | 'validation.alert.directionRequired'
  | 'validation.alert.priceRequired'
  | 'validation.alert.priceFormat'
  | 'validation.alert.priceDecimals'
  | 'validation.alert.priceTooLarge'
  | 'validation.alert.alreadyAbove'
  | 'validation.alert.alreadyBelow';

export const isPriceAlertDirection = (value: unknown): value is PriceAlertDirection =>
  typeof value === 'string' && (PRICE_ALERT_DIRECTIONS as readonly string[]).includes(value);

/**
 * Whether `last` has reached the alert's level: `above` fires at a last price at or above it,
 * `below` at or below it.
 */
export function alertCrossed(
  direction: PriceAlertDirection,
  price: Decimal.Value,
  last: Decimal,
): boolean {
  return direction === 'above' ? last.greaterThanOrEqualTo(price) : last.lessThanOrEqualTo(price);
}

/**
 * The direction a level suggests against the last price: above it → `above`, below it →
 * `below`, equal or unknown → `fallback` (the dialog's default while the user has not chosen).
 */
export function suggestedDirection(
  price: string,
  last: Decimal | null,
  fallback: PriceAlertDirection,
): PriceAlertDirection {
  const p = parsePlainAmount(price);
  if (p === null || last === null || p.equals(last)) return fallback;
  return p.greaterThan(last) ? 'above' : 'below';
}

/** Why `price` is not a level for a pair of `dp` price decimals, or null. */
export function checkAlertPrice(price: string, dp: number): PriceAlertValidationId | null {
  if (price.trim() === '') return 'validation.alert.priceRequired';
  const d = parsePlainAmount(price);
  if (d === null) return 'validation.alert.priceFormat';
  if (d.isZero()) return 'validation.alert.priceRequired';
  const issue = amountIssue(d, dp);
  if (issue?.id === 'validation.amountDecimals') return 'validation.alert.priceDecimals';
  if (issue !== null)
    return issue.id === 'validation.amountTooLarge'
      ? 'validation.alert.priceTooLarge'
      : 'validation.alert.priceFormat';
  return null;
}

export interface PriceAlertInput {
  direction: unknown;
  price: string;
}

/**
 * The field errors of a new alert on a pair of `dp` price decimals whose last price is `last`
 * (null: unknown, not checked): the direction, the price, then whether it is already crossed.
 */
export function validatePriceAlert(
  input: PriceAlertInput,
  pair: { dp: number; last: Decimal | null },
): { direction?: PriceAlertValidationId; price?: PriceAlertValidationId } {
  if (!isPriceAlertDirection(input.direction))
    return { direction: 'validation.alert.directionRequired' };
  const price = checkAlertPrice(input.price, pair.dp);
  if (price !== null) return { price };
  const level = parsePlainAmount(input.price);
  if (pair.last !== null && level !== null && alertCrossed(input.direction, level, pair.last))
    return {
      price:
        input.direction === 'above'
          ? 'validation.alert.alreadyAbove'
          : 'validation.alert.alreadyBelow',
    };
  return {};
}
