// Schemas for every reply and push the engine reads (CONVENTIONS 6). Each turns the wire
// form (decimals as strings or numbers, flags as 0/1, ids possibly as strings when a push
// came through the legacy HTTP port) into the domain form of events.ts.
import { z } from 'zod';
import { fixed } from '../../shared/decimal.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { FilledOrderView, OpenOrderView } from '../api.ts';
import type { BookLevel } from '../events.ts';
import * as accounts from '../../shared/wire/accounts.ts';
import { wireDecimal, wireInt } from '../../shared/wire/primitives.ts';
import {
  klineHistory,
  quotation,
  serverTime,
  sparklines,
  type klineBarRow,
} from '../../shared/wire/market.ts';
import { areaCodes } from '../../shared/wire/misc.ts';
import { newsDetail, newsList } from '../../shared/wire/news.ts';
import {
  currencyDetail,
  spotDeal,
  spotFills,
  spotOpenBuys,
  type spotFillOfUserRow,
  type spotOpenRow,
} from '../../shared/wire/spot.ts';

// the wire's field forms, declared once with the calls (src/shared/wire, ADR 0048)
export { wireDecimal, wireInt };

/**
 * A percent change ("+1.23", "-0.5", 1.2) → signed, 2 decimals ("1.23", "-0.50"), rounded half
 * up, with no minus on what rounds to zero ("-0.001" → "0.00"), as the daymarket fast path does
 * (fast-market.ts).
 */
export const wireChange = wireDecimal.transform((d): DecStr => fixed(d, 2) as DecStr);

const optionalSeq = wireInt.optional().transform((v) => v ?? null);

/** Decimals when quotation_new does not say (legacy backends). */
export const DEFAULT_PRICE_PRECISION = 8;
export const DEFAULT_AMOUNT_PRECISION = 4;

export const quotationReply = quotation.reply.transform((groups) =>
  groups.map((g) => ({
    legalId: g.id,
    name: g.name,
    pairs: g.quotation.map((q) => ({
      matchId: q.id,
      symbol: `${q.currency_name}/${q.legal_name}`,
      legalId: q.legal_id,
      currencyId: q.currency_id,
      legalName: q.legal_name,
      currencyName: q.currency_name,
      logo: q.logo ?? '',
      price: q.now_price,
      change: fixed(q.change, 2) as DecStr,
      high: q.high,
      low: q.low,
      volume: q.volume,
      ...(q.turnover === undefined ? {} : { turnover: q.turnover }),
      isDisplay: q.is_display === 1,
      sort: q.sort ?? 0,
      pricePrecision: q.price_precision ?? DEFAULT_PRICE_PRECISION,
      amountPrecision: q.amount_precision ?? DEFAULT_AMOUNT_PRECISION,
    })),
  })),
);

const symbol = z.string().regex(/^[^/\s]+\/[^/\s]+$/);

export const daymarketPush = z
  .object({
    symbol,
    now_price: wireDecimal.optional(),
    close: wireDecimal.optional(),
    change: wireChange,
    high: wireDecimal,
    low: wireDecimal,
    volume: wireDecimal,
    seq: optionalSeq,
    server_time: optionalSeq,
    mark_price: wireDecimal.optional(),
    turnover: wireDecimal.optional(),
  })
  .transform((p, ctx) => {
    const price = p.now_price ?? p.close;
    if (price === undefined) {
      ctx.addIssue({ code: 'custom', message: 'no now_price or close' });
      return z.NEVER;
    }
    return {
      symbol: p.symbol,
      price,
      change: p.change,
      high: p.high,
      low: p.low,
      volume: p.volume,
      seq: p.seq,
      serverTime: p.server_time,
      ...(p.mark_price === undefined ? {} : { markPrice: p.mark_price }),
      ...(p.turnover === undefined ? {} : { turnover: p.turnover }),
    };
  });

export const klinePush = z
  .object({
    symbol,
    period: z.string(),
    time: wireInt,
    open: wireDecimal.optional(),
    high: wireDecimal.optional(),
    low: wireDecimal.optional(),
    close: wireDecimal,
    volume: wireDecimal.optional(),
    seq: optionalSeq,
    server_time: optionalSeq,
  })
  .transform((p) => ({
    symbol: p.symbol,
    period: p.period,
    time: p.time,
    open: p.open ?? p.close,
    high: p.high ?? p.close,
    low: p.low ?? p.close,
    close: p.close,
    volume: p.volume ?? ZERO,
    seq: p.seq,
    serverTime: p.server_time,
  }));

const ZERO = '0' as DecStr;

/** A history bar: `id` (unix s) and close always; open/high/low/volume when the server sends them. */
const toBar = (b: z.output<typeof klineBarRow>) => ({
  id: b.id,
  time: b.id * 1000,
  open: b.open ?? b.close,
  high: b.high ?? b.close,
  low: b.low ?? b.close,
  close: b.close,
  volume: b.volume ?? b.amount ?? ZERO,
});

/** `GET /api/currency/sparklines` (extension): the last 1-minute closes of the displayed pairs. */
export const sparklinesReply = sparklines.reply;

/** The kline call's own body: `{code, msg, data}`, code 1 on success. */
export const klineEnvelope = klineHistory.reply.transform((r) => ({
  code: r.code,
  msg: r.msg,
  data: r.data?.map(toBar),
}));

