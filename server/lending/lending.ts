// Loans (issue 9, ADR 0017): apply → an operator approves (the principal is credited to the
// spot account, one ledger row) or rejects; repay with a voucher → an operator approves (the
// loan is repaid) or rejects (it is owed again). Repayments are paid outside the exchange to a
// collection address, so they move no balance. Each operation is one transaction; pure of HTTP
// (the routes, the operator API and the property test call these).
import { Decimal, parseDecimal } from '../../src/shared/decimal.ts';
import type { RepayCoin } from '../../src/shared/lending.ts';
import { loanInterest, payableAmount, REPAY_COIN_CURRENCY } from '../../src/shared/lending.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { setting } from '../wallet/funds.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import type { LoanForm } from './lending-form.ts';

/** The USDT prices of the coins repaid at a live price; a missing one refuses that coin. */
export type CoinPrices = Readonly<Partial<Record<'BTC' | 'ETH', Decimal>>>;

const DAY_MS = 86_400_000;

export interface LoanTerm {
  day: number;
  rate: Decimal;
}

export async function loanTerms(db: Queryable): Promise<LoanTerm[]> {
  const rows = await db.query<{ day: number; rate: string }>(
    'SELECT day, rate FROM lending_terms ORDER BY sort, day',
  );
  return rows.map((r) => ({ day: r.day, rate: new Decimal(r.rate) }));
}

/** The amount bounds of one loan in USDT (settings `lending_min_amount`, `lending_max_amount`;
 * a max of 0 means none). */
export async function amountBounds(db: Queryable): Promise<{ min: Decimal; max: Decimal }> {
  const min = parseDecimal(await setting(db, 'lending_min_amount'));
  const max = parseDecimal(await setting(db, 'lending_max_amount'));
  return { min: min ?? new Decimal(0), max: max ?? new Decimal(0) };
}

/** Files an application (status 0); returns its id. The caller checked the identity (998). */
export async function applyLoan(
  db: Database,
  userId: number,
  f: LoanForm,
  nowMs: number,
): Promise<number> {
  const term = (await loanTerms(db)).find((t) => t.day === f.day);
  if (term === undefined) throw new ApiError('lending.dayInvalid');
  if (!term.rate.equals(f.rate))
    throw new ApiError('lending.rateChanged', { rate: term.rate.toFixed() });
  const { min, max } = await amountBounds(db);
  if (f.amount.lessThan(min) || f.amount.lessThanOrEqualTo(0))
    throw new ApiError('lending.belowMinimum', { min: min.toFixed() });
  if (max.greaterThan(0) && f.amount.greaterThan(max))
    throw new ApiError('lending.aboveMaximum', { max: max.toFixed() });
  const interest = loanInterest(f.amount, term.rate, term.day);
  return db.transaction(async (tx) => {
    // One application at a time per user, even with two requests racing.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    if (await hasOpenLoan(tx, userId)) throw new ApiError('lending.openLoan');
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO loan_orders (user_id, currency_id, amount, day, rate, interest, repayment_amount,
         tel, address, age, income, country, status, repayment_status, created_at)
       VALUES ($1, (SELECT id FROM currencies WHERE name = 'USDT'), $2, $3, $4, $5, $6, $7, $8,
         $9, $10, $11, 0, 0, $12) RETURNING id`,
      [
        userId,
        f.amount.toFixed(),
        term.day,
        term.rate.toFixed(),
        interest.toFixed(),
        f.amount.plus(interest).toFixed(),
        f.tel,
        f.address,
        f.age,
        f.income.toFixed(),
        f.country,
        new Date(nowMs),
      ],
    );
    return rows[0]?.id ?? 0;
  });
}

/** A loan under review, or approved and not yet repaid. */
async function hasOpenLoan(tx: Queryable, userId: number): Promise<boolean> {
  const rows = await tx.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM loan_orders
     WHERE user_id = $1 AND (status = 0 OR (status = 1 AND repayment_status <> 1))`,
    [userId],
  );
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * An operator's decision on a loan under review; returns the borrower's id. Approval credits
 * the principal to `change_balance` (ledger type 100, memo `#id`) and starts the term.
 */
export async function decideLoan(
  db: Database,
  id: number,
  approve: boolean,
  reason: string,
  nowMs: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{
      user_id: number;
      currency_id: number;
      amount: string;
      day: number;
    }>(
      'SELECT user_id, currency_id, amount, day FROM loan_orders WHERE id = $1 AND status = 0 FOR UPDATE',
      [id],
    );
    const row = rows[0];
    if (row === undefined) throw new ApiError('admin.notPending', { id });
    if (approve) {
      await changeBalance(tx, {
        userId: row.user_id,
        currencyId: row.currency_id,
        field: 'change_balance',
        delta: new Decimal(row.amount),
        type: LOG_TYPE.loanDisbursed,
        memo: `#${id}`,
        nowMs,
      });
    }
    await tx.query(
      `UPDATE loan_orders SET status = $1, reason = $2, handled_at = $3, due_at = $4
       WHERE id = $5`,
      [
        approve ? 1 : 2,
        reason,
        new Date(nowMs),
        approve ? new Date(nowMs + row.day * DAY_MS) : null,
        id,
      ],
    );
    return row.user_id;
  });
}

