// The loan application and repayment forms (wallet-account-earn.md §3 "Application", §5 "Loan
// application": amount, day, rate, tel, address, age, income, country, isAgree, all required),
// validated with zod. Each rule's error is a message id of locales/server/*.json naming the
// field ("Please enter the loan amount."); the first failing field in form order is reported.
import { z } from 'zod';
import { Decimal } from '../../src/shared/decimal.ts';
import type { RepayCoin } from '../../src/shared/lending.ts';
import { REPAY_COINS } from '../../src/shared/lending.ts';
import { ApiError } from '../http/api-error.ts';

export interface LoanForm {
  /** USDT, above 0, at most 2 decimals (bounds come from the settings). */
  amount: Decimal;
  day: number;
  /** The daily percent the page showed for `day`; must still be the term's rate. */
  rate: Decimal;
  tel: string;
  address: string;
  age: number;
  /** USD, 0 or more, at most 2 decimals. */
  income: Decimal;
  country: string;
}

export interface RepaymentForm {
  orderId: number;
  coin: RepayCoin;
  /** An `/api/upload` URL; the route checks that the user uploaded it. */
  image: string;
  /**
   * The repayment quote the page showed (issue 20, ADR 0023): null when none was sent; 0 when
   * the value is no id (no quote has it: refused as not matching, after the loan's checks).
   */
  quoteId: number | null;
}

const AGE_MIN = 18;
const AGE_MAX = 100;

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const RATE = /^\d{1,6}(\.\d{1,8})?$/;
const WHOLE = /^\d{1,4}$/;
const TEL = /^\+?\d[\d -]{3,18}\d$/;
const ID = /^[1-9]\d{0,8}$/;
// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
const AGREED = new Set(['1', 'true', 'on', 'yes']);

/** Numbers from JSON bodies become strings; strings are trimmed; anything else fails. */
const clean = (v: unknown): unknown =>
  typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v;

/** A non-empty text field; missing, empty or not text → `requiredId`. */
const filled = (requiredId: string) =>
  z.preprocess(clean, z.string({ error: requiredId }).min(1, { error: requiredId }));

const plainText = (max: number, invalidId: string) =>
  z.string().max(max, { error: invalidId }).regex(NO_CONTROL, { error: invalidId });

const agreed = (v: unknown): boolean =>
  v === true || v === 1 || (typeof v === 'string' && AGREED.has(v.trim().toLowerCase()));

const loanFormSchema = z.object({
  amount: filled('lending.amountRequired').pipe(
    z.string().regex(MONEY, { error: 'lending.amountInvalid' }),
  ),
  day: filled('lending.dayRequired').pipe(z.string().regex(WHOLE, { error: 'lending.dayInvalid' })),
  rate: filled('lending.rateRequired').pipe(
    z.string().regex(RATE, { error: 'lending.rateInvalid' }),
  ),
  tel: filled('lending.telRequired').pipe(z.string().regex(TEL, { error: 'lending.telInvalid' })),
  address: filled('lending.addressRequired').pipe(plainText(200, 'lending.addressInvalid')),
  age: filled('lending.ageRequired').pipe(
    z
      .string()
      .regex(WHOLE, { error: 'lending.ageInvalid' })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(AGE_MIN, { error: 'lending.ageInvalid' })
          .max(AGE_MAX, { error: 'lending.ageInvalid' }),
      ),
  ),
  income: filled('lending.incomeRequired').pipe(
    z.string().regex(MONEY, { error: 'lending.incomeInvalid' }),
  ),
  country: filled('lending.countryRequired').pipe(plainText(60, 'lending.countryInvalid')),
  isAgree: z.preprocess(agreed, z.literal(true, { error: 'lending.agreementRequired' })),
});

const repaymentSchema = z.object({
  order_id: z.preprocess(
    clean,
    z.string({ error: 'lending.orderRequired' }).regex(ID, { error: 'lending.orderRequired' }),
  ),
  coin: z.preprocess(clean, z.enum(REPAY_COINS, { error: 'lending.coinRequired' })),
  image: filled('lending.voucherRequired').pipe(z.string().max(200, { error: 'upload.notYours' })),
  quote_id: z.unknown().optional(),
});

/** The quote's form (`POST /api/lending/order/repayment/quote`): the loan and the coin. */
const quoteSchema = repaymentSchema.pick({ order_id: true, coin: true });

/** The application form from the request fields, or the first field's localized error. */
export function parseLoanForm(fields: Record<string, unknown>): LoanForm {
  const f = firstError(loanFormSchema.safeParse(fields));
  return {
    amount: new Decimal(f.amount),
    day: Number(f.day),
    rate: new Decimal(f.rate),
    tel: f.tel,
    address: f.address,
    age: f.age,
    income: new Decimal(f.income),
    country: f.country,
  };
}

export function parseRepaymentForm(fields: Record<string, unknown>): RepaymentForm {
  const f = firstError(repaymentSchema.safeParse(fields));
  return {
    orderId: Number(f.order_id),
    coin: f.coin,
    image: f.image,
    quoteId: quoteIdOf(f.quote_id),
  };
}

export function parseQuoteForm(fields: Record<string, unknown>): {
  orderId: number;
  coin: RepayCoin;
} {
  const f = firstError(quoteSchema.safeParse(fields));
  return { orderId: Number(f.order_id), coin: f.coin };
}

function quoteIdOf(raw: unknown): number | null {
  const v = clean(raw);
  if (v === undefined || v === null || v === '') return null;
  return typeof v === 'string' && ID.test(v) ? Number(v) : 0;
}

function firstError<T>(res: z.ZodSafeParseResult<T>): T {
  if (res.success) return res.data;
  const issue = res.error.issues[0];
  const id = issue?.message ?? '';
  if (/^(lending|upload)\.[A-Za-z]+$/.test(id)) throw new ApiError(id);
  throw new ApiError('error.fieldInvalid', { field: issue?.path.map(String).join('.') ?? '' });
}
