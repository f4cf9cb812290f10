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
import * as accounts from '../shared/wire/accounts.ts';
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
    body: { restored, tag: sessionTag(token) },
  });
  ctx.socket.login();
}

/**
 * A short one-way tag of a token (cyrb53, 53 bits, base 36): it tells whether a view held from
 * an earlier page session was fetched with the token now taken into use, i.e. belongs to this
 * login. It is logged in `session.login`; the token itself never is, and cannot be read back from
 * 53 bits of a hash of it.
 */
export function sessionTag(token: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < token.length; i += 1) {
    const c = token.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** Fetch /api/user/info and log it, unless the session changed meanwhile. */
export async function refreshUserInfo(ctx: EngineContext): Promise<UserBody | null> {
  if (ctx.auth.token === null) return null;
  const generation = ctx.auth.generation;
  const reply = await ctx.rest.get(accounts.userInfo.path);
  if (!reply.ok || generation !== ctx.auth.generation) return null;
  const at = ctx.services.clock.now();
  const parsed = parseEdge(userInfoReply, reply.message, `reply:${accounts.userInfo.path}`, at);
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

/** How long a logout waits for the server to end its token (offline: it ends locally anyway). */
export const LOGOUT_WAIT_MS = 3_000;

/**
 * Logs out: the server ends this token (ADR 0042; the request goes out with the token before
 * it is forgotten here), the token is forgotten, and `session.logout` starts a new partition
 * of the log (`replay/partition.ts`): no report or replay made after it holds this login's
 * events.
 */
export async function logout(ctx: EngineContext): Promise<void> {
  const hadToken = ctx.auth.token !== null;
  // `post` reads the token as it is called, before the token is cleared below
  const ended = hadToken ? ctx.rest.post(accounts.logout.path) : null;
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
  if (ended !== null) await withinLogoutWait(ctx, ended);
}

async function withinLogoutWait(ctx: EngineContext, ended: Promise<unknown>): Promise<void> {
  let timer: ReturnType<EngineContext['services']['timers']['setTimeout']> | null = null;
  const gaveUp = new Promise<void>((resolve) => {
    timer = ctx.services.timers.setTimeout(resolve, LOGOUT_WAIT_MS);
  });
  await Promise.race([ended.then(() => undefined), gaveUp]);
  if (timer !== null) ctx.services.timers.clearTimeout(timer);
}

function nextSession(ctx: EngineContext): void {
  ctx.auth.generation += 1;
  ctx.auth.epoch += 1;
}
