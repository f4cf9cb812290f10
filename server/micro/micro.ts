// Second contracts ("microtrade", api-contract §6, issue 7), honest rules only (decision 6,
// §13): the open price is the pair's mark price exactly (no random offset; decision 10, a
// price no trade moves at will), the end price is the mark when the order is settled at
// expiry, and nothing is preset. Placing
// debits the stake and the fee (stake × micro_trade_fee / 100, never returned) from the
// payment currency's `micro_balance` in one transaction; settlement credits stake ×
// (1 + profit_ratio / 100) on a win, the stake on a draw, nothing on a loss, each order in its
// own transaction. Every balance change is a ledger row (types 60–63). Pure of HTTP; the price
// source is injected (`PriceOf`), so tests control prices.
import { Decimal } from '../../src/shared/decimal.ts';
import type { Lang } from '../../src/shared/locales.ts';
import type { AppContext } from '../context.ts';
import { PeriodicJob } from '../jobs/periodic-job.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { requireAmount } from '../http/amounts.ts';
import { formatTime } from '../http/format.ts';
import { localDecimal, t } from '../i18n/messages.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import { laravelPage, offsetOf } from '../http/paging.ts';
import type { LaravelPage } from '../http/paging.ts';

/** The mark price of a pair (market/mark-price.ts), or null when there is none yet. */
export type PriceOf = (matchId: number) => Decimal | null;

export type MicroType = 1 | 2; // 1 up, 2 down
export type MicroStatus = 1 | 3; // 1 trading, 3 finished
export type MicroResult = -1 | 0 | 1; // loss, draw (or not settled yet), win

/** How often the service settles due orders (contract §6.4: within 1 s of expiry). */
export const MICRO_TICK_MS = 250;
/** Pseudo ids shown to users: show_micro_id = id + 10000 (contract §12). */
export const SHOW_ID_OFFSET = 10000;
/** Money figures kept to NUMERIC(36,18)'s scale; a payout is never rounded up. */
const SCALE = 18;

/** A `micro_orders` row joined with the payment currency's name and the pair's symbol. */
export interface MicroOrderRow {
  id: number;
  user_id: number;
  match_id: number;
  currency_id: number;
  type: MicroType;
  seconds: number;
  number: string;
  open_price: string;
  end_price: string;
  profit_ratio: string;
  fee: string;
  status: MicroStatus;
  profit_result: MicroResult;
  fact_profits: string;
  created_at: Date | string;
  handled_at: Date | string;
  complete_at: Date | string | null;
  client_id: string | null;
  currency_name: string;
  symbol_name: string;
}

/** An order as `microtrade/lists`, `microtrade/submit` and `closed_microorder` send it. */
export interface MicroOrderView {
  id: number;
  user_id: number;
  match_id: number;
  currency_id: number;
  type: MicroType;
  seconds: number;
  number: string;
  open_price: string;
  end_price: string;
  profit_ratio: string;
  fee: string;
  status: MicroStatus;
  profit_result: MicroResult;
  fact_profits: string;
  /** "Y-m-d H:i:s" (UTC). */
  created_at: string;
  /** The expiry, "Y-m-d H:i:s" (UTC). */
  handled_at: string;
  /** The settlement time, "Y-m-d H:i:s" (UTC); null while trading. */
  complete_at: string | null;
  currency_name: string;
  symbol_name: string;
  type_name: string;
  status_name: string;
  profit_result_name: string;
  show_micro_id: number;
  /** (whole seconds until handled_at + 1.3) × 1000, or 0 once handled_at has passed. */
  remain_milli_seconds: number;
  /** Extension: the expiry in ms. */
  end_time: number;
  /** Extension: the server clock in ms when this view was written. */
  server_time: number;
}

const ORDER_SELECT = `
  SELECT o.*, c.name AS currency_name, b.name || '/' || l.name AS symbol_name
  FROM micro_orders o
  JOIN currencies c ON c.id = o.currency_id
  JOIN currency_matches m ON m.id = o.match_id
  JOIN currencies b ON b.id = m.currency_id
  JOIN currencies l ON l.id = m.legal_id`;

const ms = (d: Date | string): number => new Date(d).getTime();

