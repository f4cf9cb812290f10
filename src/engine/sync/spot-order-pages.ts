// The user's orders of the watched pair, by pages (spot-sync.ts): the open orders (the buys of
// `transaction_in` and the sells of `transaction_out`, asked together) and the order history:
// the user's finished orders (`transaction_history`, issue 20), or, from a legacy server without
// that call (HTTP 404), its fills (`transaction_complete`). Asked only while logged in; a reply
// is logged only while the watch and the session that asked are still current.
import type { FilledOrderView, OpenOrderView } from '../api.ts';
import type { EngineContext } from '../context.ts';
import type { NewEvent } from '../events.ts';
import { parseEdge } from '../ingest/ingest.ts';
import { orderHistoryPage } from '../ingest/order-history-schemas.ts';
import { entrustPage, historyPage } from '../ingest/schemas.ts';
import {
  spotFills,
  spotOpenBuys,
  spotOpenSells,
  spotOrderHistory,
} from '../../shared/wire/spot.ts';
import type { SpotWatch, Watched } from './spot-watch.ts';

/** The order history: the user's finished orders of the pair (extension, issue 20). */
const ORDER_HISTORY_PATH = spotOrderHistory.path;
/** The legacy order history (fills), read when the server has no `transaction_history`. */
const FILLS_PATH = spotFills.path;

type PageSchema = typeof entrustPage | typeof historyPage | typeof orderHistoryPage;

export class OrderPages {
  constructor(
    private readonly ctx: EngineContext,
    private readonly watch: SpotWatch,
  ) {}

  /** Both lists again, as many pages as are loaded (at least the first). */
  async refresh(w: Watched): Promise<void> {
    const { openPages, historyPages } = this.ctx.store.state().spot.orders;
    await Promise.all([
      this.open(w, 1, Math.max(1, openPages)),
      this.history(w, 1, Math.max(1, historyPages)),
    ]);
  }

  async open(w: Watched, fromPage: number, toPage: number): Promise<void> {
    const auth = this.ctx.auth.generation;
    if (w.pair === null || !this.watch.loggedIn()) return;
    const [buys, sells] = await Promise.all([
      this.pages<OpenOrderView>(spotOpenBuys.path, entrustPage, w, fromPage, toPage),
      this.pages<OpenOrderView>(spotOpenSells.path, entrustPage, w, fromPage, toPage),
    ]);
    if (!this.watch.isCurrentFor(w, auth)) return;
    if (typeof buys === 'string' || typeof sells === 'string') {
      const message = typeof buys === 'string' ? buys : String(sells);
      return this.dispatch({
        at: this.now(),
        kind: 'reply',
        name: 'orders.failed',
        body: { symbol: w.symbol, tab: 'open', message },
      });
    }
    this.dispatch({
      at: this.now(),
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
  }

  async history(w: Watched, fromPage: number, toPage: number): Promise<void> {
    const auth = this.ctx.auth.generation;
    if (w.pair === null || !this.watch.loggedIn()) return;
    let result = await this.pages<FilledOrderView>(
      ORDER_HISTORY_PATH,
      orderHistoryPage,
      w,
      fromPage,
      toPage,
    );
    if (result === 'HTTP 404')
      result = await this.pages<FilledOrderView>(FILLS_PATH, historyPage, w, fromPage, toPage);
    if (!this.watch.isCurrentFor(w, auth)) return;
    if (typeof result === 'string')
      return this.dispatch({
        at: this.now(),
        kind: 'reply',
        name: 'orders.failed',
        body: { symbol: w.symbol, tab: 'history', message: result },
      });
    this.dispatch({
      at: this.now(),
      kind: 'reply',
      name: 'orders.history',
      body: { symbol: w.symbol, fromPage, toPage, ...result },
    });
  }

  /** Pages fromPage..toPage of a list call; its error message on failure. */
  private async pages<R>(
    path: string,
    schema: PageSchema,
    w: Watched,
    fromPage: number,
    toPage: number,
  ): Promise<{ rows: R[]; hasMore: boolean } | string> {
    const rows: R[] = [];
    let hasMore = false;
    for (let page = fromPage; page <= toPage; page += 1) {
      const r = await this.ctx.rest.post(path, {
        page,
        currency_id: w.pair?.currencyId,
        legal_id: w.pair?.legalId,
      });
      if (!r.ok) return r.message;
      const p = parseEdge(schema, r.message, `reply:${path}`, this.now());
      if (!p.ok) {
        this.dispatch(p.event);
        return 'malformed';
      }
      rows.push(...(p.value.list as R[]));
      hasMore = p.value.page < p.value.pages;
      if (!hasMore) break;
    }
    return { rows, hasMore };
  }

  private dispatch(event: NewEvent): void {
    void this.ctx.store.dispatch(event);
  }

  private now(): number {
    return this.ctx.services.clock.now();
  }
}
