// socket.io at /wss/socket.io/: `login` with a token joins the user's private room
// (`user:<id>`); the legacy bare user id is accepted for public data only. Market pushes go to
// the public room (`PUBLIC_ROOM`: market/publisher.ts, trading/spot-publisher.ts), which a socket
// joins once its session has shown it is alive; sessions per address are capped and idle
// polling sessions dropped (session-guard.ts, ADR 0043).
//
// A private room is held only while its token lives: `login` with a missing, unknown or expired
// token answers the refusal `{type: "error", message}` and joins nothing, and the session sweep
// (every 30 s, `dropStaleSessions`) takes sockets out of their room once their token expired;
// a session ended on purpose (a logout, the account page of another device, a new password)
// takes its sockets out at once (`Notifier.sessionsEnded`).
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io';
import { sha256 } from '../accounts/tokens.ts';
import type { AppContext } from '../context.ts';
import { SOCKET_HEADERS } from '../http/security-headers.ts';
import { t } from '../i18n/messages.ts';
import { toLang } from '../../src/shared/locales.ts';
import { SessionGuard, whenAlive } from './session-guard.ts';
import { useClusterAdapter } from './cluster-adapter.ts';

export const SOCKET_PATH = '/wss/socket.io/';
export const userRoom = (id: number): string => `user:${id}`;
/** Every socket whose session has shown it is alive: where public pushes are broadcast. */
export const PUBLIC_ROOM = 'public';
export const SESSION_SWEEP_MS = 30_000;

type Ack = (reply: { type: 'ok' | 'error'; message: string }) => void;

/** What a logged-in socket remembers: its user and the hash of the token it showed. */
interface SocketSession {
  userId?: number;
  tokenHash?: string;
}

/** Each hub's session guard, whose idle sweep `startSessionSweep` runs. */
const guards = new WeakMap<Server, SessionGuard>();

export function createSocketHub(http: HttpServer, ctx: AppContext): Server {
  const guard = new SessionGuard(ctx.config.sockets);
  // allowEIO3: socket.io 2.x clients (Engine.IO 3, the legacy Vue client) connect as well as
  // 4.x ones (api-contract decision 11). connectTimeout: a 4.x session that never connects a
  // namespace is closed after twice the idle limit (a 2.x one is connected to "/" at its
  // handshake). Not sooner: socket.io closes it gently, by a packet the next poll would carry,
  // and an abandoned polling session is the guard's to discard at the idle limit.
  const io = new Server(http, {
    path: SOCKET_PATH,
    serveClient: false,
    cors: { origin: true },
    allowEIO3: true,
    allowRequest: guard.allowRequest,
    connectTimeout: 2 * ctx.config.sockets.idleMs,
  });
  guards.set(io, guard);
  // several processes over one PostgreSQL: a push reaches its room on every one (ADR 0070)
  if (ctx.db.kind === 'postgres' && ctx.config.databaseUrl !== null)
    useClusterAdapter(io, ctx.config.databaseUrl, ctx.config.log);
  io.engine.on('headers', (headers: Record<string, string>) => {
    Object.assign(headers, SOCKET_HEADERS);
  });
  io.engine.on('connection', guard.track);
  io.on('connection', (socket) => {
    whenAlive(socket, () => void socket.join(PUBLIC_ROOM));
    const handshakeToken: unknown = socket.handshake.auth.token;
    if (typeof handshakeToken === 'string')
      void login(ctx, socket, { token: handshakeToken }, null);
    socket.on('login', (payload: unknown, ack?: unknown) => {
      void login(ctx, socket, payload, typeof ack === 'function' ? (ack as Ack) : null);
    });
  });
  return io;
}

/**
 * Runs `dropStaleSessions` every `everyMs`, and the session guard's idle sweep; returns the
 * stop function.
 */
export function startSessionSweep(io: Server, ctx: AppContext, everyMs = SESSION_SWEEP_MS) {
  const timer = setInterval(() => {
    dropStaleSessions(io, ctx).catch(() => {
      ctx.metrics.internalErrors += 1;
    });
  }, everyMs);
  timer.unref();
  const stopGuard = guards.get(io)?.start();
  return () => {
    clearInterval(timer);
    stopGuard?.();
  };
}

/**
 * Takes every socket whose token no longer lives (expired or ended) out of
 * its user's room (only `onlyUser`'s sockets when given: their sessions just ended). Returns how
 * many sockets were logged out.
 */
export async function dropStaleSessions(
  io: Server,
  ctx: AppContext,
  onlyUser?: number,
): Promise<number> {
  const sockets = [...io.sockets.sockets.values()].filter((s) => {
    const { userId } = sessionOf(s);
    return userId !== undefined && (onlyUser === undefined || userId === onlyUser);
  });
  if (sockets.length === 0) return 0;
  const hashes = [...new Set(sockets.map((s) => sessionOf(s).tokenHash ?? ''))];
  const rows = await ctx.db.query<{ user_id: number; token_hash: string }>(
    `SELECT user_id, token_hash FROM tokens
     WHERE token_hash = ANY(string_to_array($1, ',')) AND expires_at > $2`,
    [hashes.filter((h) => /^[0-9a-f]{64}$/.test(h)).join(','), new Date(ctx.config.now())],
  );
  const live = new Set(rows.map((r) => `${r.user_id}/${r.token_hash}`));
  let dropped = 0;
  for (const socket of sockets) {
    const { userId, tokenHash } = sessionOf(socket);
    if (live.has(`${userId}/${tokenHash}`)) continue;
    logOut(socket);
    dropped += 1;
  }
  return dropped;
}

async function login(ctx: AppContext, socket: Socket, payload: unknown, ack: Ack | null) {
  const lang = toLang(socket.handshake.headers.lang ?? socket.handshake.query.lang);
  const token = tokenOf(payload);
  if (token === null) {
    // Legacy form: a bare user id. Public data only (api-contract decision 3).
    ack?.({ type: 'ok', message: t(lang, 'socket.publicOnly') });
    return;
  }
  try {
    const userId = await ctx.sessions.userOf(token);
    if (userId === null) {
      ack?.({ type: 'error', message: t(lang, 'auth.loginAgain') });
      return;
    }
    logOut(socket);
    await socket.join(userRoom(userId));
    const session: SocketSession = { userId, tokenHash: sha256(token.trim().toLowerCase()) };
    socket.data = session;
    ack?.({ type: 'ok', message: t(lang, 'socket.loggedIn') });
  } catch {
    ctx.metrics.internalErrors += 1;
    ack?.({ type: 'error', message: t(lang, 'error.internal') });
  }
}

function logOut(socket: Socket): void {
  for (const room of socket.rooms) if (room.startsWith('user:')) void socket.leave(room);
  socket.data = {};
}

function sessionOf(socket: Socket): SocketSession {
  const data: unknown = socket.data;
  return typeof data === 'object' && data !== null ? (data as SocketSession) : {};
}

function tokenOf(payload: unknown): string | null {
  if (typeof payload === 'object' && payload !== null && 'token' in payload) {
    const token: unknown = payload.token;
    return typeof token === 'string' ? token : null;
  }
  return null;
}
