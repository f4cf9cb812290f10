// The spot screen's data by request and subscription (ARCHITECTURE §4 "Transport"): while a
// pair is watched, the engine subscribes to its delta depth stream (`depth_subscribe`, again
// after every reconnect, never emitted while disconnected), fetches the deal panel, currency
// info, recent trades, chart history and the user's orders, refetches balances and orders on
// `update_balance` and after the user's own orders, polls the order history every 5 s while
// visible and logged in, and asks for a fresh snapshot when the book sees a gap. The order
// history is the user's finished orders (`transaction_history`, issue 20); a legacy server
// without that call (HTTP 404) gives its fills (`transaction_complete`) instead.
import { KLINE_PERIOD_SECONDS, ORDER_HISTORY_POLL_MS } from '../../shared/constants.ts';
import type { KlinePeriod } from '../../shared/constants.ts';
import type { FilledOrderView, OpenOrderView } from '../api.ts';
import type { EngineContext } from '../context.ts';
import type { NewEvent, SpotPair } from '../events.ts';
import { parseTrades } from '../ingest/fast.ts';
import { malformed, parseEdge } from '../ingest/ingest.ts';
import {
  currencyDetailReply,
  dealReply,
  entrustPage,
  historyPage,
  klineEnvelope,
} from '../ingest/schemas.ts';
import { orderHistoryPage } from '../ingest/order-history-schemas.ts';
import { isGap } from '../projections/book/book.ts';
import { klineHistory } from '../../shared/wire/market.ts';
import {
  currencyDetail,
  spotDeal,
  spotFills,
  spotOpenBuys,
  spotOpenSells,
  spotOrderHistory,
  tradeHistory,
} from '../../shared/wire/spot.ts';
import type { TimerId } from '../services.ts';
import type { RestResult } from '../transport/rest.ts';

export const KLINE_PATH = klineHistory.path;
/** At most one `depth_snapshot` request per this interval while the book waits for one. */
export const SNAPSHOT_RETRY_MS = 1000;
/** The order history: the user's finished orders of the pair (extension, issue 20). */
const ORDER_HISTORY_PATH = spotOrderHistory.path;
/** The legacy order history (fills), read when the server has no `transaction_history`. */
const FILLS_PATH = spotFills.path;
/** Bars asked for on a history load (the server caps at 1,500). */
export const CHART_HISTORY_BARS = 1000;

export interface SpotSync {
  watch(symbol: string | null): Promise<void>;
  setChartPeriod(period: KlinePeriod): Promise<void>;
  loadMore(tab: 'open' | 'history'): Promise<void>;
  /** Balances and orders again (after an own order, a cancel, `update_balance`, a login). */
  refresh(): Promise<void>;
  /** A push from the socket: logged and folded, with the book's gap and resync handling. */
  push(event: NewEvent): void;
  /** The socket is online (first connect or reconnect): (re)subscribe the depth stream. */
  online(): void;
  /** After a reconnect: resynchronise the book and refetch the pair's data. */
  resync(): void;
  /** Visibility or session changed: start or stop the history poll. */
  update(visible: boolean): void;
  stop(): void;
}

interface Watched {
  symbol: string;
  pair: SpotPair | null;
  /** +1 per watch: replies of an earlier watch are dropped. */
  generation: number;
}

