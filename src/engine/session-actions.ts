// Session side effects around the pure session projection: adopting a token (login or
// restore), fetching user/info, expiry (999), logout. The token stays in memory and in the
// session store; events carry no token.
import type { EngineContext } from './context.ts';
import { parseEdge } from './ingest/ingest.ts';
import { userInfoReply } from './ingest/schemas.ts';
import type { UserBody } from './ingest/events.ts';

/** Take a token into use: memory, session store, log `session.login`, socket login. */
export async function adoptToken(
  ctx: EngineContext,
  token: string,
  restored: boolean,
): Promise<void> {
  ctx.auth.token = token;
  ctx.auth.generation += 1;
  if (!restored) await ctx.sessionStore.saveToken(token);
  ctx.store.dispatch({
    at: ctx.services.clock.now(),
    kind: 'reply',
    name: 'session.login',
    body: { restored },
  });
  ctx.socket.login();
}

/** Fetch /api/user/info and log it, unless the session changed meanwhile. */
export async function refreshUserInfo(ctx: EngineContext): Promise<UserBody | null> {
  if (ctx.auth.token === null) return null;
  const generation = ctx.auth.generation;
  const reply = await ctx.rest.get('/api/user/info');
  if (!reply.ok || generation !== ctx.auth.generation) return null;
  const at = ctx.services.clock.now();
  const parsed = parseEdge(userInfoReply, reply.message, 'reply:/api/user/info', at);
  if (!parsed.ok) {
    ctx.store.dispatch(parsed.event);
    return null;
  }
  ctx.store.dispatch({ at, kind: 'reply', name: 'session.info', body: parsed.value });
  return parsed.value;
}

/** The server answered 999: forget the token, tell the page, rejoin the socket as a visitor. */
export function expireSession(ctx: EngineContext): void {
  const hadToken = ctx.auth.token !== null;
  ctx.auth.token = null;
  ctx.auth.generation += 1;
  void ctx.sessionStore.clearToken();
  ctx.store.dispatch({
    at: ctx.services.clock.now(),
    kind: 'reply',
    name: 'session.expired',
    body: {},
  });
  if (hadToken) ctx.socket.relogAsVisitor();
}

export async function logout(ctx: EngineContext): Promise<void> {
  const hadToken = ctx.auth.token !== null;
  ctx.auth.token = null;
  ctx.auth.generation += 1;
  await ctx.sessionStore.clearToken();
  ctx.store.dispatch({
    at: ctx.services.clock.now(),
    kind: 'command',
    name: 'session.logout',
    body: {},
  });
  if (hadToken) ctx.socket.relogAsVisitor();
}
