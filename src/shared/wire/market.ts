// Market data by request (api-contract §3.3; docs/api-extensions.md "Market"): the quotation
// snapshot of every displayed pair, the kline history (its own `{code, msg, data}` body, under
// two paths), the home table's sparklines in one reply, and the server's clock.
import { z } from 'zod';
import { call } from './call.ts';
import { wireDecimal, wireInt } from './primitives.ts';

/** A pair inside a quotation group: a `currency_matches` row with the live figures appended. */
export const quotationRow = z
  .object({
    /** The match id. */
    id: wireInt,
    legal_id: wireInt,
    currency_id: wireInt,
    legal_name: z.string(),
    currency_name: z.string(),
    logo: z.string().nullish(),
    now_price: wireDecimal,
    /** The day's change in percent, "+1.23". */
    change: wireDecimal,
    high: wireDecimal,
    low: wireDecimal,
    volume: wireDecimal,
    /** Extension (issue 24): the day's turnover in the quote currency. */
    turnover: wireDecimal.optional(),
    is_display: wireInt,
    open_transaction: wireInt.optional(),
    open_lever: wireInt.optional(),
    open_microtrade: wireInt.optional(),
    lever_share_num: wireDecimal.optional(),
    spread: wireDecimal.optional(),
    lever_trade_fee: wireDecimal.optional(),
    sort: wireInt.optional(),
    market_from_name: z.string().optional(),
    /** Extension: decimals of prices and of quantities on this pair. */
    price_precision: wireInt.optional(),
    amount_precision: wireInt.optional(),
  })
  // the legacy row carries the other currency_matches columns, which no reader needs
  .passthrough();

export const quotation = call({
  method: 'POST',
  also: 'GET',
  path: '/api/currency/quotation_new',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'Every displayed quote currency with its displayed pairs and their day figures.',
  request: z.object({}),
  reply: z.array(
    z.object({
      id: wireInt,
      name: z.string(),
      logo: z.string().nullish(),
      is_legal: wireInt.optional(),
      is_display: wireInt.optional(),
      quotation: z.array(quotationRow),
    }),
  ),
  errors: [],
});

/** A history bar: `id` its open time (unix s); open/high/low/volume when the server sends them. */
export const klineBarRow = z.object({
  id: wireInt,
  period: z.string().optional(),
  'base-currency': z.string().optional(),
  'quote-currency': z.string().optional(),
  open: wireDecimal.optional(),
  close: wireDecimal,
  high: wireDecimal.optional(),
  low: wireDecimal.optional(),
  /** The turnover in the quote currency. */
  vol: wireDecimal.optional(),
  amount: wireDecimal.optional(),
  /** ms. */
  time: wireInt.optional(),
  volume: wireDecimal.optional(),
});

const klineRequest = z.object({
  symbol: z.string().trim().min(1).max(40).describe('BTC/USDT | btcusdt'),
  period: z.string().trim().min(1).max(10).describe('1min … 1mon'),
  // A `from` before the epoch (1,000 monthly bars back) means "from the start": clamped, not refused.
  from: z.coerce.number().int().min(-1e12).optional().describe('unix s'),
  to: z.coerce.number().int().nonnegative().optional().describe('unix s'),
});

/** The kline call's own body: code 1 with the bars, or -1 with the reason in `msg`. */
const klineBody = z.object({
  code: wireInt,
  msg: z.string().optional(),
  data: z.array(klineBarRow).nullish(),
});

// refusals answer `{code: -1, msg}`, not the envelope
const klineErrors = [
  'error.fieldInvalid',
  'market.periodUnknown',
  'market.symbolUnknown',
  'market.rangeInvalid',
] as const;

export const klineHistory = call({
  method: 'POST',
  also: 'GET',
  path: '/api/currency/new_timeshar',
  auth: 'visitor',
  origin: 'legacy',
  summary: "A pair's bars of a period between `from` and `to`, oldest first, at most 1,500.",
  request: klineRequest,
  reply: klineBody,
  form: 'bare',
  errors: klineErrors,
});

export const klineMarket = call({
  method: 'POST',
  also: 'GET',
  path: '/api/currency/kline_market',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'The kline history under its other legacy path (the same as `new_timeshar`).',
  request: klineRequest,
  reply: klineBody,
  form: 'bare',
  errors: klineErrors,
});

export const sparklines = call({
  method: 'GET',
  path: '/api/currency/sparklines',
  auth: 'visitor',
  origin: 'extension',
  summary: "Every displayed pair's last one-minute closes (at most 60, oldest first) at once.",
  request: z.object({}),
  reply: z.array(
    z.object({
      symbol: z.string().min(1).max(40),
      /** `id`: the bar's open time, unix s. */
      data: z.array(z.object({ id: wireInt, close: wireDecimal })),
    }),
  ),
  errors: [],
});

export const serverTime = call({
  method: 'GET',
  path: '/api/server/time',
  auth: 'visitor',
  origin: 'legacy',
  summary: "The server's clock, ms since the epoch.",
  request: z.object({}),
  reply: wireInt,
  errors: [],
});
