// C2C data while a c2c screen is open (watchC2c): the legal currencies, the market of the
// chosen side and coin (no login needed), my ads and my deals (10 a page); `c2c_deal` pushes
// update a deal in place (the projection refuses illegal moves); `update_balance`, a login,
// a reconnect or the user's own command fetch the lists again.
import type { EngineContext } from '../context.ts';
import type { NewEvent } from '../events.ts';
import * as wire from '../../shared/wire/c2c.ts';
import {
  dispatchAds,
  dispatchDeals,
  fetchCurrencies,
  fetchLimits,
  type Filter,
} from './c2c-fetch.ts';

type ListName = 'market' | 'myAds' | 'deals';

export interface C2cSync {
  watch(filter: Filter | null): Promise<void>;
  refresh(): Promise<void>;
  loadMore(list: ListName): Promise<void>;
  pushed(event: NewEvent): void;
}

const PATHS = {
  market: wire.c2cPlatform.path,
  myAds: wire.c2cMyAds.path,
  deals: wire.c2cMyDeals.path,
} as const satisfies Record<ListName, string>;

const sameFilter = (a: Filter | null, b: Filter): boolean =>
  a !== null && a.type === b.type && a.currencyId === b.currencyId;

/** The c2c sync: its state is the filter of the screen that watches it. */
export function createC2cSync(ctx: EngineContext): C2cSync {
  let filter: Filter | null = null;
  const now = () => ctx.services.clock.now();

  const fetchList = async (list: ListName, page: number): Promise<void> => {
    const f = filter;
    if (f === null || (list !== 'market' && ctx.auth.token === null)) return;
    const path = PATHS[list];
    const query =
      list === 'market' ? { type: f.type, currency_id: f.currencyId ?? undefined, page } : { page };
    const reply = await ctx.rest.get(path, query);
    // a market page of a side or coin the screen has left since: the page chose another while
    // it was asked, and this late reply must not take the place of the one it chose
    if (list === 'market' && !sameFilter(filter, f)) return;
    if (!reply.ok) {
      if (!(reply.code === 'server' && reply.type === '999'))
        ctx.store.dispatch({
          at: now(),
          kind: 'reply',
          name: 'c2c.failed',
          body: { message: reply.message },
        });
      return;
    }
    if (list === 'deals') dispatchDeals(ctx, reply.message, path, page);
    else dispatchAds(ctx, reply.message, path, list, page, f);
  };

  const refresh = async (): Promise<void> => {
    if (filter === null) return;
    await Promise.all([
      fetchCurrencies(ctx),
      fetchLimits(ctx),
      fetchList('market', 1),
      fetchList('myAds', 1),
      fetchList('deals', 1),
    ]);
  };

  return {
    async watch(next) {
      filter = next;
      await refresh();
    },
    refresh,
    async loadMore(list) {
      const v = ctx.store.state().c2c.view[list];
      if (v.hasMore) await fetchList(list, v.page + 1);
    },
    pushed(event) {
      if (filter === null) return;
      if (event.name === 'spot.balance') void fetchList('myAds', 1);
      // an auto-cancel counts against the daily limit
      if (event.name === 'c2c.deal' && event.body.isSure === 2) void fetchLimits(ctx);
    },
  };
}
