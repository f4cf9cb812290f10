// Lock-up savings (issue 9, api-contract §10): a user deposits an amount of a currency into a
// product (an amount tier with a term in days and a DAILY interest rate in percent); the
// amount leaves `change_balance`. One running order per user and currency: a new deposit in
// that currency is added to it and its rate re-tiered. Interest accrues per elapsed UTC day
// from start_at (tomorrow) to end_at (today + day + 1): day d is credited once it is over, at
// amount × day_rate (rounded down to the currency's decimals), compounded into `amount`, the
// rate re-tiered by the new amount, one interest log row per day. When end_at ≤ today the
// whole amount goes back to `change_balance` (status 2) and the owner is told (`earn.matured`, in
// that transaction, whichever call settled it). Early cancel pays amount − cancel_fee
// (lock_amount × setting cancel_deposit_fee / 100, rounded down) and sets status 2, is_cancel 1;
// nothing is ever taken from `lock_change_balance` (the legacy debit of a lock that was never
// made is not reproduced). Withdraw moves earned interest (≤ amount − lock_amount) to spot.
// Every command first settles the order's elapsed days in the same transaction, so results never
// depend on when the periodic job last ran. Ledger types 90–93. Pure of HTTP; the job is
// lockup-service.ts, the pure rules lockup-rules.ts.
import { Decimal } from '../../src/shared/decimal.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { noteDec } from '../notify/note-values.ts';
import { addNotification } from '../notify/notifications.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import type { LockupOrderRow, LockupProduct } from './lockup-rules.ts';
import {
  cancelFeeOf,
  cancelFeePct,
  clampScale,
  dailyInterest,
  dayOf,
  dayOfTime,
  dayRateOf,
  midnight,
  tierOf,
} from './lockup-rules.ts';

/** The largest amount accepted in one request. */
const MAX_AMOUNT = new Decimal('1e15');

// ---- settlement -----------------------------------------------------------------------------

export interface Settled {
  orderId: number;
  userId: number;
  /** Days whose interest was credited now. */
  days: number;
  /** True when the order ended now and its amount went back to change_balance. */
  matured: boolean;
}

/**
 * Credits the interest of every day of a locked running order that is over at `nowMs` and not
 * yet credited, compounding and re-tiering day by day; ends the order when end_at ≤ today.
 */
async function settleLocked(tx: Queryable, o: LockupOrderRow, nowMs: number): Promise<Settled> {
  const products = await productsOfCurrency(tx, o.currency_id);
  const scale = scaleOf(o);
  const today = dayOf(nowMs);
  const endDay = dayOfTime(o.end_at);
  const from = dayOfTime(o.settled_to);
  const until = Math.min(today, endDay);
  let amount = new Decimal(o.amount);
  let rate = new Decimal(o.day_rate);
  let total = new Decimal(o.total_interest);
  for (let day = from; day < until; day++) {
    const interest = dailyInterest(amount, rate, scale);
    await tx.query(
      `INSERT INTO lh_deposit_interest_log (order_id, user_id, day, amount, day_rate, interest,
         created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        o.id,
        o.user_id,
        midnight(day),
        amount.toFixed(),
        rate.toFixed(),
        interest.toFixed(),
        new Date(nowMs),
      ],
    );
    amount = amount.plus(interest);
    total = total.plus(interest);
    const tier = tierOf(products, amount);
    if (tier !== null) rate = dayRateOf(tier);
  }
  const days = Math.max(0, until - from);
  const matured = today >= endDay;
  if (matured) await payBack(tx, o, amount, total, nowMs);
  if (days > 0 || matured)
    await tx.query(
      `UPDATE lh_deposit_orders SET amount = $1, day_rate = $2, total_interest = $3,
         settled_to = $4, status = $5, ended_at = $6, updated_at = $7 WHERE id = $8`,
      [
        amount.toFixed(),
        rate.toFixed(),
        total.toFixed(),
        midnight(Math.max(from, until)),
        matured ? 2 : 1,
        matured ? new Date(nowMs) : null,
        new Date(nowMs),
        o.id,
      ],
    );
  o.amount = amount.toFixed();
  o.day_rate = rate.toFixed();
  o.total_interest = total.toFixed();
  return { orderId: o.id, userId: o.user_id, days, matured };
}

/** Settles every running order with a finished day not yet credited, each in a transaction. */
export async function settleDueLockups(db: Database, nowMs: number): Promise<Settled[]> {
  const today = midnight(dayOf(nowMs));
  const due = await db.query<{ id: number }>(
    `SELECT id FROM lh_deposit_orders
     WHERE status = 1 AND (settled_to < LEAST(end_at, $1) OR end_at <= $1) ORDER BY id`,
    [today],
  );
  const out: Settled[] = [];
  for (const { id } of due) {
    const r = await db.transaction(async (tx) => {
      const o = await orderForUpdate(tx, { id });
      return o === null || o.status !== 1 ? null : settleLocked(tx, o, nowMs);
    });
    if (r !== null && (r.days > 0 || r.matured)) out.push(r);
  }
  return out;
}

/**
 * A matured order's amount back to change_balance, and its owner's `earn.matured`: the principal
 * (`lock_amount`) and the interest the order earned in all (`total`; interest withdrawn earlier
 * included).
 */
async function payBack(
  tx: Queryable,
  o: LockupOrderRow,
  amount: Decimal,
  total: Decimal,
  nowMs: number,
): Promise<void> {
  if (amount.greaterThan(0))
    await changeBalance(tx, {
      userId: o.user_id,
      currencyId: o.currency_id,
      field: 'change_balance',
      delta: amount,
      type: LOG_TYPE.lockupReturn,
      memo: `#${o.id}`,
      nowMs,
    });
  const params = {
    currency: o.currency_name,
    amount: noteDec(o.lock_amount),
    interest: noteDec(total),
  };
  await addNotification(tx, o.user_id, 'earn.matured', params, nowMs);
}

