// Spot REST (api-contract §3.3, §7; docs/api-extensions.md "Spot (issue 3)"): orders, cancel,
// the user's lists, the deal panel, recent trades, currency detail and the coin lists.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Decimal } from '../../src/shared/decimal.ts';
import { validateSpotOrder } from '../../src/shared/spot.ts';
import type { SpotSide } from '../../src/shared/spot.ts';
import type {
  CoinListItem,
  CurrencyDetail,
  EntrustRow,
  HistoryRow,
  PagedList,
  SpotDeal,
  SpotFill,
  TradeHistoryItem,
} from '../../src/shared/wire.ts';
import { userIdOfToken } from '../accounts/tokens.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf } from '../http/amounts.ts';
import { langOf, ok, parse, text } from '../http/envelope.ts';
import { hasMessage, t } from '../i18n/messages.ts';
import type { PairSpec } from '../market/simulator.ts';
import { changeOf, symbolOf } from '../market/wire-format.ts';
import { DEAL_LEVELS, marketTrade, spotLevels } from './spot-publisher.ts';
import { orderHistory } from './order-history.ts';
import type { SpotService } from './spot-service.ts';
import { fromUnits } from './units.ts';
import { formatTime } from '../http/format.ts';
import { offsetOf, paged as pagedList, pageNumber } from '../http/paging.ts';

export const PAGE_SIZE = 10;
export const DEAL_FILLS = 15;
export const TRADE_HISTORY = 30;
/** Indicative USDT → CNY rate for `cny_price` (no live FX source; see ADR 0006). */
export const USDT_CNY = '7.2';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const page = pageNumber;

const orderBody = z.object({
  legal_id: id,
  currency_id: id,
  mode: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(2),
  price: text(60).optional(),
  num: text(60).optional(),
  client_id: text(64).pipe(z.string().min(1)).optional(),
});

const listBody = z.object({
  page,
  currency_id: id.optional(),
  legal_id: id.optional(),
});

const delBody = z.object({
  id,
  type: z.enum(['in', 'out']).optional(),
});

const pairBody = z.object({ legal_id: id, currency_id: id });

export function registerSpotRoutes(app: FastifyInstance, ctx: AppContext, spot: SpotService): void {
  const place = (side: SpotSide) => async (req: FastifyRequest) => {
    const userId = await requireUser(ctx, req);
    const b = parse(orderBody, req);
    const errors = validateSpotOrder({ side, mode: b.mode, price: b.price, number: b.num });
    const first = errors.price ?? errors.number;
    if (first !== undefined) throw new ApiError(first);
    const pair = spot.pairByIds(b.legal_id, b.currency_id);
    if (pair === null || !(await spotOpen(ctx, pair.matchId)))
      throw new ApiError('spot.pairClosed');
    const num = amountOf(b.num, 'validation.spot.numberRequired');
    const price = b.mode === 2 ? amountOf(b.price, 'validation.spot.priceRequired') : null;
    const reply = await spot.place({
      userId,
      matchId: pair.matchId,
      side: side,
      mode: b.mode,
      price,
      num,
      clientId: b.client_id ?? null,
    });
    return { type: reply.type, message: t(langOf(req), reply.id, reply.values) };
  };
  app.post('/api/transaction/in', place('buy'));
  app.post('/api/transaction/out', place('sell'));

  app.post('/api/transaction_del', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(delBody, req);
    const side = b.type === undefined ? null : b.type === 'in' ? 'buy' : 'sell';
    const reply = await spot.cancel(userId, b.id, side);
    return { type: reply.type, message: t(langOf(req), reply.id, reply.values) };
  });

  app.all('/api/transaction_in', async (req) => ok(await entrust(ctx, spot, req, 'in')));
  app.all('/api/transaction_out', async (req) => ok(await entrust(ctx, spot, req, 'out')));
  app.all('/api/transaction_complete', async (req) => ok(await history(ctx, spot, req)));
  app.all('/api/transaction_history', async (req) => ok(await orderHistory(ctx, req)));
  app.all('/api/transaction/deal', async (req) => ok(await deal(ctx, spot, req)));

  app.get('/api/currency/new_tradehistory', (req) => {
    const b = parse(pairBody, req);
    const pair = spot.pairByIds(b.legal_id, b.currency_id);
    if (pair === null) throw new ApiError('spot.pairClosed');
    const items: TradeHistoryItem[] = spot
      .recentTrades(pair.matchId)
      .slice(-TRADE_HISTORY)
      .reverse()
      .map((tr) => {
        const m = marketTrade(pair, tr);
        return {
          id: m.id,
          price: m.price,
          amount: m.amount,
          direction: m.direction,
          ts: m.ts,
          time: m.time,
        };
      });
    return ok(items);
  });

  app.all('/api/currency/detail', async (req) => {
    const b = parse(z.object({ id }), req);
    const rows = await ctx.db.query<{
      id: number;
      name: string;
      full_name: string;
      description: string;
    }>('SELECT id, name, full_name, description FROM currencies WHERE id = $1', [b.id]);
    const r = rows[0];
    if (r === undefined) throw new ApiError('currency.notFound');
    // A listed currency's description comes in the reader's language from the server
    // catalogues; a currency they do not describe keeps the text stored with it.
    const key = `currency.description.${r.name}`;
    const detail: CurrencyDetail = {
      id: r.id,
      name: r.name,
      full_name: r.full_name,
      desc: hasMessage(key) ? t(langOf(req), key) : r.description,
    };
    return ok(detail);
  });

  const coins = () => ok({ coin_list: coinList(ctx, spot) });
  app.all('/api/quotation', coins);
  app.all('/api/quotation_new', coins);
}

