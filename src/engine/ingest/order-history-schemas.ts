// The spot order history (issue 20, docs/api-extensions.md "Spot (issue 3)"): the user's
// finished orders from `transaction_history`, each with what it really did (filled quantity,
// average fill price, the limit apart) and how it ended.
import { z } from 'zod';
import { Decimal } from '../../shared/decimal.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { FilledOrderView, SpotOrderOutcome } from '../api.ts';
import { pagedOf, wireDecimal, wireInt } from './schemas.ts';

const ZERO = '0' as DecStr;

/** A finished order's end: status 1 filled; 2 cancelled, after a partial fill or untouched. */
export function orderOutcome(status: number, filled: DecStr): SpotOrderOutcome {
  if (status === 1) return 'filled';
  return new Decimal(filled).greaterThan(0) ? 'part-cancelled' : 'cancelled';
}

const orderHistoryRow = z
  .object({
    id: wireInt,
    type: z.enum(['in', 'out']),
    currency_name: z.string(),
    legal_name: z.string(),
    mode: wireInt,
    status: wireInt.refine((s) => s === 1 || s === 2, 'not a finished status'),
    total_number: wireDecimal,
    complete_number: wireDecimal,
    avg_price: wireDecimal.optional(),
    limit_price: wireDecimal.optional(),
    fee: wireDecimal,
    create_time: z.union([z.string(), z.number()]).transform(String),
  })
  .transform((r): FilledOrderView => ({
    id: r.id,
    side: r.type === 'in' ? 'buy' : 'sell',
    symbol: `${r.currency_name}/${r.legal_name}`,
    price: r.avg_price ?? ZERO,
    number: r.complete_number,
    fee: r.fee,
    time: r.create_time,
    outcome: orderOutcome(r.status, r.complete_number),
    total: r.total_number,
    ...(r.limit_price === undefined ? {} : { limitPrice: r.limit_price }),
    mode: r.mode === 1 ? 1 : 2,
  }));

export const orderHistoryPage = pagedOf(orderHistoryRow);