/** Contract §6.3: (whole seconds until handled_at + 1.3) × 1000, or 0 once it has passed. */
export function remainMilliSeconds(handledAtMs: number, nowMs: number): number {
  const whole = Math.floor(handledAtMs / 1000) - Math.floor(nowMs / 1000);
  return whole > 0 ? whole * 1000 + 1300 : 0;
}

const RESULT_NAME: Readonly<Record<MicroResult, string>> = {
  [-1]: 'micro.result.loss',
  0: 'micro.result.none',
  1: 'micro.result.profit',
};

export function orderView(r: MicroOrderRow, lang: Lang, nowMs: number): MicroOrderView {
  const handled = ms(r.handled_at);
  return {
    id: r.id,
    user_id: r.user_id,
    match_id: r.match_id,
    currency_id: r.currency_id,
    type: r.type,
    seconds: r.seconds,
    number: new Decimal(r.number).toFixed(),
    open_price: new Decimal(r.open_price).toFixed(),
    end_price: new Decimal(r.end_price).toFixed(),
    profit_ratio: new Decimal(r.profit_ratio).toFixed(),
    fee: new Decimal(r.fee).toFixed(),
    status: r.status,
    profit_result: r.profit_result,
    fact_profits: new Decimal(r.fact_profits).toFixed(),
    created_at: formatTime(new Date(r.created_at)),
    handled_at: formatTime(new Date(handled)),
    complete_at: r.complete_at === null ? null : formatTime(new Date(r.complete_at)),
    currency_name: r.currency_name,
    symbol_name: r.symbol_name,
    type_name: t(lang, r.type === 1 ? 'micro.type.up' : 'micro.type.down'),
    status_name: t(lang, `micro.status.${r.status}`),
    profit_result_name: t(lang, RESULT_NAME[r.profit_result]),
    show_micro_id: r.id + SHOW_ID_OFFSET,
    remain_milli_seconds: r.status === 1 ? remainMilliSeconds(handled, nowMs) : 0,
    end_time: handled,
    server_time: nowMs,
  };
}

// ---- configuration ------------------------------------------------------------------------

export interface PayableCurrency {
  id: number;
  name: string;
  micro_trade_fee: string;
  micro_min: string;
  micro_max: string;
  micro_holdtrade_max: number;
  micro_numbers: string;
}

const PAYABLE_SELECT = `
  SELECT id, name, micro_trade_fee, micro_min, micro_max, micro_holdtrade_max, micro_numbers
  FROM currencies WHERE is_micro = 1 AND is_legal = 1 AND is_display = 1`;

/** The currencies second contracts can be paid with (is_micro and is_legal). */
export async function payableCurrencies(q: Queryable): Promise<PayableCurrency[]> {
  return q.query<PayableCurrency & Record<string, unknown>>(`${PAYABLE_SELECT} ORDER BY sort, id`);
}

export interface MicroSeconds {
  id: number;
  seconds: number;
  profit_ratio: string;
}

/** The enabled durations, shortest first. */
export async function enabledSeconds(q: Queryable): Promise<MicroSeconds[]> {
  return q.query<MicroSeconds & Record<string, unknown>>(
    'SELECT id, seconds, profit_ratio FROM micro_seconds WHERE status = 1 ORDER BY seconds',
  );
}

/** The preset stakes of a currency's comma list, in order, without blanks or non-numbers. */
export function presetNumbers(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d+(\.\d+)?$/.test(s))
    .map((s) => new Decimal(s).toFixed());
}

// ---- placing ------------------------------------------------------------------------------

export interface MicroSubmit {
  userId: number;
  matchId: number;
  /** The payment currency. */
  currencyId: number;
  type: MicroType;
  seconds: number;
  /** The stake. */
  number: Decimal;
  clientId: string | null;
  nowMs: number;
}

export interface SubmitResult {
  order: MicroOrderRow;
  /** True when `clientId` was seen before: nothing was placed, `order` is the first one. */
  repeated: boolean;
}

/** fee = stake × micro_trade_fee / 100 (exact; at most 18 decimals, rounded up). */
export function microFee(number: Decimal.Value, feePct: Decimal.Value): Decimal {
  return new Decimal(number).times(feePct).dividedBy(100).toDecimalPlaces(SCALE, Decimal.ROUND_UP);
}

