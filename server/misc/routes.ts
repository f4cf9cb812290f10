// area_code, custorm, qrcode and env.json, declared in src/shared/wire/misc.ts (the development
// outbox is in dev-routes.ts).
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import {
  QR_TEXT_MAX,
  areaCodes,
  customerService,
  envJson,
  qrCode,
} from '../../src/shared/wire/misc.ts';
import { AREA_CODES } from '../accounts/area-codes.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { route } from '../http/wire-route.ts';

export { QR_TEXT_MAX };

export function registerMiscRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, areaCodes, () => [...AREA_CODES]);
  route(app, ctx, customerService, () => ctx.config.customerServiceUrl);
  // socket.io shares the HTTP port (path /wss/socket.io/): report the port actually bound.
  route(app, ctx, envJson, () => ({ socket_io_port: boundPort(app, ctx), login_need_smscode: 0 }));

  // by hand: the reply is an image, and a refused `text` answers its own message id
  app.get(qrCode.path, async (req, reply) => {
    const parsed = qrCode.request.safeParse(req.query);
    if (!parsed.success) throw new ApiError('qrcode.textInvalid', { max: QR_TEXT_MAX });
    const png = await QRCode.toBuffer(parsed.data.text, { type: 'png', margin: 1, width: 256 });
    return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(png);
  });
}

function boundPort(app: FastifyInstance, ctx: AppContext): number {
  const address = app.server.address();
  return typeof address === 'object' && address !== null ? address.port : ctx.config.port;
}
