// C2C over HTTP (api-contract §8, trading-c2c-market.md §7 "c2c and payout";
// docs/api-extensions.md "C2C"): publish, the platform list, take, my ads, withdraw, my deals,
// the deal detail, pay / cancel / confirm, the deals of one ad, and the legal currencies. The
// calls are declared in src/shared/wire/c2c.ts.
import type { FastifyInstance } from 'fastify';
import { parsePlainAmount } from '../../src/shared/amount.ts';
import { Decimal } from '../../src/shared/decimal.ts';
import type { Call } from '../../src/shared/wire/call.ts';
import {
  c2cAdDeals,
  c2cCancel,
  c2cDeal,
  c2cLimits as c2cLimitsCall,
  c2cMyAds,
  c2cMyDeals,
  c2cPay,
  c2cPlatform,
  c2cPublish,
  c2cPublisherConfirm,
  c2cTake,
  c2cTakerConfirm,
  c2cWithdraw,
  legalCurrencyList,
} from '../../src/shared/wire/c2c.ts';
import type { AppContext } from '../context.ts';
import { langOf } from '../http/envelope.ts';
import { route } from '../http/wire-route.ts';
import { t } from '../i18n/messages.ts';
import type { C2cChange } from './c2c-deals.ts';
import { cancelDeal, confirmDeal, markPaid, publishAd, takeAd, withdrawAd } from './c2c-deals.ts';
import { c2cLimits, cancelsToday } from './c2c-rules.ts';
import { pushChange } from './c2c-service.ts';
import { dealFor, dealsOfAd, legalCurrencies, myAds, myDeals, platformAds } from './c2c-views.ts';

/** A deal step's call: an `id`, a localized text. */
type StepCall = Call<typeof c2cPay.request, typeof c2cPay.reply, 'user'>;

export function registerC2cRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => ctx.config.now();

  route(app, ctx, legalCurrencyList, async () => ({ legal: await legalCurrencies(ctx.db) }));

  // Extension: the user's cancellations today against the daily limit, and the unpaid window.
  route(app, ctx, c2cLimitsCall, async ({ userId }) => {
    const { cancelLimit, windowMs } = await c2cLimits(ctx.db);
    return {
      cancel_today: await cancelsToday(ctx.db, userId, now()),
      cancel_limit: cancelLimit,
      pay_minutes: windowMs / 60_000,
    };
  });

  route(app, ctx, c2cPublish, async ({ req, userId, body: b }) => {
    const price = parsePlainAmount(b.price);
    const number = parsePlainAmount(b.total_number);
    await publishAd(ctx.db, {
      userId,
      currencyId: b.currency_id,
      type: b.type,
      way: b.way,
      // unparsable input (letters, exponents) fails the same checks as a zero
      price: price ?? new Decimal(0),
      totalNumber: number ?? new Decimal(0),
      nowMs: now(),
    });
    if (b.type === 'sell') ctx.notify.balance(userId);
    return t(langOf(req), 'c2c.published');
  });

  route(app, ctx, c2cPlatform, async ({ req, body: q, viewer }) =>
    platformAds(ctx.db, langOf(req), {
      type: q.type ?? 'sell',
      currencyId: q.currency_id ?? null,
      page: q.page,
      viewer: await viewer(),
    }),
  );

  route(app, ctx, c2cTake, async ({ req, userId, body: b }) => {
    const change = await takeAd(ctx.db, userId, b.id, now());
    await pushChange(ctx, change);
    const lang = langOf(req);
    return {
      msg: t(lang, 'c2c.taken'),
      data: await dealFor(ctx.db, lang, change.dealId, userId, now()),
    };
  });

  route(app, ctx, c2cMyAds, ({ req, userId, body: q }) =>
    myAds(ctx.db, langOf(req), {
      userId,
      type: q.type ?? null,
      currencyId: q.currency_id ?? null,
      page: q.page,
    }),
  );

  route(app, ctx, c2cWithdraw, async ({ req, userId, body: b }) => {
    const r = await withdrawAd(ctx.db, userId, b.id, now());
    for (const u of r.balances) ctx.notify.balance(u);
    return t(langOf(req), 'c2c.withdrawn');
  });

  route(app, ctx, c2cMyDeals, ({ req, userId, body: q }) =>
    myDeals(ctx.db, langOf(req), {
      userId,
      isSure: q.is_sure ?? null,
      type: q.type ?? null,
      currencyId: q.currency_id ?? null,
      page: q.page,
      nowMs: now(),
    }),
  );

  route(app, ctx, c2cDeal, ({ req, userId, body: q }) =>
    dealFor(ctx.db, langOf(req), q.id, userId, now()),
  );

  route(app, ctx, c2cAdDeals, ({ req, userId, body: q }) =>
    dealsOfAd(ctx.db, langOf(req), { userId, adId: q.id, page: q.page, nowMs: now() }),
  );

  const dealStep = (
    c: StepCall,
    run: (userId: number, dealId: number, nowMs: number) => Promise<C2cChange>,
    message: string,
  ) =>
    route(app, ctx, c, async ({ req, userId, body: b }) => {
      const change = await run(userId, b.id, now());
      await pushChange(ctx, change);
      return t(langOf(req), message);
    });

  dealStep(c2cPay, (u, d, n) => markPaid(ctx.db, u, d, n), 'c2c.paid');
  dealStep(c2cCancel, (u, d, n) => cancelDeal(ctx.db, u, d, n), 'c2c.cancelled');
  dealStep(
    c2cPublisherConfirm,
    (u, d, n) => confirmDeal(ctx.db, u, d, n, 'publisher'),
    'c2c.confirmed',
  );
  dealStep(c2cTakerConfirm, (u, d, n) => confirmDeal(ctx.db, u, d, n, 'taker'), 'c2c.confirmed');
}
