// Placing and settling second contracts (api-contract §6, issue 7): the open price is the
// pair's mark price exactly (no random offset; decision 10), the end price is the mark when the
// order is settled at expiry, and nothing is preset. Placing debits the stake and the fee from
// the payment currency's `micro_balance` in one transaction; settlement credits the payout,
// each order in its own transaction, which also writes the owner's `micro.settled` notification.
// Every balance change is a ledger row (types 60–63). Pure of HTTP; the price source is
// injected (`PriceOf`), so tests control prices.
import { Decimal } from '../../src/shared/decimal.ts';
import type { Database, Queryable } from '../db/database.ts';
import { requireAmount } from '../http/amounts.ts';
import { ApiError } from '../http/api-error.ts';
import { localDecimal } from '../i18n/messages.ts';
import { noteDec } from '../notify/note-values.ts';
import { addNotification } from '../notify/notifications.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import { PAYABLE_SELECT, SHOW_ID_OFFSET, microFee, outcomeOf, payoutOf } from './micro-rules.ts';
import type {
  MicroResult,
  MicroSeconds,
  MicroType,
  PayableCurrency,
  PriceOf,
} from './micro-rules.ts';
import { ORDER_SELECT } from './micro-views.ts';
import type { MicroOrderRow } from './micro-views.ts';

// ---- placing ------------------------------------------------------------------------------

export interface MicroPlacement {
  userId: number;
  matchId: number;
  /** The payment currency. */
  currencyId: number;
  type: MicroType;
  seconds: number;
  /** The stake. */
  number: Decimal;
  clientId: string | null;
  nowMs: number;
}

export interface SubmitResult {
  order: MicroOrderRow;
  /** True when `clientId` was seen before: nothing was placed, `order` is the first one. */
  repeated: boolean;
}

/**
 * Places a second contract. Checks in the contract's order (§6.2): the pair is open for second
 * contracts; the currency is payable; the duration is enabled; the stake is an integer within
 * [micro_min, micro_max] and a multiple of micro_min (each rule its own message); fewer open
 * orders than micro_holdtrade_max; a current price exists; the balance covers stake + fee. A
 * repeated `clientId` returns the first order and places nothing (also when two requests race).
 */
