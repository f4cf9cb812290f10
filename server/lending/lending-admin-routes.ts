// The operator's loan calls (`x-admin-token`, as server/admin/admin-routes.ts; scripts/admin.ts
// `loans`, `loan-approve`, `loan-reject`, `repay-approve`, `repay-reject`): the loans by state,
// the decision on an application (approval credits the principal) and on a repayment (by the
// repayment's id). The borrower's room hears `update_balance` when money moved.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { LoanState } from '../../src/shared/lending.ts';
import { isAdmin } from '../http/admin-auth.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { ok, parse, text } from '../http/envelope.ts';
import { decideLoan, decideRepayment } from './lending.ts';
import { adminLoans } from './lending-views.ts';
import { pageNumber } from '../http/paging.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const reason = text(200).default('');
const decision = z.object({ id, action: z.enum(['approve', 'reject']), reason });
const listQuery = z.object({
  state: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(0)
      .max(4)
      .transform((n) => n as LoanState)
      .optional(),
  ),
  page: pageNumber,
});

export function registerLendingAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.adminToken === null) return;
  const guard = (req: FastifyRequest) => {
    if (!isAdmin(ctx, req)) throw new ApiError('admin.forbidden');
  };
  const now = () => ctx.config.now();

  app.get('/api/admin/loans', async (req) => {
    guard(req);
    const q = parse(listQuery, req);
    return ok(await adminLoans(ctx.db, q.state ?? null, q.page, now()));
  });

  app.post('/api/admin/loan', async (req) => {
    guard(req);
    const b = parse(decision, req);
    const userId = await decideLoan(ctx.db, b.id, b.action === 'approve', b.reason, now());
    if (b.action === 'approve') ctx.notify.balance(userId);
    return ok({ id: b.id, user_id: userId, action: b.action });
  });

  app.post('/api/admin/loan-repayment', async (req) => {
    guard(req);
    const b = parse(decision, req);
    const userId = await decideRepayment(ctx.db, b.id, b.action === 'approve', b.reason, now());
    return ok({ id: b.id, user_id: userId, action: b.action });
  });
}
