// C2C rules (issue 8, api-contract §8): the ad and deal states, the settings that bound them
// (the daily cancel limit, the unpaid window), and the checks every operation runs first: an
// approved identity, payout details of the ad's way (issue 20), a legal currency, amounts of
// at most 2 decimals within bounds. Pure of HTTP; the state machine is c2c-deals.ts.
import {
  C2C_TYPES,
  C2C_WAYS,
  canBePaidBy,
  type C2cType,
  type C2cWay,
} from '../../src/shared/c2c.ts';
import { Decimal } from '../../src/shared/decimal.ts';
import { cashInfoOf } from '../accounts/cash-info.ts';
import type { CashInfo } from '../accounts/cash-info.ts';
import { userById } from '../accounts/users.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { setting } from '../wallet/funds.ts';

export { C2C_TYPES, C2C_WAYS, type C2cType, type C2cWay };
/** Deal states (is_sure). */
export const UNPAID = 0;
export const COMPLETED = 1;
export const CANCELLED = 2;
export const PAID = 3;
/** Ad states (is_done). */
export const AD_OPEN = 0;
export const AD_TAKEN = 1;
export const AD_WITHDRAWN = 2;

export const C2C_PAGE_SIZE = 10;
/** How often the service cancels unpaid deals past their window. */
export const C2C_TICK_MS = 10_000;
/** Quantities and CNY prices carry 2 decimals (spec §9). */
export const DP = 2;
const MAX_VALUE = new Decimal('1e12');
const DAY_MS = 86_400_000;

const DEFAULT_CANCEL_LIMIT = 3;
const DEFAULT_WINDOW_MINUTES = 15;

/** The daily cancel limit and the unpaid window (ms), from settings. */
export async function c2cLimits(db: Queryable): Promise<{ cancelLimit: number; windowMs: number }> {
  const limit = Number.parseInt(await setting(db, 'user_legal_deal_cancel'), 10);
  const minutes = Number.parseFloat(await setting(db, 'user_legal_deal_cancel_time'));
  return {
    cancelLimit: Number.isFinite(limit) && limit >= 0 ? limit : DEFAULT_CANCEL_LIMIT,
    windowMs: (Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_WINDOW_MINUTES) * 60_000,
  };
}

/** 998 unless the user's identity is approved. */
export async function requireApprovedIdentity(db: Queryable, userId: number): Promise<void> {
  const user = await userById(db, userId);
  if (user?.review_status !== 2) throw new ApiError('identity.required', {}, '998');
}

/** A real name and at least one way to be paid. */
export function hasPayout(c: CashInfo): boolean {
  return (
    c.real_name !== '' &&
    (c.bank_account !== '' || c.alipay_account !== '' || c.wechat_account !== '')
  );
}

/** 997 unless the user saved payout details. */
export async function requirePayout(db: Queryable, userId: number): Promise<void> {
  if (!hasPayout(await cashInfoOf(db, userId)))
    throw new ApiError('c2c.cashInfoRequired', {}, '997');
}

/** Whether `c` can receive a payment by `way` (the shared rule, on the wire's field names). */
export const paidBy = (c: CashInfo, way: C2cWay): boolean =>
  canBePaidBy(
    {
      bankAccount: c.bank_account,
      alipayAccount: c.alipay_account,
      wechatAccount: c.wechat_account,
    },
    way,
  );

/**
 * The seller side is paid by the ad's way, never another (issue 20). `who`: the publisher of a
 * sell ad at publication, the taker of a buy ad; both can fix it in their payout details (997).
 */
export async function requirePaidBy(
  db: Queryable,
  userId: number,
  way: C2cWay,
  who: 'publisher' | 'taker',
): Promise<void> {
  if (!paidBy(await cashInfoOf(db, userId), way))
    throw new ApiError(
      who === 'publisher' ? 'c2c.publisherWayRequired' : 'c2c.takerWayRequired',
      { way },
      '997',
    );
}

/** The user's cancellations since the start of the (UTC) day of `nowMs`. */
export async function cancelsToday(db: Queryable, userId: number, nowMs: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM c2c_cancels WHERE user_id = $1 AND created_at >= $2',
    [userId, new Date(nowMs - (nowMs % DAY_MS))],
  );
  return rows[0]?.n ?? 0;
}

export async function requireUnderCancelLimit(
  db: Queryable,
  userId: number,
  nowMs: number,
): Promise<void> {
  const { cancelLimit } = await c2cLimits(db);
  if ((await cancelsToday(db, userId, nowMs)) >= cancelLimit)
    throw new ApiError('c2c.cancelLimit', { limit: cancelLimit });
}

export function validAmount(v: Decimal): boolean {
  return (
    v.isFinite() && v.greaterThan(0) && v.decimalPlaces() <= DP && v.lessThanOrEqualTo(MAX_VALUE)
  );
}

export async function requireLegalCurrency(db: Queryable, currencyId: number): Promise<void> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM currencies WHERE id = $1 AND is_legal = 1',
    [currencyId],
  );
  if (rows.length === 0) throw new ApiError('c2c.currencyNotLegal');
}