export function createSpotSync(ctx: EngineContext): SpotSync {
  const { clock, timers } = ctx.services;
  let watched: Watched | null = null;
  let generation = 0;
  let lastSnapshotAsk = -Infinity;
  let poll: TimerId | null = null;
  let visible = true;
  let refreshing: Promise<void> | null = null;
  let refreshAgain = false;
  let polling = false;
  /**
   * Last `market_detail` seq of the watched pair (extension), null until the first push of a
   * watch or connection. That first push, and any push after a gap, fetch the recent trades
   * again: the history reply carries no seq, so only a fetch after a push covers the pushes
   * lost before it.
   */
  let tradesSeq: number | null = null;

  const dispatch = (event: NewEvent): void => void ctx.store.dispatch(event);
  const now = (): number => clock.now();
  /** Still the same watch and the same session as when the request started? */
  const current = (w: Watched, auth: number): boolean =>
    watched === w && w.generation === generation && ctx.auth.generation === auth;
  const loggedIn = (): boolean => ctx.auth.token !== null;

  const subscribe = (w: Watched): void => {
    if (ctx.socket.emit('depth_subscribe', { symbol: w.symbol, mode: 'delta' }))
      lastSnapshotAsk = now();
  };

  const askSnapshot = (): void => {
    const w = watched;
    if (w === null || now() - lastSnapshotAsk < SNAPSHOT_RETRY_MS) return;
    if (ctx.socket.emit('depth_snapshot', { symbol: w.symbol })) lastSnapshotAsk = now();
  };

  const reply = (r: RestResult, source: string): unknown => {
    if (r.ok) return r.message;
    if (r.code === 'server' && r.type === 'malformed')
      dispatch(malformed(source, r.message, now()));
    return undefined;
  };

  const fetchDeal = async (w: Watched): Promise<void> => {
    if (w.pair === null) return;
    const auth = ctx.auth.generation;
    const r = await ctx.rest.post(spotDeal.path, {
      legal_id: w.pair.legalId,
      currency_id: w.pair.currencyId,
    });
    const source = `reply:${spotDeal.path}`;
    const message = reply(r, source);
    if (message === undefined || !current(w, auth)) return;
    const p = parseEdge(dealReply, message, source, now());
    if (!p.ok) return dispatch(p.event);
    const zero = '0' as typeof p.value.last_price;
    dispatch({
      at: now(),
      kind: 'reply',
      name: 'spot.deal',
      body: {
        symbol: w.symbol,
        lastPrice: p.value.last_price,
        cnyPrice: p.value.cny_price ?? zero,
        userLegal: p.value.user_legal ?? zero,
        userCurrency: p.value.user_currency ?? zero,
        bids: p.value.in ?? [],
        asks: p.value.out ?? [],
      },
    });
  };

  const fetchDetail = async (w: Watched): Promise<void> => {
    if (w.pair === null) return;
    const r = await ctx.rest.get(currencyDetail.path, { id: w.pair.currencyId });
    const source = `reply:${currencyDetail.path}`;
    const message = reply(r, source);
    if (message === undefined || !current(w, ctx.auth.generation)) return;
    const p = parseEdge(currencyDetailReply, message, source, now());
    dispatch(
      p.ok
        ? {
            at: now(),
            kind: 'reply',
            name: 'spot.detail',
            body: { symbol: w.symbol, detail: p.value },
          }
        : p.event,
    );
  };

  const fetchTrades = async (w: Watched): Promise<void> => {
    if (w.pair === null) return;
    const r = await ctx.rest.get(tradeHistory.path, {
      legal_id: w.pair.legalId,
      currency_id: w.pair.currencyId,
    });
    const source = `reply:${tradeHistory.path}`;
    const message = reply(r, source);
    if (message === undefined || !current(w, ctx.auth.generation)) return;
    const trades = parseTrades(message);
    dispatch(
      typeof trades === 'string'
        ? malformed(source, trades, now())
        : { at: now(), kind: 'reply', name: 'trades.history', body: { symbol: w.symbol, trades } },
    );
  };

  const fetchChart = async (w: Watched): Promise<void> => {
    const period = ctx.store.state().spot.chart.period;
    const to = Math.floor(now() / 1000);
    // 1,000 monthly bars reach back before 1970: ask from the epoch instead (issue 20, item 4).
    const from = Math.max(0, to - KLINE_PERIOD_SECONDS[period] * CHART_HISTORY_BARS);
    const r = await ctx.rest.kline(KLINE_PATH, { symbol: w.symbol, period, from, to });
    if (!current(w, ctx.auth.generation) || ctx.store.state().spot.chart.period !== period) return;
    const at = now();
    const failed = (message: string): void =>
      dispatch({
        at,
        kind: 'reply',
        name: 'chart.history-failed',
        body: { symbol: w.symbol, period, message },
      });
    if (!r.ok) return failed(r.message);
    const p = parseEdge(klineEnvelope, r.json, `reply:${KLINE_PATH}`, at);
    if (!p.ok) {
      dispatch(p.event);
      return failed('malformed');
    }
    if (p.value.code !== 1) return failed(p.value.msg ?? `code ${p.value.code}`);
    const bars = (p.value.data ?? []).map(({ id: _id, ...bar }) => bar);
    dispatch({
      at,
      kind: 'reply',
      name: 'chart.history',
      body: { symbol: w.symbol, period, bars },
    });
  };

  /** Pages fromPage..toPage of a list call; null on failure. */
  const pages = async <R>(
    path: string,
    schema: typeof entrustPage | typeof historyPage | typeof orderHistoryPage,
    w: Watched,
    fromPage: number,
    toPage: number,
  ): Promise<{ rows: R[]; hasMore: boolean } | string> => {
    const rows: R[] = [];
    let hasMore = false;
    for (let page = fromPage; page <= toPage; page += 1) {
      const r = await ctx.rest.post(path, {
        page,
        currency_id: w.pair?.currencyId,
        legal_id: w.pair?.legalId,
      });
      if (!r.ok) return r.message;
      const p = parseEdge(schema, r.message, `reply:${path}`, now());
      if (!p.ok) {
        dispatch(p.event);
        return 'malformed';
      }
      rows.push(...(p.value.list as R[]));
      hasMore = p.value.page < p.value.pages;
      if (!hasMore) break;
    }
    return { rows, hasMore };
  };

  const fetchOpen = async (w: Watched, fromPage: number, toPage: number): Promise<void> => {
    const auth = ctx.auth.generation;
    if (w.pair === null || !loggedIn()) return;
    const [buys, sells] = await Promise.all([
      pages<OpenOrderView>(spotOpenBuys.path, entrustPage, w, fromPage, toPage),
      pages<OpenOrderView>(spotOpenSells.path, entrustPage, w, fromPage, toPage),
    ]);
    if (!current(w, auth)) return;
    if (typeof buys === 'string' || typeof sells === 'string') {
      const message = typeof buys === 'string' ? buys : String(sells);
      return dispatch({
        at: now(),
        kind: 'reply',
        name: 'orders.failed',
        body: { symbol: w.symbol, tab: 'open', message },
      });
    }
    dispatch({
      at: now(),
      kind: 'reply',
      name: 'orders.open',
      body: {
        symbol: w.symbol,
        fromPage,
        toPage,
        rows: [...buys.rows, ...sells.rows],
        hasMore: buys.hasMore || sells.hasMore,
      },
    });
  };

  const fetchHistory = async (w: Watched, fromPage: number, toPage: number): Promise<void> => {
    const auth = ctx.auth.generation;
    if (w.pair === null || !loggedIn()) return;
    let result = await pages<FilledOrderView>(
      ORDER_HISTORY_PATH,
      orderHistoryPage,
      w,
      fromPage,
      toPage,
    );
    if (result === 'HTTP 404')
      result = await pages<FilledOrderView>(FILLS_PATH, historyPage, w, fromPage, toPage);
    if (!current(w, auth)) return;
    if (typeof result === 'string')
      return dispatch({
        at: now(),
        kind: 'reply',
        name: 'orders.failed',
        body: { symbol: w.symbol, tab: 'history', message: result },
      });
    dispatch({
      at: now(),
      kind: 'reply',
      name: 'orders.history',
      body: { symbol: w.symbol, fromPage, toPage, ...result },
    });
  };

  const refreshOrders = async (w: Watched): Promise<void> => {
    const { openPages, historyPages } = ctx.store.state().spot.orders;
    await Promise.all([
      fetchOpen(w, 1, Math.max(1, openPages)),
      fetchHistory(w, 1, Math.max(1, historyPages)),
    ]);
  };

  const refresh = async (): Promise<void> => {
    if (refreshing !== null) {
      refreshAgain = true;
      return refreshing;
    }
    const run = async (): Promise<void> => {
      do {
        refreshAgain = false;
        const w = watched;
        if (w === null) return;
        await Promise.all([fetchDeal(w), refreshOrders(w)]);
      } while (refreshAgain);
    };
    refreshing = run().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  const tradesPushed = (symbol: string, seq: number | null): void => {
    const w = watched;
    if (w === null || symbol !== w.symbol || seq === null) return;
    const refetch = tradesSeq === null || seq > tradesSeq + 1;
    tradesSeq = Math.max(tradesSeq ?? seq, seq);
    if (refetch) void fetchTrades(w);
  };

  const fetchAll = async (w: Watched): Promise<void> => {
    await Promise.all([
      fetchDeal(w),
      fetchDetail(w),
      fetchTrades(w),
      fetchChart(w),
      refreshOrders(w),
    ]);
  };

  const stopPoll = (): void => {
    if (poll !== null) timers.clearInterval(poll);
    poll = null;
  };

  const pollHistory = (): void => {
    const w = watched;
    if (w === null || polling) return;
    polling = true;
    const loaded = Math.max(1, ctx.store.state().spot.orders.historyPages);
    void fetchHistory(w, 1, loaded).finally(() => {
      polling = false;
    });
  };

  const update = (next: boolean): void => {
    visible = next;
    const wanted = visible && watched !== null && loggedIn();
    if (wanted && poll === null) poll = timers.setInterval(pollHistory, ORDER_HISTORY_POLL_MS);
    if (!wanted) stopPoll();
  };

  return {
    async watch(symbol) {
      if (symbol === (watched?.symbol ?? null)) return;
      if (watched !== null) ctx.socket.emit('depth_unsubscribe', { symbol: watched.symbol });
      generation += 1;
      const ticker = symbol === null ? undefined : ctx.store.state().market.tickers[symbol];
      const pair: SpotPair | null =
        ticker === undefined
          ? null
          : {
              legalId: ticker.legalId,
              currencyId: ticker.currencyId,
              legalName: ticker.legalName,
              currencyName: ticker.currencyName,
              pricePrecision: ticker.pricePrecision,
              amountPrecision: ticker.amountPrecision,
              price: ticker.price,
            };
      watched = symbol === null ? null : { symbol, pair, generation };
      tradesSeq = null;
      dispatch({
        at: now(),
        kind: 'command',
        name: 'ui.watch-spot',
        body: {
          symbol,
          pair,
          period: ctx.store.state().spot.chart.period,
          loggedIn: loggedIn(),
        },
      });
      update(visible);
      if (watched === null) return;
      subscribe(watched);
      await fetchAll(watched);
    },
    async setChartPeriod(period) {
      if (ctx.store.state().spot.chart.period === period) return;
      dispatch({ at: now(), kind: 'command', name: 'ui.chart-period', body: { period } });
      if (watched !== null) await fetchChart(watched);
    },
    async loadMore(tab) {
      const w = watched;
      if (w === null) return;
      const { openPages, historyPages, view } = ctx.store.state().spot.orders;
      // held rows are not this session's: their next page would not continue them (O6)
      if (tab === 'open' && view.openHasMore && !view.openHeld)
        await fetchOpen(w, openPages + 1, openPages + 1);
      if (tab === 'history' && view.historyHasMore && !view.historyHeld)
        await fetchHistory(w, historyPages + 1, historyPages + 1);
    },
    refresh,
    push(event) {
      const book = ctx.store.state().spot.book;
      if (event.name === 'book.delta' && isGap(book, event.body))
        dispatch({
          at: event.at,
          kind: 'system',
          name: 'book.resync',
          body: { symbol: event.body.symbol, reason: 'gap' },
        });
      dispatch(event);
      if (event.name === 'book.snapshot') lastSnapshotAsk = -Infinity;
      if (event.name === 'trades.push') tradesPushed(event.body.symbol, event.body.seq);
      if (event.name === 'spot.balance' && watched !== null && loggedIn()) void refresh();
      if (ctx.store.state().spot.book.needSnapshot) askSnapshot();
    },
    online() {
      if (watched !== null) subscribe(watched);
    },
    resync() {
      const w = watched;
      if (w === null) return;
      dispatch({
        at: now(),
        kind: 'system',
        name: 'book.resync',
        body: { symbol: w.symbol, reason: 'reconnect' },
      });
      tradesSeq = null;
      void fetchAll(w);
    },
    update,
    stop: stopPoll,
  };
}
