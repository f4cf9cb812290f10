// Second contracts' data while the screen is open (watchMicro): the payable currencies (with
// the user's micro balance) and the durations, the user's trading and closed orders (20 a
// page); `closed_microorder` pushes replace settled orders; `update_balance`, a login, a
// reconnect or the user's own order fetch everything again.
import type { EngineContext } from '../context.ts';
import type { NewEvent } from '../events.ts';
import { parseEdge } from '../ingest/ingest.ts';
import {
  microCurrenciesReply,
  microListReply,
  microSecondsReply,
} from '../ingest/micro-schemas.ts';
import { MICRO_PAGE_SIZE } from '../../shared/micro.ts';
import { microCurrencies, microList, microSeconds } from '../../shared/wire/micro.ts';

export interface MicroSync {
  watch(on: boolean): void;
  refresh(): Promise<void>;
  loadMore(tab: 'trading' | 'closed'): Promise<void>;
  pushed(event: NewEvent): void;
}

const STATUS = { trading: 1, closed: 3 } as const;

export function createMicroSync(ctx: EngineContext): MicroSync {
  let watchers = 0;
  let refreshing: Promise<void> | null = null;
  const now = () => ctx.services.clock.now();

  const setup = async (): Promise<void> => {
    const [currencies, seconds] = await Promise.all([
      ctx.rest.get(microCurrencies.path),
      ctx.rest.get(microSeconds.path),
    ]);
    if (!currencies.ok || !seconds.ok) {
      const failed = !currencies.ok ? currencies : seconds;
      if (!failed.ok)
        ctx.store.dispatch({
          at: now(),
          kind: 'reply',
          name: 'micro.failed',
          body: { message: failed.message },
        });
      return;
    }
    const c = parseEdge(
      microCurrenciesReply,
      currencies.message,
      `reply:${microCurrencies.path}`,
      now(),
    );
    const s = parseEdge(microSecondsReply, seconds.message, `reply:${microSeconds.path}`, now());
    if (!c.ok) return void ctx.store.dispatch(c.event);
    if (!s.ok) return void ctx.store.dispatch(s.event);
    ctx.store.dispatch({
      at: now(),
      kind: 'reply',
      name: 'micro.setup',
      body: { currencies: c.value, seconds: s.value },
    });
  };

  const list = async (tab: 'trading' | 'closed', page: number): Promise<void> => {
    if (ctx.auth.token === null) return;
    const generation = ctx.auth.generation;
    const reply = await ctx.rest.get(microList.path, {
      status: STATUS[tab],
      page,
      limit: MICRO_PAGE_SIZE,
    });
    if (!reply.ok || generation !== ctx.auth.generation) return;
    const p = parseEdge(microListReply, reply.message, `reply:${microList.path}`, now());
    if (!p.ok) return void ctx.store.dispatch(p.event);
    ctx.store.dispatch({
      at: now(),
      kind: 'reply',
      name: 'micro.orders',
      body: { tab, fromPage: page, rows: p.value.rows, hasMore: p.value.hasMore },
    });
  };

  const refresh = (): Promise<void> => {
    if (watchers === 0) return Promise.resolve();
    if (refreshing !== null) return refreshing;
    refreshing = Promise.all([setup(), list('trading', 1), list('closed', 1)])
      .then(() => undefined)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  return {
    watch(on) {
      watchers = Math.max(0, watchers + (on ? 1 : -1));
      if (on && watchers === 1) void refresh();
    },
    refresh,
    async loadMore(tab) {
      const state = ctx.store.state().micro;
      if (!state.view[tab].hasMore) return;
      await list(tab, state.pages[tab] + 1);
    },
    pushed(event) {
      if (event.name === 'spot.balance') void refresh();
    },
  };
}
