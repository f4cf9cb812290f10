// What a user's spot order really did (issue 20), summed from its own fills in
// transaction_complete: the filled quantity, the volume-weighted average fill price (exact
// decimal: Σ price × number ÷ Σ number, rounded half up to the pair's price decimals) and the
// fees the user paid on them. The order row alone cannot say it: its `price` is the limit (for a
// market order, the protective band's bound) and its `number` what is left, which is 0 for a
// market order whose rest was dropped. Used by `transaction_history` (the spot screen's order
// history) and `transaction/entrust` (the account area's lists).
import { Decimal } from '../../src/shared/decimal.ts';
import type { OrderHistoryRow, PagedList } from '../../src/shared/wire.ts';
import type { AppContext } from '../context.ts';
import { formatTime } from '../http/format.ts';
import { offsetOf, paged } from '../http/paging.ts';
import type { ListFilter } from './spot-views.ts';
import { averageFillPrice } from './units.ts';

export const HISTORY_PAGE_SIZE = 10;

/** Columns of `ORDER_FROM`: the order, its pair's names and decimals, and its fills' sums. */
export const ORDER_COLUMNS = `o.id, o.side, o.mode, o.status, o.legal_id, o.currency_id,
  l.name AS legal_name, c.name AS currency_name, o.price, o.number, o.total_number,
  o.created_at, o.updated_at, m.price_precision, m.amount_precision,
  f.filled, f.notional, f.fee`;

/** The user's orders `o` with their pair and the sums of their own fills `f`. */
export const ORDER_FROM = `spot_orders o
  JOIN currencies l ON l.id = o.legal_id
  JOIN currencies c ON c.id = o.currency_id
  JOIN currency_matches m ON m.id = o.match_id
  LEFT JOIN LATERAL (
    SELECT COALESCE(SUM(t.number), 0) AS filled,
           COALESCE(SUM(t.price * t.number), 0) AS notional,
           COALESCE(SUM(CASE WHEN t.taker_order_id = o.id THEN t.taker_fee ELSE t.maker_fee END), 0) AS fee
    FROM transaction_complete t
    WHERE t.taker_order_id = o.id OR t.maker_order_id = o.id
  ) f ON TRUE`;

export interface OrderDbRow {
  id: number;
  side: string;
  mode: number;
  status: number;
  legal_id: number;
  currency_id: number;
  legal_name: string;
  currency_name: string;
  price: string;
  number: string;
  total_number: string;
  created_at: Date | string;
  updated_at: Date | string;
  price_precision: number;
  amount_precision: number;
  filled: string;
  notional: string;
  fee: string;
}

/** An order's facts as wire strings in its pair's decimals. */
export interface OrderFacts {
  filled: string;
  /** Null when nothing filled. */
  avgPrice: string | null;
  /** Null for a market order (its stored price is only the band's bound). */
  limitPrice: string | null;
  fee: string;
}

export function orderFacts(r: OrderDbRow): OrderFacts {
  const filled = new Decimal(r.filled);
  return {
    filled: filled.toFixed(r.amount_precision),
    avgPrice: averageFillPrice(new Decimal(r.notional), filled, r.price_precision),
    limitPrice: r.mode === 1 ? null : new Decimal(r.price).toFixed(r.price_precision),
    fee: new Decimal(r.fee).toFixed(),
  };
}

/** ANY /api/transaction_history: the user's finished orders (filled or cancelled), newest first. */
export async function orderHistory(
  ctx: AppContext,
  userId: number,
  b: ListFilter,
): Promise<PagedList<OrderHistoryRow>> {
  const where = `o.user_id = $1 AND o.status IN (1, 2)
    AND ($2::int IS NULL OR o.currency_id = $2) AND ($3::int IS NULL OR o.legal_id = $3)`;
  const params = [userId, b.currency_id ?? null, b.legal_id ?? null] as const;
  const count = await ctx.db.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM spot_orders o WHERE ${where}`,
    params,
  );
  const rows = await ctx.db.query<OrderDbRow & Record<string, unknown>>(
    `SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE ${where} ORDER BY o.id DESC
     LIMIT ${HISTORY_PAGE_SIZE} OFFSET ${offsetOf(b.page, HISTORY_PAGE_SIZE)}`,
    params,
  );
  return paged(rows.map(historyRow), b.page, count[0]?.n ?? 0, HISTORY_PAGE_SIZE);
}

function historyRow(r: OrderDbRow): OrderHistoryRow {
  const facts = orderFacts(r);
  const buys = r.side === 'in';
  return {
    id: r.id,
    way: buys ? 2 : 1,
    type: buys ? 'in' : 'out',
    legal_id: r.legal_id,
    currency_id: r.currency_id,
    legal_name: r.legal_name,
    currency_name: r.currency_name,
    mode: r.mode,
    status: r.status,
    total_number: new Decimal(r.total_number).toFixed(r.amount_precision),
    complete_number: facts.filled,
    ...(facts.avgPrice === null ? {} : { avg_price: facts.avgPrice }),
    ...(facts.limitPrice === null ? {} : { limit_price: facts.limitPrice }),
    fee: facts.fee,
    create_time: formatTime(new Date(r.created_at)),
    update_time: formatTime(new Date(r.updated_at)),
  };
}
