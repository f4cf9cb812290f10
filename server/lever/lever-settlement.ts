// The money of a position coming, leaving or paying to stay, each in the caller's transaction and
// through the ledger: an opening's margin and fee, a close's settlement (margin + profit back at the mark, the row closed, the owner's
// note) and one day's overnight fee (from the margin first, then the free balance).
import { Decimal } from '../../src/shared/decimal.ts';
import { profitOf } from '../../src/shared/lever.ts';
import type { Queryable } from '../db/database.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import type { CloseWhy } from './lever-notes.ts';
import { writeCloseNote } from './lever-notes.ts';
import type { PositionRow } from './lever-rules.ts';

/** Lever ledger types (wallet/ledger.ts LOG_TYPE). */
const T = LOG_TYPE;

/**
 * Credits margin + profit at `mark`, marks the position closed and tells its owner why (in
 * the caller's tx).
 */
export async function settlePosition(
  tx: Queryable,
  p: PositionRow,
  mark: Decimal,
  type: number,
  why: CloseWhy,
  nowMs: number,
): Promise<Decimal> {
  const profit = profitOf(p.type, p.price, mark, p.number);
  const margin = new Decimal(p.caution_money);
  const base = { userId: p.user_id, currencyId: p.legal, memo: `#${p.id + 10000}`, nowMs, type };
  await changeBalance(tx, { ...base, field: 'lock_lever_balance', delta: margin.negated() });
  await changeBalance(tx, {
    ...base,
    field: 'lever_balance',
    delta: margin.plus(profit),
    allowNegative: true,
  });
  await tx.query(
    `UPDATE lever_transactions SET status = 3, update_price = $1, fact_profits = $2, handle_time = $3,
       complete_time = $3, settled = 1 WHERE id = $4`,
    [mark.toFixed(), profit.toFixed(), new Date(nowMs), p.id],
  );
  await writeCloseNote(tx, p, mark, profit, why, nowMs);
  return profit;
}

/**
 * One day's overnight fee of an open position at `mark` (contract §5.7): mark × number ×
 * overnight / 100, from the position's margin first, then the free balance (which may go
 * negative).
 */
export async function chargeOvernightFee(
  tx: Queryable,
  p: PositionRow,
  mark: Decimal,
  nowMs: number,
): Promise<void> {
  const fee = mark
    .times(p.number)
    .times(p.overnight)
    .dividedBy(100)
    .toDecimalPlaces(8, Decimal.ROUND_UP);
  if (fee.isZero()) return;
  const margin = new Decimal(p.caution_money);
  const fromMargin = Decimal.min(fee, margin);
  const rest = fee.minus(fromMargin);
  const base = {
    userId: p.user_id,
    currencyId: p.legal,
    memo: `#${p.id + 10000}`,
    nowMs,
    type: T.leverOvernight,
  };
  if (fromMargin.greaterThan(0))
    await changeBalance(tx, {
      ...base,
      field: 'lock_lever_balance',
      delta: fromMargin.negated(),
    });
  if (rest.greaterThan(0))
    await changeBalance(tx, {
      ...base,
      field: 'lever_balance',
      delta: rest.negated(),
      allowNegative: true,
    });
  await tx.query(
    'UPDATE lever_transactions SET caution_money = caution_money - $1, overnight_money = overnight_money + $2 WHERE id = $3',
    [fromMargin.toFixed(), fee.toFixed(), p.id],
  );
}

/** An opening's money: its margin from the free balance into the locked one, and its fee. */
export async function chargeOpening(
  tx: Queryable,
  base: { userId: number; currencyId: number; memo: string; nowMs: number },
  f: { margin: Decimal; fee: Decimal },
): Promise<void> {
  const margin = { ...base, type: LOG_TYPE.leverMargin };
  await changeBalance(tx, { ...margin, field: 'lever_balance', delta: f.margin.negated() });
  await changeBalance(tx, { ...margin, field: 'lock_lever_balance', delta: f.margin });
  await changeBalance(tx, {
    ...base,
    field: 'lever_balance',
    delta: f.fee.negated(),
    type: LOG_TYPE.leverFee,
  });
}

/** A user's free contract balance in a quote currency (`lever_balance`). */
export async function freeLeverBalance(
  q: Queryable,
  userId: number,
  legalId: number,
): Promise<Decimal> {
  const rows = await q.query<{ v: string }>(
    'SELECT lever_balance AS v FROM users_wallet WHERE user_id = $1 AND currency_id = $2',
    [userId, legalId],
  );
  return new Decimal(rows[0]?.v ?? '0');
}
