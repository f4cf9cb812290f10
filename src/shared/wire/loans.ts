// Loans (wallet-account-earn.md §7 "Loan"; api-contract §11; docs/api-extensions.md "Loans",
// docs/adr/0017-loans.md, 0023-repayment-quotes.md): the config, the user's loans with the live
// BTC / ETH prices, applying (identity approved, else `998`), a repayment quote and the
// repayment; and the operator's calls (`x-admin-token`): the loans by state, the decision on an
// application and on a repayment.
//
// The application, quote and repayment forms answer the first bad field's own localized message
// ("Please enter the loan amount.", server/lending/lending-form.ts), not the envelope's
// `error.fieldRequired`: their request fields are declared as read (any value), and the handler
// checks them.
import { z } from 'zod';
import { LOAN_PAGE_SIZE, REPAY_COINS, type LoanState } from '../lending.ts';
import { call } from './call.ts';
import { pageNumber, text, wireDecimal, wireInt, wireText } from './primitives.ts';

const coin = z.enum(REPAY_COINS);
const page = pageNumber.describe('page');
/** A form's field: read as sent, checked by the handler (its own localized refusals). */
const formField = (what: string) => z.unknown().optional().describe(what);

/** A loan's latest repayment. */
const repaymentRow = z.object({
  id: wireInt.optional(),
  coin: wireText,
  address: wireText.optional(),
  /** USDT owed when it was filed. */
  repayment_amount: wireDecimal.optional(),
  /** The coin's USDT price used (1 for USDT). */
  price: wireDecimal.optional(),
  /** Payable in the coin. */
  amount: wireDecimal,
  image: wireText.optional(),
  /** 0 under review, 1 approved, 2 rejected. */
  status: wireInt,
  reason: wireText,
  created_time: wireText,
  handled_time: wireText.optional(),
});

/** A loan as the wire carries it. */
export const loanRow = z.object({
  id: wireInt,
  add_time: wireText,
  amount: wireDecimal,
  currency_name: wireText,
  day: wireInt,
  /** The daily percent. */
  rate: wireDecimal,
  interest: wireDecimal,
  repayment_amount: wireDecimal,
  /** The due date; "" until approved. */
  repayment_time: wireText,
  /** 0 under review, 1 approved, 2 rejected. */
  status: wireInt,
  /** 0 not repaid, 1 repaid, 2 repayment under review. */
  repayment_status: wireInt,
  /** The combined state (src/shared/lending.ts `loanState`). */
  state: wireInt.optional(),
  overdue: z.boolean().optional(),
  /** Why the operator rejected the application. */
  reason: wireText,
  handled_time: wireText.optional(),
  repaid_time: wireText.optional(),
  repayment: repaymentRow.nullish(),
});

export const loanConfig = call({
  method: 'GET',
  path: '/api/lending/config',
  auth: 'visitor',
  origin: 'legacy',
  summary:
    'The amount bounds, the terms (days, daily percent), the agreement in the reader’s language, the repayment coins and their addresses.',
  request: z.object({}),
  reply: z.object({
    currency_name: wireText,
    min_amount: wireDecimal,
    max_amount: wireDecimal,
    timeset: z.array(z.object({ day: wireInt, rate: wireDecimal })),
    agreement_title: wireText,
    /** HTML (p, ol, li, strong); the page sanitizes it. */
    agreement: wireText,
    repay_coins: z.array(coin).optional(),
    /** The collection address of each repayment coin. */
    address: z.record(z.string(), z.string().nullish()).optional(),
  }),
  errors: [],
});

export const loanList = call({
  method: 'GET',
  path: '/api/lending/order/list',
  auth: 'user',
  origin: 'legacy',
  summary: `The user's loans, newest first, ${LOAN_PAGE_SIZE} a page, with the BTC and ETH prices in USDT.`,
  request: z.object({ page }),
  reply: z.object({
    list: z.array(loanRow),
    page: wireInt.optional(),
    pages: wireInt.optional(),
    total: wireInt.optional(),
    /** The spec's spelling: `{btc, eth}` USDT prices ("0" when none is known). */
    currery_money: z.object({ btc: wireDecimal, eth: wireDecimal }).partial().optional(),
  }),
  errors: [],
});

