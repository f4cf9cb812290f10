// Payout details ("cash info", trading-c2c-market.md §3, §7): how the user wants to be paid
// in c2c deals: a real name and at least one of a bank account (with its bank), an Alipay
// account or a WeChat account. One row per user in user_cash_info; the rules are the shared
// `validateCashInfo`, so the page, the engine and this server give the same answer.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validateCashInfo } from '../../src/shared/wallet.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { langOf, ok, parse, text } from '../http/envelope.ts';
import { t } from '../i18n/messages.ts';

/** The wire form of the payout details (empty strings for what was not given). */
export type CashInfo = {
  real_name: string;
  bank_name: string;
  bank_account: string;
  alipay_account: string;
  wechat_nickname: string;
  wechat_account: string;
};

// Generous transport bounds: the shared rule answers "too long" in the user's language first.
const field = text(400).default('');
const saveBody = z.object({
  real_name: field,
  bank_name: field,
  bank_account: field,
  alipay_account: field,
  wechat_nickname: field,
  wechat_account: field,
});

const EMPTY: CashInfo = {
  real_name: '',
  bank_name: '',
  bank_account: '',
  alipay_account: '',
  wechat_nickname: '',
  wechat_account: '',
};

/** Which error to answer first when several fields are wrong (the form's order). */
const ORDER = [
  'realName',
  'method',
  'bankName',
  'bankAccount',
  'alipayAccount',
  'wechatNickname',
  'wechatAccount',
] as const;

export function registerCashRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/user/cash_info', async (req) => {
    const userId = await requireUser(ctx, req);
    return ok(await cashInfoOf(ctx.db, userId));
  });

  app.post('/api/user/cash_save', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(saveBody, req);
    const errors = validateCashInfo({
      realName: b.real_name,
      bankName: b.bank_name,
      bankAccount: b.bank_account,
      alipayAccount: b.alipay_account,
      wechatNickname: b.wechat_nickname,
      wechatAccount: b.wechat_account,
    });
    for (const key of ORDER) {
      const id = errors[key];
      if (id !== undefined) throw new ApiError(id);
    }
    await ctx.db.query(
      `INSERT INTO user_cash_info (user_id, real_name, bank_name, bank_account, alipay_account,
         wechat_nickname, wechat_account, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id) DO UPDATE SET real_name = $2, bank_name = $3, bank_account = $4,
         alipay_account = $5, wechat_nickname = $6, wechat_account = $7, updated_at = $8`,
      [
        userId,
        b.real_name,
        b.bank_name,
        b.bank_account,
        b.alipay_account,
        b.wechat_nickname,
        b.wechat_account,
        new Date(ctx.config.now()),
      ],
    );
    return ok(t(langOf(req), 'cash.saved'));
  });
}

/** The user's payout details, empty strings when none were saved. */
export async function cashInfoOf(db: Queryable, userId: number): Promise<CashInfo> {
  const rows = await db.query<CashInfo>(
    `SELECT real_name, bank_name, bank_account, alipay_account, wechat_nickname, wechat_account
     FROM user_cash_info WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? { ...EMPTY };
}
