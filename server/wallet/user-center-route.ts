// GET /api/user/center (spec: the account centre's header; declared in
// src/shared/wire/wallet.ts): the user's profile with the security level and the total of their
// assets in USDT. It stands here, above accounts, since the total is the wallet's valuation
// (ADR 0047: rooms in one direction).
import type { FastifyInstance } from 'fastify';
import { userCenter } from '../../src/shared/wire/wallet.ts';
import { userOf } from '../accounts/account-routes.ts';
import { toUserCenter } from '../accounts/users.ts';
import type { AppContext } from '../context.ts';
import { route } from '../http/wire-route.ts';
import { totalAssetsUsdt } from './valuation.ts';

export function registerUserCenterRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, userCenter, async ({ userId }) => {
    const user = await userOf(ctx, userId);
    return toUserCenter(user, await totalAssetsUsdt(ctx, user.id));
  });
}
