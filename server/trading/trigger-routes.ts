// Spot conditional orders over REST (issue 44, ADR 0052; docs/api-extensions.md "Conditional
// orders"): place, cancel, and the user's lists (waiting; done: triggered, cancelled, refused).
import type { FastifyInstance } from 'fastify';
import {
  spotTriggerAmend,
  spotTriggerCancel,
  spotTriggerPlace,
  spotTriggers,
} from '../../src/shared/wire/spot-orders.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf } from '../http/amounts.ts';
import { langOf } from '../http/envelope.ts';
import { route } from '../http/wire-route.ts';
import { localDecimal, t } from '../i18n/messages.ts';
import type { SpotService } from './spot-service.ts';
import type { SpotTriggers } from './spot-triggers.ts';
import { placesLimit } from './trigger-rules.ts';
import { listTriggers } from './trigger-views.ts';

export function registerTriggerRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  spot: SpotService,
  triggers: SpotTriggers,
): void {
  route(app, ctx, spotTriggerPlace, async ({ req, userId, body: b }) => {
    const pair = spot.pairByIds(b.legal_id, b.currency_id);
    if (pair === null) throw new ApiError('spot.pairClosed');
    const trigger = amountOf(b.trigger_price, 'spot.trigger.priceRequired');
    const oco =
      b.oco_price === undefined ? null : amountOf(b.oco_price, 'validation.spot.priceRequired');
    const placed = await triggers.place({
      userId,
      matchId: pair.matchId,
      side: b.type === 'in' ? 'buy' : 'sell',
      kind: b.kind,
      trigger,
      price: placesLimit(b.kind) ? amountOf(b.price, 'validation.spot.priceRequired') : null,
      num: amountOf(b.num, 'validation.spot.numberRequired'),
      clientId: b.client_id ?? null,
      ocoPrice: oco,
    });
    const dp = pair.pricePrecision;
    const values = {
      trigger: localDecimal(trigger.toFixed(dp), dp),
      price: oco === null ? '' : localDecimal(oco.toFixed(dp), dp),
    };
    const msg = t(langOf(req), oco === null ? 'spot.trigger.placed' : 'spot.oco.placed', values);
    return { id: placed.id, ...(placed.orderId === null ? {} : { order_id: placed.orderId }), msg };
  });

  route(app, ctx, spotTriggerCancel, async ({ req, userId, body }) => {
    await triggers.cancel(userId, body.id);
    return t(langOf(req), 'spot.trigger.cancelled');
  });

  route(app, ctx, spotTriggerAmend, async ({ req, userId, body: b }) => {
    const given = (v: string | undefined, missing: string) =>
      v === undefined || v.trim() === '' ? null : amountOf(v, missing);
    await triggers.amend(userId, b.id, {
      trigger: given(b.trigger_price, 'spot.trigger.priceRequired'),
      price: given(b.price, 'validation.spot.priceRequired'),
      num: given(b.num, 'validation.spot.numberRequired'),
    });
    return t(langOf(req), 'spot.trigger.amended');
  });

  route(app, ctx, spotTriggers, ({ req, userId, body }) =>
    listTriggers(ctx.db, spot, langOf(req), userId, body),
  );
}