/** What a settled order credits and its fact_profits (contract §6.4). */
export function payoutOf(
  result: MicroResult,
  number: Decimal.Value,
  ratioPct: Decimal.Value,
): { credit: Decimal; factProfits: Decimal } {
  const stake = new Decimal(number);
  if (result === 0) return { credit: stake, factProfits: new Decimal(0) };
  if (result === -1) return { credit: new Decimal(0), factProfits: stake.negated() };
  const profit = stake.times(ratioPct).dividedBy(100).toDecimalPlaces(SCALE, Decimal.ROUND_DOWN);
  return { credit: stake.plus(profit), factProfits: profit };
}

/** +1 win, 0 draw, -1 loss: the end price against the open price, inverted for "down". */
export function outcomeOf(type: MicroType, open: Decimal.Value, end: Decimal.Value): MicroResult {
  const cmp = new Decimal(end).comparedTo(open);
  const dir = type === 1 ? cmp : -cmp;
  return dir > 0 ? 1 : dir < 0 ? -1 : 0;
}

/**
 * Places a second contract. Checks in the contract's order (§6.2): the pair is open for second
 * contracts; the currency is payable; the duration is enabled; the stake is an integer within
 * [micro_min, micro_max] and a multiple of micro_min (each rule its own message); fewer open
 * orders than micro_holdtrade_max; a current price exists; the balance covers stake + fee. A
 * repeated `clientId` returns the first order and places nothing (also when two requests race).
 */
export async function submitMicro(
  db: Database,
  priceOf: PriceOf,
  r: MicroSubmit,
): Promise<SubmitResult> {
  if (r.clientId !== null) {
    const first = await orderByClientId(db, r.userId, r.clientId);
    if (first !== null) return { order: first, repeated: true };
  }
  const pair = await db.query<{ id: number }>(
    'SELECT id FROM currency_matches WHERE id = $1 AND open_microtrade = 1',
    [r.matchId],
  );
  if (pair.length === 0) throw new ApiError('micro.pairClosed');
  const currency = (
    await db.query<PayableCurrency & Record<string, unknown>>(`${PAYABLE_SELECT} AND id = $1`, [
      r.currencyId,
    ])
  )[0];
  if (currency === undefined) throw new ApiError('micro.currencyNotPayable');
  const duration = (
    await db.query<MicroSeconds & Record<string, unknown>>(
      'SELECT id, seconds, profit_ratio FROM micro_seconds WHERE seconds = $1 AND status = 1',
      [r.seconds],
    )
  )[0];
  if (duration === undefined) throw new ApiError('micro.secondsUnknown');
  checkNumber(r.number, currency);
  const fee = microFee(r.number, currency.micro_trade_fee);
  try {
    const id = await db.transaction(async (tx) => {
      const balance = await lockMicroBalance(tx, r.userId, r.currencyId);
      const open = await tx.query<{ n: number }>(
        'SELECT COUNT(*)::int AS n FROM micro_orders WHERE user_id = $1 AND currency_id = $2 AND status = 1',
        [r.userId, r.currencyId],
      );
      if ((open[0]?.n ?? 0) >= currency.micro_holdtrade_max)
        throw new ApiError('micro.holdMax', { max: currency.micro_holdtrade_max });
      const openPrice = priceOf(r.matchId);
      if (openPrice === null) throw new ApiError('micro.noPrice');
      const need = r.number.plus(fee);
      if (balance.lessThan(need))
        throw new ApiError('micro.insufficient', {
          currency: currency.name,
          need: localDecimal(need),
          number: localDecimal(r.number),
          fee: localDecimal(fee),
        });
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO micro_orders (user_id, match_id, currency_id, type, seconds, number,
           open_price, end_price, profit_ratio, fee, status, profit_result, fact_profits,
           created_at, handled_at, client_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, 1, 0, 0, $10, $11, $12) RETURNING id`,
        [
          r.userId,
          r.matchId,
          r.currencyId,
          r.type,
          duration.seconds,
          r.number.toFixed(),
          openPrice.toFixed(),
          new Decimal(duration.profit_ratio).toFixed(),
          fee.toFixed(),
          new Date(r.nowMs),
          new Date(r.nowMs + duration.seconds * 1000),
          r.clientId,
        ],
      );
      const orderId = rows[0]?.id;
      if (orderId === undefined) throw new Error('micro order insert returned no id');
      const base = {
        userId: r.userId,
        currencyId: r.currencyId,
        field: 'micro_balance' as const,
        memo: `#${orderId + SHOW_ID_OFFSET}`,
        nowMs: r.nowMs,
      };
      await changeBalance(tx, { ...base, delta: r.number.negated(), type: LOG_TYPE.microStake });
      if (!fee.isZero())
        await changeBalance(tx, { ...base, delta: fee.negated(), type: LOG_TYPE.microFee });
      return orderId;
    });
    const order = await orderById(db, id);
    if (order === null) throw new Error(`micro order ${id} vanished`);
    return { order, repeated: false };
  } catch (err) {
    // Two requests with one client_id raced: the unique index refused the second.
    if (r.clientId !== null && !(err instanceof ApiError)) {
      const first = await orderByClientId(db, r.userId, r.clientId);
      if (first !== null) return { order: first, repeated: true };
    }
    throw err;
  }
}