export async function submitMicro(
  db: Database,
  priceOf: PriceOf,
  r: MicroPlacement,
): Promise<SubmitResult> {
  if (r.clientId !== null) {
    const first = await orderByClientId(db, r.userId, r.clientId);
    if (first !== null) return { order: first, repeated: true };
  }
  const pair = await db.query<{ id: number }>(
    'SELECT id FROM currency_matches WHERE id = $1 AND open_microtrade = 1',
    [r.matchId],
  );
  if (pair.length === 0) throw new ApiError('micro.pairClosed');
  const currency = (
    await db.query<PayableCurrency & Record<string, unknown>>(`${PAYABLE_SELECT} AND id = $1`, [
      r.currencyId,
    ])
  )[0];
  if (currency === undefined) throw new ApiError('micro.currencyNotPayable');
  const duration = (
    await db.query<MicroSeconds & Record<string, unknown>>(
      'SELECT id, seconds, profit_ratio FROM micro_seconds WHERE seconds = $1 AND status = 1',
      [r.seconds],
    )
  )[0];
  if (duration === undefined) throw new ApiError('micro.secondsUnknown');
  checkNumber(r.number, currency);
  const fee = microFee(r.number, currency.micro_trade_fee);
  try {
    const id = await db.transaction(async (tx) => {
      const balance = await lockMicroBalance(tx, r.userId, r.currencyId);
      const open = await tx.query<{ n: number }>(
        'SELECT COUNT(*)::int AS n FROM micro_orders WHERE user_id = $1 AND currency_id = $2 AND status = 1',
        [r.userId, r.currencyId],
      );
      if ((open[0]?.n ?? 0) >= currency.micro_holdtrade_max)
        throw new ApiError('micro.holdMax', { max: currency.micro_holdtrade_max });
      const openPrice = priceOf(r.matchId);
      if (openPrice === null) throw new ApiError('micro.noPrice');
      const need = r.number.plus(fee);
      if (balance.lessThan(need))
        throw new ApiError('micro.insufficient', {
          currency: currency.name,
          need: localDecimal(need),
          number: localDecimal(r.number),
          fee: localDecimal(fee),
        });
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO micro_orders (user_id, match_id, currency_id, type, seconds, number,
           open_price, end_price, profit_ratio, fee, status, profit_result, fact_profits,
           created_at, handled_at, client_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, 1, 0, 0, $10, $11, $12) RETURNING id`,
        [
          r.userId,
          r.matchId,
          r.currencyId,
          r.type,
          duration.seconds,
          r.number.toFixed(),
          openPrice.toFixed(),
          new Decimal(duration.profit_ratio).toFixed(),
          fee.toFixed(),
          new Date(r.nowMs),
          new Date(r.nowMs + duration.seconds * 1000),
          r.clientId,
        ],
      );
      const orderId = rows[0]?.id;
      if (orderId === undefined) throw new Error('micro order insert returned no id');
      const base = {
        userId: r.userId,
        currencyId: r.currencyId,
        field: 'micro_balance' as const,
        memo: `#${orderId + SHOW_ID_OFFSET}`,
        nowMs: r.nowMs,
      };
      await changeBalance(tx, { ...base, delta: r.number.negated(), type: LOG_TYPE.microStake });
      if (!fee.isZero())
        await changeBalance(tx, { ...base, delta: fee.negated(), type: LOG_TYPE.microFee });
      return orderId;
    });
    const order = await orderById(db, id);
    if (order === null) throw new Error(`micro order ${id} vanished`);
    return { order, repeated: false };
  } catch (err) {
    // Two requests with one client_id raced: the unique index refused the second.
    if (r.clientId !== null && !(err instanceof ApiError)) {
      const first = await orderByClientId(db, r.userId, r.clientId);
      if (first !== null) return { order: first, repeated: true };
    }
    throw err;
  }
}

function checkNumber(number: Decimal, c: PayableCurrency): void {
  if (!number.isFinite() || !number.isInteger()) throw new ApiError('micro.numberInteger');
  requireAmount(number, 0);
  const min = new Decimal(c.micro_min);
  const max = new Decimal(c.micro_max);
  // the range first: an amount below the minimum or above the maximum is told so, not that it
  // is no multiple of the minimum (issue 20)
  if (number.lessThan(min) || number.lessThanOrEqualTo(0))
    throw new ApiError('micro.numberBelowMin', { min: localDecimal(Decimal.max(min, 1)) });
  if (number.greaterThan(max))
    throw new ApiError('micro.numberAboveMax', { max: localDecimal(max) });
  if (min.greaterThan(0) && !number.mod(min).isZero())
    throw new ApiError('micro.numberStep', { step: localDecimal(min) });
}

/** Locks the user's wallet row of the currency (created when missing); its micro_balance. */
async function lockMicroBalance(
  tx: Queryable,
  userId: number,
  currencyId: number,
): Promise<Decimal> {
  await tx.query(
    `INSERT INTO users_wallet (user_id, currency_id) VALUES ($1, $2)
     ON CONFLICT (user_id, currency_id) DO NOTHING`,
    [userId, currencyId],
  );
  const rows = await tx.query<{ micro_balance: string }>(
    'SELECT micro_balance FROM users_wallet WHERE user_id = $1 AND currency_id = $2 FOR UPDATE',
    [userId, currencyId],
  );
  return new Decimal(rows[0]?.micro_balance ?? '0');
}

