// Validation rules of the spot order form (trading-c2c-market.md §5), shared by the page, the
// engine and the reference server: price present and above 0 (limit orders), number present
// and above 0; buy and sell have their own messages. Returns message ids (locales), or null.
import { parseDecimal } from './decimal.ts';

export type SpotValidationId =
  | 'validation.spot.priceRequired'
  | 'validation.spot.numberRequired'
  | 'validation.spot.sellPriceRequired'
  | 'validation.spot.sellNumberRequired';

export type SpotSide = 'buy' | 'sell';
/** 1 market, 2 limit (the legacy `mode`). */
export type SpotMode = 1 | 2;

/** A limit order's time in force (ADR 0054): good till cancelled, immediate or cancel, fill or kill. */
export const TIME_IN_FORCE = ['gtc', 'ioc', 'fok'] as const;
export type SpotTif = (typeof TIME_IN_FORCE)[number];

export interface SpotOrderInput {
  side: SpotSide;
  mode: SpotMode;
  price: unknown;
  number: unknown;
}

const positive = (v: unknown): boolean => {
  const d = parseDecimal(typeof v === 'string' ? v.trim() : v);
  return d !== null && d.isFinite() && d.greaterThan(0);
};

/** Field errors of a spot order; the price is not checked for market orders. */
export function validateSpotOrder(v: SpotOrderInput): {
  price?: SpotValidationId;
  number?: SpotValidationId;
} {
  const errors: { price?: SpotValidationId; number?: SpotValidationId } = {};
  const sell = v.side === 'sell';
  if (v.mode === 2 && !positive(v.price))
    errors.price = sell ? 'validation.spot.sellPriceRequired' : 'validation.spot.priceRequired';
  if (!positive(v.number))
    errors.number = sell ? 'validation.spot.sellNumberRequired' : 'validation.spot.numberRequired';
  return errors;
}
