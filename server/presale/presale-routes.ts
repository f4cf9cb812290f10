// The token pre-sale (GET /api/iepn; wallet-account-earn.md "Pre-sale page"; docs/api-extensions.md
// "Pre-sale"): the operator's settings, with `sy` (remaining) = total − issued. Buying is not
// done here: the page sends the user to customer service, as the spec says. The project's
// website and white paper are links the operator sets (ADR 0025); by default the platform's
// home page and the summary GET /api/iepn/whitepaper writes in the reader's language.
import type { FastifyInstance } from 'fastify';
import { presale, presaleWhitepaper } from '../../src/shared/wire/presale.ts';
import type { AppContext } from '../context.ts';
import { langOf } from '../http/envelope.ts';
import { route } from '../http/wire-route.ts';
import { presaleOf } from './presale.ts';
import { WHITEPAPER_CSP, whitepaperHtml } from './whitepaper.ts';

export function registerPresaleRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, presale, ({ req }) => presaleOf(ctx.db, langOf(req)));
  app.get(presaleWhitepaper.path, async (req, reply) => {
    const lang = langOf(req);
    const html = whitepaperHtml(await presaleOf(ctx.db, lang), lang, ctx.config.now());
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', WHITEPAPER_CSP)
      .send(html);
  });
}
