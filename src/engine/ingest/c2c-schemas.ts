// Schemas of the c2c replies and the `c2c_deal` push (api-contract §8; docs/api-extensions.md
// "C2C"). A deal's auto-cancel moment arrives on the server's clock (`deadline`, `server_time`):
// what is left of it travels as `leftMs` and the projection anchors it to the event time.
import { z } from 'zod';
import type { DecStr } from '../../shared/decimal.ts';
import type { C2cAdView, C2cLimits, C2cPayout } from '../api.ts';
import { wireDecimal, wireInt } from './schemas.ts';

const ZERO = '0' as DecStr;
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === undefined || v === null ? '' : String(v)));
const type = z.enum(['buy', 'sell']);
const way = z.enum(['bank', 'we_chat', 'ali_pay']);

export const c2cLimits = z
  .object({
    cancel_today: wireInt,
    cancel_limit: wireInt,
    pay_minutes: z.coerce.number().positive(),
  })
  .transform((l): C2cLimits => ({
    cancelToday: l.cancel_today,
    cancelLimit: l.cancel_limit,
    payMinutes: l.pay_minutes,
  }));

export const c2cAd = z
  .object({
    id: wireInt,
    seller_name: text,
    currency_id: wireInt,
    currency_name: text,
    type,
    way,
    way_name: text,
    price: wireDecimal,
    total_number: wireDecimal,
    surplus_number: wireDecimal.optional(),
    is_done: wireInt.optional(),
    create_time: text,
  })
  .transform((a): C2cAdView => ({
    id: a.id,
    sellerName: a.seller_name,
    currencyId: a.currency_id,
    currency: a.currency_name,
    type: a.type,
    way: a.way,
    wayName: a.way_name,
    price: a.price,
    total: a.total_number,
    surplus: a.surplus_number ?? a.total_number,
    isDone: a.is_done ?? 0,
    createTime: a.create_time,
  }));

const cash = z
  .object({
    real_name: text,
    bank_name: text,
    bank_account: text,
    alipay_account: text,
    wechat_nickname: text,
    wechat_account: text,
  })
  .nullish()
  .transform((c): C2cPayout | null =>
    c === null || c === undefined
      ? null
      : {
          realName: c.real_name,
          bankName: c.bank_name,
          bankAccount: c.bank_account,
          alipayAccount: c.alipay_account,
          wechatNickname: c.wechat_nickname,
          wechatAccount: c.wechat_account,
        },
  );

export const c2cDeal = z
  .object({
    id: wireInt,
    legal_deal_send_id: wireInt,
    type,
    way,
    way_name: text,
    currency_name: text,
    number: wireDecimal,
    price: wireDecimal,
    deal_money: wireDecimal.optional(),
    is_sure: wireInt,
    seller_name: text,
    user_name: text,
    hes_realname: text,
    is_seller: wireInt.optional(),
    side: type.optional(),
    user_cash_info: cash,
    sell_cash_info: cash,
    format_create_time: text,
    format_update_time: text,
    deadline: wireInt.optional(),
    server_time: wireInt.optional(),
  })
  .transform((d) => {
    const isPublisher = d.is_seller === 1;
    // the seller side: the publisher of a sell ad, the taker of a buy ad
    const side = d.side ?? (isPublisher === (d.type === 'sell') ? 'sell' : 'buy');
    const sellerPublished = d.type === 'sell';
    return {
      id: d.id,
      adId: d.legal_deal_send_id,
      type: d.type,
      way: d.way,
      wayName: d.way_name,
      currency: d.currency_name,
      number: d.number,
      price: d.price,
      money: d.deal_money ?? ZERO,
      isSure: d.is_sure,
      sellerName: d.seller_name,
      userName: d.user_name,
      counterpartyName: d.hes_realname,
      isPublisher,
      side,
      payTo: sellerPublished ? d.sell_cash_info : d.user_cash_info,
      createTime: d.format_create_time,
      updateTime: d.format_update_time,
      leftMs:
        d.deadline !== undefined && d.server_time !== undefined
          ? Math.max(0, d.deadline - d.server_time)
          : null,
    };
  });
export type C2cDealWire = z.output<typeof c2cDeal>;

export const pageData = <R extends z.ZodType>(row: R) =>
  z
    .object({ data: z.array(row), page: wireInt.optional(), pages: wireInt.optional() })
    .transform((p) => ({
      rows: p.data,
      page: p.page ?? 1,
      hasMore: (p.page ?? 1) < (p.pages ?? 1),
    }));

export const c2cTakeReply = z.object({ msg: text, data: c2cDeal });
export const c2cDealPush = z.object({ deal: c2cDeal }).transform((p) => p.deal);
export const legalCurrencies = z
  .object({ legal: z.array(z.object({ id: wireInt, name: z.string() })) })
  .transform((r) => r.legal);
