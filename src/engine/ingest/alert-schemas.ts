// Schemas of the price alert replies (docs/api-extensions.md "Price alerts (issue 25)").
import { z } from 'zod';
import { PRICE_ALERT_DIRECTIONS } from '../../shared/price-alerts.ts';
import type { PriceAlertsView, PriceAlertView } from '../api.ts';
import { wireDecimal, wireInt } from './schemas.ts';

const alertRow = z
  .object({
    id: wireInt,
    symbol: z.string().min(1).max(40),
    direction: z.enum(PRICE_ALERT_DIRECTIONS),
    price: wireDecimal,
    created_at: wireInt,
    fired_at: wireInt.nullable(),
    fired_price: wireDecimal.nullable(),
  })
  .transform((r): PriceAlertView => ({
    id: r.id,
    symbol: r.symbol,
    direction: r.direction,
    price: r.price,
    createdAt: r.created_at,
    firedAt: r.fired_at,
    firedPrice: r.fired_price,
  }));

export const priceAlertsReply = z
  .object({ waiting: z.array(alertRow), fired: z.array(alertRow), limit: wireInt })
  .transform((r): PriceAlertsView => r);

export const priceAlertAddReply = z
  .object({ alert: alertRow, waiting: wireInt })
  .transform((r): PriceAlertView => r.alert);

export const priceAlertRemoveReply = z.object({ id: wireInt, waiting: wireInt });
