// The spot pair the screen watches (spot-sync.ts): its symbol, its pair as the market's tickers
// give it (null when the market does not list it), and a generation per watch, so that the reply
// to a request of an earlier watch, or of an earlier session, is dropped.
import type { EngineContext } from '../context.ts';
import type { SpotPair } from '../events.ts';

export interface Watched {
  symbol: string;
  pair: SpotPair | null;
  /** +1 per watch: replies of an earlier watch are dropped. */
  generation: number;
}

export class SpotWatch {
  /** The pair watched; null when none. */
  watched: Watched | null = null;
  /** Watches begun (the latest one's generation). */
  private generation = 0;

  constructor(private readonly ctx: EngineContext) {}

  /** Watches `symbol` (null: none) as a new generation; the new watch. */
  begin(symbol: string | null): Watched | null {
    this.generation += 1;
    this.watched =
      symbol === null ? null : { symbol, pair: this.pairOf(symbol), generation: this.generation };
    return this.watched;
  }

  /** Still the same watch as when the request started (public data: any session)? */
  isCurrent(w: Watched): boolean {
    return this.watched === w && w.generation === this.generation;
  }

  /** Still the same watch and the same session (`auth`: its generation then) as then? */
  isCurrentFor(w: Watched, auth: number): boolean {
    return this.isCurrent(w) && this.ctx.auth.generation === auth;
  }

  loggedIn(): boolean {
    return this.ctx.auth.token !== null;
  }

  private pairOf(symbol: string): SpotPair | null {
    const ticker = this.ctx.store.state().market.tickers[symbol];
    if (ticker === undefined) return null;
    return {
      legalId: ticker.legalId,
      currencyId: ticker.currencyId,
      legalName: ticker.legalName,
      currencyName: ticker.currencyName,
      pricePrecision: ticker.pricePrecision,
      amountPrecision: ticker.amountPrecision,
      price: ticker.price,
    };
  }
}
