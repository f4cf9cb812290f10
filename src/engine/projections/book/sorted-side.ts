// One side of an order book, best first (bids descending, asks ascending), as a persistent
// chunked list: the levels sit in chunks of at most CHUNK_MAX consecutive levels. A level
// change costs a binary search over the chunks, a binary search inside one chunk and one
// splice of at most CHUNK_MAX entries: O(log n) comparisons, nothing re-sorted, and no work
// proportional to the side's size except copying the chunk list (n / CHUNK_FILL pointers)
// once per event (BUDGETS B2).
//
// Sides are immutable values, so folds stay pure: `applyChanges` never writes to the side it
// is given. It copies the chunk list once per call and each chunk it touches once per call
// (copy on first write, then edits the copy in place for the rest of that call); untouched
// chunks and all level records are shared with the previous side, which stays valid
// (checkpoints are free). Level records are never mutated: a new amount is a new record.
//
// Ordering is exact. Each level also has a `key` = Number(price), used only to order quickly:
// correctly rounded conversion is monotone, so two different keys order their prices
// correctly, and when two keys are equal the exact decimal comparison (cmpDec) decides. No
// arithmetic is ever done on keys; prices and amounts stay decimal strings.
import type { DecStr } from '../../../shared/decimal.ts';
import type { BookLevel } from '../../events.ts';

export type SideKind = 'bid' | 'ask';

/** A chunk never holds more levels than this (it splits in two halves instead). */
export const CHUNK_MAX = 64;
/** Levels per chunk when a side is built whole (room to grow before a split). */
export const CHUNK_FILL = 48;
/** A chunk this small merges with a neighbour when they fit in one chunk. */
export const CHUNK_MIN = 16;

/** One price level. Never mutated once made. */
export interface Level {
  /** Number(price): an order-preserving search key, never used as a value. */
  readonly key: number;
  readonly price: DecStr;
  readonly amount: DecStr;
}

/** A run of consecutive levels, best first; never empty, at most CHUNK_MAX long. */
export interface Chunk {
  readonly levels: readonly Level[];
}

export interface BookSide {
  readonly chunks: readonly Chunk[];
  /** Levels in the side (the sum of the chunks' lengths). */
  readonly size: number;
}

/** A chunk as stored: `owner` is the id of the edit that may still write it (0: frozen). */
interface StoredChunk {
  levels: Level[];
  owner: number;
}

export const EMPTY_SIDE: BookSide = { chunks: [], size: 0 };

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

/** The best price of the side, or null when it is empty. */
export function bestPrice(side: BookSide): DecStr | null {
  return side.chunks[0]?.levels[0]?.price ?? null;
}

/** Calls `fn` for every level, best first. */
export function forEachLevel(side: BookSide, fn: (level: Level) => void): void {
  for (const c of side.chunks) for (const level of c.levels) fn(level);
}

/** Best first, as [price, amount] pairs (tests, snapshots, export). */
export function levelsOf(side: BookSide): BookLevel[] {
  const out: BookLevel[] = [];
  forEachLevel(side, (l) => out.push([l.price, l.amount]));
  return out;
}

export const pricesOf = (side: BookSide): DecStr[] =>
  side.chunks.flatMap((c) => c.levels.map((l) => l.price));
export const amountsOf = (side: BookSide): DecStr[] =>
  side.chunks.flatMap((c) => c.levels.map((l) => l.amount));

/**
 * Absolute level changes (amount "0" removes) applied to `side`; returns `side` itself when
 * nothing changed. O(log n) comparisons and one splice of ≤ CHUNK_MAX entries per level.
 */
export function applyChanges(
  side: BookSide,
  levels: readonly BookLevel[],
  kind: SideKind,
): BookSide {
  if (levels.length === 0) return side;
  const edit = new SideEdit(side, kind === 'bid' ? -1 : 1);
  for (const [price, amount] of levels) edit.apply(price, amount);
  return edit.result();
}

/**
 * A whole side from levels in any order (a snapshot or a legacy top-N): zero amounts are
 * dropped; for a repeated price the last level wins. Already-ordered input (the usual case)
 * is taken in one pass; otherwise it is sorted once.
 */
export function sideFromLevels(levels: readonly BookLevel[], kind: SideKind): BookSide {
  const cmp = sideCmp(kind);
  const out: Level[] = [];
  let ordered = true;
  for (const [price, amount] of levels) {
    if (amount === ZERO) continue;
    const last = out[out.length - 1];
    if (last !== undefined && cmp(last.price, price) >= 0) {
      ordered = false;
      break;
    }
    out.push({ key: keyOf(price), price, amount });
  }
  if (ordered) return chunked(out);
  const byPrice = new Map<DecStr, DecStr>();
  for (const [price, amount] of levels) byPrice.set(price, amount);
  const sorted = [...byPrice.entries()]
    .filter(([, amount]) => amount !== ZERO)
    .sort((a, b) => cmp(a[0], b[0]));
  return chunked(sorted.map(([price, amount]) => ({ key: keyOf(price), price, amount })));
}

function chunked(levels: readonly Level[]): BookSide {
  if (levels.length === 0) return EMPTY_SIDE;
  const chunks: StoredChunk[] = [];
  for (let i = 0; i < levels.length; i += CHUNK_FILL)
    chunks.push({ levels: levels.slice(i, i + CHUNK_FILL), owner: 0 });
  return { chunks, size: levels.length };
}

