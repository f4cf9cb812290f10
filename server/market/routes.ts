// Market REST: quotation_new, new_timeshar (alias kline_market), server/time.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { QuotationGroup, QuotationItem } from '../../src/shared/wire.ts';
import type { AppContext } from '../context.ts';
import { input, langOf, ok } from '../http/envelope.ts';
import { t } from '../i18n/messages.ts';
import { toServerPeriod } from './candles.ts';
import { decStr } from '../../src/shared/decimal.ts';
import type { PairSpec } from './simulator.ts';
import { amount, changeOf, klineBar, price, symbolOf } from './wire-format.ts';

export const KLINE_MAX_BARS = 1500;

export function registerMarketRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.all('/api/currency/quotation_new', async () => ok(await quotations(ctx)));
  const kline = (req: FastifyRequest, reply: FastifyReply) => klineHistory(ctx, req, reply);
  app.all('/api/currency/new_timeshar', kline);
  app.all('/api/currency/kline_market', kline);
  app.get('/api/server/time', () => ok(ctx.config.now()));
}

interface GroupRow {
  id: number;
  name: string;
  logo: string;
  is_legal: number;
  is_display: number;
}

interface MatchRow {
  id: number;
  legal_id: number;
  currency_id: number;
  is_display: number;
  open_transaction: number;
  open_lever: number;
  open_microtrade: number;
  lever_share_num: string;
  spread: string;
  overnight: string;
  lever_trade_fee: string;
  lever_min_share: string;
  lever_max_share: string;
  micro_trade_fee: string;
  sort: number;
  logo: string;
}

async function quotations(ctx: AppContext): Promise<QuotationGroup[]> {
  const groups = await ctx.db.query<GroupRow & Record<string, unknown>>(
    `SELECT id, name, logo, is_legal, is_display FROM currencies
     WHERE is_legal = 1 AND is_display = 1 ORDER BY sort, id`,
  );
  const matches = await ctx.db.query<MatchRow & Record<string, unknown>>(
    `SELECT m.id, m.legal_id, m.currency_id, m.is_display, m.open_transaction, m.open_lever,
            m.open_microtrade, m.lever_share_num, m.spread, m.overnight, m.lever_trade_fee,
            m.lever_min_share, m.lever_max_share, m.micro_trade_fee, m.sort, c.logo
     FROM currency_matches m JOIN currencies c ON c.id = m.currency_id
     WHERE m.is_display = 1 ORDER BY m.sort, m.id`,
  );
  const now = ctx.config.now();
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    logo: g.logo,
    is_legal: g.is_legal,
    is_display: g.is_display,
    quotation: matches
      .filter((m) => m.legal_id === g.id)
      .flatMap((m) => {
        const pair = ctx.market.pair(m.id);
        return pair === null ? [] : [quotationItem(ctx, pair, m, now)];
      }),
  }));
}

/** A QuotationItem plus the other currency_matches columns the legacy reply carries. */
type QuotationRow = QuotationItem & Record<string, unknown>;

function quotationItem(ctx: AppContext, p: PairSpec, m: MatchRow, now: number): QuotationRow {
  const day = ctx.market.current(p.matchId, '1day', now);
  const last = ctx.market.lastPrice(p.matchId) ?? 0;
  const item: QuotationRow = {
    ...m,
    lever_share_num: canonical(m.lever_share_num),
    spread: canonical(m.spread),
    overnight: canonical(m.overnight),
    lever_trade_fee: canonical(m.lever_trade_fee),
    lever_min_share: canonical(m.lever_min_share),
    lever_max_share: canonical(m.lever_max_share),
    micro_trade_fee: canonical(m.micro_trade_fee),
    legal_name: p.legalName,
    currency_name: p.currencyName,
    market_from_name: 'Bourse',
    now_price: price(p, last),
    change: day === null ? '0.00' : changeOf(p, day),
    high: price(p, day?.h ?? last),
    low: price(p, day?.l ?? last),
    volume: amount(p, day?.v ?? 0),
    price_precision: p.pricePrecision,
    amount_precision: p.amountPrecision,
  };
  return item;
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

/** NUMERIC columns arrive as "0.010000000000000000": send the canonical "0.01". */
function canonical(v: string): string {
  return decStr(v) ?? v;
}
