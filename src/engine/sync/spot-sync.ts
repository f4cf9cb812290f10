// The spot screen's data by request and subscription (ARCHITECTURE §4 "Transport"): while a
// pair is watched, the engine subscribes to its delta depth stream (`depth_subscribe`, again
// after every reconnect, never emitted while disconnected), fetches the deal panel, currency
// info, recent trades, chart history and the user's orders, refetches balances and orders on
// `update_balance` and after the user's own orders, polls the order history every 5 s while
// visible and logged in, and asks for a fresh snapshot when the book sees a gap. The order
// history is the user's finished orders (`transaction_history`, issue 20); a legacy server
// without that call (HTTP 404) gives its fills (`transaction_complete`) instead.
//
// This file composes the units that do it: the watch and its generation (spot-watch.ts), the
// depth stream with its gap and snapshot handling (spot-book-stream.ts), the pair's panels
// (spot-pair-fetch.ts), the chart's history (spot-chart-history.ts), the user's orders by pages
// (spot-order-pages.ts), the coalesced refresh (spot-refresh.ts), the trades' push seq
// (spot-trades-seq.ts) and the history poll (spot-history-poll.ts). A book push goes `push` →
// `BookStream.checkGap` (a gap: `book.resync` first) → the store (logged, folded) →
// `BookStream.afterPush` (a book that waits for a snapshot asks for one).
import type { KlinePeriod } from '../../shared/constants.ts';
import type { EngineContext } from '../context.ts';
import type { NewEvent } from '../events.ts';
import { BookStream } from './spot-book-stream.ts';
import { ChartHistory } from './spot-chart-history.ts';
import { HistoryPoll } from './spot-history-poll.ts';
import { OrderPages } from './spot-order-pages.ts';
import { PairFetch } from './spot-pair-fetch.ts';
import { SpotRefresh } from './spot-refresh.ts';
import { TradesSeq } from './spot-trades-seq.ts';
import { SpotWatch } from './spot-watch.ts';
import type { Watched } from './spot-watch.ts';

export { SNAPSHOT_RETRY_MS } from './spot-book-stream.ts';
export { CHART_HISTORY_BARS, KLINE_PATH } from './spot-chart-history.ts';

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

export function createSpotSync(ctx: EngineContext): SpotSync {
  const watch = new SpotWatch(ctx);
  const book = new BookStream(ctx, watch);
  const pair = new PairFetch(ctx, watch);
  const chart = new ChartHistory(ctx, watch);
  const orders = new OrderPages(ctx, watch);
  const tradesSeq = new TradesSeq();
  const poll = new HistoryPoll(ctx, watch, orders);
  const refresher = new SpotRefresh(watch, (w) => Promise.all([pair.deal(w), orders.refresh(w)]));
  const dispatch = (event: NewEvent): void => void ctx.store.dispatch(event);

  const fetchAll = async (w: Watched): Promise<void> => {
    await Promise.all([
      pair.deal(w),
      pair.detail(w),
      pair.trades(w),
      chart.load(w),
      orders.refresh(w),
    ]);
  };

  const tradesPushed = (symbol: string, seq: number | null): void => {
    const w = watch.watched;
    if (w === null || symbol !== w.symbol || seq === null) return;
    if (tradesSeq.pushed(seq)) void pair.trades(w);
  };

  return {
    async watch(symbol) {
      const before = watch.watched;
      if (symbol === (before?.symbol ?? null)) return;
      if (before !== null) book.unsubscribe(before);
      const w = watch.begin(symbol);
      tradesSeq.reset();
      dispatch({
        at: ctx.services.clock.now(),
        kind: 'command',
        name: 'ui.watch-spot',
        body: {
          symbol,
          pair: w?.pair ?? null,
          period: ctx.store.state().spot.chart.period,
          loggedIn: watch.loggedIn(),
        },
      });
      poll.recheck();
      if (w === null) return;
      book.subscribe(w);
      await fetchAll(w);
    },
    async setChartPeriod(period) {
      if (ctx.store.state().spot.chart.period === period) return;
      dispatch({
        at: ctx.services.clock.now(),
        kind: 'command',
        name: 'ui.chart-period',
        body: { period },
      });
      const w = watch.watched;
      if (w !== null) await chart.load(w);
    },
    async loadMore(tab) {
      const w = watch.watched;
      if (w === null) return;
      const { openPages, historyPages, view } = ctx.store.state().spot.orders;
      // held rows are not this session's: their next page would not continue them (O6)
      if (tab === 'open' && view.openHasMore && !view.openHeld)
        await orders.open(w, openPages + 1, openPages + 1);
      if (tab === 'history' && view.historyHasMore && !view.historyHeld)
        await orders.history(w, historyPages + 1, historyPages + 1);
    },
    refresh: () => refresher.refresh(),
    push(event) {
      // a book push: a delta after a gap is preceded by `book.resync`, then logged and folded;
      // a book that waits for a snapshot (after a gap, a reconnect) asks for one
      book.checkGap(event);
      dispatch(event);
      if (event.name === 'trades.push') tradesPushed(event.body.symbol, event.body.seq);
      if (event.name === 'spot.balance' && watch.watched !== null && watch.loggedIn())
        void refresher.refresh();
      book.afterPush(event);
    },
    online() {
      if (watch.watched !== null) book.subscribe(watch.watched);
    },
    resync() {
      const w = watch.watched;
      if (w === null) return;
      book.resyncAfterReconnect(w);
      tradesSeq.reset();
      void fetchAll(w);
    },
    update: (visible) => poll.update(visible),
    stop: () => poll.stop(),
  };
}
