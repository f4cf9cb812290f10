// Market REST: quotation_new (quotations.ts), new_timeshar (alias kline_market), server/time.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { input, langOf, ok } from '../http/envelope.ts';
import { t } from '../i18n/messages.ts';
import { toServerPeriod } from './candles.ts';
import { quotations } from './quotations.ts';
import type { PairSpec } from './simulator.ts';
import { klineBar, symbolOf } from './wire-format.ts';

export const KLINE_MAX_BARS = 1500;

export function registerMarketRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.all('/api/currency/quotation_new', async () => ok(await quotations(ctx)));
  const kline = (req: FastifyRequest, reply: FastifyReply) => klineHistory(ctx, req, reply);
  app.all('/api/currency/new_timeshar', kline);
  app.all('/api/currency/kline_market', kline);
  app.get('/api/server/time', () => ok(ctx.config.now()));
}

const klineQuery = z.object({
  symbol: z.string().trim().min(1).max(40),
  period: z.string().trim().min(1).max(10),
  // A `from` before the epoch (1,000 monthly bars back) means "from the start": clamped, not refused.
  from: z.coerce.number().int().min(-1e12).optional(),
  to: z.coerce.number().int().nonnegative().optional(),
});

function klineHistory(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  const lang = langOf(req);
  const fail = (id: string, values: Record<string, string> = {}) =>
    reply.send({ code: -1, msg: t(lang, id, values), data: [] });
  const parsed = klineQuery.safeParse(input(req));
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
  return reply.send({
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
