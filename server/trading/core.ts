// The pure matching core: one OrderBook per pair, and the settlement of an order as a list of
// balance operations (available / locked per user and currency). Nothing here touches the
// database: `placePlan` computes what an order would do, the caller persists the operations
// (the ledger for real users, the MemoryWallet for simulated ones), then `commit` changes the
// book. Amounts in operations are "atto" units (10^-18, the NUMERIC(36,18) scale) so that one
// currency has one unit across all pairs. Prices are ticks, quantities lots (per pair).
import type { Fill, Side } from './order-book.ts';
import { OrderBook } from './order-book.ts';

export const ATTO_DECIMALS = 18;
export const FEE_SCALE = 100_000_000n; // fee rates are parts per 10^8
export const BAND_SCALE = 10_000n; // the market band in basis points

export interface PairConfig {
  matchId: number;
  /** Base currency id. */
  currencyId: number;
  /** Quote currency id. */
  legalId: number;
  pricePrecision: number;
  amountPrecision: number;
  /** Fee on what each side receives, parts per 10^8 (0 = no fee). */
  feeRate: bigint;
  /** Protective band of market orders around the best opposite price at arrival, bp. */
  bandBp: bigint;
}

/**
 * limit: good till cancelled (its rest rests); market: within the band, the rest dropped; ioc: at
 * its limit, the rest dropped; fok: whole at its limit or nothing; post_only: rests whole, or
 * nothing when it would take (issue 44, ADR 0054).
 */
export type OrderKind = 'limit' | 'market' | 'ioc' | 'fok' | 'post_only';
export type BalanceFieldKind = 'available' | 'locked';

export interface NewOrder {
  userId: number;
  matchId: number;
  side: Side;
  kind: OrderKind;
  /** Limit price in ticks; ignored for market orders. */
  price: bigint;
  /** Base quantity in lots. */
  qty: bigint;
}

export interface BalanceOp {
  userId: number;
  currencyId: number;
  field: BalanceFieldKind;
  /** Signed, atto units. */
  delta: bigint;
}

export interface Plan {
  order: NewOrder;
  /** The effective limit (the band price for market orders), ticks. */
  limit: bigint;
  fills: Fill[];
  filled: bigint;
  /** Quantity that will rest on the book (limit orders). */
  rest: bigint;
  /** Quantity dropped (market / ioc remainder). */
  cancelled: bigint;
  /** A market order stopped at its band while liquidity remained beyond it. */
  bandLimited: boolean;
  /** A market order found no opposite orders at all. */
  noLiquidity: boolean;
  /** A fill-or-kill order the book could not fill whole: it does nothing. */
  killed: boolean;
  /** A post-only order that would have taken: it does nothing. */
  wouldTake: boolean;
  ops: BalanceOp[];
}

export interface CoreOptions {
  /** Receives fees (ignored while every fee rate is 0). */
  feeAccount: number;
  /** Whether `userId` pays fees (simulated accounts do not). */
  paysFees: (userId: number) => boolean;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/**
 * What an order's kind keeps of the fills its limit reaches (`crossing`): a fill-or-kill all of
 * them or none, a post-only none (and says it would have taken), the others all; and what rests.
 */
function kindRule(order: NewOrder, crossing: Fill[]) {
  const reach = crossing.reduce((s, f) => s + f.qty, 0n);
  const wouldTake = order.kind === 'post_only' && reach > 0n;
  const killed = order.kind === 'fok' && reach < order.qty;
  const fills = wouldTake || killed ? [] : crossing;
  const filled = fills.length === 0 ? 0n : reach;
  const rests = order.kind === 'limit' || (order.kind === 'post_only' && !wouldTake);
  return { fills, filled, rest: rests ? order.qty - filled : 0n, killed, wouldTake };
}

export class SpotCore {
  private readonly books = new Map<number, OrderBook>();
  private readonly pairs = new Map<number, PairConfig>();
  private readonly opts: CoreOptions;

  constructor(pairs: readonly PairConfig[], opts: CoreOptions) {
    this.opts = opts;
    for (const p of pairs) {
      this.pairs.set(p.matchId, p);
      this.books.set(p.matchId, new OrderBook());
    }
  }

  pair(matchId: number): PairConfig | null {
    return this.pairs.get(matchId) ?? null;
  }

  book(matchId: number): OrderBook {
    const b = this.books.get(matchId);
    if (b === undefined) throw new Error(`unknown pair ${matchId}`);
    return b;
  }

  setFeeRate(matchId: number, feeRate: bigint): void {
    const p = this.pairs.get(matchId);
    if (p !== undefined) p.feeRate = feeRate;
  }

