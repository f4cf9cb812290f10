// The spot exchange: the pure SpotCore plus persistence. Orders of one pair run one at a time
// (a promise queue per pair), so a plan made on the book is still valid when it is committed.
// An order that involves a real user (as taker or maker) is persisted in ONE database
// transaction: its spot_orders rows, its transaction_complete rows, every balance change
// through the ledger (available = change_balance, locked = lock_change_balance) and the
// notifications of the real users whose orders it touched (spot-settlement.ts, spot-notes.ts).
// Only after the commit does the in-memory book change. Simulated market-maker accounts keep
// their balances in a MemoryWallet (same operations, same non-negative rule) and their orders
// only in memory: they are re-quoted after a restart. Resting orders of users are reloaded at
// start. The order's checks are in spot-order-checks.ts, its reply in spot-replies.ts.
import { Decimal } from '../../src/shared/decimal.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import type { MarketSimulator, PairSpec } from '../market/simulator.ts';
import { LOG_TYPE } from '../wallet/ledger.ts';
import type { NewOrder, PairConfig, Plan } from './core.ts';
import { FEE_SCALE, MemoryWallet, SpotCore } from './core.ts';
import type { Side } from './order-book.ts';
import { writeCancelNote } from './spot-notes.ts';
import { checkFunds, MARKET_BAND_BP, refuseIdle, spotOpen, toOrder } from './spot-order-checks.ts';
import type { PlaceRequest } from './spot-order-checks.ts';
import { isUniqueViolation, replyOf, storedReply } from './spot-replies.ts';
import type { Reply } from './spot-replies.ts';
import { writeLedger, writePlan } from './spot-settlement.ts';
import { RECENT_TRADES, SpotTape, type Trade } from './spot-tape.ts';
import { emptyBook, SOLE_SEAT, type BookTop, type Levels, type MarketSeat } from './market-seat.ts';
import { columnToUnits } from './units.ts';

export { RECENT_TRADES, type Trade } from './spot-tape.ts';

export interface SpotEvents {
  trades(matchId: number, trades: readonly Trade[]): void;
  /** Real users whose balances changed. */
  balances(userIds: readonly number[]): void;
  /** A user's order or cancel changed the book of `matchId`. */
  userOrder(matchId: number): void;
}

/** Work of a caller in a plan's transaction: before its rows, and after with the order's id. */
export interface TxHooks {
  before(tx: Queryable): Promise<void>;
  after(tx: Queryable, orderId: number): Promise<void>;
}

/**
 * Work in the transaction that fills (`fill`) or cancels (`cancel`) resting orders of real users:
 * the OCO legs (spot-triggers.ts). Answers what to do once the transaction is committed.
 */
export type RestingHook = (
  tx: Queryable,
  orderIds: readonly number[],
  cause: 'fill' | 'cancel',
  now: number,
) => Promise<(() => void) | null>;

interface OrderRow {
  id: number;
  user_id: number;
  match_id: number;
  side: string;
  price: string;
  number: string;
}

export class SpotService {
  readonly core: SpotCore;
  readonly simWallet = new MemoryWallet();
  private readonly db: Database;
  private readonly now: () => number;
  private readonly specs = new Map<number, PairSpec>();
  private readonly simulated = new Set<number>();
  private readonly queues = new Map<number, Promise<unknown>>();
  readonly tape: SpotTape;
  seat: MarketSeat = SOLE_SEAT;
  /** The top of the books of markets another process owns, as their owner last sent it. */
  private readonly shadows = new Map<number, BookTop>();
  private nextSimOrderId = -1;
  private listeners: SpotEvents | null = null;
  private readonly lastListeners: ((matchId: number) => void)[] = [];
  private readonly restingHooks: RestingHook[] = [];
  readonly feeAccount: number;