export const userInfoReply = accounts.userInfo.reply.transform((u) => ({
  id: u.id,
  account: u.account ?? u.account_number ?? '',
  phone: u.phone === undefined || u.phone === null || u.phone === '' ? null : u.phone,
  email: u.email === undefined || u.email === null || u.email === '' ? null : u.email,
  extensionCode: u.extension_code ?? '',
  isSeller: u.is_seller === undefined ? false : u.is_seller === 1,
  reviewStatus: u.review_status ?? 0,
}));

export const serverTimeReply = serverTime.reply;

/** `{list, page, pages, total}` (extension) or the legacy pageData `{data, page, pages, total}`. */
export const newsListReply = newsList.reply.transform((page, ctx) => {
  const list = page.list ?? page.data;
  if (list === undefined) {
    ctx.addIssue({ code: 'custom', message: 'no list' });
    return z.NEVER;
  }
  return { list, page: page.page ?? 1, pages: page.pages ?? 1, total: page.total ?? list.length };
});

export const newsDetailReply = newsDetail.reply;

export const countriesReply = areaCodes.reply;

/** Any text message (`message` of most commands); numbers are turned into text. */
export const textReply = z.union([z.string(), z.number()]).transform((v) => String(v));

// ---- Spot (issue 3) ------------------------------------------------------------------------

/** A non-negative wire decimal. */
const amountDecimal = wireDecimal.refine((d) => !d.startsWith('-'), 'negative');

/** A SpotLevel of the `transaction` push → [price, number]. */
const spotLevel = z
  .object({ price: amountDecimal, number: amountDecimal })
  .transform((l): BookLevel => [l.price, l.number]);

/** The deal panel's levels → [price, number], none negative. */
const bookLevels = (
  levels: readonly { price: DecStr; number: DecStr }[] | null | undefined,
  ctx: z.RefinementCtx,
): BookLevel[] =>
  (levels ?? []).map((l) => {
    if (l.price.startsWith('-') || l.number.startsWith('-'))
      ctx.addIssue({ code: 'custom', message: 'negative' });
    return [l.price, l.number];
  });

export const dealReply = spotDeal.reply.transform((d, ctx) => ({
  in: bookLevels(d.in, ctx),
  out: bookLevels(d.out, ctx),
  last_price: d.last_price,
  cny_price: d.cny_price,
  user_legal: d.user_legal,
  user_currency: d.user_currency,
}));

/** The legacy `transaction` push: `in`/`out` are JSON text of SpotLevel lists. */
const jsonLevels = z
  .union([z.string(), z.array(z.unknown())])
  .transform((v, ctx): unknown => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.array(spotLevel));

export const transactionPush = z
  .object({
    in: jsonLevels,
    out: jsonLevels,
    last_price: wireDecimal,
    currency_id: wireInt,
    legal_id: wireInt,
  })
  .transform((p) => ({
    legalId: p.legal_id,
    currencyId: p.currency_id,
    lastPrice: p.last_price,
    bids: p.in,
    asks: p.out,
  }));

/** `update_balance` {type: "update_balance_<uid>"} (a uid of 15 digits at most: a safe integer). */
export const updateBalancePush = z
  .object({ type: z.string().regex(/^update_balance(_\d{1,15})?$/) })
  .transform((p) => {
    const id = /_(\d+)$/.exec(p.type)?.[1];
    return { userId: id === undefined ? null : Number(id) };
  });

/** `update_user` {type: "update_user_<uid>"} (extension). */
export const updateUserPush = z
  .object({ type: z.string().regex(/^update_user(_\d{1,15})?$/) })
  .transform((p) => {
    const id = /_(\d+)$/.exec(p.type)?.[1];
    return { userId: id === undefined ? null : Number(id) };
  });

export const currencyDetailReply = currencyDetail.reply;

const sideOf = (type: string | undefined, way: number | undefined): 'buy' | 'sell' =>
  type === 'in' || way === 2 ? 'buy' : 'sell';

const openRow = (r: z.output<typeof spotOpenRow>): OpenOrderView => ({
  id: r.id,
  side: sideOf(r.type, undefined),
  mode: r.mode === 1 ? 1 : 2,
  symbol: `${r.currency_name}/${r.legal_name}`,
  price: r.price,
  number: r.number,
  totalNumber: r.total_number ?? r.number,
  completeNumber: r.complete_number ?? ZERO,
  totalMoney: r.total_money ?? ZERO,
  createTime: String(r.create_time),
  ...(r.group_id === undefined ? {} : { groupId: r.group_id }),
});

const fillRow = (r: z.output<typeof spotFillOfUserRow>): FilledOrderView => {
  const side = sideOf(r.type, r.way);
  return {
    id: r.id,
    side,
    symbol: `${r.currency_name}/${r.legal_name}`,
    price: r.price,
    number: r.number,
    fee: (side === 'buy' ? r.in_fee : r.out_fee) ?? ZERO,
    time: String(r.time),
  };
};

/** `{list|data, page, pages, total}` of a spot order list (src/shared/wire/spot.ts) → its rows. */
export const pageRows =
  <W, R>(toRow: (w: W) => R) =>
  (
    p: {
      list?: W[] | undefined;
      data?: W[] | undefined;
      page?: number | undefined;
      pages?: number | undefined;
    },
    ctx: z.RefinementCtx,
  ): { list: R[]; page: number; pages: number } => {
    const list = p.list ?? p.data;
    if (list === undefined) {
      ctx.addIssue({ code: 'custom', message: 'no list' });
      return z.NEVER;
    }
    return { list: list.map(toRow), page: p.page ?? 1, pages: p.pages ?? 1 };
  };

export const entrustPage = spotOpenBuys.reply.transform(pageRows(openRow));
export const historyPage = spotFills.reply.transform(pageRows(fillRow));
