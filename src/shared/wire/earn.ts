// Lock-up savings (api-contract §10; wallet-account-earn.md "Lock-up"; docs/api-extensions.md
// "Lock-up savings (issue 9)"): the product cards, a deposit, the user's orders, the early
// cancel and the interest withdrawal. Decimals are canonical strings, times "Y-m-d H:i:s" (UTC).
import { z } from 'zod';
import { LOCK_PAGE_SIZE } from '../earn.ts';
import { call } from './call.ts';
import { pageLimit, pageNumber, text, wireDecimal, wireInt, wireText } from './primitives.ts';

/** The orders' page size: the engine's (src/shared/earn.ts), and at most 50. */
export const LOCKUP_PAGE_SIZE = LOCK_PAGE_SIZE;
export const LOCKUP_PAGE_MAX = 50;

const id = z.coerce.number().int().positive().max(2_147_483_647).describe('id');
/** Optional filters: an empty value (`status=`) means none. */
const blank = (v: unknown) => (v === '' ? undefined : v);
const idFilter = z.preprocess(blank, id.optional()).describe('id (optional)');

/** A product card. */
export const lockProductRow = z.object({
  id: wireInt,
  currency_id: wireInt,
  currency_name: wireText,
  currency_logo: wireText,
  /** The spec's card field name for the logo. */
  image: wireText.optional(),
  save_min: wireDecimal,
  save_max: wireDecimal,
  /** The term, days. */
  day: wireInt,
  /** Daily percent. */
  interest_rate: wireDecimal,
  /** Extension: interest_rate × day, percent over the term. */
  total_rate: wireDecimal.optional(),
  quota: wireDecimal.optional(),
  sold: wireDecimal.optional(),
  /** sold / quota × 100 (2 decimals, at most 100; "0" when the quota is unlimited). */
  tempo: wireDecimal,
  /** The early-cancel fee, percent of the principal. */
  cancel_fee: wireDecimal,
  sort: wireInt.optional(),
});

/** One of the user's orders. */
export const lockOrderRow = z.object({
  id: wireInt,
  currency_id: wireInt.optional(),
  currency_name: wireText,
  config_id: wireInt.optional(),
  amount: wireDecimal,
  lock_amount: wireDecimal,
  day_rate: wireDecimal,
  /** Extension: day_rate × 100, the daily percent. */
  interest_rate: wireDecimal.optional(),
  day: wireInt.optional(),
  total_interest: wireDecimal,
  withdraw_amount: wireDecimal.optional(),
  /** Extension: amount − lock_amount while running, else "0". */
  withdrawable: wireDecimal.optional(),
  /** Running: what an early cancel would cost now; cancelled: what it cost; matured: "0". */
  cancel_fee: wireDecimal,
  /** Running: the expected yield; ended: total_interest. */
  shouyi: wireDecimal.optional(),
  start_at: wireText,
  end_at: wireText,
  /** 1 running, 2 ended. */
  status: wireInt,
  is_cancel: wireInt.optional(),
  created_at: wireText.optional(),
});

export const lockProducts = call({
  method: 'GET',
  path: '/api/lh/deposit/config',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'The lock-up products of the displayed currencies, by their order.',
  request: z.object({}),
  reply: z.array(lockProductRow),
  errors: [],
});

export const lockDeposit = call({
  method: 'POST',
  path: '/api/lh/deposit',
  auth: 'user',
  origin: 'legacy',
  summary:
    "Deposits into a product (or the tier holding the amount), or adds to the user's running order of the currency.",
  request: z.object({
    amount: text(40).default('').describe('decimal text ≤ 40'),
    config_id: idFilter,
    currency_id: idFilter,
    // the client's expected yield: accepted and ignored (the server computes every figure)
    shouyi: text(60).optional(),
  }),
  reply: wireText,
  errors: [
    'lockup.amountRequired',
    'lockup.amountInvalid',
    'lockup.rangeNotFound',
    'lockup.productNotFound',
    'lockup.outOfRange',
    'lockup.amountDecimals',
    'lockup.soldOut',
    'lockup.insufficient',
  ],
});

export const lockOrders = call({
  method: 'GET',
  path: '/api/lh/deposit/order',
  auth: 'user',
  origin: 'legacy',
  summary:
    "The user's orders, newest first, by state, with the sum of their interest (every page).",
  request: z.object({
    status: z
      .preprocess(
        blank,
        z.coerce
          .number()
          .int()
          .pipe(z.union([z.literal(1), z.literal(2)]))
          .optional(),
      )
      .describe('1 | 2 (optional)'),
    is_cancel: z
      .preprocess(
        blank,
        z.coerce
          .number()
          .int()
          .pipe(z.union([z.literal(0), z.literal(1)]))
          .optional(),
      )
      .describe('0 | 1 (optional)'),
    page: pageNumber.describe('page'),
    limit: pageLimit(LOCKUP_PAGE_MAX, LOCKUP_PAGE_SIZE).describe(`1..${LOCKUP_PAGE_MAX}`),
  }),
  reply: z.object({
    order_list: z.array(lockOrderRow),
    /** Σ total_interest of the filter's orders (all pages). */
    total_interest: wireDecimal.optional(),
    total: wireInt.optional(),
    page: wireInt.optional(),
    pages: wireInt.optional(),
  }),
  errors: [],
});

export const lockCancel = call({
  method: 'POST',
  path: '/api/lh/deposit/order/cancel',
  auth: 'user',
  origin: 'legacy',
  summary: "Cancels the user's running order early: the principal less the fee goes back.",
  request: z.object({ id }),
  reply: wireText,
  errors: ['lockup.orderNotFound', 'lockup.ended'],
});

export const lockWithdraw = call({
  method: 'POST',
  path: '/api/lh/deposit/withdraw',
  auth: 'user',
  origin: 'legacy',
  summary: 'Moves earned interest (at most amount − lock_amount) of a running order to spot.',
  request: z.object({ id, amount: text(40).default('').describe('decimal text ≤ 40') }),
  reply: wireText,
  errors: [
    'lockup.amountInvalid',
    'lockup.orderNotFound',
    'lockup.ended',
    'lockup.withdrawInvalid',
  ],
});
