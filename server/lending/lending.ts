// Loans (issue 9, ADR 0017): apply → an operator approves (the principal is credited to the
// spot account, one ledger row) or rejects; repay with a voucher → an operator approves (the
// loan is repaid) or rejects (it is owed again). A repayment records the figures of a quote the
// user was shown (issue 20, ADR 0023). Repayments are paid outside the exchange to a
// collection address, so they move no balance. Each operation is one transaction (an operator's
// decision writes the borrower's notification in it); pure of HTTP (the routes, the operator API
// and the property test call these).
import { Decimal, parseDecimal } from '../../src/shared/decimal.ts';
import type { RepayCoin } from '../../src/shared/lending.ts';
import { loanInterest, payableAmount, REPAY_COIN_CURRENCY } from '../../src/shared/lending.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { setting } from '../wallet/funds.ts';
import { currencyName, noteDec } from '../notify/note-values.ts';
import { addNotification } from '../notify/notifications.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import type { LoanForm } from './lending-form.ts';

/** The USDT prices of the coins repaid at a live price; a missing one refuses that coin. */
export type CoinPrices = Readonly<Partial<Record<'BTC' | 'ETH', Decimal>>>;

const DAY_MS = 86_400_000;

const resultOf = (approve: boolean) => (approve ? ('approved' as const) : ('rejected' as const));

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
    await addNotification(
      tx,
      row.user_id,
      'loan.decision',
      {
        currency: await currencyName(tx, row.currency_id),
        amount: noteDec(row.amount),
        result: resultOf(approve),
      },
      nowMs,
    );
    return row.user_id;
  });
}

/** How long a repayment quote holds (ADR 0023): the dialog counts it down and renews it. */
export const REPAY_QUOTE_TTL_MS = 60_000;

export interface QuoteRequest {
  userId: number;
  orderId: number;
  coin: RepayCoin;
  prices: CoinPrices;
  nowMs: number;
}

/** What the page shows and the repayment will record, until `expiresMs`. */
export interface RepaymentQuote {
  id: number;
  orderId: number;
  coin: RepayCoin;
  /** The USDT owed. */
  owed: Decimal;
  /** The coin's USDT price (1 for USDT). */
  price: Decimal;
  /** What to send, in the coin's currency. */
  amount: Decimal;
  address: string;
  createdMs: number;
  expiresMs: number;
}

/**
 * Quotes the repayment of the user's own approved, unpaid loan in `coin` at the live price
 * (issue 20, ADR 0023): the amount to send, held for `REPAY_QUOTE_TTL_MS`. Moves nothing.
 */
export async function quoteRepayment(db: Database, r: QuoteRequest): Promise<RepaymentQuote> {
  return db.transaction(async (tx) => {
    const owed = await owedOf(tx, r.orderId, r.userId);
    const currency = REPAY_COIN_CURRENCY[r.coin];
    const price = currency === 'USDT' ? new Decimal(1) : (r.prices[currency] ?? null);
    const amount = payableAmount(r.coin, owed, price);
    if (amount === null || price === null)
      throw new ApiError('lending.priceUnavailable', { coin: currency });
    const address = await setting(tx, `lending_address_${r.coin}`);
    const expiresMs = r.nowMs + REPAY_QUOTE_TTL_MS;
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO loan_repayment_quotes (order_id, user_id, coin, address, repayment_amount,
         price, amount, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        r.orderId,
        r.userId,
        r.coin,
        address,
        owed.toFixed(),
        price.toFixed(),
        amount.toFixed(),
        new Date(r.nowMs),
        new Date(expiresMs),
      ],
    );
    return {
      id: rows[0]?.id ?? 0,
      orderId: r.orderId,
      coin: r.coin,
      owed,
      price,
      amount,
      address,
      createdMs: r.nowMs,
      expiresMs,
    };
  });
}

export interface RepaymentRequest {
  userId: number;
  orderId: number;
  coin: RepayCoin;
  /** The quote the page showed; null refuses ("get a quote first"). */
  quoteId: number | null;
  image: string;
  nowMs: number;
}

export interface RepaymentFiled {
  id: number;
  /** What to send, in the coin's currency: the quote's amount. */
  amount: Decimal;
  price: Decimal;
}

