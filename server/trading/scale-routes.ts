// Scale orders over REST (issue 44, ADR 0057; docs/api-extensions.md "Scale orders"): placing
// one, and cancelling all its resting legs.
import type { FastifyInstance } from 'fastify';
import { spotScaleCancel, spotScalePlace } from '../../src/shared/wire/spot-orders.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf } from '../http/amounts.ts';
import { langOf } from '../http/envelope.ts';
import { route } from '../http/wire-route.ts';
import { localDecimal, t } from '../i18n/messages.ts';
import type { SpotService } from './spot-service.ts';
import { skewOf, SpotScale } from './spot-scale.ts';

export function registerScaleRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  spot: SpotService,
): void {
  const scale = new SpotScale(spot, ctx.db);

  route(app, ctx, spotScalePlace, async ({ req, userId, body: b }) => {
    const pair = spot.pairByIds(b.legal_id, b.currency_id);
    if (pair === null) throw new ApiError('spot.pairClosed');
    const count = /^\d{1,3}$/.test(b.count.trim()) ? Number(b.count.trim()) : NaN;
    const placed = await scale.place({
      userId,
      matchId: pair.matchId,
      side: b.type === 'in' ? 'buy' : 'sell',
      from: amountOf(b.from_price, 'validation.spot.priceRequired'),
      to: amountOf(b.to_price, 'validation.spot.priceRequired'),
      count,
      total: amountOf(b.num, 'validation.spot.numberRequired'),
      skew: skewOf(b.skew),
      clientId: b.client_id ?? null,
    });
    const dp = pair.pricePrecision;
    const average = placed.average.toFixed(dp);
    const values = { count: placed.ids.length, average: localDecimal(average, dp) };
    return {
      group: placed.group,
      ids: placed.ids,
      average,
      msg: t(langOf(req), 'spot.scale.placed', values),
    };
  });

  route(app, ctx, spotScaleCancel, async ({ req, userId, body }) => {
    const n = await scale.cancel(userId, body.group);
    return t(langOf(req), 'spot.scale.cancelled', { count: n });
  });
}
