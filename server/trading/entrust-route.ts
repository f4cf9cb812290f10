// The account area's entrust page (spec §2 "Entrust page: tabs selling, buying, completed";
// §7 POST /api/transaction/entrust {address, type, page}): the user's spot orders across all
// pairs, five to a page ("more" when there are more than five, §9). `type`: in / 1 buying
// (resting buys), out / 2 selling (resting sells), complete / 3 filled orders.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Decimal } from '../../src/shared/decimal.ts';
import type { EntrustItem } from '../../src/shared/wire.ts';
import { userById } from '../accounts/users.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../context.ts';
import { ok, parse, text } from '../http/envelope.ts';
import { formatTime, paged } from '../http/format.ts';

export const ENTRUST_PAGE_SIZE = 5;

const TYPES: Readonly<Record<string, 'in' | 'out' | 'complete'>> = {
  in: 'in',
  '1': 'in',
  out: 'out',
  '2': 'out',
  complete: 'complete',
  '3': 'complete',
};

const body = z.object({
  address: text(200).optional(),
  type: text(10).pipe(z.string().refine((v) => v in TYPES)),
  page: z.coerce.number().int().positive().max(100_000).default(1),
});

interface Row {
  id: number;
  side: string;
  legal_name: string;
  currency_name: string;
  price: string;
  number: string;
  total_number: string;
  status: number;
  created_at: Date;
}

export function registerEntrustRoute(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/transaction/entrust', async (req) => {
    const userId = await requireUser(ctx, req);
    const b = parse(body, req);
    const type = TYPES[b.type] ?? 'in';
    const where =
      type === 'complete'
        ? 'o.user_id = $1 AND o.status = 1'
        : `o.user_id = $1 AND o.status = 0 AND o.side = '${type}'`;
    const total = await ctx.db.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM spot_orders o WHERE ${where}`,
      [userId],
    );
    const rows = await ctx.db.query<Row & Record<string, unknown>>(
      `SELECT o.id, o.side, l.name AS legal_name, c.name AS currency_name, o.price, o.number,
              o.total_number, o.status, o.created_at
       FROM spot_orders o JOIN currencies l ON l.id = o.legal_id JOIN currencies c ON c.id = o.currency_id
       WHERE ${where} ORDER BY o.id DESC
       LIMIT ${ENTRUST_PAGE_SIZE} OFFSET ${(b.page - 1) * ENTRUST_PAGE_SIZE}`,
      [userId],
    );
    const user = await userById(ctx.db, userId);
    const list: EntrustItem[] = rows.map((r) => ({
      id: r.id,
      create_time: formatTime(new Date(r.created_at)),
      legal_name: r.legal_name,
      currency_name: r.currency_name,
      number: new Decimal(type === 'complete' ? r.total_number : r.number).toFixed(),
      price: new Decimal(r.price).toFixed(),
      account_number: user?.account ?? '',
      type: r.side === 'in' ? 'in' : 'out',
      total_number: new Decimal(r.total_number).toFixed(),
      status: r.status,
    }));
    return ok(paged(list, b.page, total[0]?.n ?? 0, ENTRUST_PAGE_SIZE));
  });
}
