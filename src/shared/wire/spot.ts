// Spot (api-contract §3.3, §7; docs/api-extensions.md "Spot (issue 3)"): placing and cancelling
// orders (idempotent with `client_id`), the user's lists (open orders, fills, finished orders,
// the account area's entrust page), the deal panel, recent trades, a currency's detail and the
// coin lists.
import { z } from 'zod';
import { call } from './call.ts';
import { pageNumber, text, wireDecimal, wireInt, wireText } from './primitives.ts';

export const id = z.coerce.number().int().positive().max(2_147_483_647).describe('id');

/** A price level of the deal panel (and of the `transaction` push). */
export const spotLevelRow = z.object({
  price: wireDecimal,
  number: wireDecimal,
  /** The number summed from the best level. */
  sum: wireDecimal.optional(),
  currency: wireInt.optional(),
  legal: wireInt.optional(),
});

/** A public fill of the deal panel (`complete`). */
const spotFillRow = z.object({
  id: wireInt,
  price: wireDecimal,
  number: wireDecimal,
  /** The taker's direction: 2 buy, 1 sell. */
  way: wireInt,
  time: wireText,
  create_time: wireInt,
});

/** A user's resting order (transaction_in / transaction_out). */
export const spotOpenRow = z.object({
  id: wireInt,
  type: z.enum(['in', 'out']).optional(),
  legal_id: wireInt.optional(),
  currency_id: wireInt.optional(),
  legal_name: z.string(),
  currency_name: z.string(),
  price: wireDecimal,
  /** What is left. */
  number: wireDecimal,
  total_number: wireDecimal.optional(),
  complete_number: wireDecimal.optional(),
  /** price × what is left. */
  total_money: wireDecimal.optional(),
  /** 1 market, 2 limit. */
  mode: wireInt.optional(),
  create_time: z.union([z.string(), z.number()]),
  /** A leg of a scale order (extension, ADR 0057): the scale's group. */
  group_id: wireInt.optional(),
});

/** One of the user's fills (transaction_complete). */
export const spotFillOfUserRow = z.object({
  id: wireInt,
  /** The user's direction: 2 buy, 1 sell. */
  way: wireInt.optional(),
  type: z.enum(['in', 'out']).optional(),
  legal_id: wireInt.optional(),
  currency_id: wireInt.optional(),
  legal_name: z.string(),
  currency_name: z.string(),
  price: wireDecimal,
  number: wireDecimal,
  in_fee: wireDecimal.optional(),
  out_fee: wireDecimal.optional(),
  time: z.union([z.string(), z.number()]),
  create_time: wireInt.optional(),
});

/**
 * Extension (issue 20): one of the user's finished orders (transaction_history), status 1 filled
 * or 2 cancelled, with what it really did summed from its fills.
 */
export const spotFinishedRow = z.object({
  id: wireInt,
  way: wireInt.optional(),
  type: z.enum(['in', 'out']),
  legal_id: wireInt.optional(),
  currency_id: wireInt.optional(),
  legal_name: z.string(),
  currency_name: z.string(),
  /** 1 market, 2 limit. */
  mode: wireInt,
  status: wireInt.refine((s) => s === 1 || s === 2, 'not a finished status'),
  total_number: wireDecimal,
  complete_number: wireDecimal,
  /** The volume-weighted average fill price; only when something filled. */
  avg_price: wireDecimal.optional(),
  /** The limit of a limit order. */
  limit_price: wireDecimal.optional(),
  fee: wireDecimal,
  create_time: z.union([z.string(), z.number()]),
  update_time: z.union([z.string(), z.number()]).optional(),
});

/** A row of the account area's entrust page. */
export const entrustItemRow = z.object({
  id: wireInt,
  create_time: wireText,
  legal_name: wireText,
  currency_name: wireText,
  number: wireDecimal,
  price: wireDecimal,
  account_number: wireText,
  type: z.enum(['in', 'out']),
  // extensions (issue 20, 41): what the order really did
  total_number: wireDecimal.optional(),
  status: wireInt.optional(),
  complete_number: wireDecimal.optional(),
  avg_price: wireDecimal.optional(),
  limit_price: wireDecimal.optional(),
  mode: wireInt.optional(),
  fee: wireDecimal.optional(),
  notional: wireDecimal.optional(),
});

