// The notifications of spot orders (issue 25), written in the order's own transaction: one per
// real user's order a match step touched (the incoming order's and each resting order's), and
// one for a cancel. A step that leaves an order open says `spot.partial` (this step's quantity,
// its average price, what stays open); one that leaves nothing open says `spot.filled` with the
// order's whole filled quantity and average price, summed from its fills as order-history.ts
// does. A market order's unfilled remainder is dropped, never shown as open: its order is done
// when the step ends (`spot.filled` with what filled), and no `spot.cancelled` is written for it.
import { Decimal } from '../../src/shared/decimal.ts';
import type { Queryable } from '../db/database.ts';
import type { PairSpec } from '../market/simulator.ts';
import { symbolOf } from '../market/wire-format.ts';
import { addNotification } from '../notify/notifications.ts';
import { noteDec } from '../notify/note-values.ts';
import type { Plan } from './core.ts';
import type { Fill, Side } from './order-book.ts';
import { averageFillPrice, fromUnits } from './units.ts';

/** One order's part of a step: its fills' sums (ticks × lots, lots) and what stays open. */
interface OrderStep {
  orderId: number;
  userId: number;
  side: Side;
  /** Σ price × qty of this step's fills, ticks × lots. */
  notional: bigint;
  /** Σ qty, lots. */
  filled: bigint;
  /** Lots still open after the step. */
  left: bigint;
}

/**
 * The notifications of a step: the incoming order's (when it is a real user's and filled
 * anything; `takerOrderId` null otherwise) and each real maker's order, once per order.
 */
export async function writeFillNotes(
  tx: Queryable,
  p: PairSpec,
  plan: Plan,
  takerOrderId: number | null,
  isReal: (userId: number) => boolean,
  nowMs: number,
): Promise<void> {
  if (takerOrderId !== null && plan.filled > 0n)
    await writeStepNote(tx, p, { ...sums(plan.fills), ...takerOf(plan, takerOrderId) }, nowMs);
  for (const step of makerSteps(plan.fills))
    if (isReal(step.userId)) await writeStepNote(tx, p, step, nowMs);
}

/** A user's cancel of their resting order, with what was left open. */
export async function writeCancelNote(
  tx: Queryable,
  p: PairSpec,
  o: { orderId: number; userId: number; side: Side; remaining: bigint },
  nowMs: number,
): Promise<void> {
  await addNotification(
    tx,
    o.userId,
    'spot.cancelled',
    {
      order_id: String(o.orderId),
      symbol: symbolOf(p),
      side: o.side,
      left: noteDec(fromUnits(o.remaining, p.amountPrecision)),
      by: 'user',
    },
    nowMs,
  );
}

const takerOf = (plan: Plan, orderId: number) => ({
  orderId,
  userId: plan.order.userId,
  side: plan.order.side,
  left: plan.rest,
});

function sums(fills: readonly Fill[]): { notional: bigint; filled: bigint } {
  let notional = 0n;
  let filled = 0n;
  for (const f of fills) {
    notional += f.price * f.qty;
    filled += f.qty;
  }
  return { notional, filled };
}

/** Each resting order's part of the step (its fills in order; `left` after its last one). */
function makerSteps(fills: readonly Fill[]): OrderStep[] {
  const byOrder = new Map<number, OrderStep>();
  for (const f of fills) {
    const step = byOrder.get(f.makerId) ?? {
      orderId: f.makerId,
      userId: f.makerUserId,
      side: f.makerSide,
      notional: 0n,
      filled: 0n,
      left: f.makerLeft,
    };
    step.notional += f.price * f.qty;
    step.filled += f.qty;
    step.left = f.makerLeft;
    byOrder.set(f.makerId, step);
  }
  return [...byOrder.values()];
}

async function writeStepNote(
  tx: Queryable,
  p: PairSpec,
  step: OrderStep,
  nowMs: number,
): Promise<void> {
  const order = { order_id: String(step.orderId), symbol: symbolOf(p), side: step.side };
  if (step.left === 0n) {
    const whole = await orderSums(tx, step.orderId, p.pricePrecision);
    await addNotification(tx, step.userId, 'spot.filled', { ...order, ...whole }, nowMs);
    return;
  }
  const filled = new Decimal(fromUnits(step.filled, p.amountPrecision));
  const notional = new Decimal(step.notional.toString()).dividedBy(
    new Decimal(10).pow(p.pricePrecision + p.amountPrecision),
  );
  await addNotification(
    tx,
    step.userId,
    'spot.partial',
    {
      ...order,
      filled: noteDec(filled),
      price: noteDec(averageFillPrice(notional, filled, p.pricePrecision) ?? '0'),
      left: noteDec(fromUnits(step.left, p.amountPrecision)),
    },
    nowMs,
  );
}

/** An order's whole filled quantity and average price, from its fills (this step's included). */
async function orderSums(
  tx: Queryable,
  orderId: number,
  pricePrecision: number,
): Promise<{ amount: string; price: string }> {
  const rows = await tx.query<{ filled: string; notional: string }>(
    `SELECT COALESCE(SUM(number), 0) AS filled, COALESCE(SUM(price * number), 0) AS notional
     FROM transaction_complete WHERE taker_order_id = $1 OR maker_order_id = $1`,
    [orderId],
  );
  const filled = new Decimal(rows[0]?.filled ?? '0');
  const notional = new Decimal(rows[0]?.notional ?? '0');
  return {
    amount: noteDec(filled),
    price: noteDec(averageFillPrice(notional, filled, pricePrecision) ?? '0'),
  };
}
