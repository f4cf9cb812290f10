// The development calls (ADR 0020), registered only when `config.devRoutes` is on (DEV_ROUTES=1
// or --dev-routes, as `npm run dev` and the test servers start; never in production), and even
// then answered only to the loopback address or the operator token:
// - GET /api/dev/outbox?to=: the messages the development code sender delivered to `to`;
// - POST /api/dev/market?running=0|1: stops or restarts the simulator, the makers, the pushes
//   and the periodic jobs that follow prices, so a page holds still (issue 5's recording); the
//   notifications, c2c deal expiry and lock-up interest go on, and so do the tickers, unchanged
//   once a second (a quiet market, not a dead server: the client's watchdog reconnects a socket
//   whose market went silent);
// - POST /api/dev/steer?match=&price=: moves a pair's market to `price` (ADR 0053): its fair value
//   is set there and its simulated taker and makers trade and requote until the last trade is
//   near it, so a test reaches a conditional order's trigger as a user's market would; a price
//   with more decimals than the pair's, outside half to twice the fair value, or on a pair the
//   simulator does not run, is refused;
// - POST /api/dev/drop-sockets: closes every socket.io connection, so clients reconnect; with
//   `?user=<account>`, only that user's sockets (a test that drops its own user's sockets
//   leaves the users of the tests running beside it connected).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Server } from 'socket.io';
import { z } from 'zod';
import { isAdmin } from '../http/admin-auth.ts';
import { DevCodeSender } from '../accounts/code-sender.ts';
import { findUser } from '../accounts/users.ts';
import type { AppContext } from '../context.ts';
import type { Decimal } from '../../src/shared/decimal.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf } from '../http/amounts.ts';
import { ok, parse, text } from '../http/envelope.ts';
import { userRoom } from '../socket/hub.ts';

/** What the market switch and the socket drop act on; filled once the server listens. */
export interface DevHub {
  io: Server | null;
  market: {
    start(): void;
    stop(): void;
    /** The market makers' price control (MarketMakers.steer); null without a simulator. */
    steer: ((matchId: number, price: Decimal) => Promise<string | null>) | null;
  } | null;
}

const outboxQuery = z.object({ to: text() });
const dropQuery = z.object({ user: text().optional() });
const steerQuery = z.object({ match: z.coerce.number().int().positive(), price: text() });

/** Registers the calls when `config.devRoutes` is on (and never in production). */
export function registerDevRoutes(app: FastifyInstance, ctx: AppContext, hub: DevHub): void {
  if (!ctx.config.devRoutes || ctx.config.production) return;
  const onlyHereOrOperator = async (req: FastifyRequest): Promise<void> => {
    if (!isLoopback(req.socket.remoteAddress) && !isAdmin(ctx, req))
      throw new ApiError('dev.forbidden');
  };
  const sender = ctx.sender;
  if (sender instanceof DevCodeSender) {
    app.get('/api/dev/outbox', { preHandler: onlyHereOrOperator }, (req) => {
      const q = parse(outboxQuery, req);
      return ok(sender.messagesTo(q.to));
    });
  }
  app.post('/api/dev/market', { preHandler: onlyHereOrOperator }, (req) => {
    const running = (req.query as { running?: string }).running !== '0';
    if (running) hub.market?.start();
    else hub.market?.stop();
    return ok({ running });
  });
  app.post('/api/dev/steer', { preHandler: onlyHereOrOperator }, async (req) => {
    const q = parse(steerQuery, req);
    const price = amountOf(q.price, 'dev.steerRefused');
    const last = await hub.market?.steer?.(q.match, price);
    if (last === null || last === undefined) throw new ApiError('dev.steerRefused');
    return ok({ last });
  });
  app.post('/api/dev/drop-sockets', { preHandler: onlyHereOrOperator }, async (req) => {
    const q = parse(dropQuery, req);
    const io = hub.io;
    if (io === null) return ok({ dropped: 0 });
    if (q.user === undefined) {
      const count = io.sockets.sockets.size;
      io.disconnectSockets(true);
      return ok({ dropped: count });
    }
    const user = await findUser(ctx.db, q.user);
    if (user === null) return ok({ dropped: 0 });
    const room = io.in(userRoom(user.id));
    const count = (await room.fetchSockets()).length;
    room.disconnectSockets(true);
    return ok({ dropped: count });
  });
}

/**
 * The peer address is this machine: 127.0.0.0/8, ::1 or an IPv4-mapped 127.x. Only the
 * socket's address counts (X-Forwarded-For is whatever the sender wrote).
 */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
