// The spot exchange: the pure SpotCore plus persistence. Orders of one pair run one at a time
// (a promise queue per pair), so a plan made on the book is still valid when it is committed.
// An order that involves a real user (as taker or maker) is persisted in ONE database
// transaction: its spot_orders rows, its transaction_complete rows, every balance change
// through the ledger (available = change_balance, locked = lock_change_balance) and the
// notifications of the real users whose orders it touched (spot-notes.ts). Only after
// the commit does the in-memory book change. Simulated market-maker accounts keep their
// balances in a MemoryWallet (same operations, same non-negative rule) and their orders only
// in memory: they are re-quoted after a restart. Resting orders of users are reloaded at start.
import { amountIssue, NOTIONAL_LIMIT } from '../../src/shared/amount.ts';
import { Decimal } from '../../src/shared/decimal.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { localDecimal } from '../i18n/messages.ts';
import type { MessageValues } from '../i18n/messages.ts';
import type { MarketSimulator, PairSpec } from '../market/simulator.ts';
import type { BalanceField } from '../wallet/ledger.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import type { BalanceOp, NewOrder, PairConfig, Plan } from './core.ts';
import { FEE_SCALE, MemoryWallet, SpotCore } from './core.ts';
import type { Fill, Side } from './order-book.ts';
import { writeCancelNote, writeFillNotes } from './spot-notes.ts';
import { attoToDecimal, columnToUnits, fromUnits, toUnits } from './units.ts';

/** Default protective band of market orders: 5 % from the best opposite price. */
export const MARKET_BAND_BP = 500n;
export const RECENT_TRADES = 60;

export interface Trade {
  id: number;
  matchId: number;
  /** Ticks. */
  price: bigint;
  /** Lots. */
  qty: bigint;
  takerSide: Side;
  ts: number;
}

export interface SpotEvents {
  trades(matchId: number, trades: readonly Trade[]): void;
  /** Real users whose balances changed. */
  balances(userIds: readonly number[]): void;
  /** A user's order or cancel changed the book of `matchId`. */
  userOrder(matchId: number): void;
}

export interface Reply {
  type: string;
  id: string;
  values: MessageValues;
}

export interface PlaceRequest {
  userId: number;
  matchId: number;
  side: Side;
  /** 1 market, 2 limit. */
  mode: 1 | 2;
  price: Decimal | null;
  num: Decimal;
  clientId: string | null;
}

interface OrderRow {
  id: number;
  user_id: number;
  match_id: number;
  side: string;
  price: string;
  number: string;
}

const FIELD: Record<BalanceOp['field'], BalanceField> = {
  available: 'change_balance',
  locked: 'lock_change_balance',
};

export class SpotService {
  readonly core: SpotCore;
  readonly simWallet = new MemoryWallet();
  private readonly db: Database;
  private readonly market: MarketSimulator;
  private readonly now: () => number;
  private readonly specs = new Map<number, PairSpec>();
  private readonly simulated = new Set<number>();
  private readonly queues = new Map<number, Promise<unknown>>();
  private readonly recent = new Map<number, Trade[]>();
  private readonly last = new Map<number, bigint>();
  private readonly recentLimit: number;
  private nextSimOrderId = -1;
  private nextTradeId = 1;
  private listeners: SpotEvents | null = null;
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
    this.recentLimit = opts.recentTrades ?? RECENT_TRADES;
    // Public trade ids (market_detail, lists) keep growing across restarts: start at ms × 10.
    this.nextTradeId = Math.floor(opts.now()) * 10;
    this.market = opts.market;
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

  isSimulated(userId: number): boolean {
    return this.simulated.has(userId);
  }

  addSimulated(userId: number): void {
    this.simulated.add(userId);
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
    const t = this.last.get(matchId);
    if (t !== undefined) return t;
    const sim = this.market.lastPrice(matchId);
    return sim === null ? null : BigInt(sim);
  }

