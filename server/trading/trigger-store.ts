// The rows of spot conditional orders (issue 44, ADR 0052, 0056): writing a waiting order with
// its reserve, claiming it out of waiting exactly once (the `status = 0` guard every path goes
// through), and the ledger operations of its reserve. Shared by the trigger engine
// (spot-triggers.ts) and the OCO pairs (spot-oco.ts).
import type { Param, Queryable } from '../db/database.ts';
import type { PairSpec } from '../market/simulator.ts';
import { symbolOf } from '../market/wire-format.ts';
import { noteDec } from '../notify/note-values.ts';
import { LOG_TYPE } from '../wallet/ledger.ts';
import { ATTO_DECIMALS, type BalanceOp } from './core.ts';
import { writeLedger } from './spot-settlement.ts';
import { requireAvailable } from './spot-order-checks.ts';
import { ApiError } from '../http/api-error.ts';
import { placesLimit, type WaitingTrigger } from './trigger-rules.ts';
import { attoToDecimal, columnToUnits, fromUnits } from './units.ts';

/** What a waiting order holds. */
export type Reserve = Pick<WaitingTrigger, 'userId' | 'reserveCurrency' | 'reserved'>;

/** Writes a waiting order and holds its reserve; its id. */
export async function insertTrigger(
  tx: Queryable,
  p: PairSpec,
  t: WaitingTrigger,
  clientId: string | null,
  now: number,
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO spot_triggers (user_id, match_id, side, kind, trigger_price, price, number,
       reserve_currency, reserved, status, client_id, oco_order_id, created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,0,$10,$11,$12,$12) RETURNING id`,
    [
      t.userId,
      p.matchId,
      t.side === 'buy' ? 'in' : 'out',
      t.kind,
      fromUnits(t.trigger, p.pricePrecision),
      placesLimit(t.kind) ? fromUnits(t.price, p.pricePrecision) : null,
      fromUnits(t.qty, p.amountPrecision),
      t.reserveCurrency,
      attoToDecimal(t.reserved).toFixed(),
      clientId,
      t.ocoOrderId,
      new Date(now),
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('spot_triggers: no id');
  if (t.reserved > 0n)
    await writeLedger(tx, holdOps(t), LOG_TYPE.spotTriggerHold, `trigger #${id}`, now);
  return id;
}

/**
 * An amended waiting order (ADR 0067): its new trigger, limit price, amount and reserve, its
 * reserve moved by the difference (more held only from what is available). The row is locked and
 * must still be waiting, else `spot.trigger.notFound` (it fired or was cancelled meanwhile).
 */
export async function updateTrigger(
  tx: Queryable,
  p: PairSpec,
  t: WaitingTrigger,
  now: number,
): Promise<void> {
  const rows = await tx.query<{ reserved: string }>(
    'SELECT reserved FROM spot_triggers WHERE id = $1 AND status = 0 FOR UPDATE',
    [t.id],
  );
  const before = rows[0];
  if (before === undefined) throw new ApiError('spot.trigger.notFound');
  await tx.query(
    `UPDATE spot_triggers SET trigger_price = $2, price = $3, number = $4, reserved = $5,
       updated_at = $6 WHERE id = $1`,
    [
      t.id,
      fromUnits(t.trigger, p.pricePrecision),
      placesLimit(t.kind) ? fromUnits(t.price, p.pricePrecision) : null,
      fromUnits(t.qty, p.amountPrecision),
      attoToDecimal(t.reserved).toFixed(),
      new Date(now),
    ],
  );
  const delta = t.reserved - columnToUnits(before.reserved, ATTO_DECIMALS);
  const memo = `trigger #${t.id}`;
  if (delta > 0n) {
    await requireAvailable(tx, p, t.userId, t.reserveCurrency, delta);
    await writeLedger(tx, holdOps({ ...t, reserved: delta }), LOG_TYPE.spotTriggerHold, memo, now);
  } else if (delta < 0n)
    await writeLedger(
      tx,
      releaseOps({ ...t, reserved: -delta }),
      LOG_TYPE.spotTriggerRelease,
      memo,
      now,
    );
}

/**
 * Moves a waiting order's status from 0 to `status` (1 triggered, 2 cancelled, 3 refused), with
 * the reason's message id, and releases its reserve: what it held, or null when it was not
 * waiting (another path has decided it).
 */
export async function claimTrigger(
  tx: Queryable,
  id: number,
  status: 1 | 2 | 3,
  now: number,
  opts: { userId?: number; reason?: string } = {},
): Promise<Reserve | null> {
  const params: Param[] = [id, status, new Date(now), opts.reason ?? ''];
  if (opts.userId !== undefined) params.push(opts.userId);
  const rows = await tx.query<{ user_id: number; reserve_currency: number; reserved: string }>(
    `UPDATE spot_triggers SET status = $2, updated_at = $3, reason = $4
     WHERE id = $1 AND status = 0 ${opts.userId === undefined ? '' : 'AND user_id = $5'}
     RETURNING user_id, reserve_currency, reserved`,
    params,
  );
  const r = rows[0];
  if (r === undefined) return null;
  const held: Reserve = {
    userId: r.user_id,
    reserveCurrency: r.reserve_currency,
    reserved: columnToUnits(r.reserved, ATTO_DECIMALS),
  };
  if (held.reserved > 0n)
    await writeLedger(tx, releaseOps(held), LOG_TYPE.spotTriggerRelease, `trigger #${id}`, now);
  return held;
}

export const holdOps = (t: Reserve): BalanceOp[] => [
  { userId: t.userId, currencyId: t.reserveCurrency, field: 'available', delta: -t.reserved },
  { userId: t.userId, currencyId: t.reserveCurrency, field: 'locked', delta: t.reserved },
];

const releaseOps = (t: Reserve): BalanceOp[] => holdOps({ ...t, reserved: -t.reserved });

/** A notification's facts about a conditional order (`T<id>` until it has placed its order). */
export function triggerNote(
  p: PairSpec,
  t: Pick<WaitingTrigger, 'id' | 'side' | 'trigger'>,
  last: bigint,
  orderId: number | null,
) {
  return {
    order_id: orderId === null ? `T${t.id}` : String(orderId),
    symbol: symbolOf(p),
    side: t.side,
    level: noteDec(fromUnits(t.trigger, p.pricePrecision)),
    last: noteDec(fromUnits(last, p.pricePrecision)),
  };
}
