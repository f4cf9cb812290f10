// Sorting a market list (issue 24): by pair name, or by a live figure of each pair's ticker —
// last price, 24 h change, high, low, volume or turnover — compared exactly as decimals. Pairs
// without the figure (no ticker yet, a server that does not send turnover) go last whichever the
// direction; ties keep the exchange's order. No sort: the exchange's order.
import type { Ticker } from '../../../engine/api.ts';
import { Decimal } from '../../../shared/decimal.ts';
import type { MarketSort, MarketSortKey } from '../../../shared/workspace.ts';

const FIGURE: Record<Exclude<MarketSortKey, 'pair'>, (t: Ticker) => string | undefined> = {
  price: (t) => t.price,
  change: (t) => t.change,
  high: (t) => t.high,
  low: (t) => t.low,
  volume: (t) => t.volume,
  turnover: (t) => t.turnover,
};

export function sortSymbols(
  symbols: readonly string[],
  tickerOf: (symbol: string) => Ticker | null,
  sort: MarketSort | null,
): readonly string[] {
  if (sort === null) return symbols;
  const sign = sort.dir === 'asc' ? 1 : -1;
  const keyed = symbols.map((symbol, index) => ({
    symbol,
    index,
    value: valueOf(symbol, sort.key, tickerOf),
  }));
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null)
      return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
    const c = compare(a.value, b.value);
    return c === 0 ? a.index - b.index : sign * c;
  });
  return keyed.map((k) => k.symbol);
}

/** The next sort when a column's header is pressed: its usual direction, then the other, then none. */
export function nextSort(current: MarketSort | null, key: MarketSortKey): MarketSort | null {
  const first = key === 'pair' ? 'asc' : 'desc';
  if (current === null || current.key !== key) return { key, dir: first };
  return current.dir === first ? { key, dir: first === 'asc' ? 'desc' : 'asc' } : null;
}

/** Whether a sort reads live figures (the list is sorted again as they change). */
export const sortIsLive = (sort: MarketSort | null): boolean =>
  sort !== null && sort.key !== 'pair';

function valueOf(
  symbol: string,
  key: MarketSortKey,
  tickerOf: (symbol: string) => Ticker | null,
): string | Decimal | null {
  if (key === 'pair') return symbol;
  const ticker = tickerOf(symbol);
  const figure = ticker === null ? undefined : FIGURE[key](ticker);
  return figure === undefined ? null : new Decimal(figure);
}

function compare(a: string | Decimal, b: string | Decimal): number {
  if (typeof a === 'string' || typeof b === 'string') return String(a).localeCompare(String(b));
  return a.comparedTo(b);
}
