// Lock-up savings over HTTP (api-contract §10; docs/api-extensions.md "Lock-up savings
// (issue 9)"), declared in src/shared/wire/earn.ts: the product cards (no auth), deposit, the
// user's orders, early cancel and the interest withdrawal. Every accepted command sends
// `update_balance`.
import type { FastifyInstance } from 'fastify';
import { parsePlainAmount } from '../../src/shared/amount.ts';
import {
  lockCancel,
  lockDeposit,
  lockOrders,
  lockProducts,
  lockWithdraw,
} from '../../src/shared/wire/earn.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { langOf } from '../http/envelope.ts';
import { route } from '../http/wire-route.ts';
import { t } from '../i18n/messages.ts';
import type { CloseResult } from './lockup.ts';
import { cancelLockup, depositLockup, withdrawLockup } from './lockup.ts';
import { listOrders, productViews } from './lockup-views.ts';

export function registerLockupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => ctx.config.now();

  route(app, ctx, lockProducts, () => productViews(ctx.db));

  route(app, ctx, lockDeposit, async ({ req, userId, body: b }) => {
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
    return t(langOf(req), 'lockup.deposited', {
      amount: amount.toFixed(),
      currency: r.currencyName,
    });
  });

  route(app, ctx, lockOrders, ({ userId, body: b }) =>
    listOrders(ctx.db, userId, {
      status: b.status ?? null,
      isCancel: b.is_cancel ?? null,
      page: b.page,
      limit: b.limit,
    }),
  );

  route(app, ctx, lockCancel, async ({ req, userId, body: b }) => {
    const r = closed(await cancelLockup(ctx.db, userId, b.id, now()), userId);
    return t(langOf(req), 'lockup.cancelled', {
      amount: r.credited.toFixed(),
      fee: r.fee.toFixed(),
      currency: r.currencyName,
    });
  });

  route(app, ctx, lockWithdraw, async ({ req, userId, body: b }) => {
    const amount = parsePlainAmount(b.amount);
    if (amount === null) throw new ApiError('lockup.amountInvalid');
    const r = closed(await withdrawLockup(ctx.db, userId, b.id, amount, now()), userId);
    return t(langOf(req), 'lockup.withdrawn', {
      amount: r.credited.toFixed(),
      currency: r.currencyName,
    });
  });

  /** The balance moved either way; an order whose term was over has matured: "ended". */
  function closed(r: CloseResult, userId: number): Extract<CloseResult, { kind: 'done' }> {
    ctx.notify.balance(userId);
    if (r.kind === 'matured') throw new ApiError('lockup.ended');
    return r;
  }
}
