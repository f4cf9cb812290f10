// The book as the page paints it (BookView of api.ts), computed at frame time from BookState:
// price grouping (a whole multiple of the tick; bids round down, asks round up; amounts summed
// exactly), cumulative totals, depth fractions, the user's orders in each level (`own`: their
// remaining amount and ids; an order is marked where it stands in the queue — the level holding
// its price, or, for a contract's limit entrust that is not in the book, the next level past
// it) and the page's row windows. Exact
// arithmetic on scaled bigints; the only float is the depth fraction (pixels). A side's
// grouping is cached by (book version, grouping, precision), so a frame without book changes
// (a window scroll) only slices.
import { Decimal } from '../../../shared/decimal.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import type { SpotSide } from '../../../shared/spot.ts';
import type { BookGrouping, BookOwn, BookRow, BookView, BookWindow, DepthView } from '../../api.ts';
import type { BookState } from './book.ts';
import { bestPrice, forEachLevel } from './sorted-side.ts';
import type { BookSide, SideKind } from './sorted-side.ts';

/** At most this many rows per side in one view (BUDGETS B3: small frames). */
export const MAX_WINDOW_ROWS = 200;
export const DEFAULT_WINDOW: BookWindow = { bidStart: 0, bidCount: 50, askStart: 0, askCount: 50 };

export interface BookViewOptions {
  grouping: BookGrouping;
  window: BookWindow;
  pricePrecision: number;
  /** The user's open orders on the pair: id, side, price and remaining amount. */
  own: readonly OwnOrder[];
}

export interface OwnOrder {
  id: number;
  side: SpotSide;
  price: DecStr;
  amount: DecStr;
}

/** A side after grouping: parallel arrays, best first, values scaled by 10^scale. */
export interface GroupedSide {
  prices: bigint[];
  amounts: bigint[];
  /** Cumulative amount from the best level, inclusive. */
  totals: bigint[];
}

interface Cache {
  key: string;
  priceScale: number;
  amountScale: number;
  step: bigint;
  bids: GroupedSide;
  asks: GroupedSide;
}

export interface BookViewer {
  view(book: BookState, options: BookViewOptions): BookView | null;
  /** The depth chart's levels: the first DEPTH_LEVELS grouped levels of each side. */
  depth(book: BookState, options: Omit<BookViewOptions, 'window' | 'own'>): DepthView | null;
}

/** Grouped levels a side the depth chart gets. */
export const DEPTH_LEVELS = 150;

/** The grouping the page asked for, if it is a positive safe integer; else 1 (no grouping). */
export function validGrouping(grouping: number): BookGrouping {
  return Number.isSafeInteger(grouping) && grouping >= 1 ? grouping : 1;
}

/** A viewer with its own cache (one per engine). */
export function createBookViewer(): BookViewer {
  let cache: Cache | null = null;
  const grouped = (book: BookState, grouping: BookGrouping, pricePrecision: number): Cache => {
    const key = `${book.version}|${grouping}|${pricePrecision}`;
    if (cache?.key !== key) cache = { key, ...groupBook(book, grouping, pricePrecision) };
    return cache;
  };
  return {
    view(book, options) {
      if (book.symbol === null) return null;
      return render(book, grouped(book, options.grouping, options.pricePrecision), options);
    },
    depth(book, options) {
      if (book.symbol === null) return null;
      const c = grouped(book, options.grouping, options.pricePrecision);
      const levels = (g: GroupedSide): [DecStr, DecStr][] => {
        const out: [DecStr, DecStr][] = [];
        const n = Math.min(g.prices.length, DEPTH_LEVELS);
        for (let i = 0; i < n; i += 1)
          out.push([
            fromScaled(g.prices[i] as bigint, c.priceScale),
            fromScaled(g.amounts[i] as bigint, c.amountScale),
          ]);
        return out;
      };
      return {
        symbol: book.symbol,
        grouping: options.grouping,
        bids: levels(c.bids),
        asks: levels(c.asks),
        at: book.at,
      };
    },
  };
}

