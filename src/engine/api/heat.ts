// The depth heatmap's data (issue 47, ADR 0081; re-exported by api.ts): the watched pair's book
// as the engine folded it, sampled once a second of the exchange's clock, and its trades. For
// pixels only: prices and amounts as numbers, never money.

/** One sample of the book: its time and the best levels of each side, [price, amount, …]. */
export interface HeatSample {
  /** ms, the exchange's clock (the engine's event time corrected by the clock sync). */
  t: number;
  bids: number[];
  asks: number[];
}

/** A trade of the pair, for a bubble. */
export interface HeatTrade {
  id: number;
  /** ms, the exchange's time of the trade. */
  t: number;
  price: number;
  amount: number;
  side: 'buy' | 'sell';
}

/** What the page asks for: the samples and trades after `since` of the pair `symbol`. */
export interface HeatSlice {
  symbol: string;
  /**
   * The history's generation: it changes when the engine starts another one (another pair) or
   * puts older history before it (the stored log's, after a reload: heat-backfill.ts). A page
   * that held another generation asks again from the start.
   */
  epoch: number;
  samples: HeatSample[];
  trades: HeatTrade[];
}

/** Levels sampled per side. */
export const HEAT_LEVELS = 40;
/** One sample per this much of the exchange's clock, at most (ms). */
export const HEAT_SAMPLE_MS = 1_000;
/** How far back samples are kept (ms): the event log's own reach. */
export const HEAT_REACH_MS = 3_600_000;

/** The engine's call of the heatmap (EngineApi). */
export interface HeatCalls {
  /** Samples and trades of `symbol` newer than `since` (ms); null: the engine holds none of it. */
  depthHeat(symbol: string, since: number): Promise<HeatSlice | null>;
}

/**
 * Appends `items` to `list` one by one. An hour of a busy pair's trades is over a hundred
 * thousand, and `list.push(...items)` past about 120,000 overflows the call stack.
 */
export function appendAll<T>(list: T[], items: readonly T[]): void {
  for (const item of items) list.push(item);
}
