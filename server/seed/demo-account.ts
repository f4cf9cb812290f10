// The demo account, created on first start with balances in every currency, each written
// through the ledger (account_log) like any other balance change, and made ready for every
// screen at each start (`ensureDemoReady`): identity approved and payout details saved, so a
// newcomer can open a contract position or publish a c2c ad with it at once.
import { Decimal } from '../../src/shared/decimal.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { findUser, insertUser } from '../accounts/users.ts';
import { isEmail } from '../../src/shared/validation.ts';
import type { Database } from '../db/database.ts';
import { hasPayout } from '../c2c/c2c-rules.ts';
import { cashInfoOf, saveCashInfo } from '../accounts/cash-info.ts';
import type { BalanceField } from '../wallet/ledger.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';

/** Per currency name: change (spot), legal (fiat), lever, micro amounts. */
const GRANTS: Readonly<Record<string, readonly [string, string, string, string]>> = {
  USDT: ['10000', '5000', '2000', '1000'],
  BTC: ['0.5', '0.1', '0', '0'],
  ETH: ['5', '1', '0', '0'],
  LTC: ['20', '0', '0', '0'],
  XRP: ['5000', '0', '0', '0'],
  DOGE: ['20000', '0', '0', '0'],
  TRX: ['30000', '0', '0', '0'],
  BCH: ['4', '0', '0', '0'],
  EOS: ['3000', '0', '0', '0'],
  ADA: ['8000', '0', '0', '0'],
  DOT: ['250', '0', '0', '0'],
};
const FIELDS: readonly BalanceField[] = [
  'change_balance',
  'legal_balance',
  'lever_balance',
  'micro_balance',
];

/** Creates the demo account unless it exists; returns its id. */
export async function ensureDemoAccount(
  db: Database,
  account: string,
  password: string,
  nowMs: number,
): Promise<number> {
  const existing = await findUser(db, account);
  if (existing !== null) return existing.id;
  const passwordHash = await hashPassword(password);
  const currencies = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM currencies',
  );
  return db.transaction(async (tx) => {
    const id = await insertUser(tx, {
      kind: isEmail(account) ? 'email' : 'mobile',
      account,
      passwordHash,
      areaCode: null,
      countryCode: null,
      invitedBy: null,
      nowMs,
    });
    for (const c of currencies) {
      const amounts = GRANTS[c.name] ?? ['0', '0', '0', '0'];
      for (const [i, field] of FIELDS.entries()) {
        const delta = new Decimal(amounts[i] ?? '0');
        if (delta.isZero()) continue;
        await changeBalance(tx, {
          userId: id,
          currencyId: c.id,
          field,
          delta,
          type: LOG_TYPE.demoGrant,
          memo: 'demo account grant',
          nowMs,
        });
      }
    }
    return id;
  });
}

/** What the demo account's identity and payout details say (fictional, plainly a demo). */
export const DEMO_IDENTITY = {
  name: 'Demo User',
  cardId: 'DEMO0001',
  bankName: 'Bourse Demo Bank',
  bankAccount: '6222000000000001',
  alipayAccount: 'demo@alipay.example',
  wechatNickname: 'Bourse Demo',
  wechatAccount: 'bourse-demo',
} as const;

/**
 * Brings the demo account to the state every screen needs, whatever an older data folder left:
 * identity approved (an approved submission on record, review_status 2: no `998`) and payout
 * details with every way to be paid (no `997`). Leaves what is already so as it is.
 */
export async function ensureDemoReady(db: Database, userId: number, nowMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    const users = await tx.query<{ review_status: number }>(
      'SELECT review_status FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    if (users[0] !== undefined && users[0].review_status !== 2) {
      const d = DEMO_IDENTITY;
      // a submission still waiting (an older data folder) is settled, so no later decision
      // can take the approval back
      await tx.query(
        `UPDATE identity_submissions SET status = 2, reviewed_at = $2
         WHERE user_id = $1 AND status = 1`,
        [userId, new Date(nowMs)],
      );
      await tx.query(
        `INSERT INTO identity_submissions (user_id, name, card_id, card_type, front_pic,
           reverse_pic, hand_pic, status, created_at, reviewed_at)
         VALUES ($1, $2, $3, 1, '', '', '', 2, $4, $4)`,
        [userId, d.name, d.cardId, new Date(nowMs)],
      );
      await tx.query('UPDATE users SET review_status = 2, real_name = $2 WHERE id = $1', [
        userId,
        d.name,
      ]);
    }
    if (hasPayout(await cashInfoOf(tx, userId))) return;
    const d = DEMO_IDENTITY;
    const payout = {
      real_name: d.name,
      bank_name: d.bankName,
      bank_account: d.bankAccount,
      alipay_account: d.alipayAccount,
      wechat_nickname: d.wechatNickname,
      wechat_account: d.wechatAccount,
    };
    await saveCashInfo(tx, userId, payout, nowMs);
  });
}