  recentTrades(matchId: number): readonly Trade[] {
    return this.recent.get(matchId) ?? [];
  }

  /** Reloads the resting orders of users into the books (at start). */
  async loadResting(): Promise<number> {
    const rows = await this.db.query<OrderRow & Record<string, unknown>>(
      `SELECT id, user_id, match_id, side, price, number FROM spot_orders
       WHERE status = 0 ORDER BY id`,
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

  /** Runs `fn` after every earlier task of the pair (one at a time per pair). */
  enqueue<T>(matchId: number, fn: () => Promise<T> | T): Promise<T> {
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
      const first = await this.replyOf(req.userId, req.clientId);
      if (first !== null) return first;
    }
    const order = toOrder(p, req);
    try {
      return await this.enqueue(req.matchId, async () => {
        // Checked in the pair's queue, right before the plan: a pair the back office closed
        // while this order waited takes no order.
        if (!(await spotOpen(this.db, req.matchId))) throw new ApiError('spot.pairClosed');
        const plan = this.core.placePlan(order);
        if (plan.noLiquidity) throw new ApiError('spot.noLiquidity');
        await this.checkFunds(p, plan);
        const reply = replyOf(p, plan);
        await this.execute(plan, req.mode, req.clientId, reply);
        this.listeners?.userOrder(req.matchId);
        return reply;
      });
    } catch (err) {
      if (req.clientId !== null && isUniqueViolation(err)) {
        const first = await this.replyOf(req.userId, req.clientId);
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
      await this.db.transaction(async (tx) => {
        const updated = await tx.query<{ id: number }>(
          `UPDATE spot_orders SET status = 2, updated_at = $1
           WHERE id = $2 AND status = 0 RETURNING id`,
          [new Date(now), orderId],
        );
        if (updated.length === 0) throw new ApiError('spot.orderNotFound');
        await this.ledger(tx, plan.ops, LOG_TYPE.spotCancel, `spot cancel #${orderId}`, now);
        const cancelled = { orderId, userId, side: rowSide, remaining: plan.remaining };
        await writeCancelNote(tx, p, cancelled, now);
      });
      this.core.cancelCommit(matchId, orderId);
      this.listeners?.balances([userId]);
      this.listeners?.userOrder(matchId);
    });
    return { type: 'ok', id: 'spot.cancelled', values: {} };
  }

  /**
   * The taker pays for the whole plan (fills and the resting rest) from their available
   * balance: checked on the plan, before any fill is written or the book changes, with the
   * amount the order needs. (The ledger checks again inside the transaction.)
   */
  private async checkFunds(p: PairSpec, plan: Plan): Promise<void> {
    const taker = plan.order.userId;
    const net = new Map<number, bigint>();
    for (const o of plan.ops)
      if (o.userId === taker && o.field === 'available')
        net.set(o.currencyId, (net.get(o.currencyId) ?? 0n) + o.delta);
    for (const [currencyId, delta] of net) {
      if (delta >= 0n) continue;
      const rows = await this.db.query<{ v: string }>(
        'SELECT change_balance AS v FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
        [taker, currencyId],
      );
      const available = new Decimal(rows[0]?.v ?? '0');
      const need = attoToDecimal(-delta);
      if (need.greaterThan(available))
        throw new ApiError('spot.insufficient', {
          currency: currencyId === p.legalId ? p.legalName : p.currencyName,
          need: localDecimal(need),
          available: localDecimal(available),
        });
    }
  }

  private async replyOf(userId: number, clientId: string): Promise<Reply | null> {
    const rows = await this.db.query<{
      reply_type: string;
      reply_id: string;
      reply_values: string;
    }>(
      'SELECT reply_type, reply_id, reply_values FROM spot_orders WHERE user_id = $1 AND client_id = $2',
      [userId, clientId],
    );
    const r = rows[0];
    if (r === undefined) return null;
    const values: unknown = JSON.parse(r.reply_values);
    return { type: r.reply_type, id: r.reply_id, values: isValues(values) ? values : {} };
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
    return this.enqueue(order.matchId, async () => {
      if (order.qty <= 0n) return null;
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
    return this.enqueue(matchId, () => {
      const plan = this.core.cancelPlan(matchId, orderId);
      if (plan === null) return false;
      if (!this.simWallet.apply(plan.ops)) return false;
      this.core.cancelCommit(matchId, orderId);
      return true;
    });
  }

  // ---- execution ----------------------------------------------------------------------------

  /** Persists (when a real user is involved) and commits a plan; inside the pair's queue. */
  private async execute(
    plan: Plan,
    mode: 1 | 2,
    clientId: string | null,
    reply: Reply | null,
  ): Promise<number> {
    const p = this.specs.get(plan.order.matchId);
    if (p === undefined) throw new Error('unknown pair');
    const takerReal = !this.simulated.has(plan.order.userId);
    const realMakers = plan.fills.some((f) => !this.simulated.has(f.makerUserId));
    const simOps = plan.ops.filter((o) => this.simulated.has(o.userId));
    const realOps = plan.ops.filter((o) => !this.simulated.has(o.userId));
    const now = this.now();
    let restingId: number;
    if (takerReal || realMakers) {
      if (!this.simWallet.canApply(simOps)) throw new ApiError('spot.noLiquidity');
      restingId = await this.db.transaction(async (tx) => {
        const takerId = takerReal
          ? await insertTakerRow(tx, p, plan, mode, clientId, reply, now)
          : this.nextSimOrderId--;
        for (const f of plan.fills) await this.persistFill(tx, p, plan, f, takerReal, takerId, now);
        // each user's rows name that user's own order: the taker's, or the maker's resting one
        // (a simulated taker's order has no number a user could look up)
        for (const [userId, ops] of byUser(realOps)) {
          const own =
            takerReal && userId === plan.order.userId
              ? [takerId]
              : [
                  ...new Set(
                    plan.fills.filter((f) => f.makerUserId === userId).map((f) => f.makerId),
                  ),
                ];
          const memo = `spot order ${own.map((id) => `#${id}`).join(', ')}`;
          await this.ledger(tx, ops, LOG_TYPE.spotTrade, memo, now);
        }
        const isReal = (userId: number) => !this.simulated.has(userId);
        await writeFillNotes(tx, p, plan, takerReal ? takerId : null, isReal, now);
        return takerId;
      });
    } else {
      if (!this.simWallet.canApply(simOps)) throw new Error('simulated account cannot pay');
      restingId = this.nextSimOrderId--;
    }
    this.simWallet.apply(simOps);
    this.core.commit(plan, restingId);
    this.afterFills(plan, now);
    return restingId;
  }

  /** A fill's rows: the real maker's order update and the transaction_complete record. */
  private async persistFill(
    tx: Queryable,
    p: PairSpec,
    plan: Plan,
    f: Fill,
    takerReal: boolean,
    takerId: number,
    now: number,
  ): Promise<void> {
    const makerReal = !this.simulated.has(f.makerUserId);
    if (makerReal) {
      await tx.query(
        `UPDATE spot_orders SET number = $1, status = $2, updated_at = $3 WHERE id = $4`,
        [
          fromUnits(f.makerLeft, p.amountPrecision),
          f.makerLeft === 0n ? 1 : 0,
          new Date(now),
          f.makerId,
        ],
      );
    }
    if (!takerReal && !makerReal) return;
    const cfg = this.core.pair(p.matchId);
    const fees = cfg === null ? null : this.core.fillFees(cfg, plan.order, f);
    await tx.query(
      `INSERT INTO transaction_complete (match_id, way, user_id, from_user_id,
         taker_order_id, maker_order_id, price, number, currency, legal, create_time,
         taker_fee, maker_fee)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
      [
        p.matchId,
        plan.order.side === 'buy' ? 2 : 1,
        plan.order.userId,
        f.makerUserId,
        takerReal ? takerId : null,
        makerReal ? f.makerId : null,
        fromUnits(f.price, p.pricePrecision),
        fromUnits(f.qty, p.amountPrecision),
        p.currencyId,
        p.legalId,
        Math.floor(now / 1000),
        attoToDecimal(fees?.takerFee ?? 0n).toFixed(),
        attoToDecimal(fees?.makerFee ?? 0n).toFixed(),
      ],
    );
  }

  private afterFills(plan: Plan, now: number): void {
    if (plan.fills.length === 0) {
      if (!this.simulated.has(plan.order.userId)) this.listeners?.balances([plan.order.userId]);
      return;
    }
    const matchId = plan.order.matchId;
    const trades: Trade[] = plan.fills.map((f) => ({
      id: this.nextTradeId++,
      matchId,
      price: f.price,
      qty: f.qty,
      takerSide: plan.order.side,
      ts: now,
    }));
    const list = this.recent.get(matchId) ?? [];
    list.push(...trades);
    if (list.length > this.recentLimit) list.splice(0, list.length - this.recentLimit);
    this.recent.set(matchId, list);
    const lastFill = plan.fills[plan.fills.length - 1];
    if (lastFill !== undefined) this.last.set(matchId, lastFill.price);
    for (const t of trades) this.market.recordTrade(matchId, Number(t.price), Number(t.qty), now);
    this.listeners?.trades(matchId, trades);
    const users = new Set<number>();
    for (const o of plan.ops) if (!this.simulated.has(o.userId)) users.add(o.userId);
    if (!this.simulated.has(plan.order.userId)) users.add(plan.order.userId);
    if (users.size > 0) this.listeners?.balances([...users]);
  }

  /** Real users' operations through the ledger, one entry per (user, currency, field). */
  private async ledger(
    tx: Queryable,
    ops: readonly BalanceOp[],
    type: number,
    memo: string,
    now: number,
  ): Promise<void> {
    const sums = new Map<string, BalanceOp>();
    for (const o of ops) {
      const key = `${o.userId}:${o.currencyId}:${o.field}`;
      const cur = sums.get(key);
      if (cur === undefined) sums.set(key, { ...o });
      else cur.delta += o.delta;
    }
    // Debits first, so an insufficient balance fails before anything is credited.
    const ordered = [...sums.values()].sort((a, b) => (a.delta < b.delta ? -1 : 1));
    for (const o of ordered) {
      if (o.delta === 0n) continue;
      await changeBalance(tx, {
        userId: o.userId,
        currencyId: o.currencyId,
        field: FIELD[o.field],
        delta: attoToDecimal(o.delta),
        type,
        memo,
        nowMs: now,
      });
    }
  }
}

/**
 * An exact integer amount at `dp` decimals, with the localized errors of the order form: above
 * zero, at most `dp` decimals, at most AMOUNT_LIMIT (the edge rule, src/shared/amount.ts).
 */
function unitsOf(value: Decimal, dp: number, field: 'price' | 'number'): bigint {
  if (!value.isFinite() || value.lessThanOrEqualTo(0))
    throw new ApiError(
      field === 'price' ? 'validation.spot.priceRequired' : 'validation.spot.numberRequired',
    );
  const issue = amountIssue(value, dp);
  if (issue?.id === 'validation.amountDecimals')
    throw new ApiError(field === 'price' ? 'spot.pricePrecision' : 'spot.numberPrecision', { dp });
  if (issue !== null) throw new ApiError(issue.id, issue.values);
  const units = toUnits(value, dp);
  if (units === null || units <= 0n) throw new ApiError('spot.numberPrecision', { dp });
  return units;
}

/** The core's order for a request: quantity in lots, limit price in ticks (0 for market). */
function toOrder(p: PairSpec, req: PlaceRequest): NewOrder {
  const qty = unitsOf(req.num, p.amountPrecision, 'number');
  let price = 0n;
  if (req.mode === 2) {
    if (req.price === null) throw new ApiError('validation.spot.priceRequired');
    price = unitsOf(req.price, p.pricePrecision, 'price');
    if (req.price.times(req.num).greaterThan(NOTIONAL_LIMIT)) throw new ApiError('spot.tooLarge');
  }
  return {
    userId: req.userId,
    matchId: req.matchId,
    side: req.side,
    kind: req.mode === 1 ? 'market' : 'limit',
    price,
    qty,
  };
}

function replyOf(p: PairSpec, plan: Plan): Reply {
  const values: MessageValues = {
    filled: localDecimal(fromUnits(plan.filled, p.amountPrecision), p.amountPrecision),
    total: localDecimal(fromUnits(plan.order.qty, p.amountPrecision), p.amountPrecision),
    currency: p.currencyName,
    legal: p.legalName,
    price: localDecimal(fromUnits(plan.limit, p.pricePrecision), p.pricePrecision),
    band: Number(MARKET_BAND_BP) / 100,
  };
  let id: string;
  if (plan.order.kind === 'market') {
    if (plan.cancelled === 0n) id = 'spot.filled';
    else id = plan.bandLimited ? 'spot.bandCut' : 'spot.liquidityCut';
  } else if (plan.filled === 0n) id = 'spot.placed';
  else id = plan.rest === 0n ? 'spot.filled' : 'spot.partFilled';
  return { type: 'ok', id, values };
}

/** The user's order row (status 0 resting, 1 filled, 2 rest cancelled); returns its id. */
async function insertTakerRow(
  tx: Queryable,
  p: PairSpec,
  plan: Plan,
  mode: 1 | 2,
  clientId: string | null,
  reply: Reply | null,
  now: number,
): Promise<number> {
  const status = plan.rest > 0n ? 0 : plan.filled === plan.order.qty ? 1 : 2;
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO spot_orders (user_id, match_id, legal_id, currency_id, side, price, number,
       total_number, mode, status, client_id, reply_type, reply_id, reply_values,
       created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$15) RETURNING id`,
    [
      plan.order.userId,
      p.matchId,
      p.legalId,
      p.currencyId,
      plan.order.side === 'buy' ? 'in' : 'out',
      fromUnits(plan.limit, p.pricePrecision),
      fromUnits(plan.rest, p.amountPrecision),
      fromUnits(plan.order.qty, p.amountPrecision),
      mode,
      status,
      clientId,
      reply?.type ?? 'ok',
      reply?.id ?? '',
      JSON.stringify(reply?.values ?? {}),
      new Date(now),
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('order insert returned no id');
  return id;
}

function isValues(v: unknown): v is MessageValues {
  return (
    typeof v === 'object' &&
    v !== null &&
    Object.values(v).every(
      (x) =>
        typeof x === 'string' ||
        typeof x === 'number' ||
        (typeof x === 'object' &&
          x !== null &&
          typeof (x as { decimal?: unknown }).decimal === 'string' &&
          typeof (x as { dp?: unknown }).dp === 'number'),
    )
  );
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';
}

/** The back office can close spot trading on a pair (`open_transaction = 0`). */
export async function spotOpen(db: Queryable, matchId: number): Promise<boolean> {
  const rows = await db.query<{ open_transaction: number }>(
    'SELECT open_transaction FROM currency_matches WHERE id = $1',
    [matchId],
  );
  return rows[0]?.open_transaction === 1;
}

/** Balance operations grouped by user, in the order each user first appears. */
function byUser(ops: readonly BalanceOp[]): Map<number, BalanceOp[]> {
  const out = new Map<number, BalanceOp[]>();
  for (const o of ops) {
    const list = out.get(o.userId);
    if (list === undefined) out.set(o.userId, [o]);
    else list.push(o);
  }
  return out;
}
