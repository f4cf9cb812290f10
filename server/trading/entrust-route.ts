// The account area's entrust page (spec §2 "Entrust page: tabs selling, buying, completed";
// §7 POST /api/transaction/entrust {address, type, page}): the user's spot orders across all
// pairs, five to a page ("more" when there are more than five, §9). `type`: in / 1 buying
// (resting buys), out / 2 selling (resting sells), complete / 3 finished orders: filled, or
// cancelled with or without fills (issue 20), each with what it really did (order-history.ts).
import type { FastifyInstance } from 'fastify';
import { Decimal } from '../../src/shared/decimal.ts';
import type { EntrustItem } from '../../src/shared/wire.ts';
import { userById } from '../accounts/users.ts';
import type { AppContext } from '../context.ts';
import { route } from '../http/wire-route.ts';
import { ENTRUST_TYPES, entrust } from '../../src/shared/wire/spot.ts';
import { formatTime } from '../http/format.ts';
import type { OrderDbRow } from './order-history.ts';
import { ORDER_COLUMNS, ORDER_FROM, orderFacts } from './order-history.ts';
import { offsetOf, paged } from '../http/paging.ts';

export const ENTRUST_PAGE_SIZE = 5;

export function registerEntrustRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, entrust, async ({ userId, body: b }) => {
    const type = ENTRUST_TYPES[b.type] ?? 'in';
    const where =
      type === 'complete'
        ? 'o.user_id = $1 AND o.status IN (1, 2)'
        : `o.user_id = $1 AND o.status = 0 AND o.side = '${type}'`;
    const total = await ctx.db.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM spot_orders o WHERE ${where}`,
      [userId],
    );
    const rows = await ctx.db.query<OrderDbRow & Record<string, unknown>>(
      `SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM}
       WHERE ${where} ORDER BY o.id DESC
       LIMIT ${ENTRUST_PAGE_SIZE} OFFSET ${offsetOf(b.page, ENTRUST_PAGE_SIZE)}`,
      [userId],
    );
    const user = await userById(ctx.db, userId);
    const list = rows.map((r) => entrustItem(r, type === 'complete', user?.account ?? ''));
    return paged(list, b.page, total[0]?.n ?? 0, ENTRUST_PAGE_SIZE);
  });
}

/**
 * A finished order shows what it did: the average fill price (the limit only when nothing
 * filled) and the filled quantity; a resting one its limit and what is left.
 */
function entrustItem(r: OrderDbRow, finished: boolean, account: string): EntrustItem {
  const facts = orderFacts(r);
  const limit = new Decimal(r.price).toFixed(r.price_precision);
  return {
    id: r.id,
    create_time: formatTime(new Date(r.created_at)),
    legal_name: r.legal_name,
    currency_name: r.currency_name,
    number: finished ? facts.filled : new Decimal(r.number).toFixed(r.amount_precision),
    price: finished ? (facts.avgPrice ?? limit) : limit,
    account_number: account,
    type: r.side === 'in' ? 'in' : 'out',
    total_number: new Decimal(r.total_number).toFixed(r.amount_precision),
    status: r.status,
    complete_number: facts.filled,
    ...(facts.avgPrice === null ? {} : { avg_price: facts.avgPrice }),
    ...(facts.limitPrice === null ? {} : { limit_price: facts.limitPrice }),
    mode: r.mode,
    fee: facts.fee,
    notional: new Decimal(r.notional).toFixed(),
  };
}
