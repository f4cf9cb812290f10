// C2C over HTTP (api-contract §8, trading-c2c-market.md §7 "c2c and payout";
// docs/api-extensions.md "C2C"): publish, the platform list, take, my ads, withdraw, my deals,
// the deal detail, pay / cancel / confirm, the deals of one ad, and the legal currencies.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parsePlainAmount } from '../../src/shared/amount.ts';
import { Decimal } from '../../src/shared/decimal.ts';
import type { AppContext } from '../context.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { langOf, ok, parse, text } from '../http/envelope.ts';
import { t } from '../i18n/messages.ts';
import type { C2cChange } from './c2c-deals.ts';
import { cancelDeal, confirmDeal, markPaid, publishAd, takeAd, withdrawAd } from './c2c-deals.ts';
import { C2C_TYPES, C2C_WAYS, c2cLimits, cancelsToday } from './c2c-rules.ts';
import { pushChange } from './c2c-service.ts';
import { dealFor, dealsOfAd, legalCurrencies, myAds, myDeals, platformAds } from './c2c-views.ts';
import { pageNumber } from '../http/paging.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** Optional filters: an empty value (`currency_id=`) means none. */
const blank = (v: unknown) => (v === '' ? undefined : v);
const idFilter = z.preprocess(blank, id.optional());
const typeFilter = z.preprocess(blank, z.enum(C2C_TYPES).optional());
const page = pageNumber;

const sendBody = z.object({
  type: z.enum(C2C_TYPES),
  way: z.enum(C2C_WAYS),
  price: text(40).default(''),
  total_number: text(40).default(''),
  currency_id: id,
});
const idBody = z.object({ id });

export function registerC2cRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => ctx.config.now();

  app.get('/api/currency/list', async (req) => {
    await requireUser(ctx, req);
    return ok({ legal: await legalCurrencies(ctx.db) });
  });

  // Extension: the user's cancellations today against the daily limit, and the unpaid window.
  app.get('/api/c2c/limits', async (req) => {
    const userId = await requireUser(ctx, req);
    const { cancelLimit, windowMs } = await c2cLimits(ctx.db);
    return ok({
      cancel_today: await cancelsToday(ctx.db, userId, now()),
      cancel_limit: cancelLimit,
      pay_minutes: windowMs / 60_000,
    });
  });

  app.post('/api/c2c_send', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(sendBody, req);
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
    return ok(t(langOf(req), 'c2c.published'));
  });

  app.get('/api/c2c_deal_platform', async (req) => {
    const viewer = await optionalUser(ctx, req);
    const q = parse(z.object({ type: typeFilter, currency_id: idFilter, page }), req);
    return ok(
      await platformAds(ctx.db, langOf(req), {
        type: q.type ?? 'sell',
        currencyId: q.currency_id ?? null,
        page: q.page,
        viewer,
      }),
    );
  });

  app.post('/api/c2c/do_legal_deal', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(idBody, req);
    const change = await takeAd(ctx.db, userId, b.id, now());
    await pushChange(ctx, change);
    const lang = langOf(req);
    return ok({
      msg: t(lang, 'c2c.taken'),
      data: await dealFor(ctx.db, lang, change.dealId, userId, now()),
    });
  });

  app.get('/api/c2c/seller_trade', async (req) => {
    const userId = await requireUser(ctx, req);
    const q = parse(z.object({ type: typeFilter, currency_id: idFilter, page }), req);
    return ok(
      await myAds(ctx.db, langOf(req), {
        userId,
        type: q.type ?? null,
        currencyId: q.currency_id ?? null,
        page: q.page,
      }),
    );
  });

  app.post('/api/c2c/back_send', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(idBody, req);
    const r = await withdrawAd(ctx.db, userId, b.id, now());
    for (const u of r.balances) ctx.notify.balance(u);
    return ok(t(langOf(req), 'c2c.withdrawn'));
  });

  app.get('/api/c2c_user_deal', async (req) => {
    const userId = await requireUser(ctx, req);
    const q = parse(
      z.object({
        is_sure: z.preprocess(
          blank,
          z.coerce
            .number()
            .int()
            .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]))
            .optional(),
        ),
        type: typeFilter,
        currency_id: idFilter,
        page,
      }),
      req,
    );
    return ok(
      await myDeals(ctx.db, langOf(req), {
        userId,
        isSure: q.is_sure ?? null,
        type: q.type ?? null,
        currencyId: q.currency_id ?? null,
        page: q.page,
        nowMs: now(),
      }),
    );
  });

  app.get('/api/c2c_deal', async (req) => {
    const userId = await requireUser(ctx, req);
    const q = parse(idBody, req);
    return ok(await dealFor(ctx.db, langOf(req), q.id, userId, now()));
  });

  app.get('/api/c2c/legal_send_deal_list', async (req) => {
    const userId = await requireUser(ctx, req);
    const q = parse(z.object({ id, page }), req);
    return ok(
      await dealsOfAd(ctx.db, langOf(req), { userId, adId: q.id, page: q.page, nowMs: now() }),
    );
  });

  const dealAction = (
    path: string,
    run: (userId: number, dealId: number, nowMs: number) => Promise<C2cChange>,
    message: string,
  ) =>
    app.post(path, async (req) => {
      const userId = await requireUser(ctx, req);
      const b = parse(idBody, req);
      const change = await run(userId, b.id, now());
      await pushChange(ctx, change);
      return ok(t(langOf(req), message));
    });

  dealAction('/api/c2c/user_legal_pay', (u, d, n) => markPaid(ctx.db, u, d, n), 'c2c.paid');
  dealAction(
    '/api/c2c/user_legal_pay_cancel',
    (u, d, n) => cancelDeal(ctx.db, u, d, n),
    'c2c.cancelled',
  );
  dealAction(
    '/api/c2c/legal_deal_sure',
    (u, d, n) => confirmDeal(ctx.db, u, d, n, 'publisher'),
    'c2c.confirmed',
  );
  dealAction(
    '/api/c2c/legal_deal_user_sure',
    (u, d, n) => confirmDeal(ctx.db, u, d, n, 'taker'),
    'c2c.confirmed',
  );
}
