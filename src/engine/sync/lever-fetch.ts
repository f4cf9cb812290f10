// The server reads of the lever sync (lever-sync.ts): the watched pair's panel (lever/deal) and
// one page of the user's positions on a tab (lever/my_trade). Each takes the pair it was asked
// for and logs nothing once another pair is watched (its generation is no longer the current
// one), so a reply that comes back late never lands in the view of the pair chosen since.
import type { DecStr } from '../../shared/decimal.ts';
import { leverDeal, leverMyTrade } from '../../shared/wire/lever.ts';
import type { LeverTab } from '../api.ts';
import type { EngineContext } from '../context.ts';
import type { z } from 'zod';
import type { LeverDealBody } from '../events.ts';
import { parseEdge } from '../ingest/ingest.ts';
import { LEVER_TAB_STATUS, leverDealReply, leverTradeList } from '../ingest/lever-schemas.ts';

export { LEVER_TAB_STATUS };
const ZERO = '0' as DecStr;

/** The watched pair: its ids, and the generation of the watch that chose it. */
export interface WatchedLever {
  symbol: string;
  legalId: number;
  currencyId: number;
  generation: number;
}

/** Reads the pair's panel and logs it as `lever.deal`; `current` is the sync's generation now. */
export async function fetchDeal(
  ctx: EngineContext,
  w: WatchedLever,
  current: () => number,
): Promise<void> {
  const now = () => ctx.services.clock.now();
  const reply = await ctx.rest.post(leverDeal.path, {
    legal_id: w.legalId,
    currency_id: w.currencyId,
  });
  if (w.generation !== current()) return;
  if (!reply.ok) {
    if (reply.code === 'server' && reply.type === '999') return;
    ctx.store.dispatch({
      at: now(),
      kind: 'reply',
      name: 'lever.failed',
      body: { symbol: w.symbol, message: reply.message },
    });
    return;
  }
  const p = parseEdge(leverDealReply, reply.message, `reply:${leverDeal.path}`, now());
  if (!p.ok) {
    ctx.store.dispatch(p.event);
    return;
  }
  ctx.store.dispatch({
    at: now(),
    kind: 'reply',
    name: 'lever.deal',
    body: dealBody(w.symbol, p.value),
  });
}

/** Reads one page of the user's positions on `tab` and logs it as `lever.positions`. */
export async function fetchPositions(
  ctx: EngineContext,
  w: WatchedLever,
  current: () => number,
  tab: LeverTab,
  page: number,
): Promise<void> {
  const now = () => ctx.services.clock.now();
  if (ctx.auth.token === null) return;
  const reply = await ctx.rest.post(leverMyTrade.path, {
    legal_id: w.legalId,
    currency_id: w.currencyId,
    status: LEVER_TAB_STATUS[tab],
    page,
    limit: 10,
  });
  if (w.generation !== current() || !reply.ok) return;
  const p = parseEdge(leverTradeList, reply.message, `reply:${leverMyTrade.path}`, now());
  if (!p.ok) {
    ctx.store.dispatch(p.event);
    return;
  }
  ctx.store.dispatch({
    at: now(),
    kind: 'reply',
    name: 'lever.positions',
    body: {
      symbol: w.symbol,
      tab,
      fromPage: page,
      rows: p.value.rows,
      hasMore: p.value.hasMore,
      hazardRate: p.value.hazardRate,
      ...(p.value.profitsTotal === null ? {} : { profitsAll: p.value.profitsTotal }),
      ...(p.value.openPositions === null ? {} : { openPositions: p.value.openPositions }),
    },
  });
}

/** The pair's terms: the contract size, the fees in percent and the liquidation line. */
function dealTerms(
  d: z.output<typeof leverDealReply>,
): Pick<LeverDealBody, 'shareNum' | 'spreadPct' | 'feePct' | 'overnightPct' | 'burstLine'> {
  return {
    shareNum: d.lever_share_num ?? ('1' as DecStr),
    spreadPct: d.spread ?? ZERO,
    feePct: d.lever_trade_fee ?? ZERO,
    overnightPct: d.overnight ?? ZERO,
    burstLine: d.burst_hazard_rate ?? ('10' as DecStr),
  };
}

/** The panel as the `lever.deal` event carries it, with the server's gaps filled. */
function dealBody(symbol: string, d: z.output<typeof leverDealReply>): LeverDealBody {
  return {
    symbol,
    multiples: d.multiple.muit.map((m) => m.value),
    shares: d.multiple.share.map((m) => m.value),
    minShare: d.lever_share_limit.min,
    maxShare: d.lever_share_limit.max,
    ...dealTerms(d),
    pricePrecision: d.price_precision ?? 4,
    entrustOpen: d.open_lever_entrust !== 0,
    lastPrice: d.last_price ?? ZERO,
    ...(d.mark_price == null ? {} : { markPrice: d.mark_price }),
    balance: d.user_lever ?? ZERO,
    longs: d.lever_transaction?.in ?? [],
    shorts: d.lever_transaction?.out ?? [],
    recent: d.recent.map((r) => ({
      time: r.time,
      side: r.type === 2 ? 2 : 1,
      price: r.price,
      number: r.number,
    })),
  };
}