// ---- commands -------------------------------------------------------------------------------

export interface DepositRequest {
  userId: number;
  amount: Decimal;
  /** The product chosen on the card; null: the tier holding the amount. */
  configId: number | null;
  /** Without a product: look for the tier among this currency's products (null: all). */
  currencyId: number | null;
  nowMs: number;
}

export interface DepositResult {
  orderId: number;
  currencyName: string;
  /** True when the amount was added to the user's running order in that currency. */
  merged: boolean;
}

/** Deposits into a product (api-contract §10), or adds to the running order of the currency. */
export async function depositLockup(db: Database, r: DepositRequest): Promise<DepositResult> {
  if (!r.amount.isFinite() || !r.amount.greaterThan(0) || r.amount.greaterThan(MAX_AMOUNT))
    throw new ApiError('lockup.amountInvalid');
  const product = await chooseProduct(db, r);
  const currency = await currencyOf(db, product.currency_id);
  if (r.amount.decimalPlaces() > currency.scale)
    throw new ApiError('lockup.amountDecimals', { currency: currency.name, dp: currency.scale });
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [r.userId]);
    let running = await orderForUpdate(tx, { userId: r.userId, currencyId: product.currency_id });
    if (running !== null && (await settleLocked(tx, running, r.nowMs)).matured) running = null;
    await takeQuota(tx, product.id, r.amount, currency.name);
    const balance = await changeBalanceOf(tx, r.userId, product.currency_id);
    if (balance.lessThan(r.amount))
      throw new ApiError('lockup.insufficient', { currency: currency.name });
    const orderId =
      running === null
        ? await insertOrder(tx, r, product)
        : await addToOrder(tx, running, r.amount, r.nowMs);
    await changeBalance(tx, {
      userId: r.userId,
      currencyId: product.currency_id,
      field: 'change_balance',
      delta: r.amount.negated(),
      type: LOG_TYPE.lockupDeposit,
      memo: `#${orderId}`,
      nowMs: r.nowMs,
    });
    return { orderId, currencyName: currency.name, merged: running !== null };
  });
}

export type CloseResult =
  { kind: 'matured' } | { kind: 'done'; credited: Decimal; fee: Decimal; currencyName: string };

/**
 * Early cancel: credits amount − cancel_fee to change_balance, status 2, is_cancel 1. When the
 * term is already over, the order matures instead (`matured`: the whole amount was paid).
 */
