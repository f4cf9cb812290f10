// The region agent's users (spec §6, region-agents.ts; declared in
// src/shared/wire/accounts.ts). Anyone else gets the spec's "not a region agent" message.
import type { FastifyInstance } from 'fastify';
import { regionUsers as regionUsersCall } from '../../src/shared/wire/accounts.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { route } from '../http/wire-route.ts';
import { regionUsers } from './region-agents.ts';

export function registerRegionRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, regionUsersCall, async ({ userId, body: b }) => {
    const users = await regionUsers(ctx.db, userId, b.page);
    if (users === null) throw new ApiError('region.notAgent');
    return users;
  });
}
