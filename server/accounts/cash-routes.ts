// Payout details ("cash info", trading-c2c-market.md §3, §7): how the user wants to be paid
// in c2c deals: a real name and at least one of a bank account (with its bank), an Alipay
// account or a WeChat account. One row per user in user_cash_info; the rules are the shared
// `validateCashInfo`, so the page, the engine and this server give the same answer. The table
// is read and written in cash-info.ts; both calls are declared in src/shared/wire/wallet.ts.
import type { FastifyInstance } from 'fastify';
import { validateCashInfo } from '../../src/shared/wallet.ts';
import { cashInfo, cashSave } from '../../src/shared/wire/wallet.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { langOf } from '../http/envelope.ts';
import { route } from '../http/wire-route.ts';
import { t } from '../i18n/messages.ts';
import { cashInfoOf, saveCashInfo } from './cash-info.ts';

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
  route(app, ctx, cashInfo, ({ userId }) => cashInfoOf(ctx.db, userId));

  route(app, ctx, cashSave, async ({ req, userId, body: b }) => {
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
    await saveCashInfo(ctx.db, userId, b, ctx.config.now());
    return t(langOf(req), 'cash.saved');
  });
}
