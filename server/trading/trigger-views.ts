// The user's conditional orders as GET /api/transaction/conditional_list answers them (issue 44):
// waiting, or done (triggered, with the state and the filled amount of the order it placed;
// cancelled; refused with the reason in the reader's language), newest first, amounts in the
// pair's decimals. What filled is summed from the order's own fills, as the order history does:
// a market order's row keeps nothing of its unfilled rest.
import { Decimal } from '../../src/shared/decimal.ts';
import type { Lang } from '../../src/shared/locales.ts';
import type { ReplyOut, RequestIn } from '../../src/shared/wire/call.ts';
import type { spotTriggers } from '../../src/shared/wire/spot-orders.ts';
import type { Queryable } from '../db/database.ts';
import { offsetOf, paged } from '../http/paging.ts';
import { t, type MessageValues } from '../i18n/messages.ts';
import type { SpotService } from './spot-service.ts';
import { PAGE_SIZE } from './spot-views.ts';

type Row = ReplyOut<typeof spotTriggers>['list'] extends (infer R)[] | undefined ? R : never;

interface DbRow {
  id: number;
  side: string;
  kind: string;
  legal_id: number;
  currency_id: number;
  legal_name: string;
  currency_name: string;
  trigger_price: string;
  price: string | null;
  number: string;
  status: number;
  order_id: number | null;
  order_status: number | null;
  filled: string | null;
  reason: string;
  reason_values: string;
  oco_order_id: number | null;
  oco_price: string | null;
  created_at: Date;
  updated_at: Date;
}

export async function listTriggers(
  db: Queryable,
  spot: SpotService,
  lang: Lang,
  userId: number,
  b: RequestIn<typeof spotTriggers>,
): Promise<ReplyOut<typeof spotTriggers>> {
  const where = `s.user_id = $1 AND ${b.status === 'waiting' ? 's.status = 0' : 's.status <> 0'}
    AND ($2::int IS NULL OR m.currency_id = $2) AND ($3::int IS NULL OR m.legal_id = $3)`;
  const params = [userId, b.currency_id ?? null, b.legal_id ?? null] as const;
  const from = `FROM spot_triggers s JOIN currency_matches m ON m.id = s.match_id`;
  const count = await db.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n ${from} WHERE ${where}`,
    params,
  );
  const rows = await db.query<DbRow & Record<string, unknown>>(
    `SELECT s.id, s.side, s.kind, m.legal_id, m.currency_id, l.name AS legal_name,
            c.name AS currency_name, s.trigger_price, s.price, s.number, s.status, s.order_id,
            o.status AS order_status, f.filled, s.reason, s.reason_values, s.oco_order_id, lo.price AS oco_price,
            s.created_at, s.updated_at
     ${from} JOIN currencies l ON l.id = m.legal_id JOIN currencies c ON c.id = m.currency_id
     LEFT JOIN spot_orders o ON o.id = s.order_id
     LEFT JOIN spot_orders lo ON lo.id = s.oco_order_id
     LEFT JOIN LATERAL (
       SELECT SUM(t.number) AS filled FROM transaction_complete t
       WHERE s.order_id IS NOT NULL AND (t.taker_order_id = s.order_id OR t.maker_order_id = s.order_id)
     ) f ON TRUE
     WHERE ${where} ORDER BY s.id DESC LIMIT ${PAGE_SIZE} OFFSET ${offsetOf(b.page, PAGE_SIZE)}`,
    params,
  );
  const list = rows.map((r): Row => {
    const pair = spot.pairByIds(r.legal_id, r.currency_id);
    const pp = pair?.pricePrecision ?? 8;
    const ap = pair?.amountPrecision ?? 8;
    return {
      id: r.id,
      type: r.side === 'in' ? 'in' : 'out',
      kind: r.kind as Row['kind'],
      legal_id: r.legal_id,
      currency_id: r.currency_id,
      legal_name: r.legal_name,
      currency_name: r.currency_name,
      trigger_price: new Decimal(r.trigger_price).toFixed(pp),
      ...(r.price === null ? {} : { price: new Decimal(r.price).toFixed(pp) }),
      number: new Decimal(r.number).toFixed(ap),
      status: r.status,
      ...placedOrder(r, ap),
      ...(r.reason === '' ? {} : { reason: t(lang, r.reason, reasonValues(r.reason_values)) }),
      ...(r.oco_order_id === null ? {} : { oco_order_id: r.oco_order_id }),
      ...(r.oco_price === null ? {} : { oco_price: new Decimal(r.oco_price).toFixed(pp) }),
      create_time: Math.floor(new Date(r.created_at).getTime() / 1000),
      update_time: Math.floor(new Date(r.updated_at).getTime() / 1000),
    };
  });
  return paged(list, b.page, count[0]?.n ?? 0, PAGE_SIZE);
}

/** The order a triggered row placed: its id, its state and what of it filled. */
function placedOrder(r: DbRow, ap: number): Pick<Row, 'order_id' | 'order_status' | 'filled'> {
  if (r.order_id === null) return {};
  return {
    order_id: r.order_id,
    ...(r.order_status === null ? {} : { order_status: r.order_status }),
    filled: new Decimal(r.filled ?? '0').toFixed(ap),
  };
}

/** The stored values of a refusal's message (JSON of strings, numbers and local decimals). */
function reasonValues(json: string): MessageValues {
  try {
    const v: unknown = JSON.parse(json);
    return typeof v === 'object' && v !== null ? (v as MessageValues) : {};
  } catch {
    return {};
  }
}
