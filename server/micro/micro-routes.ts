// Second contracts over HTTP (api-contract §6; docs/api-extensions.md "Second contracts"):
// payment currencies with the user's micro wallet, durations, placing (identity gate `998`,
// idempotent with `client_id`) and the user's order list (a Laravel paginator).
import type { FastifyInstance } from 'fastify';
import { Decimal } from '../../src/shared/decimal.ts';
import {
  MICRO_PAGE_MAX,
  MICRO_PAGE_SIZE,
  microCurrencies,
  microList,
  microSeconds,
  microSubmit,
} from '../../src/shared/wire/micro.ts';
import type { AppContext } from '../context.ts';
import { amountOf } from '../http/amounts.ts';
import { langOf } from '../http/envelope.ts';
import { checkReply, route } from '../http/wire-route.ts';
import { requireIdentity } from '../identity/identity.ts';
import type { MicroService } from './micro-service.ts';
import { enabledSeconds, microBalances, payableCurrencies, presetNumbers } from './micro-rules.ts';
import { listMicro, orderView } from './micro-views.ts';

export { MICRO_PAGE_MAX, MICRO_PAGE_SIZE };

export function registerMicroRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  micro: MicroService,
): void {
  route(app, ctx, microCurrencies, async ({ viewer }) => {
    const userId = await viewer();
    const currencies = await payableCurrencies(ctx.db);
    const wallets = userId === null ? [] : await microBalances(ctx.db, userId);
    return currencies.map((c) => {
      const w = wallets.find((x) => x.currency_id === c.id);
      const balance = new Decimal(w?.micro_balance ?? '0');
      return {
        id: c.id,
        name: c.name,
        micro_trade_fee: new Decimal(c.micro_trade_fee).toFixed(),
        micro_min: new Decimal(c.micro_min).toFixed(),
        micro_max: new Decimal(c.micro_max).toFixed(),
        micro_holdtrade_max: c.micro_holdtrade_max,
        micro_numbers: presetNumbers(c.micro_numbers).map((number) => ({ number })),
        insurance_types: [],
        user_insurance: null,
        user_wallet:
          userId === null
            ? null
            : {
                currency: c.id,
                micro_balance: balance.toFixed(),
                lock_micro_balance: new Decimal(w?.lock_micro_balance ?? '0').toFixed(),
                insurance_balance: '0',
                micro_with_insurance: balance.toFixed(),
              },
      };
    });
  });

  // by hand: the legacy answer's type is `error` when no duration is enabled
  app.get(microSeconds.path, async () => {
    const rows = await enabledSeconds(ctx.db);
    const list = rows.map((r) => ({
      id: r.id,
      seconds: r.seconds,
      profit_ratio: new Decimal(r.profit_ratio).toFixed(),
    }));
    if (ctx.config.checkReplies) checkReply(ctx, microSeconds, list);
    return { type: list.length === 0 ? 'error' : 'ok', message: list };
  });

  route(
    app,
    ctx,
    microSubmit,
    async ({ req, userId, body: b }) => {
      const number = amountOf(b.number, 'micro.numberRequired');
      const nowMs = ctx.config.now();
      const r = await micro.submit({
        userId,
        matchId: b.match_id,
        currencyId: b.currency_id,
        type: b.type,
        seconds: b.seconds,
        number,
        clientId: b.client_id ?? null,
        nowMs,
      });
      if (!r.repeated) ctx.notify.balance(userId);
      return orderView(r.order, langOf(req), nowMs);
    },
    { gate: (userId) => requireIdentity(ctx, userId) },
  );

  route(app, ctx, microList, ({ req, userId, body: b }) =>
    listMicro(
      ctx.db,
      userId,
      {
        status: b.status,
        matchId: b.match_id ?? null,
        currencyId: b.currency_id ?? null,
        page: b.page,
        limit: b.limit,
      },
      langOf(req),
      ctx.config.now(),
    ),
  );
}
