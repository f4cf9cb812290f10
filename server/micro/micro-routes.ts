// Second contracts over HTTP (api-contract §6; docs/api-extensions.md "Second contracts"):
// payment currencies with the user's micro wallet, durations, placing (identity gate `998`,
// idempotent with `client_id`) and the user's order list (a Laravel paginator).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Decimal } from '../../src/shared/decimal.ts';
import type { AppContext } from '../context.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { amountOf } from '../http/amounts.ts';
import { langOf, ok, parse, text } from '../http/envelope.ts';
import { requireIdentity } from '../identity/identity.ts';
import type { MicroService } from './micro-service.ts';
import { enabledSeconds, microBalances, payableCurrencies, presetNumbers } from './micro-rules.ts';
import { listMicro, orderView } from './micro-views.ts';
import { pageLimit, pageNumber } from '../http/paging.ts';

export const MICRO_PAGE_SIZE = 20;
export const MICRO_PAGE_MAX = 50;

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** An optional id filter; an empty value (`match_id=`) means no filter. */
const idFilter = z.preprocess((v) => (v === '' ? undefined : v), id.optional());

const submitBody = z.object({
  match_id: id,
  currency_id: id,
  type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2)])),
  seconds: z.coerce.number().int().positive().max(2_147_483_647),
  number: text(40).default(''),
  client_id: text(64).pipe(z.string().min(1)).optional(),
});

const listQuery = z.object({
  status: z.coerce.number().int().min(-1).max(3).default(-1),
  match_id: idFilter,
  currency_id: idFilter,
  page: pageNumber,
  limit: pageLimit(MICRO_PAGE_MAX, MICRO_PAGE_SIZE),
});

export function registerMicroRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  micro: MicroService,
): void {
  app.get('/api/microtrade/payable_currencies', async (req) => {
    const userId = await optionalUser(ctx, req);
    const currencies = await payableCurrencies(ctx.db);
    const wallets = userId === null ? [] : await microBalances(ctx.db, userId);
    return ok(
      currencies.map((c) => {
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
      }),
    );
  });

  app.get('/api/microtrade/seconds', async () => {
    const rows = await enabledSeconds(ctx.db);
    const list = rows.map((r) => ({
      id: r.id,
      seconds: r.seconds,
      profit_ratio: new Decimal(r.profit_ratio).toFixed(),
    }));
    return { type: list.length === 0 ? 'error' : 'ok', message: list };
  });

  app.post('/api/microtrade/submit', async (req) => {
    const userId = await requireUser(ctx, req);
    await requireIdentity(ctx, userId);
    const b = parse(submitBody, req);
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
    return ok(orderView(r.order, langOf(req), nowMs));
  });

  app.get('/api/microtrade/lists', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(listQuery, req);
    return ok(
      await listMicro(
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
  });
}