/** Ids of edits: a chunk whose `owner` is the running edit's id was copied by that edit. */
let lastEdit = 0;

/** One call of applyChanges: the side's chunk list and chunks, copied on first write. */
class SideEdit {
  private readonly id: number;
  private chunks: StoredChunk[];
  private copied = false;
  private readonly created: StoredChunk[] = [];
  private size: number;

  constructor(
    private readonly side: BookSide,
    /** 1: ascending (asks), −1: descending (bids). */
    private readonly dir: 1 | -1,
  ) {
    lastEdit += 1;
    this.id = lastEdit;
    this.chunks = side.chunks as StoredChunk[];
    this.size = side.size;
  }

  apply(price: DecStr, amount: DecStr): void {
    const key = keyOf(price);
    const c = this.findChunk(key, price);
    const chunk = this.chunks[c];
    if (chunk === undefined) {
      if (amount !== ZERO) this.insertChunk(0, { key, price, amount });
      return;
    }
    const i = this.search(chunk.levels, key, price);
    if (amount === ZERO) {
      if (i >= 0) this.remove(c, i);
    } else if (i < 0) {
      this.insert(c, -i - 1, { key, price, amount });
    } else if ((chunk.levels[i] as Level).amount !== amount) {
      this.writable(c).levels[i] = { key, price, amount };
    }
  }

  result(): BookSide {
    if (!this.copied) return this.side;
    // Freeze what this edit wrote (no later edit has this id; this keeps equal sides equal).
    for (const chunk of this.created) chunk.owner = 0;
    return { chunks: this.chunks, size: this.size };
  }

  /** <0 when (key, price) comes before `level` in side order, 0 when it is its price. */
  private order(level: Level, key: number, price: DecStr): number {
    if (level.key !== key) return key < level.key ? -this.dir : this.dir;
    return this.dir * cmpDec(price, level.price);
  }

  /** The chunk that holds `price` or where it belongs (the last one past the worst level). */
  private findChunk(key: number, price: DecStr): number {
    const chunks = this.chunks;
    let lo = 0;
    let hi = chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const levels = (chunks[mid] as StoredChunk).levels;
      if (this.order(levels[levels.length - 1] as Level, key, price) > 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of `price` in `levels` when present, else −(insertion point) − 1. */
  private search(levels: readonly Level[], key: number, price: DecStr): number {
    let lo = 0;
    let hi = levels.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.order(levels[mid] as Level, key, price);
      if (c === 0) return mid;
      if (c > 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -lo - 1;
  }

  private list(): StoredChunk[] {
    if (!this.copied) {
      this.chunks = this.chunks.slice();
      this.copied = true;
    }
    return this.chunks;
  }

  /** Chunk `c`, copied first unless this edit made it. */
  private writable(c: number): StoredChunk {
    const chunk = this.chunks[c] as StoredChunk;
    if (chunk.owner === this.id) return chunk;
    const copy = this.own(chunk.levels.slice());
    this.list()[c] = copy;
    return copy;
  }

  private own(levels: Level[]): StoredChunk {
    const chunk: StoredChunk = { levels, owner: this.id };
    this.created.push(chunk);
    return chunk;
  }

  private insertChunk(c: number, level: Level): void {
    this.list().splice(c, 0, this.own([level]));
    this.size += 1;
  }

  private insert(c: number, i: number, level: Level): void {
    const chunk = this.writable(c);
    chunk.levels.splice(i, 0, level);
    this.size += 1;
    if (chunk.levels.length > CHUNK_MAX) {
      const right = this.own(chunk.levels.splice(chunk.levels.length >>> 1));
      this.list().splice(c + 1, 0, right);
    }
  }

  private remove(c: number, i: number): void {
    const chunk = this.writable(c);
    chunk.levels.splice(i, 1);
    this.size -= 1;
    if (chunk.levels.length === 0) this.list().splice(c, 1);
    else if (chunk.levels.length < CHUNK_MIN) this.merge(c, chunk);
  }

  /** Joins a small chunk with a neighbour when both fit in one chunk. */
  private merge(c: number, chunk: StoredChunk): void {
    const next = this.chunks[c + 1];
    const prev = this.chunks[c - 1];
    if (next !== undefined && chunk.levels.length + next.levels.length <= CHUNK_MAX)
      this.list().splice(c, 2, this.own(chunk.levels.concat(next.levels)));
    else if (prev !== undefined && chunk.levels.length + prev.levels.length <= CHUNK_MAX)
      this.list().splice(c - 1, 2, this.own(prev.levels.concat(chunk.levels)));
  }
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * Number(price) for a canonical decimal, fast: with at most 15 digits the digits form an
 * exact integer and 10^f is exact, so one IEEE division gives the correctly rounded value,
 * the same double as Number() (Clinger's fast path). Longer strings use Number().
 */
export function keyOf(price: string): number {
  const n = price.length;
  if (n > 15) return Number(price);
  let v = 0;
  let dot = -1;
  for (let i = 0; i < n; i += 1) {
    const c = price.charCodeAt(i);
    if (c === 46) dot = i;
    else v = v * 10 + (c - 48);
  }
  return dot < 0 ? v : v / (POW10[n - 1 - dot] as number);
}