function paged<T>(list: T[], pageNo: number, total: number): PagedList<T> {
  return pagedList(list, pageNo, total, PAGE_SIZE);
}

interface EntrustDbRow {
  id: number;
  side: string;
  legal_id: number;
  currency_id: number;
  legal_name: string;
  currency_name: string;
  price: string;
  number: string;
  total_number: string;
  mode: number;
  created_at: Date | string;
}

/** The back office can close spot trading on a pair (`open_transaction = 0`). */
async function spotOpen(ctx: AppContext, matchId: number): Promise<boolean> {
  const rows = await ctx.db.query<{ open_transaction: number }>(
    'SELECT open_transaction FROM currency_matches WHERE id = $1',
    [matchId],
  );
  return rows[0]?.open_transaction === 1;
}

async function entrust(
  ctx: AppContext,
  spot: SpotService,
  req: FastifyRequest,
  side: 'in' | 'out',
): Promise<PagedList<EntrustRow>> {
  const userId = await requireUser(ctx, req);
  const b = parse(listBody, req);
  const where = `o.user_id = $1 AND o.side = $2 AND o.status = 0
    AND ($3::int IS NULL OR o.currency_id = $3) AND ($4::int IS NULL OR o.legal_id = $4)`;
  const params = [userId, side, b.currency_id ?? null, b.legal_id ?? null] as const;
  const count = await ctx.db.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM spot_orders o WHERE ${where}`,
    params,
  );
  const rows = await ctx.db.query<EntrustDbRow & Record<string, unknown>>(
    `SELECT o.id, o.side, o.legal_id, o.currency_id, l.name AS legal_name, c.name AS currency_name,
            o.price, o.number, o.total_number, o.mode, o.created_at
     FROM spot_orders o JOIN currencies l ON l.id = o.legal_id JOIN currencies c ON c.id = o.currency_id
     WHERE ${where} ORDER BY o.id DESC LIMIT ${PAGE_SIZE} OFFSET ${offsetOf(b.page, PAGE_SIZE)}`,
    params,
  );
  const list = rows.map((r): EntrustRow => {
    const pair = spot.pairByIds(r.legal_id, r.currency_id);
    const pp = pair?.pricePrecision ?? 8;
    const ap = pair?.amountPrecision ?? 8;
    const price = new Decimal(r.price);
    const number = new Decimal(r.number);
    const total = new Decimal(r.total_number);
    return {
      id: r.id,
      type: r.side === 'in' ? 'in' : 'out',
      legal_id: r.legal_id,
      currency_id: r.currency_id,
      legal_name: r.legal_name,
      currency_name: r.currency_name,
      price: price.toFixed(pp),
      number: number.toFixed(ap),
      total_number: total.toFixed(ap),
      complete_number: total.minus(number).toFixed(ap),
      total_money: price.times(number).toFixed(pp + ap),
      mode: r.mode,
      create_time: formatTime(new Date(r.created_at)),
    };
  });
  return paged(list, b.page, count[0]?.n ?? 0);
}

interface FillDbRow {
  id: number;
  user_id: number;
  from_user_id: number;
  way: number;
  legal: number;
  currency: number;
  legal_name: string;
  currency_name: string;
  price: string;
  number: string;
  taker_fee: string;
  maker_fee: string;
  create_time: number;
}

async function history(
  ctx: AppContext,
  spot: SpotService,
  req: FastifyRequest,
): Promise<PagedList<HistoryRow>> {
  const userId = await requireUser(ctx, req);
  const b = parse(listBody, req);
  const where = `(f.user_id = $1 OR f.from_user_id = $1)
    AND ($2::int IS NULL OR f.currency = $2) AND ($3::int IS NULL OR f.legal = $3)`;
  const params = [userId, b.currency_id ?? null, b.legal_id ?? null] as const;
  const count = await ctx.db.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM transaction_complete f WHERE ${where}`,
    params,
  );
  const rows = await ctx.db.query<FillDbRow & Record<string, unknown>>(
    `SELECT f.id, f.user_id, f.from_user_id, f.way, f.legal, f.currency, l.name AS legal_name,
            c.name AS currency_name, f.price, f.number, f.taker_fee, f.maker_fee, f.create_time
     FROM transaction_complete f JOIN currencies l ON l.id = f.legal JOIN currencies c ON c.id = f.currency
     WHERE ${where} ORDER BY f.id DESC LIMIT ${PAGE_SIZE} OFFSET ${offsetOf(b.page, PAGE_SIZE)}`,
    params,
  );
  const list = rows.map((r): HistoryRow => {
    const pair = spot.pairByIds(r.legal, r.currency);
    const pp = pair?.pricePrecision ?? 8;
    const ap = pair?.amountPrecision ?? 8;
    // `way` is stored for the taker; the maker traded the other way.
    const takerBuys = r.way === 2;
    const isTaker = r.user_id === userId;
    const buys = isTaker ? takerBuys : !takerBuys;
    const fee = new Decimal(isTaker ? r.taker_fee : r.maker_fee);
    return {
      id: r.id,
      way: buys ? 2 : 1,
      type: buys ? 'in' : 'out',
      legal_id: r.legal,
      currency_id: r.currency,
      legal_name: r.legal_name,
      currency_name: r.currency_name,
      price: new Decimal(r.price).toFixed(pp),
      number: new Decimal(r.number).toFixed(ap),
      in_fee: buys ? fee.toFixed() : '0',
      out_fee: buys ? '0' : fee.toFixed(),
      time: formatTime(new Date(r.create_time * 1000)),
      create_time: r.create_time,
    };
  });
  return paged(list, b.page, count[0]?.n ?? 0);
}

