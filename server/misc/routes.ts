// area_code, custorm, qrcode and env.json (the development outbox is in dev-routes.ts).
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { AREA_CODES } from '../accounts/area-codes.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';

export const QR_TEXT_MAX = 1000;
const qrQuery = z.object({ text: z.string().min(1).max(QR_TEXT_MAX) });

export function registerMiscRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/area_code', () => ok(AREA_CODES));
  app.get('/api/custorm', () => ok(ctx.config.customerServiceUrl));
  // socket.io shares the HTTP port (path /wss/socket.io/): report the port actually bound.
  app.get('/api/env.json', () => ({ socket_io_port: boundPort(app, ctx), login_need_smscode: 0 }));

  app.get('/api/qrcode', async (req, reply) => {
    const parsed = qrQuery.safeParse(req.query);
    if (!parsed.success) throw new ApiError('qrcode.textInvalid', { max: QR_TEXT_MAX });
    const png = await QRCode.toBuffer(parsed.data.text, { type: 'png', margin: 1, width: 256 });
    return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(png);
  });
}

function boundPort(app: FastifyInstance, ctx: AppContext): number {
  const address = app.server.address();
  return typeof address === 'object' && address !== null ? address.port : ctx.config.port;
}
