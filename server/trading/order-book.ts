// A pure in-memory limit order book for one pair. Prices are integer ticks and quantities
// integer lots (bigint: exact, no floats). Each side keeps its price levels in a sorted array
// of keys (binary search, best price at the END so consuming the top is a pop) and a map
// price → level; a level is a FIFO queue (an insertion-ordered Map) of resting orders, so
// time priority within a price is insertion order. `plan` walks the book without changing it
// (price-time priority, maker's price); `applyFills` then consumes the makers. Every level
// whose total changed is remembered until `drainChanges` (the depth delta stream).

export type Side = 'buy' | 'sell';

export interface RestingOrder {
  id: number;
  userId: number;
  side: Side;
  /** Limit price, ticks. */
  price: bigint;
  /** Remaining quantity, lots (> 0 while resting). */
  remaining: bigint;
  /** Insertion counter (time priority), assigned by the book. */
  seq: number;
}

export interface Fill {
  makerId: number;
  makerUserId: number;
  makerSide: Side;
  /** The maker's price, ticks. */
  price: bigint;
  qty: bigint;
  /** Maker's remaining quantity after this fill. */
  makerLeft: bigint;
}

export interface TickLevel {
  price: bigint;
  total: bigint;
  orders: Map<number, RestingOrder>;
}

export interface LevelChange {
  side: Side;
  price: bigint;
  /** New total at this price; 0 means the level is gone. */
  total: bigint;
}

class BookSide {
  /** Sorted so that the best price is last: bids ascending, asks descending. */
  private readonly keys: bigint[] = [];
  readonly levels = new Map<bigint, TickLevel>();
  private readonly side: Side;

  constructor(side: Side) {
    this.side = side;
  }

  /** Whether `a` sorts before `b` in `keys` (i.e. `a` is worse than `b`). */
  private before(a: bigint, b: bigint): boolean {
    return this.side === 'buy' ? a < b : a > b;
  }

  private indexOf(price: bigint): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const k = this.keys[mid];
      if (k !== undefined && this.before(k, price)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  level(price: bigint): TickLevel {
    const existing = this.levels.get(price);
    if (existing !== undefined) return existing;
    const level: TickLevel = { price, total: 0n, orders: new Map() };
    this.levels.set(price, level);
    this.keys.splice(this.indexOf(price), 0, price);
    return level;
  }

  dropLevel(price: bigint): void {
    if (!this.levels.delete(price)) return;
    const i = this.indexOf(price);
    if (this.keys[i] === price) this.keys.splice(i, 1);
  }

  get size(): number {
    return this.keys.length;
  }

  bestPrice(): bigint | null {
    return this.keys[this.keys.length - 1] ?? null;
  }

  /** Levels best first; at most `n`. */
  *iterate(n = Infinity): Generator<TickLevel> {
    let count = 0;
    for (let i = this.keys.length - 1; i >= 0 && count < n; i--, count++) {
      const k = this.keys[i];
      if (k === undefined) continue;
      const level = this.levels.get(k);
      if (level !== undefined) yield level;
    }
  }
}

export class OrderBook {
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly orders = new Map<number, RestingOrder>();
  private readonly changed = new Map<string, { side: Side; price: bigint }>();
  private seq = 0;

  private sideOf(side: Side): BookSide {
    return side === 'buy' ? this.bids : this.asks;
  }

  private touch(side: Side, price: bigint): void {
    this.changed.set(`${side}:${price}`, { side, price });
  }

  get orderCount(): number {
    return this.orders.size;
  }

  levelCount(side: Side): number {
    return this.sideOf(side).size;
  }

  get(id: number): RestingOrder | null {
    return this.orders.get(id) ?? null;
  }

  /** Every resting order (no particular order). */
  allOrders(): IterableIterator<RestingOrder> {
    return this.orders.values();
  }

  bestBid(): bigint | null {
    return this.bids.bestPrice();
  }

  bestAsk(): bigint | null {
    return this.asks.bestPrice();
  }

  /** Adds a resting order at the back of its price level. Throws on a crossing price. */
  add(order: Omit<RestingOrder, 'seq'>): RestingOrder {
    if (order.remaining <= 0n || order.price <= 0n) throw new Error('bad resting order');
    if (this.orders.has(order.id)) throw new Error(`duplicate order ${order.id}`);
    const opposite = order.side === 'buy' ? this.bestAsk() : this.bestBid();
    if (
      opposite !== null &&
      (order.side === 'buy' ? order.price >= opposite : order.price <= opposite)
    )
      throw new Error('resting order would cross the book');
    const resting: RestingOrder = { ...order, seq: ++this.seq };
    const level = this.sideOf(order.side).level(order.price);
    level.orders.set(resting.id, resting);
    level.total += resting.remaining;
    this.orders.set(resting.id, resting);
    this.touch(order.side, order.price);
    return resting;
  }