  constructor(opts: {
    db: Database;
    market: MarketSimulator;
    pairs: readonly PairSpec[];
    fees: ReadonlyMap<number, Decimal>;
    now: () => number;
    feeAccount: number;
    simulatedUsers: readonly number[];
    /** Trades kept per pair for market_detail and the lists (default 60). */
    recentTrades?: number;
  }) {
    this.db = opts.db;
    this.tape = new SpotTape(opts.market, opts.recentTrades ?? RECENT_TRADES, opts.now());
    this.now = opts.now;
    this.feeAccount = opts.feeAccount;
    for (const u of opts.simulatedUsers) this.simulated.add(u);
    const configs: PairConfig[] = opts.pairs.map((p) => {
      this.specs.set(p.matchId, p);
      const fee = opts.fees.get(p.matchId) ?? new Decimal(0);
      return {
        matchId: p.matchId,
        currencyId: p.currencyId,
        legalId: p.legalId,
        pricePrecision: p.pricePrecision,
        amountPrecision: p.amountPrecision,
        feeRate: BigInt(fee.times(FEE_SCALE.toString()).toFixed(0, Decimal.ROUND_DOWN)),
        bandBp: MARKET_BAND_BP,
      };
    });
    this.core = new SpotCore(configs, {
      feeAccount: opts.feeAccount,
      paysFees: (u) => !this.simulated.has(u),
    });
  }

  on(listeners: SpotEvents): void {
    this.listeners = listeners;
  }

  /** Calls `fn` in the pair's queue after trades set a pair's last price (the triggers). */
  onLastPrice(fn: (matchId: number) => void): void {
    this.lastListeners.push(fn);
  }

  /** Runs `fn` in every transaction that fills or cancels real users' resting orders. */
  onResting(fn: RestingHook): void {
    this.restingHooks.push(fn);
  }

  /** The resting hooks of one transaction; what they left to do after its commit. */
  private async touched(
    tx: Queryable,
    orderIds: readonly number[],
    cause: 'fill' | 'cancel',
    now: number,
  ): Promise<(() => void)[]> {
    const later: (() => void)[] = [];
    if (orderIds.length === 0) return later;
    for (const hook of this.restingHooks) {
      const fn = await hook(tx, orderIds, cause, now);
      if (fn !== null) later.push(fn);
    }
    return later;
  }

  /** Tells the listeners that these real users' balances changed, and their orders on a pair. */
  balancesChanged(userIds: readonly number[], matchId?: number): void {
    this.listeners?.balances(userIds);
    if (matchId !== undefined) this.listeners?.userOrder(matchId);
  }

  isSimulated(userId: number): boolean {
    return this.simulated.has(userId);
  }

  spec(matchId: number): PairSpec | null {
    return this.specs.get(matchId) ?? null;
  }

  pairByIds(legalId: number, currencyId: number): PairSpec | null {
    for (const p of this.specs.values())
      if (p.legalId === legalId && p.currencyId === currencyId) return p;
    return null;
  }

  pairs(): PairSpec[] {
    return [...this.specs.values()];
  }

  /** Last trade price in ticks: the last real match, else the simulator's last close. */
  lastPrice(matchId: number): bigint | null {
    return this.tape.lastPrice(matchId);
  }

  recentTrades(matchId: number): readonly Trade[] {
    return this.tape.recentTrades(matchId);
  }

  /**
   * Reloads the resting orders of users into the books: at start, or into the book of one market
   * this process has just come to own (call it in the pair's queue, after `dropBook`).
   */
  async loadResting(matchId?: number): Promise<number> {
    const rows = await this.db.query<OrderRow & Record<string, unknown>>(
      `SELECT id, user_id, match_id, side, price, number FROM spot_orders
       WHERE status = 0 AND ($1::int IS NULL OR match_id = $1) ORDER BY id`,
      [matchId ?? null],
    );
    let n = 0;
    for (const r of rows) {
      const p = this.specs.get(r.match_id);
      if (p === undefined) continue;
      try {
        this.core.book(r.match_id).add({
          id: r.id,
          userId: r.user_id,
          side: r.side === 'in' ? 'buy' : 'sell',
          price: columnToUnits(r.price, p.pricePrecision),
          remaining: columnToUnits(r.number, p.amountPrecision),
        });
        n++;
      } catch (err) {
        console.error(`spot order ${r.id} not reloaded`, err);
      }
    }
    return n;
  }

