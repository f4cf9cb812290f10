// Contracts as the API answers them: the deal panel of a pair, a page of the user's positions
// and one position (the queries behind lever-routes.ts).
import { Decimal } from '../../src/shared/decimal.ts';
import { profitOf } from '../../src/shared/lever.ts';
import type { Lang } from '../../src/shared/locales.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { laravelPage, offsetOf } from '../http/paging.ts';
import { price, symbolOf } from '../market/wire-format.ts';
import { cnyRate } from '../wallet/valuation.ts';
import type { LeverPair, LeverService, PositionRow } from './lever-service.ts';
import { positionView } from './positions.ts';

/** A position the route has just acted on (its id came from the service or was checked there). */
export async function positionOf(db: Queryable, positionId: number): Promise<PositionRow | null> {
  const rows = await db.query<PositionRow & Record<string, unknown>>(
    'SELECT * FROM lever_transactions WHERE id = $1',
    [positionId],
  );
  return rows[0] ?? null;
}

/** The contract deal panel of a pair: its book of open positions, the user's, the figures. */
export async function deal(
  ctx: AppContext,
  lever: LeverService,
  pair: LeverPair,
  userId: number | null,
  lang: Lang,
) {
  const { multiples, shares } = await lever.multiples(pair.currencyId);
  const open = await ctx.db.query<PositionRow & Record<string, unknown>>(
    'SELECT * FROM lever_transactions WHERE match_id = $1 AND status = 1 ORDER BY id DESC',
    [pair.matchId],
  );
  const book = (side: 1 | 2) => {
    const levels = new Map<string, Decimal>();
    for (const p of open.filter((x) => x.type === side)) {
      const key = new Decimal(p.price).toFixed(pair.pricePrecision);
      levels.set(key, (levels.get(key) ?? new Decimal(0)).plus(p.number));
    }
    return [...levels.entries()]
      .sort((a, b) =>
        side === 1 ? new Decimal(b[0]).comparedTo(a[0]) : new Decimal(a[0]).comparedTo(b[0]),
      )
      .slice(0, 5)
      .map(([price, number]) => ({ price, number: number.toFixed() }));
  };
  const mine = userId === null ? [] : open.filter((p) => p.user_id === userId).slice(0, 10);
  // the pair's latest opened positions of all users (time, side, price, volume; no owner)
  const recent = await ctx.db.query<{
    type: number;
    price: string;
    number: string;
    transaction_time: Date;
  }>(
    `SELECT type, price, number, transaction_time FROM lever_transactions
     WHERE match_id = $1 AND status IN (1, 2, 3) AND transaction_time IS NOT NULL
     ORDER BY transaction_time DESC, id DESC LIMIT 20`,
    [pair.matchId],
  );
  const mark = lever.priceOf(pair.matchId);
  const lastTicks = ctx.market.lastPrice(pair.matchId);
  const userLever =
    userId === null ? new Decimal(0) : await lever.freeBalance(ctx.db, userId, pair.legalId);
  const allLevers = mine.reduce(
    (acc, p) => acc.plus(new Decimal(p.number).times(p.price)),
    new Decimal(0),
  );
  const symbol = symbolOf(pair);
  return {
    lever_transaction: { in: book(1), out: book(2) },
    my_transaction: mine.map((p) => positionView(p, symbol, lang)),
    lever_share_limit: { min: pair.minShare, max: pair.maxShare },
    multiple: {
      muit: multiples.map((value) => ({ value })),
      share: shares.map((value) => ({ value })),
    },
    // the last trade, as every screen shows it; money moves at `mark_price`
    last_price:
      lastTicks === null ? (mark?.toFixed(pair.pricePrecision) ?? '0') : price(pair, lastTicks),
    user_lever: userLever.toFixed(),
    all_levers: allLevers.toFixed(),
    ustd_price: '1',
    ExRAte: (await cnyRate(ctx)).toFixed(),
    // extensions (the cost read-out and the liquidation line); positions open, close and
    // settle at the mark price (api-contract decision 10)
    mark_price: mark?.toFixed(pair.pricePrecision) ?? null,
    lever_share_num: new Decimal(pair.shareNum).toFixed(),
    spread: new Decimal(pair.spreadPct).toFixed(),
    lever_trade_fee: new Decimal(pair.feePct).toFixed(),
    overnight: new Decimal(pair.overnightPct).toFixed(),
    price_precision: pair.pricePrecision,
    burst_hazard_rate: (await lever.setting('lever_burst_hazard_rate')) || '10',
    open_lever_entrust: (await lever.setting('open_lever_entrust')) === '1' ? 1 : 0,
    recent: recent.map((r) => ({
      time: new Date(r.transaction_time).getTime(),
      type: r.type,
      price: new Decimal(r.price).toFixed(),
      number: new Decimal(r.number).toFixed(),
    })),
  };
}

/** What the position lists may be narrowed to, and the page. */
export interface PositionFilter {
  status: number;
  legal_id?: number | undefined;
  currency_id?: number | undefined;
  page: number;
  limit: number;
}

/** A page of the user's positions, newest first; open ones carry their profit at the mark. */
export async function positionsPage(
  ctx: AppContext,
  lever: LeverService,
  userId: number,
  b: PositionFilter,
  lang: Lang,
) {
  const pair =
    b.legal_id === undefined || b.currency_id === undefined
      ? null
      : lever.pair(b.legal_id, b.currency_id);
  const where = `user_id = $1 AND ($2::int = -1 OR status = $2) AND ($3::int IS NULL OR match_id = $3)`;
  const params = [userId, b.status, pair?.matchId ?? null] as const;
  const total = await ctx.db.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM lever_transactions WHERE ${where}`,
    params,
  );
  const rows = await ctx.db.query<PositionRow & Record<string, unknown>>(
    `SELECT * FROM lever_transactions WHERE ${where} ORDER BY id DESC LIMIT ${b.limit} OFFSET ${offsetOf(b.page, b.limit)}`,
    params,
  );
  const n = total[0]?.n ?? 0;
  const data = rows.map((p) => {
    const pairOfRow = lever.pairById(p.match_id);
    const view = positionView(p, pairOfRow === null ? '' : symbolOf(pairOfRow), lang);
    if (p.status === 1) {
      const mark = lever.priceOf(p.match_id);
      if (mark !== null) view.profits = profitOf(p.type, p.price, mark, p.number).toFixed();
    }
    return view;
  });
  return laravelPage(data, b.page, n, b.limit);
}
