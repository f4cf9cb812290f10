// socket.io at /wss/socket.io/: `login` with a token joins the user's private room
// (`user:<id>`); the legacy bare user id is accepted for public data only. Market pushes are
// broadcast by market/publisher.ts through `broadcast`.
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io';
import { userIdOfToken } from '../accounts/tokens.ts';
import type { AppContext } from '../context.ts';
import { t } from '../i18n/messages.ts';
import { toLang } from '../../src/shared/locales.ts';

export const SOCKET_PATH = '/wss/socket.io/';
export const userRoom = (id: number): string => `user:${id}`;

type Ack = (reply: { type: 'ok' | 'error'; message: string }) => void;

export function createSocketHub(http: HttpServer, ctx: AppContext): Server {
  const io = new Server(http, { path: SOCKET_PATH, serveClient: false, cors: { origin: true } });
  io.on('connection', (socket) => {
    const handshakeToken: unknown = socket.handshake.auth.token;
    if (typeof handshakeToken === 'string')
      void login(ctx, socket, { token: handshakeToken }, null);
    socket.on('login', (payload: unknown, ack?: unknown) => {
      void login(ctx, socket, payload, typeof ack === 'function' ? (ack as Ack) : null);
    });
  });
  return io;
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
    const userId = await userIdOfToken(ctx.db, token, ctx.config.now());
    if (userId === null) {
      ack?.({ type: 'error', message: t(lang, 'auth.loginAgain') });
      return;
    }
    for (const room of socket.rooms) if (room.startsWith('user:')) void socket.leave(room);
    await socket.join(userRoom(userId));
    socket.data.userId = userId;
    ack?.({ type: 'ok', message: t(lang, 'socket.loggedIn') });
  } catch {
    ack?.({ type: 'error', message: t(lang, 'error.internal') });
  }
}

function tokenOf(payload: unknown): string | null {
  if (typeof payload === 'object' && payload !== null && 'token' in payload) {
    const token: unknown = payload.token;
    return typeof token === 'string' ? token : null;
  }
  return null;
}
