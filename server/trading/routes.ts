// Spot REST (api-contract §3.3, §7; docs/api-extensions.md "Spot (issue 3)"): orders, cancel,
// the user's lists, the deal panel, recent trades, currency detail and the coin lists.
import type { FastifyInstance } from 'fastify';
import { Decimal } from '../../src/shared/decimal.ts';
import { validateSpotOrder } from '../../src/shared/spot.ts';
import type { SpotSide } from '../../src/shared/spot.ts';
import type { ReplyOut, RequestIn } from '../../src/shared/wire/call.ts';
import {
  coinList,
  coinListNew,
  currencyDetail,
  spotBuy,
  spotCancel,
  spotDeal,
  spotFills,
  spotOpenBuys,
  spotOpenSells,
  spotOrderHistory,
  spotSell,
  tradeHistory,
} from '../../src/shared/wire/spot.ts';
import { spotAmend } from '../../src/shared/wire/spot-orders.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { amountOf } from '../http/amounts.ts';
import { langOf } from '../http/envelope.ts';
import { route, type CallInput } from '../http/wire-route.ts';
import { hasMessage, t } from '../i18n/messages.ts';
import type { PairSpec } from '../market/simulator.ts';
import { changeOf, symbolOf } from '../market/wire-format.ts';
import { DEAL_LEVELS, marketTrade, spotLevels } from './spot-publisher.ts';
import { orderHistory } from './order-history.ts';
import type { SpotService } from './spot-service.ts';
import { SpotAmend } from './spot-amend.ts';
import { fromUnits } from './units.ts';
import { formatTime } from '../http/format.ts';
import { currencyRow, fills, openOrders, pairBalances } from './spot-views.ts';

export const DEAL_FILLS = 15;
export const TRADE_HISTORY = 30;
/** Indicative USDT → CNY rate for `cny_price` (no live FX source; see ADR 0006). */
export const USDT_CNY = '7.2';

type CoinRow = ReplyOut<typeof coinList>['coin_list'][number];

export function registerSpotRoutes(app: FastifyInstance, ctx: AppContext, spot: SpotService): void {
  const place =
    (side: SpotSide) =>
    async ({ req, userId, body: b }: CallInput<typeof spotBuy>): Promise<string> => {
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
        tif: b.tif,
        postOnly: b.post_only === '1',
      });
      return t(langOf(req), reply.id, reply.values);
    };
  // a placement's reply is always `ok` (a refusal is thrown), a repeated `client_id` answers the first
  route(app, ctx, spotBuy, place('buy'));
  route(app, ctx, spotSell, place('sell'));

  const amender = new SpotAmend(ctx.db, spot, ctx.config.now);
  route(app, ctx, spotAmend, async ({ req, userId, body: b }) => {
    const amended = await amender.amend({
      userId,
      orderId: b.id,
      price:
        b.price === undefined || b.price === ''
          ? null
          : amountOf(b.price, 'validation.spot.priceRequired'),
      num:
        b.num === undefined || b.num === ''
          ? null
          : amountOf(b.num, 'validation.spot.numberRequired'),
    });
    const lang = langOf(req);
    const what = t(lang, amended.reply.id, amended.reply.values);
    const msg = amended.kept
      ? what
      : `${t(lang, 'spot.amend.replaced', { id: amended.id })} ${what}`;
    return { id: amended.id, kept: amended.kept, msg };
  });

  route(app, ctx, spotCancel, async ({ req, userId, body: b }) => {
    const side = b.type === undefined ? null : b.type === 'in' ? 'buy' : 'sell';
    const reply = await spot.cancel(userId, b.id, side);
    return t(langOf(req), reply.id, reply.values);
  });

  route(app, ctx, spotOpenBuys, ({ userId, body }) => openOrders(ctx.db, spot, userId, 'in', body));
  route(app, ctx, spotOpenSells, ({ userId, body }) =>
    openOrders(ctx.db, spot, userId, 'out', body),
  );
  route(app, ctx, spotFills, ({ userId, body }) => fills(ctx.db, spot, userId, body));
  route(app, ctx, spotOrderHistory, ({ userId, body }) => orderHistory(ctx, userId, body));
  route(app, ctx, spotDeal, ({ body, viewer }) => deal(ctx, spot, body, viewer));

  route(app, ctx, tradeHistory, ({ body: b }) => {
    const pair = spot.pairByIds(b.legal_id, b.currency_id);
    if (pair === null) throw new ApiError('spot.pairClosed');
    return spot
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
  });

  route(app, ctx, currencyDetail, async ({ req, body }) => {
    const r = await currencyRow(ctx.db, body.id);
    if (r === null) throw new ApiError('currency.notFound');
    // A listed currency's description comes in the reader's language from the server
    // catalogues; a currency they do not describe keeps the text stored with it.
    const key = `currency.description.${r.name}`;
    return {
      id: r.id,
      name: r.name,
      full_name: r.full_name,
      desc: hasMessage(key) ? t(langOf(req), key) : r.description,
    };
  });

  route(app, ctx, coinList, () => ({ coin_list: coins(ctx, spot) }));
  route(app, ctx, coinListNew, () => ({ coin_list: coins(ctx, spot) }));
}

async function deal(
  ctx: AppContext,
  spot: SpotService,
  b: RequestIn<typeof spotDeal>,
  viewer: () => Promise<number | null>,
): Promise<ReplyOut<typeof spotDeal>> {
  const pair = spot.pairByIds(b.legal_id, b.currency_id);
  if (pair === null) throw new ApiError('spot.pairClosed');
  const userId = await viewer();
  const balances =
    userId === null
      ? { legal: '0', currency: '0' }
      : await pairBalances(ctx.db, userId, pair.legalId, pair.currencyId);
  const last = spot.lastPrice(pair.matchId);
  const lastPrice = last === null ? '0' : fromUnits(last, pair.pricePrecision);
  const complete = spot
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

function coins(ctx: AppContext, spot: SpotService): CoinRow[] {
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