function checkNumber(number: Decimal, c: PayableCurrency): void {
  if (!number.isFinite() || !number.isInteger()) throw new ApiError('micro.numberInteger');
  requireAmount(number, 0);
  const min = new Decimal(c.micro_min);
  const max = new Decimal(c.micro_max);
  // the range first: an amount below the minimum or above the maximum is told so, not that it
  // is no multiple of the minimum (issue 20)
  if (number.lessThan(min) || number.lessThanOrEqualTo(0))
    throw new ApiError('micro.numberBelowMin', { min: localDecimal(Decimal.max(min, 1)) });
  if (number.greaterThan(max))
    throw new ApiError('micro.numberAboveMax', { max: localDecimal(max) });
  if (min.greaterThan(0) && !number.mod(min).isZero())
    throw new ApiError('micro.numberStep', { step: localDecimal(min) });
}

/** Locks the user's wallet row of the currency (created when missing); its micro_balance. */
async function lockMicroBalance(
  tx: Queryable,
  userId: number,
  currencyId: number,
): Promise<Decimal> {
  await tx.query(
    `INSERT INTO users_wallet (user_id, currency_id) VALUES ($1, $2)
     ON CONFLICT (user_id, currency_id) DO NOTHING`,
    [userId, currencyId],
  );
  const rows = await tx.query<{ micro_balance: string }>(
    'SELECT micro_balance FROM users_wallet WHERE user_id = $1 AND currency_id = $2 FOR UPDATE',
    [userId, currencyId],
  );
  return new Decimal(rows[0]?.micro_balance ?? '0');
}

export async function orderById(q: Queryable, id: number): Promise<MicroOrderRow | null> {
  const rows = await q.query<MicroOrderRow & Record<string, unknown>>(
    `${ORDER_SELECT} WHERE o.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

async function orderByClientId(
  q: Queryable,
  userId: number,
  clientId: string,
): Promise<MicroOrderRow | null> {
  const rows = await q.query<MicroOrderRow & Record<string, unknown>>(
    `${ORDER_SELECT} WHERE o.user_id = $1 AND o.client_id = $2`,
    [userId, clientId],
  );
  return rows[0] ?? null;
}

// ---- settlement ---------------------------------------------------------------------------

/**
 * Settles every trading order whose expiry (handled_at) is at or before `nowMs` at its pair's
 * current price, oldest expiry first, each in its own transaction. An order whose pair has no
 * price stays open until one exists. Returns the settled orders.
 */
export async function settleDue(
  db: Database,
  priceOf: PriceOf,
  nowMs: number,
): Promise<MicroOrderRow[]> {
  const due = await db.query<{ id: number; match_id: number }>(
    `SELECT id, match_id FROM micro_orders WHERE status = 1 AND handled_at <= $1
     ORDER BY handled_at, id`,
    [new Date(nowMs)],
  );
  const settled: MicroOrderRow[] = [];
  for (const { id, match_id } of due) {
    const end = priceOf(match_id);
    if (end === null) continue;
    const done = await db.transaction((tx) => settleOne(tx, id, end, nowMs));
    if (!done) continue;
    const row = await orderById(db, id);
    if (row !== null) settled.push(row);
  }
  return settled;
}

async function settleOne(tx: Queryable, id: number, end: Decimal, nowMs: number): Promise<boolean> {
  const rows = await tx.query<MicroOrderRow & Record<string, unknown>>(
    'SELECT * FROM micro_orders WHERE id = $1 AND status = 1 FOR UPDATE',
    [id],
  );
  const o = rows[0];
  if (o === undefined) return false; // settled meanwhile
  const result = outcomeOf(o.type, o.open_price, end);
  const { credit, factProfits } = payoutOf(result, o.number, o.profit_ratio);
  if (!credit.isZero())
    await changeBalance(tx, {
      userId: o.user_id,
      currencyId: o.currency_id,
      field: 'micro_balance',
      delta: credit,
      type: result === 1 ? LOG_TYPE.microWin : LOG_TYPE.microDraw,
      memo: `#${o.id + SHOW_ID_OFFSET}`,
      nowMs,
    });
  await tx.query(
    `UPDATE micro_orders SET end_price = $1, status = 3, profit_result = $2, fact_profits = $3,
       complete_at = $4 WHERE id = $5`,
    [end.toFixed(), result, factProfits.toFixed(), new Date(nowMs), id],
  );
  return true;
}