export async function cancelLockup(
  db: Database,
  userId: number,
  orderId: number,
  nowMs: number,
): Promise<CloseResult> {
  return db.transaction(async (tx) => {
    const o = await runningOrder(tx, userId, orderId);
    if ((await settleLocked(tx, o, nowMs)).matured) return { kind: 'matured' as const };
    const fee = cancelFeeOf(o.lock_amount, await cancelFeePct(tx), scaleOf(o));
    const credited = new Decimal(o.amount).minus(fee);
    if (credited.greaterThan(0))
      await changeBalance(tx, {
        userId,
        currencyId: o.currency_id,
        field: 'change_balance',
        delta: credited,
        type: LOG_TYPE.lockupCancel,
        memo: `#${o.id}`,
        nowMs,
      });
    await tx.query(
      `UPDATE lh_deposit_orders SET status = 2, is_cancel = 1, cancel_fee = $1, ended_at = $2,
         updated_at = $2 WHERE id = $3`,
      [fee.toFixed(), new Date(nowMs), o.id],
    );
    return { kind: 'done' as const, credited, fee, currencyName: o.currency_name };
  });
}

/** Moves `amount` of earned interest (≤ amount − lock_amount) to change_balance. */
export async function withdrawLockup(
  db: Database,
  userId: number,
  orderId: number,
  amount: Decimal,
  nowMs: number,
): Promise<CloseResult> {
  return db.transaction(async (tx) => {
    const o = await runningOrder(tx, userId, orderId);
    if ((await settleLocked(tx, o, nowMs)).matured) return { kind: 'matured' as const };
    const max = new Decimal(o.amount).minus(o.lock_amount);
    const valid =
      amount.isFinite() &&
      amount.greaterThan(0) &&
      amount.lessThanOrEqualTo(max) &&
      amount.decimalPlaces() <= scaleOf(o);
    if (!valid)
      throw new ApiError('lockup.withdrawInvalid', {
        max: max.toFixed(),
        currency: o.currency_name,
      });
    await tx.query(
      `UPDATE lh_deposit_orders SET amount = amount - $1, withdraw_amount = withdraw_amount + $1,
         updated_at = $2 WHERE id = $3`,
      [amount.toFixed(), new Date(nowMs), o.id],
    );
    await changeBalance(tx, {
      userId,
      currencyId: o.currency_id,
      field: 'change_balance',
      delta: amount,
      type: LOG_TYPE.lockupWithdraw,
      memo: `#${o.id}`,
      nowMs,
    });
    return {
      kind: 'done' as const,
      credited: amount,
      fee: new Decimal(0),
      currencyName: o.currency_name,
    };
  });
}

// ---- storage helpers ------------------------------------------------------------------------

const PRODUCT_COLUMNS =
  'p.id, p.currency_id, p.save_min, p.save_max, p.day, p.interest_rate, p.quota, p.sold, p.sort';

export async function productsOfCurrency(
  q: Queryable,
  currencyId: number,
): Promise<LockupProduct[]> {
  return q.query<LockupProduct & Record<string, unknown>>(
    `SELECT ${PRODUCT_COLUMNS} FROM lh_deposit_config p WHERE p.currency_id = $1 ORDER BY p.id`,
    [currencyId],
  );
}

/** The chosen product (amount within its range) or the tier holding the amount. */
async function chooseProduct(q: Queryable, r: DepositRequest): Promise<LockupProduct> {
  const rows = await q.query<LockupProduct & { currency_name: string } & Record<string, unknown>>(
    `SELECT ${PRODUCT_COLUMNS}, c.name AS currency_name FROM lh_deposit_config p
     JOIN currencies c ON c.id = p.currency_id
     WHERE c.is_display = 1 AND ($1::int IS NULL OR p.id = $1)
       AND ($2::int IS NULL OR p.currency_id = $2) ORDER BY p.id`,
    [r.configId, r.configId === null ? r.currencyId : null],
  );
  if (r.configId === null) {
    const tier = tierOf(rows, r.amount);
    if (tier === null) throw new ApiError('lockup.rangeNotFound');
    return tier;
  }
  const p = rows[0];
  if (p === undefined) throw new ApiError('lockup.productNotFound');
  if (r.amount.lessThan(p.save_min) || r.amount.greaterThan(p.save_max))
    throw new ApiError('lockup.outOfRange', {
      min: new Decimal(p.save_min).toFixed(),
      max: new Decimal(p.save_max).toFixed(),
      currency: p.currency_name,
    });
  return p;
}

async function currencyOf(q: Queryable, id: number): Promise<{ name: string; scale: number }> {
  const rows = await q.query<{ name: string; decimal_scale: number }>(
    'SELECT name, decimal_scale FROM currencies WHERE id = $1',
    [id],
  );
  const c = rows[0];
  if (c === undefined) throw new ApiError('lockup.productNotFound');
  return { name: c.name, scale: clampScale(c.decimal_scale) };
}

