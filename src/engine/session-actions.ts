// Session side effects around the pure session projection: adopting a token (login or
// restore), fetching user/info, expiry (999), logout. The token stays in memory and in the
// session store; events carry no token.
//
// A 999 ends the session that sent the request, ONCE: the first 999 of a session clears the
// token and logs `session.expired` (the page shows the notice and goes to the login page);
// the other requests of that session answered 999 at the same time, and the calls that go
// out without a token until the page has acknowledged the notice, change nothing. A visitor's
// 999 (a request that needs a login, sent without one) gives the notice once as well.
import type { AuthHolder, EngineContext } from './context.ts';
import { parseEdge } from './ingest/ingest.ts';
import { userInfoReply } from './ingest/schemas.ts';
import type { UserBody } from './events.ts';
import type { SentAs } from './transport/rest.ts';

/** Take a token into use: memory, session store, log `session.login`, socket login. */
export async function adoptToken(
  ctx: EngineContext,
  token: string,
  restored: boolean,
): Promise<void> {
  ctx.auth.token = token;
  nextSession(ctx);
  ctx.auth.expiryShown = false;
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

/**
 * The server answered 999 to a request sent as `sent`. When that request belongs to the
 * session now running (and no notice is up): forget the token, tell the page, rejoin the
 * socket as a visitor. Returns whether it did.
 */
export function expireSession(ctx: EngineContext, sent: SentAs): boolean {
  const { auth } = ctx;
  if (sent.epoch !== auth.epoch || sent.token !== auth.token || auth.expiryShown) return false;
  const hadToken = auth.token !== null;
  auth.token = null;
  auth.expiryShown = true;
  nextSession(ctx);
  void ctx.sessionStore.clearToken();
  ctx.store.dispatch({
    at: ctx.services.clock.now(),
    kind: 'reply',
    name: 'session.expired',
    body: {},
  });
  if (hadToken) ctx.socket.relogAsVisitor();
  return true;
}

/** The page has shown the expiry notice: 999s of requests sent before now change nothing. */
export function acknowledgeExpiry(auth: AuthHolder): void {
  auth.expiryShown = false;
  auth.epoch += 1;
}

export async function logout(ctx: EngineContext): Promise<void> {
  const hadToken = ctx.auth.token !== null;
  ctx.auth.token = null;
  nextSession(ctx);
  await ctx.sessionStore.clearToken();
  ctx.store.dispatch({
    at: ctx.services.clock.now(),
    kind: 'command',
    name: 'session.logout',
    body: {},
  });
  if (hadToken) ctx.socket.relogAsVisitor();
}

function nextSession(ctx: EngineContext): void {
  ctx.auth.generation += 1;
  ctx.auth.epoch += 1;
}
