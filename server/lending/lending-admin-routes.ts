// The operator's loan calls (`x-admin-token`, as server/admin/admin-routes.ts; scripts/admin.ts
// `loans`, `loan-approve`, `loan-reject`, `repay-approve`, `repay-reject`), declared in
// src/shared/wire/loans.ts: the loans by state, the decision on an application (approval
// credits the principal) and on a repayment (by the repayment's id). The borrower's room hears
// `update_balance` when money moved. Registered by hand: the operator's token is checked before
// any field is read (route() knows users and visitors only); each reply is checked with
// checkReply.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Call, ReplyOut, RequestIn } from '../../src/shared/wire/call.ts';
import {
  adminLoanDecision,
  adminLoans,
  adminRepaymentDecision,
} from '../../src/shared/wire/loans.ts';
import { isAdmin } from '../http/admin-auth.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { ok, parse } from '../http/envelope.ts';
import { checkReply } from '../http/wire-route.ts';
import { decideLoan, decideRepayment } from './lending.ts';
import { adminLoans as listAdminLoans } from './lending-views.ts';

export function registerLendingAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.adminToken === null) return;
  const now = () => ctx.config.now();

  /** An operator's call: the token first, then the fields, the reply checked. */
  const operator = <C extends Call>(
    c: C,
    handler: (body: RequestIn<C>) => Promise<ReplyOut<C>>,
  ) => {
    const handle = async (req: FastifyRequest) => {
      if (!isAdmin(ctx, req)) throw new ApiError('admin.forbidden');
      const message = await handler(parse(c.request, req) as RequestIn<C>);
      if (ctx.config.checkReplies) checkReply(ctx, c, message);
      return ok(message);
    };
    if (c.method === 'GET') app.get(c.path, handle);
    else app.post(c.path, handle);
  };

  operator(adminLoans, (q) => listAdminLoans(ctx.db, q.state ?? null, q.page, now()));

  operator(adminLoanDecision, async (b) => {
    const userId = await decideLoan(ctx.db, b.id, b.action === 'approve', b.reason, now());
    if (b.action === 'approve') ctx.notify.balance(userId);
    return { id: b.id, user_id: userId, action: b.action };
  });

  operator(adminRepaymentDecision, async (b) => {
    const userId = await decideRepayment(ctx.db, b.id, b.action === 'approve', b.reason, now());
    return { id: b.id, user_id: userId, action: b.action };
  });
}
