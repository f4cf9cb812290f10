// The engine's public types: the spot screen (re-exported by api.ts).
import type { KlinePeriod } from '../../shared/constants.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { SpotMode, SpotSide, SpotTif } from '../../shared/spot.ts';
import type { CurrencyDetail } from '../../shared/wire.ts';

// ---- Spot (issue 3) ------------------------------------------------------------------------

/**
 * Price grouping of the order book: a whole multiple of the pair's tick (10^-pricePrecision).
 * The page offers 1, 10, 100 and 1000, and for high-priced pairs also 5000, 10000, … (5 or 10
 * times a power of ten; src/ui/trading/paint/book-math.ts `groupingOptions`). Anything that is
 * not a positive safe integer is taken as 1.
 */
export type BookGrouping = number;
/** How often the book is sent to the page: every frame, or at most every 250 ms / 1 s. */
export type BookRate = 'frame' | 250 | 1000;

/** One grouped price level, as the page paints it. */
export interface BookRow {
  /** Grouped price: bids rounded down, asks rounded up to the grouping step. */
  price: DecStr;
  amount: DecStr;
  /** Cumulative amount from the best level down to this one (inclusive). */
  total: DecStr;
  /** total / the larger of the two sides' totals over the whole book, 0..1 (depth bar width). */
  depth: number;
  /**
   * The user's orders at prices inside this level — open spot orders on the spot screen, open
   * limit entrusts on the contracts screen (`setBookOwner`) — their remaining amount and ids;
   * null when there are none.
   */
  own: BookOwn | null;
}

export interface BookOwn {
  amount: DecStr;
  ids: number[];
  /**
   * The orders' own prices, each once, lowest first: a contract entrust rests between the
   * book's levels, and a grouped level holds several prices; the cancel dialog names these,
   * never the level's (issue 41).
   */
  prices: DecStr[];
}

/** Whose orders the book marks: the spot orders, or the contracts' open limit entrusts. */
export type BookOwner = 'spot' | 'lever';

/** The order book of the selected pair: only the rows inside the page's windows. */
export interface BookView {
  symbol: string;
  grouping: BookGrouping;
  /** The pair's tick, e.g. "0.01". */
  tick: DecStr;
  /** Grouped levels in the whole book, per side (for the virtualizer's scroll height). */
  bidCount: number;
  askCount: number;
  /** Index of bids[0] / asks[0] among the side's grouped levels (0 = best). */
  bidStart: number;
  askStart: number;
  /** Best first: bids descending, asks ascending. */
  bids: BookRow[];
  asks: BookRow[];
  bestBid: DecStr | null;
  bestAsk: DecStr | null;
  /** bestAsk − bestBid, null when a side is empty. */
  spread: DecStr | null;
  /** 'legacy' top-10 pushes or the snapshot/delta stream. */
  source: 'legacy' | 'delta' | 'rest' | 'none';
  /** How many times the book was replaced by a fresh snapshot after a gap or a reconnect. */
  resyncs: number;
  /** Time of the last change (event time, ms). */
  at: number;
}

/**
 * The depth chart's data (issue 24): the book's grouped levels from the best, at most
 * DEPTH_LEVELS a side, as [price, amount] (the same grouping as the book). Sent while the page
 * watches it (`watchDepth`), with the book, at most every DEPTH_MS.
 */
export interface DepthView {
  symbol: string;
  grouping: BookGrouping;
  bids: [DecStr, DecStr][];
  asks: [DecStr, DecStr][];
  /** Time of the book's last change (event time, ms). */
  at: number;
}

/** The rows of the book the page shows; the engine sends only these. */
export interface BookWindow {
  bidStart: number;
  bidCount: number;
  askStart: number;
  askCount: number;
}

export interface TradeView {
  id: number;
  price: DecStr;
  amount: DecStr;
  direction: 'buy' | 'sell';
  /** ms */
  time: number;
}

