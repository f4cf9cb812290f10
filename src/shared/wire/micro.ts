// Second contracts (api-contract §6; docs/api-extensions.md "Second contracts"): the payment
// currencies with the user's micro wallet, the durations, placing an order (identity gate `998`,
// idempotent with `client_id`) and the user's orders (a Laravel paginator). The order row is
// also the `closed_microorder` push's `data`.
import { z } from 'zod';
import { call } from './call.ts';
import { pageLimit, pageNumber, text, wireDecimal, wireInt, wireText } from './primitives.ts';

export const MICRO_PAGE_SIZE = 20;
export const MICRO_PAGE_MAX = 50;

const optionalDecimal = wireDecimal.optional().nullable();
const id = z.coerce.number().int().positive().max(2_147_483_647).describe('id');
/** An optional id filter; an empty value (`match_id=`) means no filter. */
const idFilter = z.preprocess((v) => (v === '' ? undefined : v), id.optional());

/** A second-contract order as the wire carries it. */
export const microOrderRow = z.object({
  id: wireInt,
  match_id: wireInt.optional(),
  symbol_name: wireText,
  currency_name: wireText,
  /** 1 up, 2 down. */
  type: wireInt,
  seconds: wireInt,
  number: wireDecimal,
  open_price: optionalDecimal,
  end_price: optionalDecimal,
  profit_ratio: optionalDecimal,
  fee: optionalDecimal,
  status: wireInt,
  profit_result: wireInt.optional(),
  fact_profits: optionalDecimal,
  created_at: wireText,
  remain_milli_seconds: wireInt.optional(),
  /** Extension: the exact settlement time and the server's clock, ms. */
  end_time: wireInt.optional(),
  server_time: wireInt.optional(),
  show_micro_id: wireInt.optional(),
});

export const microCurrencies = call({
  method: 'GET',
  path: '/api/microtrade/payable_currencies',
  auth: 'visitor',
  origin: 'legacy',
  summary: "The payment currencies with their limits and presets, and a user's micro wallet.",
  request: z.object({}),
  reply: z.array(
    z.object({
      id: wireInt,
      name: z.string(),
      micro_trade_fee: optionalDecimal,
      micro_min: optionalDecimal,
      micro_max: optionalDecimal,
      micro_holdtrade_max: wireInt.optional(),
      micro_numbers: z.array(z.object({ number: wireDecimal })).default([]),
      user_wallet: z.object({ micro_balance: wireDecimal }).passthrough().nullish(),
    }),
  ),
  errors: [],
});

export const microSeconds = call({
  method: 'GET',
  path: '/api/microtrade/seconds',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'The enabled durations with their payout ratios (type `error` when none is enabled).',
  request: z.object({}),
  reply: z.array(z.object({ id: wireInt.optional(), seconds: wireInt, profit_ratio: wireDecimal })),
  errors: [],
});

export const microSubmit = call({
  method: 'POST',
  path: '/api/microtrade/submit',
  auth: 'user',
  origin: 'legacy',
  summary: 'Places a second contract (identity approved first: `998`), once per `client_id`.',
  request: z.object({
    match_id: id,
    currency_id: id,
    type: z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(1), z.literal(2)]))
      .describe('1 | 2'),
    seconds: z.coerce.number().int().positive().max(2_147_483_647).describe('int'),
    number: text(40).default(''),
    client_id: text(64).pipe(z.string().min(1)).optional(),
  }),
  reply: microOrderRow,
  errors: [
    'micro.numberRequired',
    'validation.amountFormat',
    'micro.pairClosed',
    'micro.currencyNotPayable',
    'micro.secondsUnknown',
    'micro.noPrice',
    'micro.numberInteger',
    'micro.numberStep',
    'micro.numberBelowMin',
    'micro.numberAboveMax',
    'micro.holdMax',
    'micro.insufficient',
  ],
});

export const microList = call({
  method: 'GET',
  path: '/api/microtrade/lists',
  auth: 'user',
  origin: 'legacy',
  summary: "The user's orders, newest first, filtered by status, pair and currency.",
  request: z.object({
    status: z.coerce.number().int().min(-1).max(3).default(-1).describe('-1..3'),
    match_id: idFilter,
    currency_id: idFilter,
    page: pageNumber.describe('page'),
    limit: pageLimit(MICRO_PAGE_MAX, MICRO_PAGE_SIZE).describe(`1..${MICRO_PAGE_MAX}`),
  }),
  reply: z.object({
    data: z.array(microOrderRow),
    current_page: wireInt.optional(),
    last_page: wireInt.optional(),
  }),
  errors: [],
});
