// The reply of a user's spot order: the one its plan makes (stored on the order's row), and the
// stored one a retry with the same client id gets back instead of a second order.
import type { Queryable } from '../db/database.ts';
import { localDecimal } from '../i18n/messages.ts';
import type { MessageValues } from '../i18n/messages.ts';
import type { PairSpec } from '../market/simulator.ts';
import type { Plan } from './core.ts';
import { MARKET_BAND_BP } from './spot-order-checks.ts';
import { fromUnits } from './units.ts';

export interface Reply {
  type: string;
  id: string;
  values: MessageValues;
}

/**
 * The reply of a planned order: filled, placed, part filled, cut by the band or liquidity, or an
 * IOC's rest let go. (An order that would do nothing is refused before: refuseIdle.)
 */
export function replyOf(p: PairSpec, plan: Plan): Reply {
  const values: MessageValues = {
    filled: localDecimal(fromUnits(plan.filled, p.amountPrecision), p.amountPrecision),
    total: localDecimal(fromUnits(plan.order.qty, p.amountPrecision), p.amountPrecision),
    currency: p.currencyName,
    legal: p.legalName,
    price: localDecimal(fromUnits(plan.limit, p.pricePrecision), p.pricePrecision),
    band: Number(MARKET_BAND_BP) / 100,
  };
  let id: string;
  if (plan.order.kind === 'market') {
    if (plan.cancelled === 0n) id = 'spot.filled';
    else id = plan.bandLimited ? 'spot.bandCut' : 'spot.liquidityCut';
  } else if (plan.cancelled > 0n) id = 'spot.iocPartFilled';
  else if (plan.filled === 0n) id = 'spot.placed';
  else id = plan.rest === 0n ? 'spot.filled' : 'spot.partFilled';
  return { type: 'ok', id, values };
}

/** The reply stored with the user's order of this client id, or null when there is none. */
export async function storedReply(
  db: Queryable,
  userId: number,
  clientId: string,
): Promise<Reply | null> {
  const rows = await db.query<{
    reply_type: string;
    reply_id: string;
    reply_values: string;
  }>(
    'SELECT reply_type, reply_id, reply_values FROM spot_orders WHERE user_id = $1 AND client_id = $2',
    [userId, clientId],
  );
  const r = rows[0];
  if (r === undefined) return null;
  const values: unknown = JSON.parse(r.reply_values);
  return { type: r.reply_type, id: r.reply_id, values: isValues(values) ? values : {} };
}

/** PostgreSQL's unique_violation: here, a second order with a client id already used. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';
}

function isValues(v: unknown): v is MessageValues {
  return (
    typeof v === 'object' &&
    v !== null &&
    Object.values(v).every(
      (x) =>
        typeof x === 'string' ||
        typeof x === 'number' ||
        (typeof x === 'object' &&
          x !== null &&
          typeof (x as { decimal?: unknown }).decimal === 'string' &&
          typeof (x as { dp?: unknown }).dp === 'number'),
    )
  );
}
