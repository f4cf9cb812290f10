// Price alerts (issue 25; docs/api-extensions.md "Price alerts"): the user's list, add, remove.
import { z } from 'zod';
import { PRICE_ALERT_DIRECTIONS } from '../notifications.ts';
import { call } from './call.ts';
import { rowId, text, wireDecimal, wireInt } from './primitives.ts';

/** A price alert as the wire carries it: waiting (`fired_at` null) or fired. */
export const priceAlertRow = z.object({
  id: wireInt,
  /** The pair, "BTC/USDT". */
  symbol: z.string().min(1).max(40),
  direction: z.enum(PRICE_ALERT_DIRECTIONS),
  /** The level, with the pair's price decimals. */
  price: wireDecimal,
  /** When it was set, ms since the epoch (the server's clock). */
  created_at: wireInt,
  /** When it fired (null while waiting). */
  fired_at: wireInt.nullable(),
  /** The last trade price it fired at (null while waiting). */
  fired_price: wireDecimal.nullable(),
});

/** A price alert row as the server writes it. */
export type PriceAlertRow = z.input<typeof priceAlertRow>;

export const priceAlerts = call({
  method: 'GET',
  path: '/api/user/price_alerts',
  auth: 'user',
  origin: 'extension',
  summary: "The user's waiting alerts of every pair (newest first) and the newest fired ones.",
  request: z.object({}),
  reply: z.object({
    waiting: z.array(priceAlertRow),
    fired: z.array(priceAlertRow),
    limit: wireInt,
  }),
  errors: [],
});

export const priceAlertAdd = call({
  method: 'POST',
  path: '/api/user/price_alert_add',
  auth: 'user',
  origin: 'extension',
  summary: 'Sets an alert on a listed pair at a level the last price has not reached yet.',
  request: z.object({
    symbol: text(40),
    direction: text(200),
    // plain digits, checked by the server's amount rules (their localized messages)
    price: z.union([z.string(), z.number()]).describe('decimal').optional(),
  }),
  reply: z.object({ alert: priceAlertRow, waiting: wireInt }),
  errors: [
    'alert.pairUnknown',
    'alert.directionInvalid',
    'alert.priceRequired',
    'validation.amountFormat',
    'alert.pricePrecision',
    'validation.amountTooLarge',
    'alert.alreadyAbove',
    'alert.alreadyBelow',
    'alert.limit',
  ],
});

export const priceAlertRemove = call({
  method: 'POST',
  path: '/api/user/price_alert_remove',
  auth: 'user',
  origin: 'extension',
  summary: "Removes one of the user's waiting alerts.",
  request: z.object({ id: rowId }),
  reply: z.object({ id: wireInt, waiting: wireInt }),
  errors: ['alert.notFound'],
});
