// The acceptor replies (src/shared/wire/c2c.ts), mapped to the engine's views.
import type { z } from 'zod';
import type { DecStr } from '../../shared/decimal.ts';
import type { acceptorDealRow, acceptorRow } from '../../shared/wire/c2c.ts';
import { acceptorInfo, acceptorList, acceptorMyDeals } from '../../shared/wire/c2c.ts';
import type { AcceptorDealView, AcceptorView } from '../api.ts';

const ZERO = '0' as DecStr;

const toAcceptor = (a: z.output<typeof acceptorRow>): AcceptorView => ({
  id: a.id,
  name: a.name,
  rechargeAmount: a.recharge_amount,
  rechargeRate: a.recharge_rate,
  cashAmount: a.cash_amount,
  cashRate: a.cash_rate,
  wechatNickname: a.wechat_nickname,
  wechatAccount: a.wechat_account,
  aliNickname: a.ali_nickname,
  aliAccount: a.ali_account,
  bankName: a.bank_name,
  bankAccount: a.bank_account,
  bankAddress: a.bank_address,
  balance: a.user_balance ?? ZERO,
});

const toDeal = (d: z.output<typeof acceptorDealRow>): AcceptorDealView => ({
  id: d.id,
  createTime: d.create_time,
  updateTime: d.update_time,
  dealAccount: d.deal_account,
  acceptorName: d.acceptor_name,
  acceptorAccount: d.hes_account,
  way: d.way,
  type: d.type,
  money: d.money,
  number: d.number ?? ZERO,
  rate: d.rate ?? ZERO,
  isSure: d.is_sure,
  paidTime: d.paid_time,
  autoConfirmAt: d.auto_confirm_at ?? null,
});

export const acceptorsReply = acceptorList.reply.transform((list) => list.map(toAcceptor));
export const acceptorReply = acceptorInfo.reply.transform(toAcceptor);
export const acceptorDealsReply = acceptorMyDeals.reply.transform((list) => list.map(toDeal));
