// The naive peer of BUDGETS B1/B2: an order book as a Map per side, fully re-sorted after
// every update (push), as a first implementation would do it. Prices are compared with
// parseFloat, amounts kept as strings; no validation. Used only as a baseline.

export type Level = readonly [string, string];

export class NaiveBook {
  private readonly bids = new Map<string, string>();
  private readonly asks = new Map<string, string>();
  /** Best first, rebuilt by a full sort after every update. */
  sortedBids: Level[] = [];
  sortedAsks: Level[] = [];

  replace(bids: readonly Level[], asks: readonly Level[]): void {
    this.bids.clear();
    this.asks.clear();
    this.apply(bids, asks);
  }

  apply(bids: readonly Level[], asks: readonly Level[]): void {
    if (bids.length > 0) {
      setAll(this.bids, bids);
      this.sortedBids = [...this.bids].sort((a, b) => parseFloat(b[0]) - parseFloat(a[0]));
    }
    if (asks.length > 0) {
      setAll(this.asks, asks);
      this.sortedAsks = [...this.asks].sort((a, b) => parseFloat(a[0]) - parseFloat(b[0]));
    }
  }
}

function setAll(side: Map<string, string>, levels: readonly Level[]): void {
  for (const [price, amount] of levels) {
    if (parseFloat(amount) === 0) side.delete(price);
    else side.set(price, amount);
  }
}

interface DepthPush {
  symbol: string;
  mode?: string;
  bids: Level[];
  asks: Level[];
}

interface SymbolPush {
  symbol: string;
  data?: unknown[];
}

/** A naive fold of a whole push stream: books per symbol, last 20 trades, latest ticker/kline. */
export class NaiveStreamFold {
  readonly books = new Map<string, NaiveBook>();
  readonly trades = new Map<string, unknown[]>();
  readonly latest = new Map<string, unknown>();

  push(text: string): void {
    const [event, payload] = JSON.parse(text) as [string, unknown];
    if (event === 'market_depth') {
      const p = payload as DepthPush;
      let book = this.books.get(p.symbol);
      if (book === undefined) {
        book = new NaiveBook();
        this.books.set(p.symbol, book);
      }
      if (p.mode === 'delta') book.apply(p.bids, p.asks);
      else book.replace(p.bids, p.asks);
    } else if (event === 'market_detail') {
      const p = payload as SymbolPush;
      this.trades.set(p.symbol, (p.data ?? []).slice(0, 20));
    } else {
      this.latest.set(`${event}:${(payload as SymbolPush).symbol}`, payload);
    }
  }
}