/** Group both sides (exported for the properties). */
export function groupBook(
  book: Pick<BookState, 'bids' | 'asks'>,
  grouping: BookGrouping,
  pricePrecision: number,
): Omit<Cache, 'key'> {
  const bids = fractions(book.bids);
  const asks = fractions(book.asks);
  const priceScale = Math.max(pricePrecision, bids.price, asks.price);
  const amountScale = Math.max(bids.amount, asks.amount);
  const step = 10n ** BigInt(priceScale - pricePrecision) * BigInt(grouping);
  return {
    priceScale,
    amountScale,
    step,
    bids: groupSide(book.bids, 'bid', step, priceScale, amountScale),
    asks: groupSide(book.asks, 'ask', step, priceScale, amountScale),
  };
}

function groupSide(
  side: BookSide,
  kind: SideKind,
  step: bigint,
  priceScale: number,
  amountScale: number,
): GroupedSide {
  const out: GroupedSide = { prices: [], amounts: [], totals: [] };
  let total = 0n;
  forEachLevel(side, (level) => {
    const p = toScaled(level.price, priceScale);
    const rem = p % step;
    const key = rem === 0n ? p : kind === 'bid' ? p - rem : p - rem + step;
    const amount = toScaled(level.amount, amountScale);
    total += amount;
    const last = out.prices.length - 1;
    if (last >= 0 && out.prices[last] === key) {
      out.amounts[last] = (out.amounts[last] as bigint) + amount;
      out.totals[last] = total;
    } else {
      out.prices.push(key);
      out.amounts.push(amount);
      out.totals.push(total);
    }
  });
  return out;
}

function render(book: BookState, c: Cache, o: BookViewOptions): BookView {
  const bidTotal = c.bids.totals[c.bids.totals.length - 1] ?? 0n;
  const askTotal = c.asks.totals[c.asks.totals.length - 1] ?? 0n;
  const max = bidTotal > askTotal ? bidTotal : askTotal;
  const ownBids = ownByLevel(c.bids, 'bid', ownOrders(o.own, 'buy', c.priceScale));
  const ownAsks = ownByLevel(c.asks, 'ask', ownOrders(o.own, 'sell', c.priceScale));
  const bidStart = clampStart(o.window.bidStart, c.bids.prices.length);
  const askStart = clampStart(o.window.askStart, c.asks.prices.length);
  const rows = (g: GroupedSide, start: number, count: number, own: Map<number, BookOwn>) => {
    const end = Math.min(g.prices.length, start + clampCount(count));
    const out: BookRow[] = [];
    for (let i = start; i < end; i += 1) {
      const price = g.prices[i] as bigint;
      const total = g.totals[i] as bigint;
      out.push({
        price: fromScaled(price, c.priceScale),
        amount: fromScaled(g.amounts[i] as bigint, c.amountScale),
        total: fromScaled(total, c.amountScale),
        depth: max === 0n ? 0 : Number(total) / Number(max),
        own: own.get(i) ?? null,
      });
    }
    return out;
  };
  const bestBid = bestPrice(book.bids);
  const bestAsk = bestPrice(book.asks);
  return {
    symbol: book.symbol ?? '',
    grouping: o.grouping,
    tick: tickOf(o.pricePrecision),
    bidCount: c.bids.prices.length,
    askCount: c.asks.prices.length,
    bidStart,
    askStart,
    bids: rows(c.bids, bidStart, o.window.bidCount, ownBids),
    asks: rows(c.asks, askStart, o.window.askCount, ownAsks),
    bestBid,
    bestAsk,
    spread:
      bestBid === null || bestAsk === null
        ? null
        : (new Decimal(bestAsk).minus(bestBid).toFixed() as DecStr),
    source: book.source,
    resyncs: book.resyncs,
    at: book.at,
  };
}

/** An own order with its price on the book's scale. */
interface Scaled {
  price: bigint;
  order: OwnOrder;
}

function ownOrders(own: BookViewOptions['own'], side: SpotSide, scale: number): Scaled[] {
  const out: Scaled[] = [];
  for (const o of own) {
    if (o.side !== side) continue;
    const [int = '0', frac = ''] = o.price.split('.');
    // An order price finer than the book's scale cannot be exact here: truncate for the mark.
    const price = toScaled(frac.length > scale ? `${int}.${frac.slice(0, scale)}` : o.price, scale);
    out.push({ price, order: o });
  }
  return out;
}