  /** Atto units of one base lot. */
  baseUnit(p: PairConfig): bigint {
    return pow10(ATTO_DECIMALS - p.amountPrecision);
  }

  /** Atto units of one tick × lot of quote. */
  quoteUnit(p: PairConfig): bigint {
    return pow10(ATTO_DECIMALS - p.pricePrecision - p.amountPrecision);
  }

  /** What `order` would do on the current book (nothing changes). */
  placePlan(order: NewOrder): Plan {
    const p = this.pairs.get(order.matchId);
    if (p === undefined) throw new Error(`unknown pair ${order.matchId}`);
    if (order.qty <= 0n) throw new Error('quantity must be positive');
    const book = this.book(order.matchId);
    const { limit, noLiquidity } = this.limitOf(p, book, order);
    const crossing = noLiquidity ? [] : book.plan(order.side, limit, order.qty);
    const { fills, filled, rest, killed, wouldTake } = kindRule(order, crossing);
    const remainder = order.qty - filled;
    const cancelled = remainder - rest;
    let bandLimited = false;
    if (order.kind === 'market' && cancelled > 0n && !noLiquidity) {
      const touched = new Set(fills.map((f) => f.price)).size;
      bandLimited = book.levelCount(order.side === 'buy' ? 'sell' : 'buy') > touched;
    }
    const ops = this.settle(p, order, limit, fills, rest);
    return {
      order,
      limit,
      fills,
      filled,
      rest,
      cancelled,
      bandLimited,
      noLiquidity,
      killed,
      wouldTake,
      ops,
    };
  }

  /** The limit of an order: its price, or for a market order the band around the best price. */
  private limitOf(
    p: PairConfig,
    book: OrderBook,
    order: NewOrder,
  ): { limit: bigint; noLiquidity: boolean } {
    if (order.kind !== 'market') {
      if (order.price <= 0n) throw new Error('limit price must be positive');
      return { limit: order.price, noLiquidity: false };
    }
    const best = order.side === 'buy' ? book.bestAsk() : book.bestBid();
    if (best === null) return { limit: order.side === 'buy' ? 0n : 1n, noLiquidity: true };
    if (order.side === 'buy') {
      return { limit: (best * (BAND_SCALE + p.bandBp)) / BAND_SCALE, noLiquidity: false };
    }
    const floor = (best * (BAND_SCALE - p.bandBp) + BAND_SCALE - 1n) / BAND_SCALE;
    return { limit: floor < 1n ? 1n : floor, noLiquidity: false };
  }

  private fee(p: PairConfig, userId: number, amount: bigint): bigint {
    if (p.feeRate === 0n || !this.opts.paysFees(userId)) return 0n;
    return (amount * p.feeRate) / FEE_SCALE;
  }

  /** Fees of one fill in atto units: each side pays on what it receives. */
  fillFees(
    p: PairConfig,
    order: Pick<NewOrder, 'userId' | 'side'>,
    f: Fill,
  ): { takerFee: bigint; makerFee: bigint } {
    const base = f.qty * this.baseUnit(p);
    const quote = f.price * f.qty * this.quoteUnit(p);
    return order.side === 'buy'
      ? { takerFee: this.fee(p, order.userId, base), makerFee: this.fee(p, f.makerUserId, quote) }
      : { takerFee: this.fee(p, order.userId, quote), makerFee: this.fee(p, f.makerUserId, base) };
  }

  private settle(
    p: PairConfig,
    order: NewOrder,
    limit: bigint,
    fills: readonly Fill[],
    rest: bigint,
  ): BalanceOp[] {
    const ops: BalanceOp[] = [];
    const bu = this.baseUnit(p);
    const qu = this.quoteUnit(p);
    const op = (userId: number, currencyId: number, field: BalanceFieldKind, delta: bigint) => {
      if (delta !== 0n) ops.push({ userId, currencyId, field, delta });
    };
    const taker = order.userId;
    for (const f of fills) {
      const base = f.qty * bu;
      const quote = f.price * f.qty * qu;
      const { takerFee, makerFee } = this.fillFees(p, order, f);
      if (order.side === 'buy') {
        op(taker, p.legalId, 'available', -quote);
        op(taker, p.currencyId, 'available', base - takerFee);
        op(f.makerUserId, p.currencyId, 'locked', -base);
        op(f.makerUserId, p.legalId, 'available', quote - makerFee);
        op(this.opts.feeAccount, p.currencyId, 'available', takerFee);
        op(this.opts.feeAccount, p.legalId, 'available', makerFee);
      } else {
        op(taker, p.currencyId, 'available', -base);
        op(taker, p.legalId, 'available', quote - takerFee);
        op(f.makerUserId, p.legalId, 'locked', -quote);
        op(f.makerUserId, p.currencyId, 'available', base - makerFee);
        op(this.opts.feeAccount, p.legalId, 'available', takerFee);
        op(this.opts.feeAccount, p.currencyId, 'available', makerFee);
      }
    }
    if (rest > 0n) {
      const [currency, amount] =
        order.side === 'buy' ? [p.legalId, limit * rest * qu] : [p.currencyId, rest * bu];
      op(taker, currency, 'available', -amount);
      op(taker, currency, 'locked', amount);
    }
    return ops;
  }