/**
 * `{list, page, pages, total}` (the reference server's spot lists) or the legacy pageData
 * `{data, page, pages, total}`: a reader takes `list`, else `data`.
 */
export const spotPage = <R extends z.ZodType>(row: R) =>
  z.object({
    list: z.array(row).optional(),
    data: z.array(row).optional(),
    page: wireInt.optional(),
    pages: wireInt.optional(),
    total: wireInt.optional(),
  });

const orderRequest = z.object({
  legal_id: id,
  currency_id: id,
  /** 1 market, 2 limit. */
  mode: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(2)
    .describe('1 | 2'),
  price: text(60).optional(),
  num: text(60).optional(),
  client_id: text(64).pipe(z.string().min(1)).optional(),
  /** Extension (issue 44): a limit order's time in force; good till cancelled by default. */
  tif: z.enum(['gtc', 'ioc', 'fok']).default('gtc'),
  /** Extension (issue 44): `1`, the limit order rests whole or is refused; it never takes. */
  post_only: z.enum(['0', '1']).default('0'),
});

export const orderErrors = [
  'validation.spot.priceRequired',
  'validation.spot.numberRequired',
  'validation.spot.sellPriceRequired',
  'validation.spot.sellNumberRequired',
  'validation.amountFormat',
  'validation.amountTooLarge',
  'spot.pairClosed',
  'spot.numberPrecision',
  'spot.pricePrecision',
  'spot.tooLarge',
  'spot.noLiquidity',
  'spot.insufficient',
  'spot.tifLimitOnly',
  'spot.postOnlyGtc',
  'spot.postOnlyWouldTake',
  'spot.fokUnfilled',
  'spot.iocUnfilled',
] as const;

export const spotBuy = call({
  method: 'POST',
  path: '/api/transaction/in',
  auth: 'user',
  origin: 'legacy',
  summary: 'Places a buy order (limit or market), once per `client_id`; answers what it did.',
  request: orderRequest,
  reply: z.string(),
  errors: orderErrors,
});

export const spotSell = call({
  method: 'POST',
  path: '/api/transaction/out',
  auth: 'user',
  origin: 'legacy',
  summary: 'Places a sell order (limit or market), once per `client_id`; answers what it did.',
  request: orderRequest,
  reply: z.string(),
  errors: orderErrors,
});

export const spotCancel = call({
  method: 'POST',
  path: '/api/transaction_del',
  auth: 'user',
  origin: 'legacy',
  summary: "Cancels one of the user's resting orders (of the side `type` when given).",
  request: z.object({ id, type: z.enum(['in', 'out']).optional() }),
  reply: z.string(),
  errors: ['spot.orderNotFound'],
});

export const listRequest = z.object({
  page: pageNumber.describe('page'),
  currency_id: id.optional(),
  legal_id: id.optional(),
});

export const spotOpenBuys = call({
  method: 'POST',
  also: 'GET',
  path: '/api/transaction_in',
  auth: 'user',
  origin: 'legacy',
  summary: "The user's resting buy orders, newest first (of one currency or legal when given).",
  request: listRequest,
  reply: spotPage(spotOpenRow),
  errors: [],
});

export const spotOpenSells = call({
  method: 'POST',
  also: 'GET',
  path: '/api/transaction_out',
  auth: 'user',
  origin: 'legacy',
  summary: "The user's resting sell orders, newest first (of one currency or legal when given).",
  request: listRequest,
  reply: spotPage(spotOpenRow),
  errors: [],
});

export const spotFills = call({
  method: 'POST',
  also: 'GET',
  path: '/api/transaction_complete',
  auth: 'user',
  origin: 'legacy',
  summary: "The user's fills as taker or maker, newest first.",
  request: listRequest,
  reply: spotPage(spotFillOfUserRow),
  errors: [],
});