/**
 * The user's orders by level index: each on the first level, from the best, that it does not
 * beat — bids (prices falling) the first at or below its price, asks (rising) the first at or
 * above. That is the group holding its price when there is one (a spot order always has one: it
 * is in the book), else the next level past it. An order past the last level is not marked.
 */
function ownByLevel(g: GroupedSide, kind: SideKind, own: readonly Scaled[]): Map<number, BookOwn> {
  type Sum = { amount: Decimal; ids: number[]; prices: Map<string, Decimal> };
  const sums = new Map<number, Sum>();
  for (const o of own) {
    const i = firstNotBeaten(g.prices, kind, o.price);
    if (i === g.prices.length) continue;
    const sum: Sum = sums.get(i) ?? { amount: new Decimal(0), ids: [], prices: new Map() };
    sum.amount = sum.amount.plus(o.order.amount);
    sum.ids.push(o.order.id);
    const price = new Decimal(o.order.price);
    sum.prices.set(price.toFixed(), price);
    sums.set(i, sum);
  }
  const out = new Map<number, BookOwn>();
  for (const [i, sum] of sums) {
    const prices = [...sum.prices.values()].sort((a, b) => a.comparedTo(b));
    out.set(i, {
      amount: sum.amount.toFixed() as DecStr,
      ids: sum.ids,
      prices: prices.map((p) => p.toFixed() as DecStr),
    });
  }
  return out;
}

/** Binary search: the first index whose price is at or past `price` (bids ≤, asks ≥). */
function firstNotBeaten(prices: readonly bigint[], kind: SideKind, price: bigint): number {
  let lo = 0;
  let hi = prices.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const p = prices[mid] as bigint;
    if (kind === 'bid' ? p <= price : p >= price) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function clampStart(start: number, count: number): number {
  if (!Number.isFinite(start) || start < 0) return 0;
  return Math.min(Math.floor(start), count);
}

function clampCount(count: number): number {
  if (!Number.isFinite(count) || count < 0) return 0;
  return Math.min(Math.floor(count), MAX_WINDOW_ROWS);
}

export function tickOf(pricePrecision: number): DecStr {
  return (pricePrecision <= 0 ? '1' : `0.${'0'.repeat(pricePrecision - 1)}1`) as DecStr;
}

/** The most fraction digits among the side's prices and among its amounts. */
function fractions(side: BookSide): { price: number; amount: number } {
  let price = 0;
  let amount = 0;
  forEachLevel(side, (level) => {
    price = Math.max(price, fractionDigits(level.price));
    amount = Math.max(amount, fractionDigits(level.amount));
  });
  return { price, amount };
}

function fractionDigits(v: string): number {
  const dot = v.indexOf('.');
  return dot < 0 ? 0 : v.length - dot - 1;
}

const zeros: string[] = [''];
function zerosOf(n: number): string {
  for (let i = zeros.length; i <= n; i += 1) zeros.push(`${zeros[i - 1] ?? ''}0`);
  return zeros[n] ?? '';
}

/** A canonical non-negative decimal with at most `scale` decimals × 10^scale. */
export function toScaled(s: string, scale: number): bigint {
  const dot = s.indexOf('.');
  if (dot < 0) return BigInt(s + zerosOf(scale));
  const frac = s.length - dot - 1;
  return BigInt(s.slice(0, dot) + s.slice(dot + 1) + zerosOf(scale - frac));
}

/** v / 10^scale as a canonical decimal string. */
export function fromScaled(v: bigint, scale: number): DecStr {
  const digits = v.toString();
  if (scale === 0) return digits as DecStr;
  const padded = digits.length <= scale ? zerosOf(scale - digits.length + 1) + digits : digits;
  const int = padded.slice(0, padded.length - scale);
  let frac = padded.slice(padded.length - scale);
  let end = frac.length;
  while (end > 0 && frac.charCodeAt(end - 1) === 48) end -= 1;
  frac = frac.slice(0, end);
  return (frac === '' ? int : `${int}.${frac}`) as DecStr;
}
