// The region agent's users (spec §6): users an agent invited, with the agent's city and
// district. Anyone else gets the spec's "not a region agent" message.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RegionUser } from '../../src/shared/wire.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { ok, parse } from '../http/envelope.ts';
import { formatTime } from '../http/format.ts';
import { offsetOf, paged, pageNumber } from '../http/paging.ts';

export const REGION_PAGE_SIZE = 20;

/** "138****5678" / "ab***@example.com": the agent sees who, not how to reach them. */
export function maskContact(v: string): string {
  const at = v.indexOf('@');
  if (at > 0) return `${v.slice(0, Math.min(2, at))}***${v.slice(at)}`;
  return v.length <= 7 ? `${v.slice(0, 2)}***` : `${v.slice(0, 3)}****${v.slice(-4)}`;
}

export function registerRegionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/user/region_users', async (req) => {
    const userId = await requireUser(ctx, req);
    const { page } = parse(z.object({ page: pageNumber }), req);
    const agents = await ctx.db.query<{ city_name: string; district_name: string }>(
      'SELECT city_name, district_name FROM region_agents WHERE user_id = $1',
      [userId],
    );
    const agent = agents[0];
    if (agent === undefined) throw new ApiError('region.notAgent');
    const total = await ctx.db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM users WHERE invited_by = $1',
      [userId],
    );
    const rows = await ctx.db.query<{ phone: string | null; account: string; created_at: Date }>(
      `SELECT phone, account, created_at FROM users WHERE invited_by = $1 ORDER BY id DESC
       LIMIT ${REGION_PAGE_SIZE} OFFSET ${offsetOf(page, REGION_PAGE_SIZE)}`,
      [userId],
    );
    const list: RegionUser[] = rows.map((r) => ({
      city_name: agent.city_name,
      district_name: agent.district_name,
      phone: maskContact(r.phone ?? r.account),
      time: formatTime(new Date(r.created_at)),
    }));
    return ok(paged(list, page, total[0]?.n ?? 0, REGION_PAGE_SIZE));
  });
}
