// Market REST: quotation_new (quotations.ts), new_timeshar (alias kline_market), server/time.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReplyOut } from '../../src/shared/wire/call.ts';
import { klineHistory, klineMarket, quotation, serverTime } from '../../src/shared/wire/market.ts';
import type { AppContext } from '../context.ts';
import { input, langOf } from '../http/envelope.ts';
import { checkReply, route } from '../http/wire-route.ts';
import { t } from '../i18n/messages.ts';
import { toServerPeriod } from './candles.ts';
import { quotations } from './quotations.ts';
import type { PairSpec } from './simulator.ts';
import { klineBar, symbolOf } from './wire-format.ts';

export const KLINE_MAX_BARS = 1500;

export function registerMarketRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, quotation, () => quotations(ctx));
  // by hand: a refused field answers the kline's own `{code: -1, msg}`, not the envelope
  for (const c of [klineHistory, klineMarket]) {
    const kline = (req: FastifyRequest, reply: FastifyReply) => klineBars(ctx, c, req, reply);
    app.get(c.path, kline);
    app.post(c.path, kline);
  }
  route(app, ctx, serverTime, () => ctx.config.now());
}

function klineBars(
  ctx: AppContext,
  c: typeof klineHistory,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const lang = langOf(req);
  const send = (body: ReplyOut<typeof klineHistory>) => {
    if (ctx.config.checkReplies) checkReply(ctx, c, body);
    return reply.send(body);
  };
  const fail = (id: (typeof c.errors)[number], values: Record<string, string> = {}) =>
    send({ code: -1, msg: t(lang, id, values), data: [] });
  const parsed = c.request.safeParse(input(req));
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.map(String).join('.') ?? '';
    return fail('error.fieldInvalid', { field });
  }
  const q = parsed.data;
  const period = toServerPeriod(q.period);
  if (period === null) return fail('market.periodUnknown', { period: q.period });
  const pair = findPair(ctx, q.symbol);
  if (pair === null) return fail('market.symbolUnknown', { symbol: q.symbol });
  const now = Math.floor(ctx.config.now() / 1000);
  const to = Math.min(q.to ?? now, now);
  const from = Math.max(0, q.from ?? 0);
  if (from > to) return fail('market.rangeInvalid');
  const bars = ctx.market.history(pair.matchId, period, from, to).slice(-KLINE_MAX_BARS);
  return send({
    code: 1,
    msg: 'success',
    data: bars.map((b) => klineBar(pair, q.period, b)),
  });
}

/** "BTC/USDT", "btc/usdt", "BTC-USDT" or "btcusdt". */
function findPair(ctx: AppContext, symbol: string): PairSpec | null {
  const key = symbol.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return ctx.market.pairs().find((p) => symbolOf(p).replace('/', '') === key) ?? null;
}