export async function orderById(q: Queryable, id: number): Promise<MicroOrderRow | null> {
  const rows = await q.query<MicroOrderRow & Record<string, unknown>>(
    `${ORDER_SELECT} WHERE o.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

async function orderByClientId(
  q: Queryable,
  userId: number,
  clientId: string,
): Promise<MicroOrderRow | null> {
  const rows = await q.query<MicroOrderRow & Record<string, unknown>>(
    `${ORDER_SELECT} WHERE o.user_id = $1 AND o.client_id = $2`,
    [userId, clientId],
  );
  return rows[0] ?? null;
}

// ---- settlement ---------------------------------------------------------------------------

/**
 * How long an expired order waits for its pair's index before it is settled as a draw at its own
 * open price (the stake back, the fee kept): with no index (SIM_OFF, ADR 0040) there is no honest
 * end price, and a stake must not stay locked for ever.
 */
export const NO_INDEX_DRAW_MS = 60_000;

/**
 * Settles every trading order whose expiry (handled_at) is at or before `nowMs` at its pair's
 * current price, oldest expiry first, each in its own transaction. An order whose pair has no
 * price waits for one, and past NO_INDEX_DRAW_MS is settled as a draw. Returns the settled orders.
 */
export async function settleDue(
  db: Database,
  priceOf: PriceOf,
  nowMs: number,
): Promise<MicroOrderRow[]> {
  const due = await db.query<{
    id: number;
    match_id: number;
    handled_at: Date;
    open_price: string;
  }>(
    `SELECT id, match_id, handled_at, open_price FROM micro_orders
     WHERE status = 1 AND handled_at <= $1 ORDER BY handled_at, id`,
    [new Date(nowMs)],
  );
  const settled: MicroOrderRow[] = [];
  for (const { id, match_id, handled_at, open_price } of due) {
    const overdue = nowMs - new Date(handled_at).getTime() >= NO_INDEX_DRAW_MS;
    const end = priceOf(match_id) ?? (overdue ? new Decimal(open_price) : null);
    if (end === null) continue;
    const done = await db.transaction((tx) => settleOne(tx, id, end, nowMs));
    if (!done) continue;
    const row = await orderById(db, id);
    if (row !== null) settled.push(row);
  }
  return settled;
}

async function settleOne(tx: Queryable, id: number, end: Decimal, nowMs: number): Promise<boolean> {
  const rows = await tx.query<MicroOrderRow & Record<string, unknown>>(
    'SELECT * FROM micro_orders WHERE id = $1 AND status = 1 FOR UPDATE',
    [id],
  );
  const o = rows[0];
  if (o === undefined) return false; // settled meanwhile
  const result = outcomeOf(o.type, o.open_price, end);
  const { credit, factProfits } = payoutOf(result, o.number, o.profit_ratio);
  if (!credit.isZero())
    await changeBalance(tx, {
      userId: o.user_id,
      currencyId: o.currency_id,
      field: 'micro_balance',
      delta: credit,
      type: result === 1 ? LOG_TYPE.microWin : LOG_TYPE.microDraw,
      memo: `#${o.id + SHOW_ID_OFFSET}`,
      nowMs,
    });
  await tx.query(
    `UPDATE micro_orders SET end_price = $1, status = 3, profit_result = $2, fact_profits = $3,
       complete_at = $4 WHERE id = $5`,
    [end.toFixed(), result, factProfits.toFixed(), new Date(nowMs), id],
  );
  await writeSettledNote(tx, id, credit, result, nowMs);
  return true;
}

const OUTCOME = { [-1]: 'lose', 0: 'draw', 1: 'win' } as const;

/** `micro.settled` to the order's owner: the stake, what came back (0 when lost), the outcome. */
async function writeSettledNote(
  tx: Queryable,
  id: number,
  payout: Decimal,
  result: MicroResult,
  nowMs: number,
): Promise<void> {
  const o = await orderById(tx, id);
  if (o === null) throw new Error(`micro order ${id} vanished`);
  await addNotification(
    tx,
    o.user_id,
    'micro.settled',
    {
      symbol: o.symbol_name,
      coin: o.currency_name,
      amount: noteDec(o.number),
      payout: noteDec(payout),
      outcome: OUTCOME[result],
    },
    nowMs,
  );
}