// ---- listing ------------------------------------------------------------------------------

export interface ListQuery {
  /** -1 all; 1 trading, 2 closing (never stored here), 3 finished. */
  status: number;
  matchId: number | null;
  currencyId: number | null;
  page: number;
  limit: number;
}

export type MicroPage = LaravelPage<MicroOrderView>;

/** The user's orders, newest first, as a Laravel paginator. */
export async function listMicro(
  q: Queryable,
  userId: number,
  query: ListQuery,
  lang: Lang,
  nowMs: number,
): Promise<MicroPage> {
  const where = `o.user_id = $1 AND ($2::int = -1 OR o.status = $2)
    AND ($3::int IS NULL OR o.match_id = $3) AND ($4::int IS NULL OR o.currency_id = $4)`;
  const params = [userId, query.status, query.matchId, query.currencyId] as const;
  const count = await q.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM micro_orders o WHERE ${where}`,
    params,
  );
  const rows = await q.query<MicroOrderRow & Record<string, unknown>>(
    `${ORDER_SELECT} WHERE ${where} ORDER BY o.id DESC LIMIT $5 OFFSET $6`,
    [...params, query.limit, offsetOf(query.page, query.limit)],
  );
  const total = count[0]?.n ?? 0;
  const data = rows.map((r) => orderView(r, lang, nowMs));
  return laravelPage(data, query.page, total, query.limit);
}

// ---- the service --------------------------------------------------------------------------

/**
 * Settles due orders every 250 ms (started and stopped with the market timer) and sends each
 * owner `closed_microorder` `{type, to, data: <the settled order>}` and `update_balance`.
 * Settlement runs one at a time; tests call `settle()` by hand.
 */
export class MicroService {
  private readonly job: PeriodicJob<MicroOrderView[]>;

  constructor(
    private readonly ctx: AppContext,
    readonly priceOf: PriceOf,
  ) {
    this.job = new PeriodicJob(
      'micro settlement',
      MICRO_TICK_MS,
      () => this.settleAndPush(),
      ctx.config.log,
    );
  }

  start(): void {
    this.job.start();
  }

  stop(): void {
    this.job.stop();
  }

  /** Settles what is due at `ctx.config.now()` and pushes; returns the settled orders. */
  settle(): Promise<MicroOrderView[]> {
    return this.job.run();
  }

  /** Resolves once no settlement is running (server close). */
  idle(): Promise<void> {
    return this.job.idle();
  }

  submit(r: MicroSubmit): Promise<SubmitResult> {
    return submitMicro(this.ctx.db, this.priceOf, r);
  }

  private async settleAndPush(): Promise<MicroOrderView[]> {
    const nowMs = this.ctx.config.now();
    const rows = await settleDue(this.ctx.db, this.priceOf, nowMs);
    // a push has no request to take a language from: names in English (clients use the codes)
    const views = rows.map((r) => orderView(r, 'en', nowMs));
    for (const v of views)
      this.ctx.notify.push(v.user_id, 'closed_microorder', {
        type: 'closed_microorder',
        to: v.user_id,
        data: v,
      });
    for (const userId of new Set(views.map((v) => v.user_id))) this.ctx.notify.balance(userId);
    return views;
  }
}