export interface Bar {
  /** Open time, ms. */
  time: number;
  open: DecStr;
  high: DecStr;
  low: DecStr;
  close: DecStr;
  volume: DecStr;
}

/** Chart change: `reset` replaces all bars (new pair/period or history loaded); otherwise upsert by time. */
export interface ChartDiff {
  symbol: string;
  period: KlinePeriod;
  reset: boolean;
  bars: Bar[];
  loading: boolean;
  error: string | null;
}

export interface OpenOrderView {
  id: number;
  side: SpotSide;
  mode: SpotMode;
  symbol: string;
  price: DecStr;
  /** Remaining. */
  number: DecStr;
  totalNumber: DecStr;
  completeNumber: DecStr;
  totalMoney: DecStr;
  createTime: string;
  /** A leg of a scale order (ADR 0057): the scale's group. */
  groupId?: number | undefined;
}

/** How a finished spot order ended (issue 20): whole, partly then cancelled, or untouched. */
export type SpotOrderOutcome = 'filled' | 'part-cancelled' | 'cancelled';

/**
 * A row of the spot order history: one of the user's finished orders (`transaction_history`).
 * Rows recorded before issue 20, or read from a legacy server (`transaction_complete`), are
 * single fills: without `outcome`, `total`, `limitPrice` and `mode`.
 */
export interface FilledOrderView {
  id: number;
  side: SpotSide;
  symbol: string;
  /** The volume-weighted average fill price (a fill: its price); "0" when nothing filled. */
  price: DecStr;
  /** The filled quantity. */
  number: DecStr;
  fee: DecStr;
  time: string;
  outcome?: SpotOrderOutcome;
  /** The ordered quantity. */
  total?: DecStr;
  /** The limit of a limit order. */
  limitPrice?: DecStr;
  mode?: SpotMode;
}

/**
 * The user's orders on the watched pair. Each list is this page session's server answer
 * (`…Loaded`), or held from an earlier page session or watch of the same login and pair
 * (`…Held`, ADR 0032: as of `…At`, never loaded; what acts on orders leaves them alone), or not
 * known (neither: loading, or the request failed — never "no orders").
 */
export interface SpotOrdersView {
  open: OpenOrderView[];
  history: FilledOrderView[];
  openHasMore: boolean;
  historyHasMore: boolean;
  /** Each list asked for and not yet answered (one may be answered long before the other). */
  openLoading: boolean;
  historyLoading: boolean;
  openLoaded: boolean;
  historyLoaded: boolean;
  openHeld: boolean;
  historyHeld: boolean;
  /** Event time of the reply each list's rows came from (0 while not known). */
  openAt: number;
  historyAt: number;
}

/** The selected spot pair: balances, last price, currency info. */
export interface SpotView {
  symbol: string;
  legalId: number;
  currencyId: number;
  legalName: string;
  currencyName: string;
  pricePrecision: number;
  amountPrecision: number;
  lastPrice: DecStr;
  cnyPrice: DecStr;
  /** Available quote (legal) and base (currency) balances; "0" for visitors. */
  userLegal: DecStr;
  userCurrency: DecStr;
  detail: CurrencyDetail | null;
  loaded: boolean;
}

export interface PlaceSpotOrder {
  side: SpotSide;
  mode: SpotMode;
  /** Ignored for market orders. */
  price: string;
  number: string;
  /** A limit order's time in force (ADR 0054): good till cancelled unless said. */
  tif?: SpotTif;
  /** A limit order that rests whole or is refused, never takes. */
  postOnly?: boolean;
}

/** A change to an open order: '' keeps the price or the amount (the order's new total). */
export interface AmendSpotOrder {
  id: number;
  side: SpotSide;
  price: string;
  number: string;
}

/** A waiting conditional order's new values (ADR 0067); '' keeps one as it is. */
export interface AmendSpotTrigger {
  id: number;
  side: SpotSide;
  /** Whether it places a limit order (its price may change). */
  limit: boolean;
  trigger: string;
  price: string;
  number: string;
}

export type { SpotTif };
