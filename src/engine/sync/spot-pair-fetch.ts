// The watched pair's panels by request (spot-sync.ts): the deal panel (`transaction/deal`: last
// price, the user's balances of the pair, a short book), the currency's info and the recent
// trades. A reply is logged only while its watch is the current one; the deal panel's only while
// the session is the same too (its balances are the user's). A malformed reply is logged as
// `system.malformed`.
import type { EngineContext } from '../context.ts';
import type { NewEvent } from '../events.ts';
import { parseTrades } from '../ingest/fast.ts';
import { malformed, parseEdge } from '../ingest/ingest.ts';
import { currencyDetailReply, dealReply } from '../ingest/schemas.ts';
import { currencyDetail, spotDeal, tradeHistory } from '../../shared/wire/spot.ts';
import type { RestResult } from '../transport/rest.ts';
import type { SpotWatch, Watched } from './spot-watch.ts';

export class PairFetch {
  constructor(
    private readonly ctx: EngineContext,
    private readonly watch: SpotWatch,
  ) {}

  async deal(w: Watched): Promise<void> {
    if (w.pair === null) return;
    const auth = this.ctx.auth.generation;
    const r = await this.ctx.rest.post(spotDeal.path, {
      legal_id: w.pair.legalId,
      currency_id: w.pair.currencyId,
    });
    const source = `reply:${spotDeal.path}`;
    const message = this.reply(r, source);
    if (message === undefined || !this.watch.isCurrentFor(w, auth)) return;
    const p = parseEdge(dealReply, message, source, this.now());
    if (!p.ok) return this.dispatch(p.event);
    const zero = '0' as typeof p.value.last_price;
    this.dispatch({
      at: this.now(),
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
  }

  async detail(w: Watched): Promise<void> {
    if (w.pair === null) return;
    const r = await this.ctx.rest.get(currencyDetail.path, { id: w.pair.currencyId });
    const source = `reply:${currencyDetail.path}`;
    const message = this.reply(r, source);
    if (message === undefined || !this.watch.isCurrent(w)) return;
    const p = parseEdge(currencyDetailReply, message, source, this.now());
    this.dispatch(
      p.ok
        ? {
            at: this.now(),
            kind: 'reply',
            name: 'spot.detail',
            body: { symbol: w.symbol, detail: p.value },
          }
        : p.event,
    );
  }

  async trades(w: Watched): Promise<void> {
    if (w.pair === null) return;
    const r = await this.ctx.rest.get(tradeHistory.path, {
      legal_id: w.pair.legalId,
      currency_id: w.pair.currencyId,
    });
    const source = `reply:${tradeHistory.path}`;
    const message = this.reply(r, source);
    if (message === undefined || !this.watch.isCurrent(w)) return;
    const trades = parseTrades(message);
    this.dispatch(
      typeof trades === 'string'
        ? malformed(source, trades, this.now())
        : {
            at: this.now(),
            kind: 'reply',
            name: 'trades.history',
            body: { symbol: w.symbol, trades },
          },
    );
  }

  /** A reply's message; undefined when it failed (a malformed one is logged). */
  private reply(r: RestResult, source: string): unknown {
    if (r.ok) return r.message;
    if (r.code === 'server' && r.type === 'malformed')
      this.dispatch(malformed(source, r.message, this.now()));
    return undefined;
  }

  private dispatch(event: NewEvent): void {
    void this.ctx.store.dispatch(event);
  }

  private now(): number {
    return this.ctx.services.clock.now();
  }
}
