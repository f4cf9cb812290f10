// The user's payout details (user_cash_info, one row per user): read by the account screens,
// the c2c deals and the demo account; written by cash_save once its rules passed
// (cash-routes.ts).
import type { Queryable } from '../db/database.ts';

/** The wire form of the payout details (empty strings for what was not given). */
export type CashInfo = {
  real_name: string;
  bank_name: string;
  bank_account: string;
  alipay_account: string;
  wechat_nickname: string;
  wechat_account: string;
};

const EMPTY: CashInfo = {
  real_name: '',
  bank_name: '',
  bank_account: '',
  alipay_account: '',
  wechat_nickname: '',
  wechat_account: '',
};

/** The user's payout details, empty strings when none were saved. */
export async function cashInfoOf(db: Queryable, userId: number): Promise<CashInfo> {
  const rows = await db.query<CashInfo>(
    `SELECT real_name, bank_name, bank_account, alipay_account, wechat_nickname, wechat_account
     FROM user_cash_info WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? { ...EMPTY };
}

/** Replaces the user's payout details (the caller checked them). */
export async function saveCashInfo(
  db: Queryable,
  userId: number,
  info: CashInfo,
  nowMs: number,
): Promise<void> {
  await db.query(
    `INSERT INTO user_cash_info (user_id, real_name, bank_name, bank_account, alipay_account,
       wechat_nickname, wechat_account, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (user_id) DO UPDATE SET real_name = $2, bank_name = $3, bank_account = $4,
       alipay_account = $5, wechat_nickname = $6, wechat_account = $7, updated_at = $8`,
    [
      userId,
      info.real_name,
      info.bank_name,
      info.bank_account,
      info.alipay_account,
      info.wechat_nickname,
      info.wechat_account,
      new Date(nowMs),
    ],
  );
}
