// The price alert replies (src/shared/wire/alerts.ts), mapped to the engine's views.
import type { z } from 'zod';
import type { priceAlertRow } from '../../shared/wire/alerts.ts';
import { priceAlertAdd, priceAlertRemove, priceAlerts } from '../../shared/wire/alerts.ts';
import type { PriceAlertsView, PriceAlertView } from '../api.ts';

const toView = (r: z.output<typeof priceAlertRow>): PriceAlertView => ({
  id: r.id,
  symbol: r.symbol,
  direction: r.direction,
  price: r.price,
  createdAt: r.created_at,
  firedAt: r.fired_at,
  firedPrice: r.fired_price,
});

export const priceAlertsReply = priceAlerts.reply.transform((r): PriceAlertsView => ({
  waiting: r.waiting.map(toView),
  fired: r.fired.map(toView),
  limit: r.limit,
}));

export const priceAlertAddReply = priceAlertAdd.reply.transform((r): PriceAlertView =>
  toView(r.alert),
);

export const priceAlertRemoveReply = priceAlertRemove.reply;