/**
 * Files a repayment of the user's own approved, unpaid loan (repayment_status 0 → 2) with the
 * figures of its quote, exactly (ADR 0023). Another user's loan is "not found", as a missing
 * one; a missing, foreign, used or expired quote is refused with type `quote` (get a new one).
 */
export async function requestRepayment(db: Database, r: RepaymentRequest): Promise<RepaymentFiled> {
  return db.transaction(async (tx) => {
    const owed = await owedOf(tx, r.orderId, r.userId);
    const q = await usableQuote(tx, r, owed);
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO loan_repayments (order_id, user_id, coin, address, repayment_amount, price,
         amount, image, status, created_at, quote_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $10) RETURNING id`,
      [
        r.orderId,
        r.userId,
        r.coin,
        q.address,
        new Decimal(q.repayment_amount).toFixed(),
        new Decimal(q.price).toFixed(),
        new Decimal(q.amount).toFixed(),
        r.image,
        new Date(r.nowMs),
        q.id,
      ],
    );
    await tx.query('UPDATE loan_repayment_quotes SET used_at = $1 WHERE id = $2', [
      new Date(r.nowMs),
      q.id,
    ]);
    await tx.query('UPDATE loan_orders SET repayment_status = 2 WHERE id = $1', [r.orderId]);
    return {
      id: inserted[0]?.id ?? 0,
      amount: new Decimal(q.amount),
      price: new Decimal(q.price),
    };
  });
}

/** The USDT owed on the user's own approved loan with nothing repaid or under review (locked). */
async function owedOf(tx: Queryable, orderId: number, userId: number): Promise<Decimal> {
  const rows = await tx.query<{ status: number; repayment_status: number; owed: string }>(
    `SELECT status, repayment_status, repayment_amount AS owed FROM loan_orders
     WHERE id = $1 AND user_id = $2 FOR UPDATE`,
    [orderId, userId],
  );
  const order = rows[0];
  if (order === undefined) throw new ApiError('lending.notFound');
  if (order.status !== 1) throw new ApiError('lending.notApproved');
  if (order.repayment_status === 1) throw new ApiError('lending.alreadyRepaid');
  if (order.repayment_status === 2) throw new ApiError('lending.repaymentPending');
  return new Decimal(order.owed);
}

interface QuoteRow {
  id: number;
  order_id: number;
  user_id: number;
  coin: string;
  address: string;
  repayment_amount: string;
  price: string;
  amount: string;
  created_at: Date | string;
  expires_at: Date | string;
  used_at: Date | string | null;
}

/** The request's quote, locked, if it is the user's, for this loan and coin, unused and live. */
async function usableQuote(tx: Queryable, r: RepaymentRequest, owed: Decimal): Promise<QuoteRow> {
  if (r.quoteId === null) throw new ApiError('lending.quoteRequired', {}, 'quote');
  const rows = await tx.query<QuoteRow & Record<string, unknown>>(
    `SELECT id, order_id, user_id, coin, address, repayment_amount, price, amount, created_at,
       expires_at, used_at FROM loan_repayment_quotes WHERE id = $1 FOR UPDATE`,
    [r.quoteId],
  );
  const q = rows[0];
  const mine = q?.user_id === r.userId && q.order_id === r.orderId && q.coin === r.coin;
  if (q === undefined || !mine || !owed.equals(q.repayment_amount))
    throw new ApiError('lending.quoteMismatch', {}, 'quote');
  if (q.used_at !== null) throw new ApiError('lending.quoteUsed', {}, 'quote');
  const created = new Date(q.created_at).getTime();
  const expires = new Date(q.expires_at).getTime();
  if (r.nowMs >= expires)
    throw new ApiError(
      'lending.quoteExpired',
      { seconds: Math.round((expires - created) / 1000) },
      'quote',
    );
  return q;
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
    const rows = await tx.query<{
      order_id: number;
      user_id: number;
      coin: RepayCoin;
      amount: string;
    }>(
      'SELECT order_id, user_id, coin, amount FROM loan_repayments WHERE id = $1 AND status = 0 FOR UPDATE',
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
    // what the user sent: the amount of the coin's currency (a USDT network is not named)
    const sent = { currency: REPAY_COIN_CURRENCY[row.coin], amount: noteDec(row.amount) };
    await addNotification(
      tx,
      row.user_id,
      'loan.repayment',
      { ...sent, result: resultOf(approve) },
      nowMs,
    );
    return row.user_id;
  });
}