  /** Applies a plan made on the current book; the rest rests under `restingId`. */
  commit(plan: Plan, restingId: number): void {
    const book = this.book(plan.order.matchId);
    book.applyFills(plan.fills);
    if (plan.rest > 0n) {
      book.add({
        id: restingId,
        userId: plan.order.userId,
        side: plan.order.side,
        price: plan.limit,
        remaining: plan.rest,
      });
    }
  }

  /** The unlock operations of cancelling a resting order, or null when it is not resting. */
  cancelPlan(matchId: number, orderId: number): { ops: BalanceOp[]; remaining: bigint } | null {
    const o = this.books.get(matchId)?.get(orderId) ?? null;
    if (o === null) return null;
    const ops = this.releaseOps(matchId, orderId, o.remaining);
    return ops === null ? null : { remaining: o.remaining, ops };
  }

  /**
   * What lowering a resting order to `remaining` releases (locked → available): its price ×
   * the difference of quote for a buy, the difference of base for a sell; null when the order
   * is unknown or `remaining` is not above 0 and below what it has.
   */
  reducePlan(matchId: number, orderId: number, remaining: bigint): BalanceOp[] | null {
    const o = this.books.get(matchId)?.get(orderId) ?? null;
    if (o === null || remaining <= 0n || remaining >= o.remaining) return null;
    return this.releaseOps(matchId, orderId, o.remaining - remaining);
  }

  reduceCommit(matchId: number, orderId: number, remaining: bigint): void {
    if (!this.book(matchId).reduce(orderId, remaining)) throw new Error('stale reduce plan');
  }

  /** Releases `lots` of a resting order's lock: locked → available of the currency it holds. */
  private releaseOps(matchId: number, orderId: number, lots: bigint): BalanceOp[] | null {
    const p = this.pairs.get(matchId);
    const o = this.books.get(matchId)?.get(orderId) ?? null;
    if (p === undefined || o === null) return null;
    const [currency, amount] =
      o.side === 'buy'
        ? [p.legalId, o.price * lots * this.quoteUnit(p)]
        : [p.currencyId, lots * this.baseUnit(p)];
    return [
      { userId: o.userId, currencyId: currency, field: 'locked', delta: -amount },
      { userId: o.userId, currencyId: currency, field: 'available', delta: amount },
    ];
  }

  cancelCommit(matchId: number, orderId: number): void {
    this.book(matchId).remove(orderId);
  }
}

/** Balances kept in memory (simulated accounts; the model in tests). Atto units. */
export class MemoryWallet {
  private readonly balances = new Map<string, { available: bigint; locked: bigint }>();

  private row(userId: number, currencyId: number) {
    const key = `${userId}:${currencyId}`;
    let r = this.balances.get(key);
    if (r === undefined) {
      r = { available: 0n, locked: 0n };
      this.balances.set(key, r);
    }
    return r;
  }

  get(userId: number, currencyId: number): { available: bigint; locked: bigint } {
    const r = this.row(userId, currencyId);
    return { available: r.available, locked: r.locked };
  }

  /** Whether every operation can apply without any balance going below zero. */
  canApply(ops: readonly BalanceOp[]): boolean {
    const after = new Map<string, bigint>();
    for (const o of ops) {
      const key = `${o.userId}:${o.currencyId}:${o.field}`;
      const cur = after.get(key) ?? this.row(o.userId, o.currencyId)[o.field];
      after.set(key, cur + o.delta);
    }
    for (const v of after.values()) if (v < 0n) return false;
    return true;
  }

  /** Applies all operations, or none (returns false) when one would go negative. */
  apply(ops: readonly BalanceOp[]): boolean {
    if (!this.canApply(ops)) return false;
    for (const o of ops) this.row(o.userId, o.currencyId)[o.field] += o.delta;
    return true;
  }

  /** Sum of available + locked of `currencyId` over every account. */
  total(currencyId: number): bigint {
    let sum = 0n;
    for (const [key, r] of this.balances) {
      if (key.endsWith(`:${currencyId}`)) sum += r.available + r.locked;
    }
    return sum;
  }
}
