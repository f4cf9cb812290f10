// The conditional order replies (src/shared/wire/spot-orders.ts, issue 44), mapped to the engine's views.
import type { z } from 'zod';
import type { spotTriggerRow } from '../../shared/wire/spot-orders.ts';
import { spotTriggerPlace, spotTriggers } from '../../shared/wire/spot-orders.ts';
import type { SpotTriggerPage, SpotTriggerView } from '../api.ts';

const STATUS: readonly SpotTriggerView['status'][] = [
  'waiting',
  'triggered',
  'cancelled',
  'refused',
];

const ORDER_STATUS: readonly NonNullable<SpotTriggerView['orderStatus']>[] = [
  'open',
  'filled',
  'cancelled',
];

const toView = (r: z.output<typeof spotTriggerRow>): SpotTriggerView => ({
  id: r.id,
  side: r.type === 'in' ? 'buy' : 'sell',
  kind: r.kind,
  symbol: `${r.currency_name}/${r.legal_name}`,
  trigger: r.trigger_price,
  price: r.price ?? null,
  number: r.number,
  status: STATUS[r.status] ?? 'refused',
  orderId: r.order_id ?? null,
  orderStatus: r.order_status === undefined ? null : (ORDER_STATUS[r.order_status] ?? null),
  filled: r.filled ?? null,
  reason: r.reason ?? null,
  ocoOrderId: r.oco_order_id ?? null,
  ocoPrice: r.oco_price ?? null,
  createdAt: r.create_time * 1000,
  updatedAt: r.update_time * 1000,
});

export const spotTriggersReply = spotTriggers.reply.transform((r): SpotTriggerPage => {
  const rows = (r.list ?? r.data ?? []).map(toView);
  const page = r.page ?? 1;
  const pages = r.pages ?? page;
  return { rows, page, pages, total: r.total ?? rows.length, hasMore: page < pages };
});

export const spotTriggerPlaceReply = spotTriggerPlace.reply;
