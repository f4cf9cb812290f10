// Price alert calls (issue 25; docs/api-extensions.md "Price alerts"), all for the logged-in
// user (999 without):
// - GET  /api/user/price_alerts        `{waiting, fired, limit}`: the waiting alerts of every
//   pair (newest first) and the newest fired ones
// - POST /api/user/price_alert_add     `symbol`, `direction` (above|below), `price` →
//   `{alert, waiting}`; refused (localized) for a pair not listed, another direction, a price
//   that is not a price of the pair, the limit reached, or a level the last price has already
//   crossed (it would fire at once)
// - POST /api/user/price_alert_remove  `id` → `{id, waiting}`; only a waiting alert of the user's
import type { FastifyInstance } from 'fastify';
import { amountIssue } from '../../src/shared/amount.ts';
import type { Decimal } from '../../src/shared/decimal.ts';
import {
  alertCrossed,
  isPriceAlertDirection,
  PRICE_ALERT_LIMIT,
  type PriceAlertDirection,
} from '../../src/shared/price-alerts.ts';
import { priceAlertAdd, priceAlertRemove, priceAlerts } from '../../src/shared/wire/alerts.ts';
import type { RequestIn } from '../../src/shared/wire/call.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf, requireAmount } from '../http/amounts.ts';
import { route } from '../http/wire-route.ts';
import { localDecimal } from '../i18n/messages.ts';
import type { PairSpec } from '../market/simulator.ts';
import { symbolOf } from '../market/wire-format.ts';
import type { PriceAlertService } from './price-alert-service.ts';
import {
  addPriceAlert,
  listPriceAlerts,
  pairListed,
  removePriceAlert,
  waitingCount,
  type NewPriceAlert,
} from './price-alerts.ts';

export function registerPriceAlertRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  alerts: PriceAlertService,
): void {
  route(app, ctx, priceAlerts, async ({ userId }) => {
    const lists = await listPriceAlerts(ctx.db, userId, alerts.priceDecimals);
    return { ...lists, limit: PRICE_ALERT_LIMIT };
  });

  route(app, ctx, priceAlertAdd, async ({ userId, body }) => {
    const alert = await newAlert(ctx, alerts, body);
    return addPriceAlert(ctx.db, userId, alert, ctx.config.now(), alerts.priceDecimals);
  });

  route(app, ctx, priceAlertRemove, async ({ userId, body: { id } }) => {
    if (!(await removePriceAlert(ctx.db, userId, id))) throw new ApiError('alert.notFound');
    return { id, waiting: await waitingCount(ctx.db, userId) };
  });
}

/** The add call's input checked: the pair listed, the direction, the price, not yet crossed. */
async function newAlert(
  ctx: AppContext,
  alerts: PriceAlertService,
  b: RequestIn<typeof priceAlertAdd>,
): Promise<NewPriceAlert> {
  const pair = alerts.pairOf(b.symbol.toUpperCase());
  if (pair === null || !(await pairListed(ctx.db, pair.matchId)))
    throw new ApiError('alert.pairUnknown');
  if (!isPriceAlertDirection(b.direction)) throw new ApiError('alert.directionInvalid');
  const price = levelOf(pair, b.price);
  notCrossed(pair, b.direction, price, alerts.lastOf(pair));
  return { symbol: symbolOf(pair), direction: b.direction, price };
}

/** The level as a price of the pair: plain digits, above 0, the pair's decimals at most. */
function levelOf(pair: PairSpec, raw: unknown): Decimal {
  const price = amountOf(raw, 'alert.priceRequired');
  if (price.lessThanOrEqualTo(0)) throw new ApiError('alert.priceRequired');
  const dp = pair.pricePrecision;
  if (amountIssue(price, dp)?.id === 'validation.amountDecimals')
    throw new ApiError('alert.pricePrecision', { dp, pair: symbolOf(pair) });
  requireAmount(price, dp);
  return price;
}

/** Refuses a level the last price has already reached: the alert would fire at once. */
function notCrossed(
  pair: PairSpec,
  direction: PriceAlertDirection,
  price: Decimal,
  last: Decimal | null,
): void {
  if (last === null || !alertCrossed(direction, price, last)) return;
  const dp = pair.pricePrecision;
  throw new ApiError(direction === 'above' ? 'alert.alreadyAbove' : 'alert.alreadyBelow', {
    pair: symbolOf(pair),
    last: localDecimal(last, dp),
    price: localDecimal(price, dp),
  });
}
