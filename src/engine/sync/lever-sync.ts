// The lever screens' data (issue 7): while a pair is watched, the panel (lever/deal) and the
// user's positions by tab (lever/my_trade: holding 1, entrusts 0, closed 3, revoked 4) are
// fetched; the `lever_trade` push then keeps holding, entrusts and the risk live; after the
// user's own commands, `update_balance`, a login or a reconnect everything is fetched again.
import type { EngineContext } from '../context.ts';
import type { NewEvent } from '../events.ts';
import { fetchDeal, fetchPositions, type WatchedLever } from './lever-fetch.ts';

// The tabs' status codes live with the read that sends them.
export { LEVER_TAB_STATUS } from './lever-fetch.ts';

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

/** The lever sync: its state is the watched pair, its generation and the panel's poll. */
export function createLeverSync(ctx: EngineContext): LeverSync {
  let watched: WatchedLever | null = null;
  let generation = 0;
  let refreshing: Promise<void> | null = null;
  let poll: ReturnType<typeof ctx.services.timers.setInterval> | null = null;
  const now = () => ctx.services.clock.now();

  // A read compares the generation it was asked in with this one when its reply comes back.
  const current = () => generation;

  const fetchAll = async (): Promise<void> => {
    const w = watched;
    if (w === null) return;
    await Promise.all([
      fetchDeal(ctx, w, current),
      fetchPositions(ctx, w, current, 'holding', 1),
      fetchPositions(ctx, w, current, 'entrusts', 1),
      fetchPositions(ctx, w, current, 'closed', 1),
      fetchPositions(ctx, w, current, 'revoked', 1),
    ]);
  };

  /** The panel's poll follows the watched pair. */
  const restartPoll = (): void => {
    if (poll !== null) ctx.services.timers.clearInterval(poll);
    poll = null;
    if (watched === null) return;
    poll = ctx.services.timers.setInterval(() => {
      const w = watched;
      if (w !== null) void fetchDeal(ctx, w, current);
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
      await fetchPositions(ctx, w, current, tab, state.pages[tab] + 1);
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