export const loanApply = call({
  method: 'POST',
  path: '/api/lending/order/apply',
  auth: 'user',
  origin: 'legacy',
  summary:
    'Files a loan application (identity approved first: `998`); one open loan at a time. Each field refused with its own message.',
  request: z.object({
    amount: formField('decimal text (2 decimals)'),
    day: formField('a term (days)'),
    rate: formField('the term’s daily percent'),
    tel: formField('phone'),
    address: formField('text ≤ 200'),
    age: formField('18..100'),
    income: formField('decimal text (2 decimals)'),
    country: formField('text ≤ 60'),
    isAgree: formField('1 | true | on | yes'),
  }),
  reply: wireText,
  errors: [
    'identity.required',
    'lending.amountRequired',
    'lending.amountInvalid',
    'lending.dayRequired',
    'lending.dayInvalid',
    'lending.rateRequired',
    'lending.rateInvalid',
    'lending.telRequired',
    'lending.telInvalid',
    'lending.addressRequired',
    'lending.addressInvalid',
    'lending.ageRequired',
    'lending.ageInvalid',
    'lending.incomeRequired',
    'lending.incomeInvalid',
    'lending.countryRequired',
    'lending.countryInvalid',
    'lending.agreementRequired',
    'lending.rateChanged',
    'lending.belowMinimum',
    'lending.aboveMaximum',
    'lending.openLoan',
  ],
});

const owedRefusals = [
  'lending.orderRequired',
  'lending.coinRequired',
  'lending.notFound',
  'lending.notApproved',
  'lending.alreadyRepaid',
  'lending.repaymentPending',
];

export const loanQuote = call({
  method: 'POST',
  path: '/api/lending/order/repayment/quote',
  auth: 'user',
  origin: 'extension',
  summary:
    "The amount to send for the user's approved, unpaid loan in a coin at the live price, held for a minute.",
  request: z.object({
    order_id: formField('id'),
    coin: formField(REPAY_COINS.join(' | ')),
  }),
  reply: z.object({
    /** The quote's id, named by the repayment. */
    id: wireInt,
    order_id: wireInt,
    coin,
    /** The coin's currency (BTC, ETH, USDT). */
    currency: wireText,
    /** USDT owed. */
    repayment_amount: wireDecimal,
    price: wireDecimal,
    /** To send, in the coin's currency. */
    amount: wireDecimal,
    address: wireText,
    /** When it lapses, and the server's clock (ms); its life in seconds. */
    expires_at: wireInt,
    server_time: wireInt,
    ttl: wireInt,
  }),
  errors: [...owedRefusals, 'lending.priceUnavailable'],
});

export const loanRepay = call({
  method: 'POST',
  path: '/api/lending/order/repayment',
  auth: 'user',
  origin: 'legacy',
  summary:
    'Files the repayment of a quote with its voucher (an upload of the user’s); a missing, foreign, used or lapsed quote answers type `quote`.',
  request: z.object({
    order_id: formField('id'),
    coin: formField(REPAY_COINS.join(' | ')),
    image: formField('an /api/upload URL'),
    quote_id: formField('id'),
  }),
  reply: wireText,
  errors: [
    ...owedRefusals,
    'lending.voucherRequired',
    'upload.notYours',
    'lending.quoteRequired',
    'lending.quoteMismatch',
    'lending.quoteUsed',
    'lending.quoteExpired',
  ],
});

// ---- The operator's calls (`x-admin-token`; registered only when the server has one) -------

const id = z.coerce.number().int().positive().max(2_147_483_647).describe('id');
const decision = z.object({
  id,
  action: z.enum(['approve', 'reject']),
  reason: text(200).default('').describe('text ≤ 200'),
});
const decided = z.object({ id: wireInt, user_id: wireInt, action: z.enum(['approve', 'reject']) });

export const adminLoans = call({
  method: 'GET',
  path: '/api/admin/loans',
  auth: 'operator',
  origin: 'extension',
  summary:
    "Every user's loans of a state (0–4), newest first, 50 a page, with the application's fields.",
  request: z.object({
    state: z
      .preprocess(
        (v) => (v === '' ? undefined : v),
        z.coerce
          .number()
          .int()
          .min(0)
          .max(4)
          .transform((n) => n as LoanState)
          .optional(),
      )
      .describe('0..4 (optional)'),
    page,
  }),
  reply: z.object({
    list: z.array(
      loanRow.extend({
        user_id: wireInt,
        account: wireText,
        tel: wireText,
        address: wireText,
        age: wireInt,
        income: wireDecimal,
        country: wireText,
      }),
    ),
    page: wireInt,
    pages: wireInt,
    total: wireInt,
  }),
  errors: ['admin.forbidden'],
});

export const adminLoanDecision = call({
  method: 'POST',
  path: '/api/admin/loan',
  auth: 'operator',
  origin: 'extension',
  summary: 'Approves (the principal is credited) or rejects a loan under review.',
  request: decision,
  reply: decided,
  errors: ['admin.forbidden', 'admin.notPending', 'wallet.balanceLimit'],
});

export const adminRepaymentDecision = call({
  method: 'POST',
  path: '/api/admin/loan-repayment',
  auth: 'operator',
  origin: 'extension',
  summary:
    'Approves (the loan is repaid) or rejects (owed again) a repayment under review, by its id.',
  request: decision,
  reply: decided,
  errors: ['admin.forbidden', 'admin.notPending'],
});