export const spotOrderHistory = call({
  method: 'POST',
  also: 'GET',
  path: '/api/transaction_history',
  auth: 'user',
  origin: 'extension',
  summary: "The user's finished orders (filled or cancelled), newest first.",
  request: listRequest,
  reply: spotPage(spotFinishedRow),
  errors: [],
});

export const spotDeal = call({
  method: 'POST',
  also: 'GET',
  path: '/api/transaction/deal',
  auth: 'visitor',
  origin: 'legacy',
  summary: "The pair's deal panel: book levels, last price, recent fills, a user's balances.",
  request: z.object({ legal_id: id, currency_id: id }),
  reply: z.object({
    in: z.array(spotLevelRow).nullish(),
    out: z.array(spotLevelRow).nullish(),
    last_price: wireDecimal,
    cny_price: wireDecimal.nullish(),
    user_legal: wireDecimal.nullish(),
    user_currency: wireDecimal.nullish(),
    complete: z.array(spotFillRow).nullish(),
  }),
  errors: ['spot.pairClosed'],
});

export const tradeHistory = call({
  method: 'GET',
  path: '/api/currency/new_tradehistory',
  auth: 'visitor',
  origin: 'legacy',
  summary: "The pair's recent trades, newest first, at most 30.",
  request: z.object({ legal_id: id, currency_id: id }),
  reply: z.array(
    z.object({
      id: wireInt,
      price: wireDecimal,
      amount: wireDecimal,
      direction: z.enum(['buy', 'sell']),
      ts: wireInt,
      time: wireText,
    }),
  ),
  errors: ['spot.pairClosed'],
});

export const currencyDetail = call({
  method: 'POST',
  also: 'GET',
  path: '/api/currency/detail',
  auth: 'visitor',
  origin: 'legacy',
  summary: "A currency's names and description (in the reader's language when described).",
  request: z.object({ id }),
  reply: z.object({ id: wireInt, name: z.string(), full_name: wireText, desc: wireText }),
  errors: ['currency.notFound'],
});

/** A market coin of the coin lists. */
const coinRow = z.object({
  id: wireInt,
  name: z.string(),
  symbol: z.string(),
  /** The quote currency's name. */
  type: z.string(),
  last_price: wireDecimal,
  /** The day's change in percent, "+1.23". */
  proportion: z.string(),
  legal_id: wireInt,
  currency_id: wireInt,
  legal_name: z.string(),
  currency_name: z.string(),
});

export const coinList = call({
  method: 'POST',
  also: 'GET',
  path: '/api/quotation',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'The market coins with their last price and day change.',
  request: z.object({}),
  reply: z.object({ coin_list: z.array(coinRow) }),
  errors: [],
});

export const coinListNew = call({
  method: 'POST',
  also: 'GET',
  path: '/api/quotation_new',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'The market coins (the same as `/api/quotation`).',
  request: z.object({}),
  reply: z.object({ coin_list: z.array(coinRow) }),
  errors: [],
});

/** The entrust page's types: in / 1 buying, out / 2 selling, complete / 3 finished. */
export const ENTRUST_TYPES: Readonly<Record<string, 'in' | 'out' | 'complete'>> = {
  in: 'in',
  '1': 'in',
  out: 'out',
  '2': 'out',
  complete: 'complete',
  '3': 'complete',
};

export const entrust = call({
  method: 'POST',
  path: '/api/transaction/entrust',
  auth: 'user',
  origin: 'legacy',
  summary: "The account area's entrust page: the user's orders of all pairs, five to a page.",
  request: z.object({
    address: text(200).optional(),
    type: text(10)
      .pipe(z.string().refine((v) => v in ENTRUST_TYPES))
      .describe('in | out | complete | 1..3'),
    page: pageNumber.describe('page'),
  }),
  reply: z.object({
    list: z.array(entrustItemRow),
    page: wireInt,
    pages: wireInt,
    total: wireInt,
  }),
  errors: [],
});

// ---- conditional orders (issue 44, ADR 0052) ------------------------------------------------

/** The kinds of a conditional order: what it places (limit or market) when its trigger is reached. */
