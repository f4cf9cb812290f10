// The region agent's users (spec §6, region-agents.ts). Anyone else gets the spec's "not a
// region agent" message.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/auth.ts';
import { ApiError } from '../http/api-error.ts';
import { ok, parse } from '../http/envelope.ts';
import { pageNumber } from '../http/paging.ts';
import { regionUsers } from './region-agents.ts';

export function registerRegionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/user/region_users', async (req) => {
    const userId = await requireUser(ctx, req);
    const { page } = parse(z.object({ page: pageNumber }), req);
    const users = await regionUsers(ctx.db, userId, page);
    if (users === null) throw new ApiError('region.notAgent');
    return ok(users);
  });
}
