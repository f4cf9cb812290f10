// Leveraged contracts (api-contract §5, ADR 0015): opening (market and limit), cancelling,
// closing, stop levels, batch close, and the risk engine's tick (mark to market, limit
// activation, stop-profit / stop-loss, risk rate and liquidation) and the overnight fee. Every
// operation runs in one queue (the tick and the users' requests never interleave) and in one
// database transaction; every balance change is a ledger row. The margin of an open position
// is held in `lock_lever_balance` (shown as frozen), the free balance is `lever_balance`; a
// close credits margin + profit, which may leave the free balance negative (contract §4.1).
// An opening and each close write the owner's notification in their transaction (lever-notes.ts).
import { Decimal } from '../../src/shared/decimal.ts';
import type { LeverSide } from '../../src/shared/lever.ts';
import { hazardRate, isLiquidated, openFigures, profitOf } from '../../src/shared/lever.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { requireAmount } from '../http/amounts.ts';
import { localDecimal } from '../i18n/messages.ts';
import type { PairSpec } from '../market/simulator.ts';
import { changeBalance, lockUser, LOG_TYPE } from '../wallet/ledger.ts';
import type { CloseWhy, NotedPosition } from './lever-notes.ts';
import { writeCloseNote, writeOpenNote } from './lever-notes.ts';

export const LEVER_TICK_MS = 1000;

export interface LeverPair extends PairSpec {
  openLever: boolean;
  shareNum: string;
  spreadPct: string;
  feePct: string;
  overnightPct: string;
  minShare: number;
  maxShare: number;
}

export interface PositionRow {
  id: number;
  user_id: number;
  match_id: number;
  type: LeverSide;
  currency: number;
  legal: number;
  origin_price: string;
  price: string;
  update_price: string;
  target_profit_price: string;
  stop_loss_price: string;
  share: string;
  number: string;
  multiple: number;
  origin_caution_money: string;
  caution_money: string;
  fact_profits: string;
  trade_fee: string;
  overnight: string;
  overnight_money: string;
  status: number;
  create_time: number;
  transaction_time: Date | null;
  update_time: Date | null;
  handle_time: Date | null;
  complete_time: Date | null;
  client_id: string | null;
}

export interface SubmitRequest {
  userId: number;
  legalId: number;
  currencyId: number;
  side: LeverSide;
  share: number;
  multiple: number;
  /** 1 market, 0 limit. */
  mode: 0 | 1;
  targetPrice: Decimal | null;
  clientId: string | null;
}

export interface TickResult {
  /** Users whose balances changed (closes, liquidations). */
  balances: Set<number>;
  /** Every (user, pair) holding pending or open positions before or after the tick. */
  holders: Map<number, Set<number>>;
}

/** Lever ledger types (wallet/ledger.ts LOG_TYPE). */
const T = LOG_TYPE;
const CLOSED: CloseWhy = { kind: 'lever.closed' };
const LIQUIDATED: CloseWhy = { kind: 'lever.liquidated' };

