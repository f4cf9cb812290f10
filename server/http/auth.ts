// Who is asking: the user of the request's raw `Authorization` token, through the context's
// sessions port (accounts/tokens.ts behind it).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { sessionExpired } from './api-error.ts';

/** The id of the logged-in user, or null (no token, or not a live one). */
export function optionalUser(ctx: AppContext, req: FastifyRequest): Promise<number | null> {
  return ctx.sessions.userOf(req.headers.authorization);
}

/** The id of the logged-in user, or a "999" error. */
export async function requireUser(ctx: AppContext, req: FastifyRequest): Promise<number> {
  const id = await optionalUser(ctx, req);
  if (id === null) throw sessionExpired();
  return id;
}