  /**
   * Lowers a resting order's remaining quantity to `remaining` (above 0, below what it has) where
   * it stands: it keeps its place in its level's queue. False when unknown or not lower.
   */
  reduce(id: number, remaining: bigint): boolean {
    const order = this.orders.get(id);
    if (order === undefined || remaining <= 0n || remaining >= order.remaining) return false;
    const level = this.sideOf(order.side).levels.get(order.price);
    if (level === undefined) return false;
    level.total -= order.remaining - remaining;
    order.remaining = remaining;
    this.touch(order.side, order.price);
    return true;
  }

  /** Removes a resting order; returns it, or null when unknown. */
  remove(id: number): RestingOrder | null {
    const order = this.orders.get(id);
    if (order === undefined) return null;
    const side = this.sideOf(order.side);
    const level = side.levels.get(order.price);
    if (level !== undefined) {
      level.orders.delete(id);
      level.total -= order.remaining;
      if (level.orders.size === 0) side.dropLevel(order.price);
    }
    this.orders.delete(id);
    this.touch(order.side, order.price);
    return order;
  }

  /**
   * The fills an incoming order on `side` would get, without changing the book: it walks the
   * opposite side best price first (oldest first within a price) while the price is no worse
   * than `limit`, filling at the maker's price, until `qty` is used up.
   */
  plan(side: Side, limit: bigint, qty: bigint): Fill[] {
    const fills: Fill[] = [];
    let left = qty;
    const opposite = this.sideOf(side === 'buy' ? 'sell' : 'buy');
    for (const level of opposite.iterate()) {
      if (left <= 0n) break;
      if (side === 'buy' ? level.price > limit : level.price < limit) break;
      for (const maker of level.orders.values()) {
        if (left <= 0n) break;
        const qtyFill = maker.remaining < left ? maker.remaining : left;
        left -= qtyFill;
        fills.push({
          makerId: maker.id,
          makerUserId: maker.userId,
          makerSide: maker.side,
          price: maker.price,
          qty: qtyFill,
          makerLeft: maker.remaining - qtyFill,
        });
      }
    }
    return fills;
  }

  /** Consumes the makers of `fills` (a plan made on the current book). */
  applyFills(fills: readonly Fill[]): void {
    for (const f of fills) {
      const maker = this.orders.get(f.makerId);
      if (maker === undefined || maker.remaining < f.qty) throw new Error('stale plan');
      const side = this.sideOf(maker.side);
      const level = side.levels.get(maker.price);
      if (level === undefined) throw new Error('stale plan');
      maker.remaining -= f.qty;
      level.total -= f.qty;
      if (maker.remaining === 0n) {
        level.orders.delete(maker.id);
        this.orders.delete(maker.id);
      }
      if (level.orders.size === 0) side.dropLevel(maker.price);
      this.touch(maker.side, maker.price);
    }
  }

  /** Aggregated levels best first: [price, total]. */
  depth(side: Side, n = Infinity): Array<[bigint, bigint]> {
    const out: Array<[bigint, bigint]> = [];
    for (const level of this.sideOf(side).iterate(n)) out.push([level.price, level.total]);
    return out;
  }

  /** Levels changed since the last call (total 0 = removed), then forgets them. */
  drainChanges(): LevelChange[] {
    const out: LevelChange[] = [];
    for (const { side, price } of this.changed.values()) {
      out.push({ side, price, total: this.sideOf(side).levels.get(price)?.total ?? 0n });
    }
    this.changed.clear();
    return out;
  }

  /** True when the best bid is at or above the best ask (must never happen). */
  isCrossed(): boolean {
    const b = this.bestBid();
    const a = this.bestAsk();
    return b !== null && a !== null && b >= a;
  }

  /** Internal consistency (tests): level totals, no empty or zero levels, index agreement. */
  checkInvariants(): string | null {
    let count = 0;
    for (const side of ['buy', 'sell'] as const) {
      const s = this.sideOf(side);
      let prev: bigint | null = null;
      for (const level of s.iterate()) {
        if (prev !== null && (side === 'buy' ? level.price >= prev : level.price <= prev))
          return 'levels out of order';
        prev = level.price;
        const issue = levelIssue(level);
        if (issue !== null) return issue;
        count += level.orders.size;
      }
      if (s.levels.size !== s.size) return 'index mismatch';
    }
    if (count !== this.orders.size) return 'order count mismatch';
    return this.isCrossed() ? 'crossed' : null;
  }
}

/** What is wrong inside one level (checkInvariants): empty, a zero order, a wrong total; or null. */
function levelIssue(level: TickLevel): string | null {
  if (level.orders.size === 0 || level.total <= 0n) return 'empty level';
  let sum = 0n;
  for (const o of level.orders.values()) {
    if (o.remaining <= 0n) return 'zero order';
    sum += o.remaining;
  }
  if (sum !== level.total) return 'level total mismatch';
  return null;
}