export class LeverService {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly pairs: () => readonly LeverPair[],
    /** The mark price of a pair (market/mark-price.ts), or null before it has one. */
    readonly priceOf: (matchId: number) => Decimal | null,
    private readonly now: () => number,
  ) {}

  /** Runs `fn` after everything queued before it (one lever operation at a time). */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  pair(legalId: number, currencyId: number): LeverPair | null {
    return this.pairs().find((p) => p.legalId === legalId && p.currencyId === currencyId) ?? null;
  }

  pairById(matchId: number): LeverPair | null {
    return this.pairs().find((p) => p.matchId === matchId) ?? null;
  }

  async setting(key: string): Promise<string> {
    const rows = await this.db.query<{ value: string }>(
      'SELECT value FROM settings WHERE key = $1',
      [key],
    );
    return rows[0]?.value ?? '';
  }

  async multiples(currencyId: number): Promise<{ multiples: number[]; shares: number[] }> {
    const rows = await this.db.query<{ type: number; value: number }>(
      'SELECT type, value FROM lever_multiples WHERE currency_id = $1 ORDER BY value',
      [currencyId],
    );
    return {
      multiples: rows.filter((r) => r.type === 1).map((r) => r.value),
      shares: rows.filter((r) => r.type === 2).map((r) => r.value),
    };
  }

  /** Opens a position (market) or files a limit order; returns its id (contract §5.3). */
  submit(r: SubmitRequest): Promise<{ id: number; repeated: boolean }> {
    return this.run(async () => {
      if (r.clientId !== null) {
        const seen = await this.db.query<{ id: number }>(
          'SELECT id FROM lever_transactions WHERE user_id = $1 AND client_id = $2',
          [r.userId, r.clientId],
        );
        if (seen[0] !== undefined) return { id: seen[0].id, repeated: true };
      }
      const { pair, market, reference } = await this.checkSubmit(r);
      const f = openFigures(r.side, reference, r.share, r.multiple, {
        shareNum: pair.shareNum,
        spreadPct: pair.spreadPct,
        feePct: pair.feePct,
        pricePrecision: pair.pricePrecision,
      });
      const nowMs = this.now();
      return this.db.transaction(async (tx) => {
        // The user's lock: a transfer or withdrawal out of lever racing this sees the position.
        await lockUser(tx, r.userId);
        const free = await this.freeBalance(tx, r.userId, r.legalId);
        if (free.lessThan(f.margin.plus(f.fee)))
          throw new ApiError('lever.insufficient', {
            currency: pair.legalName,
            need: localDecimal(f.margin.plus(f.fee)),
            fee: localDecimal(f.fee),
          });
        const rows = await tx.query<{ id: number }>(
          `INSERT INTO lever_transactions (user_id, match_id, type, currency, legal, origin_price, price,
             update_price, share, number, multiple, origin_caution_money, caution_money, trade_fee,
             overnight, status, create_time, transaction_time, update_time, client_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14, $15, $16, $17, $17, $18)
           RETURNING id`,
          [
            r.userId,
            pair.matchId,
            r.side,
            r.currencyId,
            r.legalId,
            reference.toFixed(),
            f.price.toFixed(),
            market.toFixed(),
            String(r.share),
            f.number.toFixed(),
            r.multiple,
            f.margin.toFixed(),
            f.fee.toFixed(),
            new Decimal(pair.overnightPct).toFixed(),
            r.mode === 1 ? 1 : 0,
            Math.floor(nowMs / 1000),
            new Date(nowMs),
            r.clientId,
          ],
        );
        const id = rows[0]?.id ?? 0;
        const base = { userId: r.userId, currencyId: r.legalId, memo: `#${id + 10000}`, nowMs };
        await changeBalance(tx, {
          ...base,
          field: 'lever_balance',
          delta: f.margin.negated(),
          type: T.leverMargin,
        });
        await changeBalance(tx, {
          ...base,
          field: 'lock_lever_balance',
          delta: f.margin,
          type: T.leverMargin,
        });
        await changeBalance(tx, {
          ...base,
          field: 'lever_balance',
          delta: f.fee.negated(),
          type: T.leverFee,
        });
        // a market order is a position now; a limit order opens when the tick finds its price
        if (r.mode === 1) await writeOpenNote(tx, openedBy(r, f), nowMs);
        return { id, repeated: false };
      });
    });
  }

  /** The contract's checks, in its order (§5.3); the pair, its price and the order's reference. */
  private async checkSubmit(
    r: SubmitRequest,
  ): Promise<{ pair: LeverPair; market: Decimal; reference: Decimal }> {
    const pair = this.pair(r.legalId, r.currencyId);
    if (pair === null || !pair.openLever) throw new ApiError('lever.pairClosed');
    if (!Number.isInteger(r.share) || r.share <= 0 || r.share < pair.minShare)
      throw new ApiError('lever.shareBelowMin', { min: pair.minShare });
    if (pair.maxShare > 0 && r.share > pair.maxShare)
      throw new ApiError('lever.shareAboveMax', { max: pair.maxShare });
    const { multiples } = await this.multiples(r.currencyId);
    if (!multiples.includes(r.multiple)) throw new ApiError('lever.multipleInvalid');
    if (await this.hasClosing(r.userId)) throw new ApiError('lever.closing');
    const market = this.priceOf(pair.matchId);
    if (market === null) throw new ApiError('lever.noPrice');
    const reference = r.mode === 1 ? market : this.limitReference(r, market, pair);
    if (r.mode === 0 && (await this.setting('open_lever_entrust')) !== '1')
      throw new ApiError('lever.entrustClosed');
    return { pair, market, reference };
  }

  /** A limit buy must be below the market, a limit sell above it (contract §5.3 rule 7). */
  private limitReference(r: SubmitRequest, market: Decimal, pair: LeverPair): Decimal {
    const target = r.targetPrice;
    if (target === null || !target.isFinite() || target.lessThanOrEqualTo(0))
      throw new ApiError('lever.targetRequired');
    requireAmount(target, pair.pricePrecision);
    const current = { price: localDecimal(market, pair.pricePrecision), currency: pair.legalName };
    if (r.side === 1 && !target.lessThan(market))
      throw new ApiError('lever.limitBuyAbove', current);
    if (r.side === 2 && !target.greaterThan(market))
      throw new ApiError('lever.limitSellBelow', current);
    return target;
  }

  private async hasClosing(userId: number): Promise<boolean> {
    const rows = await this.db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM lever_transactions WHERE user_id = $1 AND status = 2',
      [userId],
    );
    return (rows[0]?.n ?? 0) > 0;
  }

  async freeBalance(q: Queryable, userId: number, legalId: number): Promise<Decimal> {
    const rows = await q.query<{ v: string }>(
      'SELECT lever_balance AS v FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
      [userId, legalId],
    );
    return new Decimal(rows[0]?.v ?? '0');
  }

  /** Cancels a pending limit order: margin and fee back (contract §5.3). */
  cancel(userId: number, id: number): Promise<void> {
    return this.run(() =>
      this.db.transaction(async (tx) => {
        const p = await this.position(tx, id, userId);
        if (p.status !== 0) throw new ApiError('lever.notPending');
        const nowMs = this.now();
        const base = {
          userId,
          currencyId: p.legal,
          memo: `#${id + 10000}`,
          nowMs,
          type: T.leverCancel,
        };
        const margin = new Decimal(p.caution_money);
        await changeBalance(tx, { ...base, field: 'lock_lever_balance', delta: margin.negated() });
        await changeBalance(tx, {
          ...base,
          field: 'lever_balance',
          delta: margin.plus(p.trade_fee),
        });
        await tx.query(
          'UPDATE lever_transactions SET status = 4, handle_time = $1, complete_time = $1 WHERE id = $2',
          [new Date(nowMs), id],
        );
      }),
    );
  }

  /** Closes an open position at the current price (contract §5.5); returns the profit. */
  close(userId: number, id: number): Promise<Decimal> {
    return this.run(async () => {
      const market = await this.db.query<PositionRow & Record<string, unknown>>(
        'SELECT * FROM lever_transactions WHERE id = $1 AND user_id = $2',
        [id, userId],
      );
      const p = market[0];
      if (p === undefined) throw new ApiError('lever.notFound');
      if (p.status !== 1) throw new ApiError('lever.notOpen');
      const mark = this.priceOf(p.match_id) ?? new Decimal(p.update_price);
      return this.db.transaction((tx) => this.settle(tx, p, mark, T.leverClose, CLOSED));
    });
  }

  /**
   * Credits margin + profit at `mark`, marks the position closed and tells its owner why (in
   * the caller's tx).
   */
  private async settle(
    tx: Queryable,
    p: PositionRow,
    mark: Decimal,
    type: number,
    why: CloseWhy,
  ): Promise<Decimal> {
    const profit = profitOf(p.type, p.price, mark, p.number);
    const margin = new Decimal(p.caution_money);
    const nowMs = this.now();
    const base = { userId: p.user_id, currencyId: p.legal, memo: `#${p.id + 10000}`, nowMs, type };
    await changeBalance(tx, { ...base, field: 'lock_lever_balance', delta: margin.negated() });
    await changeBalance(tx, {
      ...base,
      field: 'lever_balance',
      delta: margin.plus(profit),
      allowNegative: true,
    });
    await tx.query(
      `UPDATE lever_transactions SET status = 3, update_price = $1, fact_profits = $2, handle_time = $3,
         complete_time = $3, settled = 1 WHERE id = $4`,
      [mark.toFixed(), profit.toFixed(), new Date(nowMs), p.id],
    );
    await writeCloseNote(tx, p, mark, profit, why, nowMs);
    return profit;
  }

  /** Stop levels of an open position (contract §5.4: both above 0, on the right sides). */
  setStop(userId: number, id: number, tp: Decimal, sl: Decimal): Promise<void> {
    return this.run(async () => {
      if ((await this.setting('user_set_stopprice')) !== '1')
        throw new ApiError('lever.stopClosed');
      const p = await this.position(this.db, id, userId);
      if (p.status !== 1) throw new ApiError('lever.notOpen');
      const current = this.priceOf(p.match_id) ?? new Decimal(p.update_price);
      checkStops(p, tp, sl, current, this.pairById(p.match_id)?.pricePrecision ?? 2);
      await this.db.query(
        'UPDATE lever_transactions SET target_profit_price = $1, stop_loss_price = $2, update_time = $3 WHERE id = $4',
        [tp.toFixed(), sl.toFixed(), new Date(this.now()), id],
      );
    });
  }

  /**
   * Closes the user's open positions (0 all, 1 longs, 2 shorts), optionally of one pair;
   * returns the pair of each position closed.
   */
  batchClose(userId: number, type: 0 | 1 | 2, matchId: number | null): Promise<number[]> {
    return this.run(async () => {
      const rows = await this.db.query<PositionRow & Record<string, unknown>>(
        `SELECT * FROM lever_transactions WHERE user_id = $1 AND status = 1
           AND ($2::int = 0 OR type = $2) AND ($3::int IS NULL OR match_id = $3) ORDER BY id`,
        [userId, type, matchId],
      );
      for (const p of rows) {
        const mark = this.priceOf(p.match_id) ?? new Decimal(p.update_price);
        await this.db.transaction((tx) => this.settle(tx, p, mark, T.leverClose, CLOSED));
      }
      return rows.map((p) => p.match_id);
    });
  }

  private async position(q: Queryable, id: number, userId: number): Promise<PositionRow> {
    const rows = await q.query<PositionRow & Record<string, unknown>>(
      'SELECT * FROM lever_transactions WHERE id = $1 AND user_id = $2 FOR UPDATE',
      [id, userId],
    );
    const p = rows[0];
    if (p === undefined) throw new ApiError('lever.notFound');
    return p;
  }

  /**
   * The risk engine (contract §5.4, §5.6): marks every pending or open position to its pair's
   * price, activates limit orders, closes triggered stops, then liquidates every user whose
   * risk rate in a quote currency is at or below the line.
   */
  tick(): Promise<TickResult> {
    return this.run(async () => {
      const result: TickResult = { balances: new Set(), holders: new Map() };
      const before = await this.live();
      this.collectHolders(before, result.holders);
      const nowMs = this.now();
      for (const p of before) {
        const mark = this.priceOf(p.match_id);
        if (mark === null) continue;
        await this.mark(p, mark, nowMs, result);
      }
      await this.liquidate(result);
      this.collectHolders(await this.live(), result.holders);
      return result;
    });
  }

  private async live(): Promise<PositionRow[]> {
    return this.db.query<PositionRow & Record<string, unknown>>(
      'SELECT * FROM lever_transactions WHERE status IN (0, 1) ORDER BY id',
    );
  }

  private collectHolders(rows: readonly PositionRow[], into: Map<number, Set<number>>): void {
    for (const p of rows) {
      const set = into.get(p.user_id) ?? new Set<number>();
      set.add(p.match_id);
      into.set(p.user_id, set);
    }
  }

  /** One position's step of the tick: new mark, limit activation, stop trigger. */
  private async mark(
    p: PositionRow,
    mark: Decimal,
    nowMs: number,
    result: TickResult,
  ): Promise<void> {
    if (p.status === 0) {
      await this.markPending(p, mark, nowMs);
      return;
    }
    const trigger = stopTrigger(p, mark);
    if (trigger !== null) {
      const why = { kind: 'lever.stop', trigger } as const;
      await this.db.transaction((tx) => this.settle(tx, p, mark, T.leverClose, why));
      result.balances.add(p.user_id);
      return;
    }
    await this.db.query(
      'UPDATE lever_transactions SET update_price = $1, update_time = $2 WHERE id = $3',
      [mark.toFixed(), new Date(nowMs), p.id],
    );
  }

  /** A pending limit order: its new mark, and the position opened once the mark reached it. */
  private async markPending(p: PositionRow, mark: Decimal, nowMs: number): Promise<void> {
    const origin = new Decimal(p.origin_price);
    const reached =
      p.type === 1 ? mark.lessThanOrEqualTo(origin) : mark.greaterThanOrEqualTo(origin);
    if (!reached) {
      await this.db.query(
        'UPDATE lever_transactions SET update_price = $1, update_time = $2 WHERE id = $3',
        [mark.toFixed(), new Date(nowMs), p.id],
      );
      return;
    }
    await this.db.transaction(async (tx) => {
      await tx.query(
        'UPDATE lever_transactions SET update_price = $1, status = 1, transaction_time = $2, update_time = $2 WHERE id = $3',
        [mark.toFixed(), new Date(nowMs), p.id],
      );
      await writeOpenNote(tx, p, nowMs);
    });
  }

  /** Liquidates every (user, quote currency) at or below the line, all positions at once. */
  private async liquidate(result: TickResult): Promise<void> {
    const line = new Decimal((await this.setting('lever_burst_hazard_rate')) || '10');
    const open = await this.db.query<PositionRow & Record<string, unknown>>(
      'SELECT * FROM lever_transactions WHERE status = 1 ORDER BY id',
    );
    const groups = new Map<string, PositionRow[]>();
    for (const p of open) {
      const key = `${p.user_id}:${p.legal}`;
      groups.set(key, [...(groups.get(key) ?? []), p]);
    }
    for (const positions of groups.values()) {
      const first = positions[0];
      if (first === undefined) continue;
      const free = await this.freeBalance(this.db, first.user_id, first.legal);
      const rate = hazardRate(free, positions.map(riskInput));
      if (!isLiquidated(rate, line)) continue;
      await this.db.transaction(async (tx) => {
        for (const p of positions)
          await this.settle(tx, p, new Decimal(p.update_price), T.leverLiquidation, LIQUIDATED);
      });
      result.balances.add(first.user_id);
    }
  }

  /**
   * The overnight fee (contract §5.7): once per UTC day, for positions opened before that day:
   * mark × number × overnight / 100 (the position's value at the mark, api-contract decision
   * 10), from the position's margin first, then the free balance.
   */
  chargeOvernight(): Promise<Set<number>> {
    return this.run(async () => {
      const nowMs = this.now();
      const day = new Date(nowMs).toISOString().slice(0, 10);
      const users = new Set<number>();
      if ((await this.setting('lever_overnight_day')) === day) return users;
      const dayStart = Math.floor((nowMs - (nowMs % 86_400_000)) / 1000);
      const rows = await this.db.query<PositionRow & Record<string, unknown>>(
        'SELECT * FROM lever_transactions WHERE status = 1 AND create_time < $1 ORDER BY id',
        [dayStart],
      );
      for (const p of rows) {
        await this.db.transaction((tx) => this.overnight(tx, p, nowMs));
        users.add(p.user_id);
      }
      await this.db.query("UPDATE settings SET value = $1 WHERE key = 'lever_overnight_day'", [
        day,
      ]);
      return users;
    });
  }

  private async overnight(tx: Queryable, p: PositionRow, nowMs: number): Promise<void> {
    const mark = this.priceOf(p.match_id) ?? new Decimal(p.update_price);
    const fee = mark
      .times(p.number)
      .times(p.overnight)
      .dividedBy(100)
      .toDecimalPlaces(8, Decimal.ROUND_UP);
    if (fee.isZero()) return;
    const margin = new Decimal(p.caution_money);
    const fromMargin = Decimal.min(fee, margin);
    const rest = fee.minus(fromMargin);
    const base = {
      userId: p.user_id,
      currencyId: p.legal,
      memo: `#${p.id + 10000}`,
      nowMs,
      type: T.leverOvernight,
    };
    if (fromMargin.greaterThan(0))
      await changeBalance(tx, {
        ...base,
        field: 'lock_lever_balance',
        delta: fromMargin.negated(),
      });
    if (rest.greaterThan(0))
      await changeBalance(tx, {
        ...base,
        field: 'lever_balance',
        delta: rest.negated(),
        allowNegative: true,
      });
    await tx.query(
      'UPDATE lever_transactions SET caution_money = caution_money - $1, overnight_money = overnight_money + $2 WHERE id = $3',
      [fromMargin.toFixed(), fee.toFixed(), p.id],
    );
  }
}