  /**
   * Empties the book of a market this process no longer owns (in the pair's queue): the users'
   * orders stay stored, resting, for the new owner; the simulated ones are let go, their funds
   * back in their memory wallet.
   */
  dropBook(matchId: number): void {
    emptyBook(this.core, this.simWallet, (u) => this.isSimulated(u), matchId);
  }

  /** The top `n` levels of a side: of the book here, or as the market's owner last sent them. */
  depth(matchId: number, side: Side, n: number): Levels {
    if (this.seat.owns(matchId)) return this.core.book(matchId).depth(side, n);
    return (this.shadows.get(matchId)?.[side] ?? []).slice(0, n);
  }

  /** What the owner of a market sent of it: its new trades and the top of its book. */
  follow(matchId: number, trades: readonly Trade[], top: BookTop): void {
    if (this.seat.owns(matchId)) return;
    this.shadows.set(matchId, top);
    const fresh = this.tape.follow(matchId, trades);
    if (fresh.length > 0) {
      this.listeners?.trades(matchId, fresh);
      for (const fn of this.lastListeners) fn(matchId);
    }
  }

  /** Refuses work on a market this process does not own (it moved while the work waited). */
  private ownOrMoved(matchId: number): void {
    if (!this.seat.owns(matchId)) throw new ApiError('cluster.moved');
  }

  /**
   * Runs `fn` after every earlier task of the pair (one at a time per pair), while this process
   * owns the pair's market (else `cluster.moved`: it moved while the task waited).
   */
  enqueue<T>(matchId: number, fn: () => Promise<T> | T): Promise<T> {
    return this.queue(matchId, () => {
      this.ownOrMoved(matchId);
      return fn();
    });
  }

  /** The pair's queue, whoever owns its market (the handover of the market runs in it). */
  queue<T>(matchId: number, fn: () => Promise<T> | T): Promise<T> {
    const prev = this.queues.get(matchId) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    this.queues.set(
      matchId,
      next.then(
        () => undefined,
        () => undefined,
      ),
    );
    return next;
  }

  /** Resolves when every queued task has run. */
  async idle(): Promise<void> {
    for (;;) {
      const pending = [...this.queues.values()];
      await Promise.all(pending);
      if ([...this.queues.values()].every((q, i) => q === pending[i])) return;
    }
  }

  // ---- users ----------------------------------------------------------------------------

  /** Places a user's order (api transaction/in, transaction/out) on an open pair. */
  async place(req: PlaceRequest): Promise<Reply> {
    const p = this.specs.get(req.matchId);
    if (p === undefined) throw new ApiError('spot.pairClosed');
    if (req.clientId !== null) {
      const first = await storedReply(this.db, req.userId, req.clientId);
      if (first !== null) return first;
    }
    const order = toOrder(p, req);
    try {
      return await this.enqueue(req.matchId, async () => {
        // Checked in the pair's queue, right before the plan: a pair the back office closed
        // while this order waited takes no order.
        if (!(await spotOpen(this.db, req.matchId))) throw new ApiError('spot.pairClosed');
        const plan = this.core.placePlan(order);
        const book = this.core.book(req.matchId);
        refuseIdle(p, plan, order.side === 'buy' ? book.bestAsk() : book.bestBid());
        await checkFunds(this.db, p, plan);
        const reply = replyOf(p, plan);
        await this.execute(plan, req.mode, req.clientId, reply);
        this.listeners?.userOrder(req.matchId);
        return reply;
      });
    } catch (err) {
      if (req.clientId !== null && isUniqueViolation(err)) {
        const first = await storedReply(this.db, req.userId, req.clientId);
        if (first !== null) return first;
      }
      throw err;
    }
  }

