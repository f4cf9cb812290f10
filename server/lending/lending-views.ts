// What the loan calls return (docs/api-extensions.md "Loans"): the config with the agreement
// in the request's language, the user's loan records (20 a page, newest first, each with its
// latest repayment), and the operator's lists.
import { Decimal } from '../../src/shared/decimal.ts';
import type { Lang } from '../../src/shared/locales.ts';
import type { LoanState, RepayCoin } from '../../src/shared/lending.ts';
import { LOAN_PAGE_SIZE, loanState, REPAY_COINS } from '../../src/shared/lending.ts';
import type { PagedList } from '../../src/shared/wire.ts';
import type { Queryable } from '../db/database.ts';
import { formatTime } from '../http/format.ts';
import { setting } from '../wallet/funds.ts';
import { amountBounds, loanTerms } from './lending.ts';
import { offsetOf, paged } from '../http/paging.ts';

export interface LendingConfig {
  currency_name: string;
  min_amount: string;
  max_amount: string;
  /** The terms on offer: days and the DAILY interest percent. */
  timeset: { day: number; rate: string }[];
  agreement_title: string;
  /** HTML (p, ol, li, strong); the page sanitizes it before showing it. */
  agreement: string;
  repay_coins: RepayCoin[];
  /** Collection address per repayment coin. */
  address: Record<RepayCoin, string>;
}

export interface RepaymentView {
  id: number;
  coin: RepayCoin;
  address: string;
  /** USDT owed when it was filed. */
  repayment_amount: string;
  /** The coin's USDT price used (1 for USDT). */
  price: string;
  /** Payable in the coin. */
  amount: string;
  image: string;
  /** 0 under review, 1 approved, 2 rejected. */
  status: number;
  reason: string;
  created_time: string;
  handled_time: string;
}

export interface LoanOut {
  id: number;
  add_time: string;
  amount: string;
  currency_name: string;
  day: number;
  rate: string;
  interest: string;
  repayment_amount: string;
  /** The due date (approval + day days); "" until approved. */
  repayment_time: string;
  /** 0 under review, 1 approved, 2 rejected. */
  status: number;
  /** 0 not repaid, 1 repaid, 2 repayment under review. */
  repayment_status: number;
  state: LoanState;
  overdue: boolean;
  /** Why the operator rejected the application. */
  reason: string;
  handled_time: string;
  repaid_time: string;
  repayment: RepaymentView | null;
}

export async function lendingConfig(db: Queryable, lang: Lang): Promise<LendingConfig> {
  const { min, max } = await amountBounds(db);
  const agreements = await db.query<{ lang: string; title: string; html: string }>(
    "SELECT lang, title, html FROM lending_agreements WHERE lang IN ($1, 'en')",
    [lang],
  );
  const agreement = agreements.find((a) => a.lang === lang) ?? agreements[0];
  const address = {} as Record<RepayCoin, string>;
  for (const coin of REPAY_COINS) address[coin] = await setting(db, `lending_address_${coin}`);
  return {
    currency_name: 'USDT',
    min_amount: min.toFixed(),
    max_amount: max.toFixed(),
    timeset: (await loanTerms(db)).map((t) => ({ day: t.day, rate: t.rate.toFixed() })),
    agreement_title: agreement?.title ?? '',
    agreement: agreement?.html ?? '',
    repay_coins: [...REPAY_COINS],
    address,
  };
}

interface LoanRow {
  id: number;
  user_id: number;
  account?: string;
  currency_name: string;
  amount: string;
  day: number;
  rate: string;
  interest: string;
  repayment_amount: string;
  tel: string;
  address: string;
  age: number;
  income: string;
  country: string;
  status: number;
  repayment_status: number;
  reason: string;
  created_at: Date | string;
  handled_at: Date | string | null;
  due_at: Date | string | null;
  repaid_at: Date | string | null;
}

interface RepaymentRow {
  id: number;
  order_id: number;
  coin: RepayCoin;
  address: string;
  repayment_amount: string;
  price: string;
  amount: string;
  image: string;
  status: number;
  reason: string;
  created_at: Date | string;
  handled_at: Date | string | null;
}

const LOAN_COLUMNS = `o.id, o.user_id, c.name AS currency_name, o.amount, o.day, o.rate, o.interest,
  o.repayment_amount, o.tel, o.address, o.age, o.income, o.country, o.status, o.repayment_status,
  o.reason, o.created_at, o.handled_at, o.due_at, o.repaid_at`;

/** The user's loans, newest first, 20 a page. */
export async function myLoans(
  db: Queryable,
  userId: number,
  page: number,
  nowMs: number,
): Promise<PagedList<LoanOut>> {
  const total = await db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM loan_orders WHERE user_id = $1',
    [userId],
  );
  const rows = await db.query<LoanRow & Record<string, unknown>>(
    `SELECT ${LOAN_COLUMNS} FROM loan_orders o JOIN currencies c ON c.id = o.currency_id
     WHERE o.user_id = $1 ORDER BY o.id DESC LIMIT $2 OFFSET $3`,
    [userId, LOAN_PAGE_SIZE, offsetOf(page, LOAN_PAGE_SIZE)],
  );
  const latest = await latestRepayments(
    db,
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => toLoanOut(r, latest.get(r.id) ?? null, nowMs));
  return paged(list, page, total[0]?.n ?? 0, LOAN_PAGE_SIZE);
}

