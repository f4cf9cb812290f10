// The c2c replies and the `c2c_deal` push (src/shared/wire/c2c.ts), mapped to the engine's
// views. A deal's auto-cancel moment arrives on the server's clock (`deadline`, `server_time`):
// what is left of it travels as `leftMs` and the projection anchors it to the event time.
import { z } from 'zod';
import type { DecStr } from '../../shared/decimal.ts';
import type { c2cAdRow } from '../../shared/wire/c2c.ts';
import {
  c2cDealRow,
  c2cLimits as c2cLimitsCall,
  c2cMyAds,
  c2cMyDeals,
  c2cPlatform,
  legalCurrencyList,
} from '../../shared/wire/c2c.ts';
import type { C2cAdView, C2cLimits, C2cPayout } from '../api.ts';
import { payoutView } from './wallet-schemas.ts';

const ZERO = '0' as DecStr;

export const c2cLimits = c2cLimitsCall.reply.transform((l): C2cLimits => ({
  cancelToday: l.cancel_today,
  cancelLimit: l.cancel_limit,
  payMinutes: l.pay_minutes,
}));

const toAd = (a: z.output<typeof c2cAdRow>): C2cAdView => ({
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
});

type CashRow = z.output<typeof c2cDealRow>['user_cash_info'];

const toPayout = (c: CashRow): C2cPayout | null =>
  c === null || c === undefined ? null : payoutView(c);

const toDeal = (d: z.output<typeof c2cDealRow>) => {
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
    payTo: toPayout(sellerPublished ? d.sell_cash_info : d.user_cash_info),
    createTime: d.format_create_time,
    updateTime: d.format_update_time,
    leftMs:
      d.deadline !== undefined && d.server_time !== undefined
        ? Math.max(0, d.deadline - d.server_time)
        : null,
  };
};

/** A page of a list: its rows, its number and whether more follow. */
const toPage = <R, T>(
  p: { data: R[]; page?: number | undefined; pages?: number | undefined },
  row: (r: R) => T,
) => ({
  rows: p.data.map(row),
  page: p.page ?? 1,
  hasMore: (p.page ?? 1) < (p.pages ?? 1),
});

export const c2cMarketReply = c2cPlatform.reply.transform((p) => toPage(p, toAd));
export const c2cMyAdsReply = c2cMyAds.reply.transform((p) => toPage(p, toAd));
export const c2cDealsReply = c2cMyDeals.reply.transform((p) => toPage(p, toDeal));

export const c2cDealPush = z.object({ deal: c2cDealRow }).transform((p) => toDeal(p.deal));
export const legalCurrencies = legalCurrencyList.reply.transform((r) => r.legal);