  /** Cancels a user's resting order (api transaction_del). */
  async cancel(userId: number, orderId: number, side: Side | null): Promise<Reply> {
    const rows = await this.db.query<{ match_id: number; side: string; status: number }>(
      'SELECT match_id, side, status FROM spot_orders WHERE id = $1 AND user_id = $2',
      [orderId, userId],
    );
    const row = rows[0];
    if (row === undefined || row.status !== 0) throw new ApiError('spot.orderNotFound');
    const rowSide: Side = row.side === 'in' ? 'buy' : 'sell';
    if (side !== null && rowSide !== side) throw new ApiError('spot.orderNotFound');
    const matchId = row.match_id;
    await this.enqueue(matchId, async () => {
      const plan = this.core.cancelPlan(matchId, orderId);
      const p = this.specs.get(matchId);
      if (plan === null || p === undefined) throw new ApiError('spot.orderNotFound');
      const now = this.now();
      const later = await this.db.transaction(async (tx) => {
        await this.seat.fence(matchId, tx);
        const updated = await tx.query<{ id: number }>(
          `UPDATE spot_orders SET status = 2, updated_at = $1
           WHERE id = $2 AND status = 0 RETURNING id`,
          [new Date(now), orderId],
        );
        if (updated.length === 0) throw new ApiError('spot.orderNotFound');
        await writeLedger(tx, plan.ops, LOG_TYPE.spotCancel, `spot cancel #${orderId}`, now);
        const cancelled = { orderId, userId, side: rowSide, remaining: plan.remaining };
        await writeCancelNote(tx, p, cancelled, now);
        return this.touched(tx, [orderId], 'cancel', now);
      });
      this.core.cancelCommit(matchId, orderId);
      for (const fn of later) fn();
      this.listeners?.balances([userId]);
      this.listeners?.userOrder(matchId);
    });
    return { type: 'ok', id: 'spot.cancelled', values: {} };
  }

  // ---- simulated accounts -----------------------------------------------------------------

  /** Grants a simulated account a balance (in memory, atto units). */
  grantSimulated(userId: number, currencyId: number, atto: bigint): void {
    this.simWallet.apply([{ userId, currencyId, field: 'available', delta: atto }]);
  }

  /**
   * A simulated account's order (market makers, load driver): same matching, same
   * settlement. Returns the plan, or null when the account cannot pay for it.
   */
  simPlace(order: NewOrder): Promise<{ plan: Plan; restingId: number } | null> {
    return this.queue(order.matchId, async () => {
      if (order.qty <= 0n || !this.seat.owns(order.matchId)) return null;
      const plan = this.core.placePlan(order);
      if (plan.noLiquidity || (plan.fills.length === 0 && plan.rest === 0n)) return null;
      if (!this.simWallet.canApply(plan.ops.filter((o) => this.simulated.has(o.userId))))
        return null;
      const restingId = await this.execute(plan, order.kind === 'market' ? 1 : 2, null, null);
      return { plan, restingId };
    });
  }

  /** Cancels a simulated account's resting order. */
  simCancel(matchId: number, orderId: number): Promise<boolean> {
    return this.queue(matchId, () => {
      if (!this.seat.owns(matchId)) return false;
      const plan = this.core.cancelPlan(matchId, orderId);
      if (plan === null) return false;
      if (!this.simWallet.apply(plan.ops)) return false;
      this.core.cancelCommit(matchId, orderId);
      return true;
    });
  }

  // ---- execution ----------------------------------------------------------------------------

  /**
   * An order another part of the spot engine places, in the pair's queue: a reached conditional
   * order (spot-triggers.ts), an amended order's replacement (spot-amend.ts). `before` and `after`
   * (given the order's id) run in the order's own transaction.
   */
  async executeWithHooks(plan: Plan, mode: 1 | 2, hooks: TxHooks): Promise<number> {
    const id = await this.execute(plan, mode, null, null, hooks);
    this.listeners?.userOrder(plan.order.matchId);
    return id;
  }

