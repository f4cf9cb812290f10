// The spot order extensions of issue 44 (docs/api-extensions.md "Amend", "Conditional orders"):
// amending a resting order, and the stop and take-profit orders that wait for a trigger. A legacy
// client never sends them and is answered as before.
import { z } from 'zod';
import { call } from './call.ts';
import { text, wireDecimal, wireInt, wireText } from './primitives.ts';
import { id, listRequest, orderErrors, spotPage } from './spot.ts';

export const spotTriggerKind = z.enum(['stop_limit', 'stop_market', 'tp_limit', 'tp_market']);

/** One of the user's conditional orders. */
export const spotTriggerRow = z.object({
  id: wireInt,
  type: z.enum(['in', 'out']),
  kind: spotTriggerKind,
  legal_id: wireInt,
  currency_id: wireInt,
  legal_name: z.string(),
  currency_name: z.string(),
  trigger_price: wireDecimal,
  /** The limit of the limit kinds. */
  price: wireDecimal.optional(),
  number: wireDecimal,
  /** 0 waiting, 1 triggered, 2 cancelled, 3 refused when it triggered. */
  status: wireInt,
  /** The order it placed (triggered). */
  order_id: wireInt.optional(),
  /** That order's state: 0 resting, 1 filled, 2 cancelled (its unfilled rest). */
  order_status: wireInt.optional(),
  /** How much of that order filled. */
  filled: wireDecimal.optional(),
  /** Why it was refused, or cancelled by its OCO's limit leg, in the reader's language. */
  reason: wireText.optional(),
  /** The stop leg of an OCO: its limit leg, and that order's price. */
  oco_order_id: wireInt.optional(),
  oco_price: wireDecimal.optional(),
  create_time: wireInt,
  update_time: wireInt,
});

export const spotAmend = call({
  method: 'POST',
  path: '/api/transaction/amend',
  auth: 'user',
  origin: 'extension',
  summary:
    "Changes one of the user's resting limit orders: its price and/or its remaining amount " +
    '(`num`), atomically. Only the amount lowered: the order keeps its id and its place in the ' +
    'queue; otherwise it is cancelled and replaced by a new order (`id`), at the back of the queue.',
  request: z.object({ id, price: text(60).optional(), num: text(60).optional() }),
  reply: z.object({ id: wireInt, kept: z.boolean(), msg: z.string() }),
  errors: [
    ...orderErrors,
    'spot.orderNotFound',
    'spot.amend.gone',
    'spot.amend.same',
    'spot.amend.nothing',
    'spot.amend.belowFilled',
    'spot.amend.ocoLeg',
  ],
});

export const spotTriggerPlace = call({
  method: 'POST',
  path: '/api/transaction/conditional',
  auth: 'user',
  origin: 'extension',
  summary:
    'Places a stop or take-profit order that waits, its funds reserved, until the last price ' +
    'reaches `trigger_price`; then it places a limit (at `price`) or market order once.',
  request: z.object({
    legal_id: id,
    currency_id: id,
    type: z.enum(['in', 'out']),
    kind: spotTriggerKind,
    trigger_price: text(60),
    price: text(60).optional(),
    num: text(60),
    client_id: text(64).pipe(z.string().min(1)).optional(),
    /** An OCO (ADR 0056): the price of its limit leg, placed with the stop as one pair. */
    oco_price: text(60).optional(),
  }),
  /** `order_id`: an OCO's limit leg. */
  reply: z.object({ id: wireInt, order_id: wireInt.optional(), msg: z.string() }),
  errors: [
    ...orderErrors,
    'spot.trigger.priceRequired',
    'spot.trigger.reached',
    'spot.trigger.tooMany',
    'spot.oco.kind',
    'spot.oco.sellPrices',
    'spot.oco.buyPrices',
    'spot.oco.limitWouldTrade',
  ],
});

export const spotTriggerCancel = call({
  method: 'POST',
  path: '/api/transaction/conditional_cancel',
  auth: 'user',
  origin: 'extension',
  summary: "Cancels one of the user's waiting conditional orders and releases its reserve.",
  request: z.object({ id }),
  reply: z.string(),
  errors: ['spot.trigger.notFound'],
});

export const spotTriggerAmend = call({
  method: 'POST',
  path: '/api/transaction/conditional_amend',
  auth: 'user',
  origin: 'extension',
  summary:
    "Changes one of the user's waiting conditional orders (ADR 0067): its trigger, its limit " +
    'price and/or its amount, in one step; its reserve moves by the difference, its id stays.',
  request: z.object({
    id,
    trigger_price: text(60).optional(),
    price: text(60).optional(),
    num: text(60).optional(),
  }),
  reply: z.string(),
  errors: [
    ...orderErrors,
    'spot.trigger.notFound',
    'spot.trigger.priceRequired',
    'spot.trigger.reached',
    'spot.amend.nothing',
    'spot.amend.same',
    'spot.amend.ocoLeg',
  ],
});

export const spotTriggers = call({
  method: 'GET',
  path: '/api/transaction/conditional_list',
  auth: 'user',
  origin: 'extension',
  summary:
    "The user's conditional orders, newest first: the waiting ones, or the done ones " +
    '(triggered, cancelled, refused).',
  request: listRequest.extend({ status: z.enum(['waiting', 'done']).default('waiting') }),
  reply: spotPage(spotTriggerRow),
  errors: [],
});

export const spotScalePlace = call({
  method: 'POST',
  path: '/api/transaction/scale',
  auth: 'user',
  origin: 'extension',
  summary:
    '2–50 resting limit orders from `from_price` to `to_price`, `num` in all, each `skew` times ' +
    'the first at the last (1: all alike), placed together or not at all (ADR 0057).',
  request: z.object({
    legal_id: id,
    currency_id: id,
    type: z.enum(['in', 'out']),
    from_price: text(60),
    to_price: text(60),
    count: text(8),
    num: text(60),
    skew: text(20).optional(),
    client_id: text(64).pipe(z.string().min(1)).optional(),
  }),
  /** `group`: the scale's name for cancelling it (its first order's id). */
  reply: z.object({
    group: wireInt,
    ids: z.array(wireInt),
    average: wireDecimal,
    msg: z.string(),
  }),
  errors: [
    ...orderErrors,
    'spot.scale.count',
    'spot.scale.skew',
    'spot.scale.prices',
    'spot.scale.range',
    'spot.scale.total',
    'spot.scale.tooSmall',
    'spot.scale.wouldTrade',
  ],
});

export const spotScaleCancel = call({
  method: 'POST',
  path: '/api/transaction/scale_cancel',
  auth: 'user',
  origin: 'extension',
  summary: "Cancels every resting order of one of the user's scale orders.",
  request: z.object({ group: id }),
  reply: z.string(),
  errors: ['spot.scale.notFound'],
});