async function deal(ctx: AppContext, spot: SpotService, req: FastifyRequest): Promise<SpotDeal> {
  const b = parse(pairBody, req);
  const pair = spot.pairByIds(b.legal_id, b.currency_id);
  if (pair === null) throw new ApiError('spot.pairClosed');
  const userId = await userIdOfToken(ctx.db, req.headers.authorization, ctx.config.now());
  let userLegal = '0';
  let userCurrency = '0';
  if (userId !== null) {
    const rows = await ctx.db.query<{ currency_id: number; change_balance: string }>(
      'SELECT currency_id, change_balance FROM users_wallet WHERE user_id = $1 AND currency_id IN ($2, $3)',
      [userId, pair.legalId, pair.currencyId],
    );
    for (const r of rows) {
      const v = new Decimal(r.change_balance).toFixed();
      if (r.currency_id === pair.legalId) userLegal = v;
      else userCurrency = v;
    }
  }
  const last = spot.lastPrice(pair.matchId);
  const lastPrice = last === null ? '0' : fromUnits(last, pair.pricePrecision);
  const complete: SpotFill[] = spot
    .recentTrades(pair.matchId)
    .slice(-DEAL_FILLS)
    .reverse()
    .map((tr) => ({
      id: tr.id,
      price: fromUnits(tr.price, pair.pricePrecision),
      number: fromUnits(tr.qty, pair.amountPrecision),
      way: tr.takerSide === 'buy' ? 2 : 1,
      time: formatTime(new Date(tr.ts)),
      create_time: Math.floor(tr.ts / 1000),
    }));
  return {
    in: spotLevels(spot, pair, 'buy', DEAL_LEVELS),
    out: spotLevels(spot, pair, 'sell', DEAL_LEVELS),
    last_price: lastPrice,
    cny_price: pair.legalName === 'USDT' ? new Decimal(lastPrice).times(USDT_CNY).toFixed(2) : '0',
    user_legal: userLegal,
    user_currency: userCurrency,
    complete,
  };
}

function coinList(ctx: AppContext, spot: SpotService): CoinListItem[] {
  const now = ctx.config.now();
  return spot.pairs().map((p: PairSpec) => {
    const day = ctx.market.current(p.matchId, '1day', now);
    const last = spot.lastPrice(p.matchId);
    return {
      id: p.matchId,
      name: p.currencyName,
      symbol: symbolOf(p),
      type: p.legalName,
      last_price: last === null ? '0' : fromUnits(last, p.pricePrecision),
      proportion: day === null ? '0.00' : changeOf(p, day),
      legal_id: p.legalId,
      currency_id: p.currencyId,
      legal_name: p.legalName,
      currency_name: p.currencyName,
    };
  });
}
