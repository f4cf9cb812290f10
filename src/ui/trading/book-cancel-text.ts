// What the book's cancel dialog says of the orders it cancels (issue 41): their own prices —
// a contract entrust rests between the book's levels and a grouped level holds several prices,
// so the level's price is not the order's. One price as it is; two or three as a list in the
// reader's language; more as the lowest to the highest.
import { Decimal } from '../../shared/decimal.ts';

type Fixed = (value: string, dp: number) => string;

/** The orders' prices (lowest first) in the pair's decimals, or more when an order has more. */
export function orderPricesText(
  prices: readonly string[],
  pricePrecision: number,
  fixed: Fixed,
  locale: string,
): string {
  const dp = Math.max(pricePrecision, ...prices.map((p) => new Decimal(p).decimalPlaces()));
  const shown = prices.map((p) => fixed(p, dp));
  if (shown.length <= 1) return shown[0] ?? '';
  if (shown.length <= 3)
    return new Intl.ListFormat(locale, { type: 'conjunction', style: 'long' }).format(shown);
  return `${shown[0] ?? ''}–${shown.at(-1) ?? ''}`;
}
