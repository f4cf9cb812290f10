// Loans (wallet-account-earn.md §3 "Loan config" / "Record", §4 "Loan review status", §5
// "Repayment coin choices"; ADR 0017): the repayment coins, the states, and the figures the
// page shows and the reference server records, exact. A term's `rate` is a DAILY percent.
import { Decimal } from './decimal.ts';

/** The four ways to repay, in the spec's order. */
export const REPAY_COINS = ['btc', 'eth', 'usdt_erc20', 'usdt_trc20'] as const;
export type RepayCoin = (typeof REPAY_COINS)[number];

/** The currency a repayment coin is paid in; BTC and ETH go at their live USDT price. */
export const REPAY_COIN_CURRENCY: Readonly<Record<RepayCoin, 'BTC' | 'ETH' | 'USDT'>> = {
  btc: 'BTC',
  eth: 'ETH',
  usdt_erc20: 'USDT',
  usdt_trc20: 'USDT',
};

/** Loan records page by 20. */
export const LOAN_PAGE_SIZE = 20;
/** USDT figures of a loan (interest, repayment amount) are kept to 6 decimals, rounded up. */
export const LOAN_USDT_DP = 6;
/** A BTC or ETH payable amount has 6 decimals (spec), rounded up: the debt is always covered. */
export const PAYABLE_DP = 6;

/**
 * The combined state of a loan (extension `state`): 0 under review, 1 approved and owed,
 * 2 rejected, 3 repayment under review, 4 repaid. From the legacy pair `status` (0 review,
 * 1 approved, other rejected) and `repayment_status` (0 not repaid, 1 repaid, 2 review).
 */
export type LoanState = 0 | 1 | 2 | 3 | 4;

export function loanState(status: number, repaymentStatus: number): LoanState {
  if (status === 0) return 0;
  if (status !== 1) return 2;
  if (repaymentStatus === 1) return 4;
  return repaymentStatus === 2 ? 3 : 1;
}

/** Interest of a loan: amount × daily rate % ÷ 100 × days, rounded up to 6 decimals. */
export function loanInterest(
  amount: Decimal.Value,
  dailyRatePct: Decimal.Value,
  day: number,
): Decimal {
  return new Decimal(amount)
    .times(dailyRatePct)
    .times(day)
    .dividedBy(100)
    .toDecimalPlaces(LOAN_USDT_DP, Decimal.ROUND_UP);
}

/** What is owed at the end of the term: amount + interest (USDT). */
export function repaymentAmount(
  amount: Decimal.Value,
  dailyRatePct: Decimal.Value,
  day: number,
): Decimal {
  return new Decimal(amount).plus(loanInterest(amount, dailyRatePct, day));
}

/**
 * The amount to send in `coin`: USDT as is; BTC and ETH the USDT owed ÷ the coin's USDT price,
 * rounded up to 6 decimals. Null without a positive price.
 */
export function payableAmount(
  coin: RepayCoin,
  owedUsdt: Decimal.Value,
  priceUsdt: Decimal.Value | null,
): Decimal | null {
  if (REPAY_COIN_CURRENCY[coin] === 'USDT') return new Decimal(owedUsdt);
  if (priceUsdt === null) return null;
  const price = new Decimal(priceUsdt);
  if (!price.isFinite() || price.lessThanOrEqualTo(0)) return null;
  return new Decimal(owedUsdt).dividedBy(price).toDecimalPlaces(PAYABLE_DP, Decimal.ROUND_UP);
}

export const isRepayCoin = (v: string): v is RepayCoin =>
  (REPAY_COINS as readonly string[]).includes(v);

export type LoanValidationId =
  | 'validation.loan.amountRequired'
  | 'validation.loan.amountInvalid'
  | 'validation.loan.dayRequired'
  | 'validation.loan.telRequired'
  | 'validation.loan.telInvalid'
  | 'validation.loan.addressRequired'
  | 'validation.loan.ageRequired'
  | 'validation.loan.ageInvalid'
  | 'validation.loan.incomeRequired'
  | 'validation.loan.incomeInvalid'
  | 'validation.loan.countryRequired'
  | 'validation.loan.agreeRequired'
  | 'validation.loan.imageRequired';

export interface LoanApplication {
  amount: string;
  day: number | null;
  tel: string;
  address: string;
  age: string;
  income: string;
  country: string;
  agree: boolean;
}
export type LoanField = keyof LoanApplication;

/** Decimals of a loan's amount and of the applicant's income (USDT, USD). */
export const LOAN_MONEY_DECIMALS = 2;
const TWO_DP = /^\d+(\.\d{1,2})?$/;
const TEL = /^\+?[\d\s-]{5,20}$/;

function amountError(
  amount: string,
  bounds: { min: string; max: string } | null,
): LoanValidationId | undefined {
  if (amount === '') return 'validation.loan.amountRequired';
  if (!TWO_DP.test(amount) || new Decimal(amount).lessThanOrEqualTo(0))
    return 'validation.loan.amountInvalid';
  const a = new Decimal(amount);
  if (bounds !== null && (a.lessThan(bounds.min) || a.greaterThan(bounds.max)))
    return 'validation.loan.amountInvalid';
  return undefined;
}

/** Required, then the format: the first failing message id of a text field. */
function textError(
  value: string,
  required: LoanValidationId,
  valid: (v: string) => boolean,
  invalid: LoanValidationId,
): LoanValidationId | undefined {
  const v = value.trim();
  if (v === '') return required;
  return valid(v) ? undefined : invalid;
}

const validAge = (v: string): boolean => /^\d{1,3}$/.test(v) && Number(v) >= 18 && Number(v) <= 100;
const anything = (): boolean => true;

/**
 * The application form (wallet-account-earn.md §5: every field required, 'please enter' plus
 * the label), with the formats the reference server checks (docs/api-extensions.md "Loans").
 */
export function validateLoanApplication(
  v: LoanApplication,
  bounds: { min: string; max: string } | null,
): Partial<Record<LoanField, LoanValidationId>> {
  const all: Record<LoanField, LoanValidationId | undefined> = {
    amount: amountError(v.amount.trim(), bounds),
    day: v.day === null ? 'validation.loan.dayRequired' : undefined,
    tel: textError(
      v.tel,
      'validation.loan.telRequired',
      (t) => TEL.test(t),
      'validation.loan.telInvalid',
    ),
    address: textError(
      v.address,
      'validation.loan.addressRequired',
      anything,
      'validation.loan.addressRequired',
    ),
    age: textError(v.age, 'validation.loan.ageRequired', validAge, 'validation.loan.ageInvalid'),
    income: textError(
      v.income,
      'validation.loan.incomeRequired',
      (t) => TWO_DP.test(t),
      'validation.loan.incomeInvalid',
    ),
    country: textError(
      v.country,
      'validation.loan.countryRequired',
      anything,
      'validation.loan.countryRequired',
    ),
    agree: v.agree ? undefined : 'validation.loan.agreeRequired',
  };
  const errors: Partial<Record<LoanField, LoanValidationId>> = {};
  for (const [k, id] of Object.entries(all) as [LoanField, LoanValidationId | undefined][])
    if (id !== undefined) errors[k] = id;
  return errors;
}
