// GET /api/user/center (spec: the account centre's header): the user's profile with the
// security level and the total of their assets in USDT. It stands here, above accounts, since
// the total is the wallet's valuation (ADR 0047: rooms in one direction).
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../accounts/account-routes.ts';
import { toUserCenter } from '../accounts/users.ts';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { totalAssetsUsdt } from './valuation.ts';

export function registerUserCenterRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/user/center', async (req) => {
    const user = await currentUser(ctx, req);
    return ok(toUserCenter(user, await totalAssetsUsdt(ctx, user.id)));
  });
}
