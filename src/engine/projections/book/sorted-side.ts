// One side of an order book: parallel arrays of prices and amounts, best first (bids
// descending, asks ascending), found by binary search. A level change costs O(log n)
// comparisons plus one splice (a memmove); nothing is ever re-sorted after a delta (BUDGETS
// B2). Sides are immutable values: an update copies the arrays once per event, then edits the
// copy, so folds stay pure.
//
// Ordering is exact. Each price also has a `key` = Number(price), used only to order quickly:
// correctly rounded conversion is monotone, so two different keys order their prices
// correctly, and when two keys are equal the exact decimal comparison (cmpDec) decides. No
// arithmetic is ever done on keys; prices and amounts stay decimal strings.
import type { DecStr } from '../../../shared/decimal.ts';
import type { BookLevel } from '../../ingest/events.ts';

export interface BookSide {
  readonly prices: readonly DecStr[];
  readonly amounts: readonly DecStr[];
  /** Number(price) per level: an order-preserving search key, never used as a value. */
  readonly keys: readonly number[];
}

interface Work {
  prices: DecStr[];
  amounts: DecStr[];
  keys: number[];
}

export type SideKind = 'bid' | 'ask';

export const EMPTY_SIDE: BookSide = { prices: [], amounts: [], keys: [] };

const ZERO = '0';

/**
 * Exact order of two canonical non-negative decimal strings (no leading zeros, no trailing
 * fraction zeros): integer parts by length then digits, fractions by digits.
 */
export function cmpDec(a: string, b: string): number {
  if (a === b) return 0;
  let da = a.indexOf('.');
  let db = b.indexOf('.');
  if (da < 0) da = a.length;
  if (db < 0) db = b.length;
  if (da !== db) return da - db;
  for (let i = 0; i < da; i += 1) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d;
  }
  // Fractions digit by digit; a missing digit counts as "0" ("1.5" < "1.52").
  const n = Math.max(a.length, b.length);
  for (let i = da + 1; i < n; i += 1) {
    const ca = i < a.length ? a.charCodeAt(i) : 48;
    const cb = i < b.length ? b.charCodeAt(i) : 48;
    if (ca !== cb) return ca - cb;
  }
  return 0;
}

/** Order of a side: best first. */
export function sideCmp(kind: SideKind): (a: string, b: string) => number {
  return kind === 'bid' ? (a, b) => cmpDec(b, a) : cmpDec;
}

/** Index of `price` in the side when present, else −(insertion point) − 1. */
export function search(side: BookSide, price: string, key: number, kind: SideKind): number {
  const { keys, prices } = side;
  const dir = kind === 'bid' ? -1 : 1;
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const k = keys[mid] as number;
    const c = k < key ? -dir : k > key ? dir : dir * cmpDec(prices[mid] as string, price);
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -lo - 1;
}

/**
 * Absolute level changes (amount "0" removes) applied to `side`; returns `side` itself when
 * nothing changed. One copy of the arrays per call, then O(log n) search per level.
 */
export function applyChanges(
  side: BookSide,
  levels: readonly BookLevel[],
  kind: SideKind,
): BookSide {
  if (levels.length === 0) return side;
  /** The copy, made at the first real change. */
  let work = null as Work | null;
  const edit = (): Work =>
    (work ??= {
      prices: side.prices.slice(),
      amounts: side.amounts.slice(),
      keys: side.keys.slice(),
    });
  for (const [price, amount] of levels) {
    const key = Number(price);
    const i = search(work ?? side, price, key, kind);
    if (amount === ZERO) {
      if (i >= 0) removeAt(edit(), i);
    } else if (i < 0) {
      insertAt(edit(), -i - 1, price, amount, key);
    } else if ((work ?? side).amounts[i] !== amount) {
      edit().amounts[i] = amount;
    }
  }
  return work ?? side;
}

function removeAt(w: Work, i: number): void {
  w.prices.splice(i, 1);
  w.amounts.splice(i, 1);
  w.keys.splice(i, 1);
}

function insertAt(w: Work, i: number, price: DecStr, amount: DecStr, key: number): void {
  w.prices.splice(i, 0, price);
  w.amounts.splice(i, 0, amount);
  w.keys.splice(i, 0, key);
}

/**
 * A whole side from levels in any order (a snapshot or a legacy top-N): zero amounts are
 * dropped; for a repeated price the last level wins. Already-ordered input (the usual case)
 * is taken in one pass; otherwise it is sorted once.
 */
export function sideFromLevels(levels: readonly BookLevel[], kind: SideKind): BookSide {
  const cmp = sideCmp(kind);
  const prices: DecStr[] = [];
  const amounts: DecStr[] = [];
  let ordered = true;
  for (const [price, amount] of levels) {
    if (amount === ZERO) continue;
    const last = prices[prices.length - 1];
    if (last !== undefined && cmp(last, price) >= 0) {
      ordered = false;
      break;
    }
    prices.push(price);
    amounts.push(amount);
  }
  if (ordered) return { prices, amounts, keys: prices.map(Number) };
  const byPrice = new Map<DecStr, DecStr>();
  for (const [price, amount] of levels) byPrice.set(price, amount);
  const sorted = [...byPrice.entries()]
    .filter(([, amount]) => amount !== ZERO)
    .sort((a, b) => cmp(a[0], b[0]));
  const sortedPrices = sorted.map(([p]) => p);
  return {
    prices: sortedPrices,
    amounts: sorted.map(([, a]) => a),
    keys: sortedPrices.map(Number),
  };
}

/** Best first, as [price, amount] pairs (tests and snapshots). */
export function levelsOf(side: BookSide): BookLevel[] {
  return side.prices.map((p, i) => [p, side.amounts[i] as DecStr]);
}
