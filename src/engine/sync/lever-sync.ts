// The lever screens' data (issue 7): while a pair is watched, the panel (lever/deal) and the
// user's positions by tab (lever/my_trade: holding 1, entrusts 0, closed 3, revoked 4) are
// fetched; the `lever_trade` push then keeps holding, entrusts and the risk live; after the
// user's own commands, `update_balance`, a login or a reconnect everything is fetched again.
import type { DecStr } from '../../shared/decimal.ts';
import type { LeverTab } from '../api.ts';
import type { EngineContext } from '../context.ts';
import type { z } from 'zod';
import type { LeverDealBody, NewEvent } from '../events.ts';
import { parseEdge } from '../ingest/ingest.ts';
import { leverDealReply, leverTradeList } from '../ingest/lever-schemas.ts';
import { leverDeal, leverMyTrade } from '../../shared/wire/lever.ts';

export const LEVER_TAB_STATUS: Record<LeverTab, number> = {
  holding: 1,
  entrusts: 0,
  closed: 3,
  revoked: 4,
};
const ZERO = '0' as DecStr;

export interface LeverSync {
  watch(symbol: string | null): Promise<void>;
  refresh(): Promise<void>;
  loadMore(tab: 'closed' | 'revoked'): Promise<void>;
  pushed(event: NewEvent): void;
  /** Stops the panel's poll (the engine closes). */
  stop(): void;
  /** The watched pair's ids (null when none). */
  pair(): { symbol: string; legalId: number; currencyId: number } | null;
}

/** The panel (free balance, the latest contract deals) is fetched again this often while watched. */
export const LEVER_DEAL_POLL_MS = 5000;

export function createLeverSync(ctx: EngineContext): LeverSync {
  let watched: { symbol: string; legalId: number; currencyId: number; generation: number } | null =
    null;
  let generation = 0;
  let refreshing: Promise<void> | null = null;
  let poll: ReturnType<typeof ctx.services.timers.setInterval> | null = null;
  const now = () => ctx.services.clock.now();

  const fetchDeal = async (w: NonNullable<typeof watched>): Promise<void> => {
    const reply = await ctx.rest.post(leverDeal.path, {
      legal_id: w.legalId,
      currency_id: w.currencyId,
    });
    if (w.generation !== generation) return;
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
  };

  const fetchList = async (
    w: NonNullable<typeof watched>,
    tab: LeverTab,
    page: number,
  ): Promise<void> => {
    if (ctx.auth.token === null) return;
    const reply = await ctx.rest.post(leverMyTrade.path, {
      legal_id: w.legalId,
      currency_id: w.currencyId,
      status: LEVER_TAB_STATUS[tab],
      page,
      limit: 10,
    });
    if (w.generation !== generation || !reply.ok) return;
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
  };

  const fetchAll = async (): Promise<void> => {
    const w = watched;
    if (w === null) return;
    await Promise.all([
      fetchDeal(w),
      fetchList(w, 'holding', 1),
      fetchList(w, 'entrusts', 1),
      fetchList(w, 'closed', 1),
      fetchList(w, 'revoked', 1),
    ]);
  };

  /** The panel's poll follows the watched pair. */
  const restartPoll = (): void => {
    if (poll !== null) ctx.services.timers.clearInterval(poll);
    poll = null;
    if (watched === null) return;
    poll = ctx.services.timers.setInterval(() => {
      const w = watched;
      if (w !== null) void fetchDeal(w);
    }, LEVER_DEAL_POLL_MS);
  };

  const refresh = (): Promise<void> => {
    if (refreshing !== null) return refreshing;
    refreshing = fetchAll().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  return {
    async watch(symbol) {
      if (symbol === (watched?.symbol ?? null)) return refresh();
      generation += 1;
      const ticker = symbol === null ? undefined : ctx.store.state().market.tickers[symbol];
      watched =
        symbol === null || ticker === undefined
          ? null
          : { symbol, legalId: ticker.legalId, currencyId: ticker.currencyId, generation };
      restartPoll();
      ctx.store.dispatch({
        at: now(),
        kind: 'command',
        name: 'ui.watch-lever',
        body: {
          symbol: watched?.symbol ?? null,
          legalId: watched?.legalId ?? null,
          currencyId: watched?.currencyId ?? null,
        },
      });
      await refresh();
    },
    refresh,
    async loadMore(tab) {
      const w = watched;
      if (w === null) return;
      const state = ctx.store.state().lever;
      if (!state.view[tab].hasMore) return;
      await fetchList(w, tab, state.pages[tab] + 1);
    },
    pushed(event) {
      if (event.name === 'spot.balance' && watched !== null) void refresh();
    },
    stop() {
      if (poll !== null) ctx.services.timers.clearInterval(poll);
      poll = null;
    },
    pair: () =>
      watched === null
        ? null
        : { symbol: watched.symbol, legalId: watched.legalId, currencyId: watched.currencyId },
  };
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
