// The operator's loan calls (`x-admin-token`, as server/admin/admin-routes.ts; scripts/admin.ts
// `loans`, `loan-approve`, `loan-reject`, `repay-approve`, `repay-reject`), declared in
// src/shared/wire/loans.ts: the loans by state, the decision on an application (approval
// credits the principal) and on a repayment (by the repayment's id). The borrower's room hears
// `update_balance` when money moved. `route()` checks the operator's token before any field is
// read (`auth: 'operator'`).
import type { FastifyInstance } from 'fastify';
import {
  adminLoanDecision,
  adminLoans,
  adminRepaymentDecision,
} from '../../src/shared/wire/loans.ts';
import type { AppContext } from '../context.ts';
import { route } from '../http/wire-route.ts';
import { decideLoan, decideRepayment } from './lending.ts';
import { adminLoans as listAdminLoans } from './lending-views.ts';

export function registerLendingAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.adminToken === null) return;
  const now = () => ctx.config.now();

  route(app, ctx, adminLoans, ({ body: q }) =>
    listAdminLoans(ctx.db, q.state ?? null, q.page, now()),
  );

  route(app, ctx, adminLoanDecision, async ({ body: b }) => {
    const userId = await decideLoan(ctx.db, b.id, b.action === 'approve', b.reason, now());
    if (b.action === 'approve') ctx.notify.balance(userId);
    return { id: b.id, user_id: userId, action: b.action };
  });

  route(app, ctx, adminRepaymentDecision, async ({ body: b }) => {
    const userId = await decideRepayment(ctx.db, b.id, b.action === 'approve', b.reason, now());
    return { id: b.id, user_id: userId, action: b.action };
  });
}