export interface RepaymentRequest {
  userId: number;
  orderId: number;
  coin: RepayCoin;
  image: string;
  prices: CoinPrices;
  nowMs: number;
}

export interface RepaymentFiled {
  id: number;
  /** What to send, in the coin's currency. */
  amount: Decimal;
  price: Decimal;
}

/**
 * Files a repayment of the user's own approved, unpaid loan (repayment_status 0 → 2), with the
 * payable amount at the live price. Another user's loan is "not found", as a missing one.
 */
export async function requestRepayment(db: Database, r: RepaymentRequest): Promise<RepaymentFiled> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ status: number; repayment_status: number; owed: string }>(
      `SELECT status, repayment_status, repayment_amount AS owed FROM loan_orders
       WHERE id = $1 AND user_id = $2 FOR UPDATE`,
      [r.orderId, r.userId],
    );
    const order = rows[0];
    if (order === undefined) throw new ApiError('lending.notFound');
    if (order.status !== 1) throw new ApiError('lending.notApproved');
    if (order.repayment_status === 1) throw new ApiError('lending.alreadyRepaid');
    if (order.repayment_status === 2) throw new ApiError('lending.repaymentPending');
    const currency = REPAY_COIN_CURRENCY[r.coin];
    const price = currency === 'USDT' ? new Decimal(1) : (r.prices[currency] ?? null);
    const amount = payableAmount(r.coin, order.owed, price);
    if (amount === null || price === null)
      throw new ApiError('lending.priceUnavailable', { coin: currency });
    const address = await setting(tx, `lending_address_${r.coin}`);
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO loan_repayments (order_id, user_id, coin, address, repayment_amount, price,
         amount, image, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9) RETURNING id`,
      [
        r.orderId,
        r.userId,
        r.coin,
        address,
        new Decimal(order.owed).toFixed(),
        price.toFixed(),
        amount.toFixed(),
        r.image,
        new Date(r.nowMs),
      ],
    );
    await tx.query('UPDATE loan_orders SET repayment_status = 2 WHERE id = $1', [r.orderId]);
    return { id: inserted[0]?.id ?? 0, amount, price };
  });
}

/**
 * An operator's decision on a repayment under review (by the repayment's id); returns the
 * borrower's id. Approval marks the loan repaid; rejection makes it owed again (it can be
 * repaid anew). No balance moves: the coins were sent outside the exchange.
 */
export async function decideRepayment(
  db: Database,
  id: number,
  approve: boolean,
  reason: string,
  nowMs: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ order_id: number; user_id: number }>(
      'SELECT order_id, user_id FROM loan_repayments WHERE id = $1 AND status = 0 FOR UPDATE',
      [id],
    );
    const row = rows[0];
    if (row === undefined) throw new ApiError('admin.notPending', { id });
    const at = new Date(nowMs);
    await tx.query(
      'UPDATE loan_repayments SET status = $1, reason = $2, handled_at = $3 WHERE id = $4',
      [approve ? 1 : 2, reason, at, id],
    );
    await tx.query(
      'UPDATE loan_orders SET repayment_status = $1, repaid_at = $2 WHERE id = $3 AND status = 1',
      [approve ? 1 : 0, approve ? at : null, row.order_id],
    );
    return row.user_id;
  });
}
