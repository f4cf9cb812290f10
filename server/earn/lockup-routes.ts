// Lock-up savings over HTTP (api-contract §10; docs/api-extensions.md "Lock-up savings
// (issue 9)"): the product cards (no auth), deposit, the user's orders, early cancel and the
// interest withdrawal. Every accepted command sends `update_balance`.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parsePlainAmount } from '../../src/shared/amount.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/auth.ts';
import { ApiError } from '../http/api-error.ts';
import { langOf, ok, parse, text } from '../http/envelope.ts';
import { t } from '../i18n/messages.ts';
import type { CloseResult } from './lockup.ts';
import { cancelLockup, depositLockup, withdrawLockup } from './lockup.ts';
import { LOCKUP_PAGE_MAX, LOCKUP_PAGE_SIZE, listOrders, productViews } from './lockup-views.ts';
import { pageLimit, pageNumber } from '../http/paging.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** Optional filters: an empty value (`status=`) means none. */
const blank = (v: unknown) => (v === '' ? undefined : v);
const idFilter = z.preprocess(blank, id.optional());

const depositBody = z.object({
  amount: text(40).default(''),
  config_id: idFilter,
  currency_id: idFilter,
  // the client's expected yield: accepted and ignored (the server computes every figure)
  shouyi: text(60).optional(),
});

const listQuery = z.object({
  status: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(1), z.literal(2)]))
      .optional(),
  ),
  is_cancel: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .optional(),
  ),
  page: pageNumber,
  limit: pageLimit(LOCKUP_PAGE_MAX, LOCKUP_PAGE_SIZE),
});

const idBody = z.object({ id });
const withdrawBody = z.object({ id, amount: text(40).default('') });

export function registerLockupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => ctx.config.now();

  app.get('/api/lh/deposit/config', async () => ok(await productViews(ctx.db)));

  app.post('/api/lh/deposit', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(depositBody, req);
    if (b.amount === '') throw new ApiError('lockup.amountRequired');
    const amount = parsePlainAmount(b.amount);
    if (amount === null) throw new ApiError('lockup.amountInvalid');
    const r = await depositLockup(ctx.db, {
      userId,
      amount,
      configId: b.config_id ?? null,
      currencyId: b.currency_id ?? null,
      nowMs: now(),
    });
    ctx.notify.balance(userId);
    return ok(
      t(langOf(req), 'lockup.deposited', { amount: amount.toFixed(), currency: r.currencyName }),
    );
  });

  app.get('/api/lh/deposit/order', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(listQuery, req);
    return ok(
      await listOrders(ctx.db, userId, {
        status: b.status ?? null,
        isCancel: b.is_cancel ?? null,
        page: b.page,
        limit: b.limit,
      }),
    );
  });

  app.post('/api/lh/deposit/order/cancel', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(idBody, req);
    const r = closed(await cancelLockup(ctx.db, userId, b.id, now()), userId);
    return ok(
      t(langOf(req), 'lockup.cancelled', {
        amount: r.credited.toFixed(),
        fee: r.fee.toFixed(),
        currency: r.currencyName,
      }),
    );
  });

  app.post('/api/lh/deposit/withdraw', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(withdrawBody, req);
    const amount = parsePlainAmount(b.amount);
    if (amount === null) throw new ApiError('lockup.amountInvalid');
    const r = closed(await withdrawLockup(ctx.db, userId, b.id, amount, now()), userId);
    return ok(
      t(langOf(req), 'lockup.withdrawn', {
        amount: r.credited.toFixed(),
        currency: r.currencyName,
      }),
    );
  });

  /** The balance moved either way; an order whose term was over has matured: "ended". */
  function closed(r: CloseResult, userId: number): Extract<CloseResult, { kind: 'done' }> {
    ctx.notify.balance(userId);
    if (r.kind === 'matured') throw new ApiError('lockup.ended');
    return r;
  }
}