/** The position a market order opened, as its notification reads it. */
function openedBy(r: SubmitRequest, f: { number: Decimal; price: Decimal }): NotedPosition {
  return {
    user_id: r.userId,
    type: r.side,
    currency: r.currencyId,
    legal: r.legalId,
    number: f.number.toFixed(),
    price: f.price.toFixed(),
  };
}

/** The figures of a position the risk rate takes (its opening margin and profit at its mark). */
export function riskInput(p: PositionRow): { originMargin: string; profit: Decimal } {
  return {
    originMargin: p.origin_caution_money,
    profit: profitOf(p.type, p.price, p.update_price, p.number),
  };
}

/**
 * Stop levels of a position (contract §5.4): both above 0, in the pair's decimals, a long's
 * take-profit above and stop-loss below both the open and the current price (a short mirrored).
 */
function checkStops(
  p: Pick<PositionRow, 'type' | 'price'>,
  tp: Decimal,
  sl: Decimal,
  current: Decimal,
  pricePrecision: number,
): void {
  if (!tp.greaterThan(0) || !sl.greaterThan(0)) throw new ApiError('validation.lever.stopInvalid');
  requireAmount(tp, pricePrecision);
  requireAmount(sl, pricePrecision);
  const open = new Decimal(p.price);
  const hi = Decimal.max(open, current);
  const lo = Decimal.min(open, current);
  const ok =
    p.type === 1 ? tp.greaterThan(hi) && sl.lessThan(lo) : tp.lessThan(lo) && sl.greaterThan(hi);
  if (!ok) throw new ApiError(p.type === 1 ? 'lever.stopLong' : 'lever.stopShort');
}

/**
 * Contract §5.4 rule 3: a long at TP or above ('profit') or SL or below ('loss'); a short
 * mirrored; 0 = not set; null while neither level is reached.
 */
export function stopTrigger(
  p: Pick<PositionRow, 'type' | 'target_profit_price' | 'stop_loss_price'>,
  mark: Decimal,
): 'profit' | 'loss' | null {
  const tp = new Decimal(p.target_profit_price);
  const sl = new Decimal(p.stop_loss_price);
  const long = p.type === 1;
  if (tp.greaterThan(0) && (long ? mark.greaterThanOrEqualTo(tp) : mark.lessThanOrEqualTo(tp)))
    return 'profit';
  if (sl.greaterThan(0) && (long ? mark.lessThanOrEqualTo(sl) : mark.greaterThanOrEqualTo(sl)))
    return 'loss';
  return null;
}
