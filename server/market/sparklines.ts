// The home table's sparklines in one reply (extension, issue 20 item 14): for every displayed
// pair, its last SPARKLINE_POINTS one-minute closes within SPARKLINE_WINDOW_SECONDS, which is
// what the page otherwise asks of new_timeshar pair by pair (7 days of minute bars each, up to
// 1,500 bars and ~340 KB a pair, to keep 60). One small request fills the whole table.
import type { FastifyInstance } from 'fastify';
import { SPARKLINE_POINTS, SPARKLINE_WINDOW_SECONDS } from '../../src/shared/constants.ts';
import type { ReplyOut } from '../../src/shared/wire/call.ts';
import { sparklines } from '../../src/shared/wire/market.ts';
import type { AppContext } from '../context.ts';
import { route } from '../http/wire-route.ts';
import type { AggBar } from './candles.ts';
import { price, symbolOf } from './wire-format.ts';

/** First look this far back; a pair with fewer bars there (a quiet market) gets the full window. */
const RECENT_SECONDS = 2 * SPARKLINE_POINTS * 60;

export function registerSparklineRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, sparklines, () => lastCloses(ctx));
}

async function lastCloses(ctx: AppContext): Promise<ReplyOut<typeof sparklines>> {
  const shown = await ctx.db.query<{ id: number }>(
    `SELECT m.id FROM currency_matches m JOIN currencies l ON l.id = m.legal_id
     WHERE m.is_display = 1 AND l.is_legal = 1 AND l.is_display = 1 ORDER BY m.sort, m.id`,
  );
  const to = Math.floor(ctx.config.now() / 1000);
  return shown.flatMap(({ id }) => {
    const pair = ctx.market.pair(id);
    if (pair === null) return [];
    return [
      {
        symbol: symbolOf(pair),
        data: lastMinutes(ctx, id, to).map((b) => ({ id: b.t, close: price(pair, b.c) })),
      },
    ];
  });
}

/** The last SPARKLINE_POINTS minute bars up to `to`, looking back at most the spec's window. */
function lastMinutes(ctx: AppContext, matchId: number, to: number): AggBar[] {
  const recent = ctx.market.history(matchId, '1min', to - RECENT_SECONDS, to);
  const bars =
    recent.length >= SPARKLINE_POINTS
      ? recent
      : ctx.market.history(matchId, '1min', Math.max(0, to - SPARKLINE_WINDOW_SECONDS), to);
  return bars.slice(-SPARKLINE_POINTS);
}