const scaleOf = (o: LockupOrderRow): number => clampScale(o.decimal_scale);

/** Refuses an amount beyond the product's remaining quota (0: unlimited); counts it as sold. */
async function takeQuota(
  tx: Queryable,
  productId: number,
  amount: Decimal,
  currency: string,
): Promise<void> {
  const rows = await tx.query<{ quota: string; sold: string }>(
    'SELECT quota, sold FROM lh_deposit_config WHERE id = $1 FOR UPDATE',
    [productId],
  );
  const quota = new Decimal(rows[0]?.quota ?? '0');
  const sold = new Decimal(rows[0]?.sold ?? '0');
  if (quota.greaterThan(0) && sold.plus(amount).greaterThan(quota))
    throw new ApiError('lockup.soldOut', {
      left: Decimal.max(quota.minus(sold), 0).toFixed(),
      currency,
    });
  await tx.query('UPDATE lh_deposit_config SET sold = sold + $1 WHERE id = $2', [
    amount.toFixed(),
    productId,
  ]);
}

async function changeBalanceOf(
  tx: Queryable,
  userId: number,
  currencyId: number,
): Promise<Decimal> {
  const rows = await tx.query<{ b: string }>(
    'SELECT change_balance AS b FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
    [userId, currencyId],
  );
  return new Decimal(rows[0]?.b ?? '0');
}

async function insertOrder(tx: Queryable, r: DepositRequest, p: LockupProduct): Promise<number> {
  const today = dayOf(r.nowMs);
  const start = midnight(today + 1);
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO lh_deposit_orders (user_id, currency_id, config_id, amount, lock_amount, day_rate,
       day, start_at, end_at, settled_to, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $7, 1, $9, $9) RETURNING id`,
    [
      r.userId,
      p.currency_id,
      p.id,
      r.amount.toFixed(),
      dayRateOf(p).toFixed(),
      p.day,
      start,
      midnight(today + p.day + 1),
      new Date(r.nowMs),
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('lock-up order insert returned no id');
  return id;
}

/** Adds to the running order and re-tiers its rate by the new amount (kept when no tier). */
async function addToOrder(
  tx: Queryable,
  o: LockupOrderRow,
  add: Decimal,
  nowMs: number,
): Promise<number> {
  const amount = new Decimal(o.amount).plus(add);
  const tier = tierOf(await productsOfCurrency(tx, o.currency_id), amount);
  const rate = tier === null ? new Decimal(o.day_rate) : dayRateOf(tier);
  await tx.query(
    `UPDATE lh_deposit_orders SET amount = $1, lock_amount = lock_amount + $2, day_rate = $3,
       updated_at = $4 WHERE id = $5`,
    [amount.toFixed(), add.toFixed(), rate.toFixed(), new Date(nowMs), o.id],
  );
  return o.id;
}

const ORDER_SELECT = `SELECT o.*, c.name AS currency_name, c.decimal_scale
  FROM lh_deposit_orders o JOIN currencies c ON c.id = o.currency_id`;

/** Locks an order by id, or the user's running order of a currency; null when none. */
async function orderForUpdate(
  tx: Queryable,
  by: { id: number } | { userId: number; currencyId: number },
): Promise<LockupOrderRow | null> {
  const rows =
    'id' in by
      ? await tx.query<LockupOrderRow & Record<string, unknown>>(
          `${ORDER_SELECT} WHERE o.id = $1 FOR UPDATE OF o`,
          [by.id],
        )
      : await tx.query<LockupOrderRow & Record<string, unknown>>(
          `${ORDER_SELECT} WHERE o.user_id = $1 AND o.currency_id = $2 AND o.status = 1
           FOR UPDATE OF o`,
          [by.userId, by.currencyId],
        );
  return rows[0] ?? null;
}

/** The user's order, locked, or a refusal when it is not theirs or has ended. */
async function runningOrder(tx: Queryable, userId: number, id: number): Promise<LockupOrderRow> {
  const o = await orderForUpdate(tx, { id });
  if (o === null || o.user_id !== userId) throw new ApiError('lockup.orderNotFound');
  if (o.status !== 1) throw new ApiError('lockup.ended');
  return o;
}
