// The spot order history (issue 20, docs/api-extensions.md "Spot (issue 3)"): the user's
// finished orders from `transaction_history`, each with what it really did (filled quantity,
// average fill price, the limit apart) and how it ended.
import type { z } from 'zod';
import { Decimal } from '../../shared/decimal.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { FilledOrderView, SpotOrderOutcome } from '../api.ts';
import { spotOrderHistory, type spotFinishedRow } from '../../shared/wire/spot.ts';
import { pageRows } from './schemas.ts';

const ZERO = '0' as DecStr;

/** A finished order's end: status 1 filled; 2 cancelled, after a partial fill or untouched. */
export function orderOutcome(status: number, filled: DecStr): SpotOrderOutcome {
  if (status === 1) return 'filled';
  return new Decimal(filled).greaterThan(0) ? 'part-cancelled' : 'cancelled';
}

const orderHistoryRow = (r: z.output<typeof spotFinishedRow>): FilledOrderView => ({
  id: r.id,
  side: r.type === 'in' ? 'buy' : 'sell',
  symbol: `${r.currency_name}/${r.legal_name}`,
  price: r.avg_price ?? ZERO,
  number: r.complete_number,
  fee: r.fee,
  time: String(r.create_time),
  outcome: orderOutcome(r.status, r.complete_number),
  total: r.total_number,
  ...(r.limit_price === undefined ? {} : { limitPrice: r.limit_price }),
  mode: r.mode === 1 ? 1 : 2,
});

export const orderHistoryPage = spotOrderHistory.reply.transform(pageRows(orderHistoryRow));
