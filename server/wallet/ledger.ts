// The one balance primitive: adds a signed delta to one field of a users_wallet row and writes
// the matching account_log entry, in the caller's transaction. Refuses to go below zero unless
// `allowNegative` (only lever settlement may). Arithmetic is exact (decimal.js at 80 digits,
// NUMERIC): a delta PostgreSQL would have to round (more than 18 decimals) is a bug of its
// caller and is refused, as is a balance NUMERIC(36,18) cannot hold.
import { BALANCE_LIMIT, STORAGE_DP } from '../../src/shared/amount.ts';
import { Decimal } from '../../src/shared/decimal.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';

export const BALANCE_FIELDS = [
  'legal_balance',
  'lock_legal_balance',
  'change_balance',
  'lock_change_balance',
  'lever_balance',
  'lock_lever_balance',
  'micro_balance',
  'lock_micro_balance',
] as const;
export type BalanceField = (typeof BALANCE_FIELDS)[number];

/**
 * account_log.type codes. The memo carries machine data ("change>lever", "#12") from which
 * the localized explanation of a log row is written (wallet/log-rows.ts).
 */
export const LOG_TYPE = {
  demoGrant: 1,
  spotTrade: 10,
  spotCancel: 11,
  spotTriggerHold: 12,
  spotTriggerRelease: 13,
  transfer: 20,
  withdrawLock: 30,
  withdrawSent: 31,
  withdrawRefund: 32,
  deposit: 40,
  acceptorBuy: 50,
  acceptorSellLock: 51,
  acceptorSellDone: 52,
  acceptorSellRefund: 53,
  microStake: 60,
  microFee: 61,
  microWin: 62,
  microDraw: 63,
  leverMargin: 70,
  leverFee: 71,
  leverClose: 72,
  leverCancel: 73,
  leverLiquidation: 74,
  leverOvernight: 75,
  c2cFreeze: 80,
  c2cUnfreeze: 81,
  c2cRelease: 82,
  c2cReceive: 83,
  lockupDeposit: 90,
  lockupCancel: 91,
  lockupReturn: 92,
  lockupWithdraw: 93,
  loanDisbursed: 100,
} as const;
export type LogType = (typeof LOG_TYPE)[keyof typeof LOG_TYPE];

/** Sub-account name (wallet/change `from_field`) → its available and locked fields. */
export const ACCOUNT_FIELDS = {
  legal: ['legal_balance', 'lock_legal_balance'],
  change: ['change_balance', 'lock_change_balance'],
  lever: ['lever_balance', 'lock_lever_balance'],
  micro: ['micro_balance', 'lock_micro_balance'],
} as const satisfies Record<string, readonly [BalanceField, BalanceField]>;

export interface BalanceChange {
  userId: number;
  currencyId: number;
  field: BalanceField;
  delta: Decimal;
  type: number;
  memo: string;
  nowMs: number;
  allowNegative?: boolean;
}

/**
 * Locks the user's row for the rest of the transaction. Every check-then-act on a user's money
 * or limits that reads more than the one wallet row it changes (open positions, the day's
 * withdrawals, open deals) takes this lock first, so parallel requests of one user decide one
 * after the other. Lock order: the user row, then the rows of the operation, then wallet rows.
 */
export async function lockUser(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

export async function changeBalance(tx: Queryable, c: BalanceChange): Promise<Decimal> {
  if (!(BALANCE_FIELDS as readonly string[]).includes(c.field)) throw new Error('bad field');
  if (!c.delta.isFinite() || c.delta.decimalPlaces() > STORAGE_DP)
    throw new Error(`ledger: delta ${c.delta.toString()} does not fit the storage scale`);
  await tx.query(
    `INSERT INTO users_wallet (user_id, currency_id) VALUES ($1, $2)
     ON CONFLICT (user_id, currency_id) DO NOTHING`,
    [c.userId, c.currencyId],
  );
  const rows = await tx.query<Record<string, string>>(
    `SELECT ${c.field} AS value FROM users_wallet WHERE user_id = $1 AND currency_id = $2 FOR UPDATE`,
    [c.userId, c.currencyId],
  );
  const before = new Decimal(rows[0]?.value ?? '0');
  const after = before.plus(c.delta);
  if (after.isNegative() && c.allowNegative !== true) throw new ApiError('wallet.insufficient');
  if (after.abs().greaterThanOrEqualTo(BALANCE_LIMIT)) throw new ApiError('wallet.balanceLimit');
  await tx.query(
    `UPDATE users_wallet SET ${c.field} = $1 WHERE user_id = $2 AND currency_id = $3`,
    [after.toFixed(), c.userId, c.currencyId],
  );
  await tx.query(
    `INSERT INTO account_log (user_id, currency_id, field, delta, before, after, type, memo, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      c.userId,
      c.currencyId,
      c.field,
      c.delta.toFixed(),
      before.toFixed(),
      after.toFixed(),
      c.type,
      c.memo,
      new Date(c.nowMs),
    ],
  );
  return after;
}
