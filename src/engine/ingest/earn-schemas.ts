// The savings, loan and pre-sale replies (src/shared/wire/earn.ts, loans.ts, presale.ts),
// mapped to the engine's views.
import type { z } from 'zod';
import { Decimal, toDecStr, type DecStr } from '../../shared/decimal.ts';
import { loanState, REPAY_COINS, type RepayCoin } from '../../shared/lending.ts';
import type {
  LoanConfigView,
  LoanListView,
  LoanQuoteView,
  LoanView,
  LockOrderView,
  LockOrdersView,
  LockProductView,
  PresaleView,
} from '../api.ts';
import {
  lockOrders,
  lockProducts,
  type lockOrderRow,
  type lockProductRow,
} from '../../shared/wire/earn.ts';
import { loanConfig, loanList, loanQuote, type loanRow } from '../../shared/wire/loans.ts';
import { presale } from '../../shared/wire/presale.ts';

export const presaleReply = presale.reply.transform((p): PresaleView => ({
  name: p.name,
  total: p.total,
  issued: p.yfx,
  remaining: p.sy,
  price: p.price,
  start: p.start,
  end: p.end,
  siteUrl: p.site_url,
  whitepaperUrl: p.whitepaper_url,
}));

const toProduct = (p: z.output<typeof lockProductRow>): LockProductView => ({
  id: p.id,
  currencyId: p.currency_id,
  currency: p.currency_name,
  logo: p.currency_logo,
  min: p.save_min,
  max: p.save_max,
  days: p.day,
  dailyRate: p.interest_rate,
  totalRate: p.total_rate ?? toDecStr(new Decimal(p.interest_rate).times(p.day)),
  progress: p.tempo,
  cancelFeeRate: p.cancel_fee,
});

export const lockProductsReply = lockProducts.reply.transform((list) => list.map(toProduct));

const toOrder = (o: z.output<typeof lockOrderRow>): LockOrderView => ({
  id: o.id,
  currency: o.currency_name,
  amount: o.amount,
  locked: o.lock_amount,
  dailyRate: o.interest_rate ?? toDecStr(new Decimal(o.day_rate).times(100)),
  days: o.day ?? 0,
  interest: o.total_interest,
  expected: o.shouyi ?? o.total_interest,
  cancelFee: o.cancel_fee,
  start: o.start_at,
  end: o.end_at,
  // spec §4: cancelled is a status of its own on the page
  status: o.status === 1 ? 1 : o.is_cancel === 1 ? 3 : 2,
});

export const lockOrdersReply = lockOrders.reply.transform((p): LockOrdersView => {
  const page = p.page ?? 1;
  const pages = p.pages ?? 1;
  return {
    rows: p.order_list.map(toOrder),
    page,
    pages,
    total: p.total ?? p.order_list.length,
    hasMore: page < pages,
    totalInterest: p.total_interest ?? ('0' as DecStr),
  };
});

const toLoan = (l: z.output<typeof loanRow>): LoanView => ({
  id: l.id,
  time: l.add_time,
  amount: l.amount,
  currency: l.currency_name,
  days: l.day,
  rate: l.rate,
  interest: l.interest,
  owed: l.repayment_amount,
  due: l.repayment_time,
  state: loanState(l.status, l.repayment_status),
  overdue: l.overdue ?? false,
  reason: l.reason,
  repayment:
    l.repayment == null
      ? null
      : {
          coin: l.repayment.coin,
          amount: l.repayment.amount,
          status: l.repayment.status,
          reason: l.repayment.reason,
          time: l.repayment.created_time,
        },
});

export const loanConfigReply = loanConfig.reply.transform((c): LoanConfigView => ({
  currency: c.currency_name,
  min: c.min_amount,
  max: c.max_amount,
  terms: c.timeset.map((s) => ({ days: s.day, rate: s.rate })),
  agreementTitle: c.agreement_title,
  agreementHtml: c.agreement,
  coins: c.repay_coins ?? [...REPAY_COINS],
  addresses: Object.fromEntries(REPAY_COINS.map((k) => [k, c.address?.[k] ?? ''])) as Record<
    RepayCoin,
    string
  >,
}));

export const loanListReply = loanList.reply.transform((p): LoanListView => {
  const page = p.page ?? 1;
  const pages = p.pages ?? 1;
  const zero = '0' as DecStr;
  return {
    rows: p.list.map(toLoan),
    page,
    pages,
    total: p.total ?? p.list.length,
    hasMore: page < pages,
    prices: { btc: p.currery_money?.btc ?? zero, eth: p.currery_money?.eth ?? zero },
  };
});

/** POST /api/lending/order/repayment/quote (issue 20, ADR 0023). */
export const loanQuoteReply = loanQuote.reply.transform((q): LoanQuoteView => ({
  id: q.id,
  orderId: q.order_id,
  coin: q.coin,
  currency: q.currency,
  owed: q.repayment_amount,
  price: q.price,
  amount: q.amount,
  address: q.address,
  leftMs: Math.max(0, q.expires_at - q.server_time),
  ttlSeconds: q.ttl,
}));
