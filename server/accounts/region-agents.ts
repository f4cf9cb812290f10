// Region agents (spec §6): the users an agent invited, with the agent's city and district, and
// the masking that shows an agent (or a c2c counterparty) who, not how to reach them.
import type { z } from 'zod';
import type { ReplyOut } from '../../src/shared/wire/call.ts';
import type {
  regionUserRow,
  regionUsers as regionUsersCall,
} from '../../src/shared/wire/accounts.ts';
import type { Queryable } from '../db/database.ts';
import { formatTime } from '../http/format.ts';
import { offsetOf, paged } from '../http/paging.ts';

export const REGION_PAGE_SIZE = 20;

/** "138****5678" / "ab***@example.com": the agent sees who, not how to reach them. */
export function maskContact(v: string): string {
  const at = v.indexOf('@');
  if (at > 0) return `${v.slice(0, Math.min(2, at))}***${v.slice(at)}`;
  return v.length <= 7 ? `${v.slice(0, 2)}***` : `${v.slice(0, 3)}****${v.slice(-4)}`;
}

/** Makes the user a region agent of a city and district (or moves them). */
export async function setRegionAgent(
  db: Queryable,
  userId: number,
  city: string,
  district: string,
): Promise<void> {
  await db.query(
    `INSERT INTO region_agents (user_id, city_name, district_name) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET city_name = $2, district_name = $3`,
    [userId, city, district],
  );
}

/** A page of the users `agentId` invited, newest first; null when the user is no agent. */
export async function regionUsers(
  db: Queryable,
  agentId: number,
  page: number,
): Promise<ReplyOut<typeof regionUsersCall> | null> {
  const agents = await db.query<{ city_name: string; district_name: string }>(
    'SELECT city_name, district_name FROM region_agents WHERE user_id = $1',
    [agentId],
  );
  const agent = agents[0];
  if (agent === undefined) return null;
  const total = await db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM users WHERE invited_by = $1',
    [agentId],
  );
  const rows = await db.query<{ phone: string | null; account: string; created_at: Date }>(
    `SELECT phone, account, created_at FROM users WHERE invited_by = $1 ORDER BY id DESC
     LIMIT ${REGION_PAGE_SIZE} OFFSET ${offsetOf(page, REGION_PAGE_SIZE)}`,
    [agentId],
  );
  const list: z.input<typeof regionUserRow>[] = rows.map((r) => ({
    city_name: agent.city_name,
    district_name: agent.district_name,
    phone: maskContact(r.phone ?? r.account),
    time: formatTime(new Date(r.created_at)),
  }));
  return paged(list, page, total[0]?.n ?? 0, REGION_PAGE_SIZE);
}