  /**
   * A real user's resting orders that never take (the legs of a scale order, spot-scale.ts), in
   * the pair's queue: written in one transaction after `check`, named by one group (the first
   * leg's id, which carries `clientId`), then put in the book. Answers the legs' ids.
   */
  async executeGroup(
    plans: readonly Plan[],
    clientId: string | null,
    check: (tx: Queryable) => Promise<void>,
  ): Promise<number[]> {
    const first = plans[0];
    const p = first === undefined ? undefined : this.specs.get(first.order.matchId);
    if (first === undefined || p === undefined) throw new Error('no plans');
    if (plans.some((x) => x.fills.length > 0)) throw new Error('a leg of a group takes');
    const now = this.now();
    const isReal = (userId: number) => !this.simulated.has(userId);
    const simOrderId = () => this.nextSimOrderId--;
    const ids = await this.db.transaction(async (tx) => {
      await this.seat.fence(p.matchId, tx);
      await check(tx);
      const out: number[] = [];
      for (const plan of plans) {
        const cid = out.length === 0 ? clientId : null;
        const w = { core: this.core, p, plan, mode: 2 as const, clientId: cid, reply: null, now };
        out.push(await writePlan(tx, { ...w, isReal, simOrderId }));
      }
      for (const id of out)
        await tx.query('UPDATE spot_orders SET group_id = $1 WHERE id = $2', [out[0] ?? id, id]);
      return out;
    });
    plans.forEach((plan, i) => this.core.commit(plan, ids[i] ?? 0));
    this.listeners?.balances([first.order.userId]);
    this.listeners?.userOrder(first.order.matchId);
    return ids;
  }

  /** Persists (when a real user is involved) and commits a plan; inside the pair's queue. */
  private async execute(
    plan: Plan,
    mode: 1 | 2,
    clientId: string | null,
    reply: Reply | null,
    hooks?: TxHooks,
  ): Promise<number> {
    const p = this.specs.get(plan.order.matchId);
    if (p === undefined) throw new Error('unknown pair');
    const takerReal = !this.simulated.has(plan.order.userId);
    const realMakers = plan.fills.some((f) => !this.simulated.has(f.makerUserId));
    const simOps = plan.ops.filter((o) => this.simulated.has(o.userId));
    const now = this.now();
    let restingId: number;
    let later: (() => void)[] = [];
    if (takerReal || realMakers) {
      if (!this.simWallet.canApply(simOps)) throw new ApiError('spot.noLiquidity');
      const makers = plan.fills.filter((f) => !this.simulated.has(f.makerUserId));
      restingId = await this.db.transaction(async (tx) => {
        await this.seat.fence(p.matchId, tx);
        await hooks?.before(tx);
        const id = await writePlan(tx, {
          core: this.core,
          p,
          plan,
          mode,
          clientId,
          reply,
          now,
          isReal: (userId) => !this.simulated.has(userId),
          simOrderId: () => this.nextSimOrderId--,
        });
        await hooks?.after(tx, id);
        const ids = makers.map((f) => f.makerId);
        later = await this.touched(tx, ids, 'fill', now);
        return id;
      });
    } else {
      if (!this.simWallet.canApply(simOps)) throw new Error('simulated account cannot pay');
      restingId = this.nextSimOrderId--;
    }
    this.simWallet.apply(simOps);
    this.core.commit(plan, restingId);
    for (const fn of later) fn();
    this.afterFills(plan, now);
    return restingId;
  }

  /** Tells the listeners of a committed plan: its trades, and the real users' balances. */
  private afterFills(plan: Plan, now: number): void {
    if (plan.fills.length === 0) {
      if (!this.simulated.has(plan.order.userId)) this.listeners?.balances([plan.order.userId]);
      return;
    }
    const trades = this.recordTrades(plan, now);
    this.listeners?.trades(plan.order.matchId, trades);
    const users = this.realUsersOf(plan);
    if (users.size > 0) this.listeners?.balances([...users]);
  }

  /**
   * The plan's fills as public trades: numbered, kept among the pair's recent trades, the last
   * one's price as the pair's last price, each recorded by the market (candles).
   */
  private recordTrades(plan: Plan, now: number): Trade[] {
    const matchId = plan.order.matchId;
    const trades = this.tape.record(matchId, plan.fills, plan.order.side, now);
    if (trades.length > 0) for (const fn of this.lastListeners) fn(matchId);
    return trades;
  }

  /** The real users whose balances a plan changed (its operations' users and its taker). */
  private realUsersOf(plan: Plan): Set<number> {
    const users = new Set<number>();
    for (const o of plan.ops) if (!this.simulated.has(o.userId)) users.add(o.userId);
    if (!this.simulated.has(plan.order.userId)) users.add(plan.order.userId);
    return users;
  }
}
