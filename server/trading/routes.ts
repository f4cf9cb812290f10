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
  SpotDeal,
  SpotFill,
  TradeHistoryItem,
} from '../../src/shared/wire.ts';
import type { AppContext } from '../context.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
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
import { pageNumber } from '../http/paging.ts';
import { currencyRow, fills, openOrders, pairBalances } from './spot-views.ts';

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
    if (pair === null) throw new ApiError('spot.pairClosed');
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

  const mine = async (req: FastifyRequest) => ({
    userId: await requireUser(ctx, req),
    filter: parse(listBody, req),
  });
  app.all('/api/transaction_in', async (req) => {
    const { userId, filter } = await mine(req);
    return ok(await openOrders(ctx.db, spot, userId, 'in', filter));
  });
  app.all('/api/transaction_out', async (req) => {
    const { userId, filter } = await mine(req);
    return ok(await openOrders(ctx.db, spot, userId, 'out', filter));
  });
  app.all('/api/transaction_complete', async (req) => {
    const { userId, filter } = await mine(req);
    return ok(await fills(ctx.db, spot, userId, filter));
  });
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
    const r = await currencyRow(ctx.db, parse(z.object({ id }), req).id);
    if (r === null) throw new ApiError('currency.notFound');
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

async function deal(ctx: AppContext, spot: SpotService, req: FastifyRequest): Promise<SpotDeal> {
  const b = parse(pairBody, req);
  const pair = spot.pairByIds(b.legal_id, b.currency_id);
  if (pair === null) throw new ApiError('spot.pairClosed');
  const userId = await optionalUser(ctx, req);
  const balances =
    userId === null
      ? { legal: '0', currency: '0' }
      : await pairBalances(ctx.db, userId, pair.legalId, pair.currencyId);
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
    user_legal: balances.legal,
    user_currency: balances.currency,
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