/** The newest repayment of each of `orderIds`. */
async function latestRepayments(
  db: Queryable,
  orderIds: number[],
): Promise<Map<number, RepaymentRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.query<RepaymentRow & Record<string, unknown>>(
    `SELECT DISTINCT ON (order_id) id, order_id, coin, address, repayment_amount, price, amount,
            image, status, reason, created_at, handled_at
     FROM loan_repayments WHERE order_id = ANY($1::int[]) ORDER BY order_id, id DESC`,
    [`{${orderIds.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.order_id, r]));
}

const time = (d: Date | string | null): string => (d === null ? '' : formatTime(new Date(d)));
const dec = (v: string): string => new Decimal(v).toFixed();

function toLoanOut(r: LoanRow, repayment: RepaymentRow | null, nowMs: number): LoanOut {
  const state = loanState(r.status, r.repayment_status);
  return {
    id: r.id,
    add_time: time(r.created_at),
    amount: dec(r.amount),
    currency_name: r.currency_name,
    day: r.day,
    rate: dec(r.rate),
    interest: dec(r.interest),
    repayment_amount: dec(r.repayment_amount),
    repayment_time: time(r.due_at),
    status: r.status,
    repayment_status: r.repayment_status,
    state,
    overdue:
      (state === 1 || state === 3) && r.due_at !== null && new Date(r.due_at).getTime() < nowMs,
    reason: r.reason,
    handled_time: time(r.handled_at),
    repaid_time: time(r.repaid_at),
    repayment: repayment === null ? null : toRepaymentView(repayment),
  };
}

function toRepaymentView(r: RepaymentRow): RepaymentView {
  return {
    id: r.id,
    coin: r.coin,
    address: r.address,
    repayment_amount: dec(r.repayment_amount),
    price: dec(r.price),
    amount: dec(r.amount),
    image: r.image,
    status: r.status,
    reason: r.reason,
    created_time: time(r.created_at),
    handled_time: time(r.handled_at),
  };
}

/** SQL condition of each combined state (`o` is loan_orders). */
const STATE_WHERE: Readonly<Record<LoanState, string>> = {
  0: 'o.status = 0',
  1: 'o.status = 1 AND o.repayment_status = 0',
  2: 'o.status = 2',
  3: 'o.status = 1 AND o.repayment_status = 2',
  4: 'o.status = 1 AND o.repayment_status = 1',
};

export type AdminLoanOut = LoanOut & {
  user_id: number;
  account: string;
  tel: string;
  address: string;
  age: number;
  income: string;
  country: string;
};

/** Every user's loans for the operator (50 a page, newest first), optionally of one state. */
export async function adminLoans(
  db: Queryable,
  state: LoanState | null,
  page: number,
  nowMs: number,
): Promise<PagedList<AdminLoanOut>> {
  const size = 50;
  const where = state === null ? 'TRUE' : STATE_WHERE[state];
  const total = await db.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM loan_orders o WHERE ${where}`,
  );
  const rows = await db.query<LoanRow & Record<string, unknown>>(
    `SELECT ${LOAN_COLUMNS}, u.account FROM loan_orders o
     JOIN currencies c ON c.id = o.currency_id JOIN users u ON u.id = o.user_id
     WHERE ${where} ORDER BY o.id DESC LIMIT $1 OFFSET $2`,
    [size, offsetOf(page, size)],
  );
  const latest = await latestRepayments(
    db,
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => ({
    ...toLoanOut(r, latest.get(r.id) ?? null, nowMs),
    user_id: r.user_id,
    account: r.account ?? '',
    tel: r.tel,
    address: r.address,
    age: r.age,
    income: dec(r.income),
    country: r.country,
  }));
  return paged(list, page, total[0]?.n ?? 0, size);
}

/** What waits for the operator: applications under review and repayments under review. */
export async function lendingQueue(db: Queryable, nowMs: number) {
  const loans = await adminLoans(db, 0, 1, nowMs);
  const repayments = await db.query<RepaymentRow & { account: string } & Record<string, unknown>>(
    `SELECT r.id, r.order_id, u.account, r.coin, r.address, r.repayment_amount, r.price, r.amount,
            r.image, r.status, r.reason, r.created_at, r.handled_at
     FROM loan_repayments r JOIN users u ON u.id = r.user_id WHERE r.status = 0 ORDER BY r.id`,
  );
  return {
    loans: loans.list,
    loan_repayments: repayments.map((r) => ({
      ...toRepaymentView(r),
      order_id: r.order_id,
      account: r.account,
    })),
  };
}
