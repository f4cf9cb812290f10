// The database side of a spot plan that involves a real user, written in the order's ONE
// transaction: the real taker's order row, each fill's rows (the real maker's order, the
// transaction_complete record), every real user's balance change through the ledger
// (available = change_balance, locked = lock_change_balance) and their fill notifications.
import type { Queryable } from '../db/database.ts';
import type { PairSpec } from '../market/simulator.ts';
import type { BalanceField } from '../wallet/ledger.ts';
import { changeBalance, LOG_TYPE } from '../wallet/ledger.ts';
import type { BalanceOp, Plan, SpotCore } from './core.ts';
import type { Fill } from './order-book.ts';
import { writeFillNotes } from './spot-notes.ts';
import type { Reply } from './spot-replies.ts';
import { attoToDecimal, fromUnits } from './units.ts';

/** A plan to write, with what its rows need to know. */
export interface PlanWrite {
  core: SpotCore;
  p: PairSpec;
  plan: Plan;
  mode: 1 | 2;
  clientId: string | null;
  reply: Reply | null;
  now: number;
  /** Whether an account is a real user's (a simulated account's rows are not written). */
  isReal: (userId: number) => boolean;
  /** Draws the id of a simulated taker's order (it has no row, so no database id). */
  simOrderId: () => number;
}

const FIELD: Record<BalanceOp['field'], BalanceField> = {
  available: 'change_balance',
  locked: 'lock_change_balance',
};

/** Writes the plan's rows and ledger entries (in the caller's tx); returns the taker's order id. */
export async function writePlan(tx: Queryable, w: PlanWrite): Promise<number> {
  const { p, plan, now, isReal } = w;
  const takerReal = isReal(plan.order.userId);
  const realOps = plan.ops.filter((o) => isReal(o.userId));
  const takerId = takerReal
    ? await insertTakerRow(tx, p, plan, w.mode, w.clientId, w.reply, now)
    : w.simOrderId();
  for (const f of plan.fills) await persistFill(tx, w, f, takerReal, takerId);
  // each user's rows name that user's own order: the taker's, or the maker's resting one
  // (a simulated taker's order has no number a user could look up)
  for (const [userId, ops] of byUser(realOps)) {
    const own =
      takerReal && userId === plan.order.userId
        ? [takerId]
        : [...new Set(plan.fills.filter((f) => f.makerUserId === userId).map((f) => f.makerId))];
    const memo = `spot order ${own.map((id) => `#${id}`).join(', ')}`;
    await writeLedger(tx, ops, LOG_TYPE.spotTrade, memo, now);
  }
  await writeFillNotes(tx, p, plan, takerReal ? takerId : null, isReal, now);
  return takerId;
}

/** Real users' operations through the ledger, one entry per (user, currency, field). */
export async function writeLedger(
  tx: Queryable,
  ops: readonly BalanceOp[],
  type: number,
  memo: string,
  now: number,
): Promise<void> {
  const sums = new Map<string, BalanceOp>();
  for (const o of ops) {
    const key = `${o.userId}:${o.currencyId}:${o.field}`;
    const cur = sums.get(key);
    if (cur === undefined) sums.set(key, { ...o });
    else cur.delta += o.delta;
  }
  // Debits first, so an insufficient balance fails before anything is credited.
  const ordered = [...sums.values()].sort((a, b) => (a.delta < b.delta ? -1 : 1));
  for (const o of ordered) {
    if (o.delta === 0n) continue;
    await changeBalance(tx, {
      userId: o.userId,
      currencyId: o.currencyId,
      field: FIELD[o.field],
      delta: attoToDecimal(o.delta),
      type,
      memo,
      nowMs: now,
    });
  }
}

/** The user's order row (status 0 resting, 1 filled, 2 rest cancelled); returns its id. */
async function insertTakerRow(
  tx: Queryable,
  p: PairSpec,
  plan: Plan,
  mode: 1 | 2,
  clientId: string | null,
  reply: Reply | null,
  now: number,
): Promise<number> {
  const status = plan.rest > 0n ? 0 : plan.filled === plan.order.qty ? 1 : 2;
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO spot_orders (user_id, match_id, legal_id, currency_id, side, price, number,
       total_number, mode, status, client_id, reply_type, reply_id, reply_values,
       created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$15) RETURNING id`,
    [
      plan.order.userId,
      p.matchId,
      p.legalId,
      p.currencyId,
      plan.order.side === 'buy' ? 'in' : 'out',
      fromUnits(plan.limit, p.pricePrecision),
      fromUnits(plan.rest, p.amountPrecision),
      fromUnits(plan.order.qty, p.amountPrecision),
      mode,
      status,
      clientId,
      reply?.type ?? 'ok',
      reply?.id ?? '',
      JSON.stringify(reply?.values ?? {}),
      new Date(now),
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('order insert returned no id');
  return id;
}

/** A fill's rows: the real maker's order update and the transaction_complete record. */
async function persistFill(
  tx: Queryable,
  w: PlanWrite,
  f: Fill,
  takerReal: boolean,
  takerId: number,
): Promise<void> {
  const { p, plan, now } = w;
  const makerReal = w.isReal(f.makerUserId);
  if (makerReal) {
    await tx.query(
      `UPDATE spot_orders SET number = $1, status = $2, updated_at = $3 WHERE id = $4`,
      [
        fromUnits(f.makerLeft, p.amountPrecision),
        f.makerLeft === 0n ? 1 : 0,
        new Date(now),
        f.makerId,
      ],
    );
  }
  if (!takerReal && !makerReal) return;
  const cfg = w.core.pair(p.matchId);
  const fees = cfg === null ? null : w.core.fillFees(cfg, plan.order, f);
  await tx.query(
    `INSERT INTO transaction_complete (match_id, way, user_id, from_user_id,
       taker_order_id, maker_order_id, price, number, currency, legal, create_time,
       taker_fee, maker_fee)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
    [
      p.matchId,
      plan.order.side === 'buy' ? 2 : 1,
      plan.order.userId,
      f.makerUserId,
      takerReal ? takerId : null,
      makerReal ? f.makerId : null,
      fromUnits(f.price, p.pricePrecision),
      fromUnits(f.qty, p.amountPrecision),
      p.currencyId,
      p.legalId,
      Math.floor(now / 1000),
      attoToDecimal(fees?.takerFee ?? 0n).toFixed(),
      attoToDecimal(fees?.makerFee ?? 0n).toFixed(),
    ],
  );
}

/** Balance operations grouped by user, in the order each user first appears. */
function byUser(ops: readonly BalanceOp[]): Map<number, BalanceOp[]> {
  const out = new Map<number, BalanceOp[]>();
  for (const o of ops) {
    const list = out.get(o.userId);
    if (list === undefined) out.set(o.userId, [o]);
    else list.push(o);
  }
  return out;
}
