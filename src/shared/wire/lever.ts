// Leveraged contracts (api-contract §5; docs/api-extensions.md "Leveraged contracts"): the deal
// panel, submit (identity approved: `998`; idempotent with `client_id`), the user's positions
// (a Laravel paginator with the risk figures), close, cancel, stop levels, batch close. A
// position row is also the `lever_trade` push's (`trades_all`, `trades_entrust`).
import { z } from 'zod';
import { call } from './call.ts';
import { pageLimit, pageNumber, text, wireDecimal, wireInt, wireText } from './primitives.ts';

export const LEVER_PAGE_SIZE = 10;
export const LEVER_PAGE_MAX = 50;

const optionalDecimal = wireDecimal.optional().nullable();
const id = z.coerce.number().int().positive().max(2_147_483_647).describe('id');

/** A position as the wire carries it (the stored columns and the appended fields). */
export const leverPositionRow = z.object({
  id: wireInt,
  /** 1 long, 2 short. */
  type: wireInt,
  symbol: wireText,
  legal: wireInt.optional(),
  currency: wireInt.optional(),
  match_id: wireInt.optional(),
  /** 0 pending, 1 open, 2 closing, 3 closed, 4 cancelled. */
  status: wireInt,
  share: wireDecimal,
  number: optionalDecimal,
  multiple: wireInt.optional(),
  origin_price: optionalDecimal,
  price: wireDecimal,
  /** The mark price it was last valued at. */
  update_price: optionalDecimal,
  target_profit_price: optionalDecimal,
  stop_loss_price: optionalDecimal,
  /** Extension (ADR 0059): what the levels watch; absent from the legacy backend: the mark. */
  trigger_by: z.enum(['mark', 'last']).optional(),
  /** Extension (ADR 0060): the trailing stop; "0": none, not active yet. */
  trail_rate: optionalDecimal,
  trail_activation: optionalDecimal,
  trail_peak: optionalDecimal,
  /** Extension (ADR 0061): 1 a reduce-only order (no margin, closes the other side's hands). */
  reduce_only: wireInt.optional(),
  /** Extension (ADR 0061): the hands a partial close took off the position with this id. */
  split_from: wireInt.nullable().optional(),
  /**
   * Extension (ADR 0065), a conditional entry order: its trigger ("0": none), which way the price
   * must move (1 rises, 2 falls), 1 when it opens at market, and its state (0 none, 1 waiting,
   * 2 triggered, 3 refused when triggered).
   */
  stop_price: optionalDecimal,
  stop_dir: wireInt.optional(),
  stop_market: wireInt.optional(),
  stop_state: wireInt.optional(),
  caution_money: optionalDecimal,
  origin_caution_money: optionalDecimal,
  trade_fee: optionalDecimal,
  overnight: optionalDecimal,
  overnight_money: optionalDecimal,
  profits: optionalDecimal,
  fact_profits: optionalDecimal,
  status_name: wireText,
  type_name: wireText,
  time: wireText,
  create_time: wireInt.optional(),
  transaction_time: wireText,
  update_time: wireText,
  handle_time: wireText,
  complete_time: wireText,
  show_lever_id: wireInt.optional(),
});

/** The Laravel 5 paginator subset the position lists answer. */
const positionPage = z.object({
  data: z.array(leverPositionRow),
  current_page: wireInt.optional(),
  last_page: wireInt.optional(),
  per_page: wireInt.optional(),
  total: wireInt.optional(),
  from: wireInt.nullish(),
  to: wireInt.nullish(),
});

const level = z.object({ price: wireDecimal, number: wireDecimal });
const valueList = z.array(z.object({ value: wireInt })).default([]);
const pairRequest = z.object({ legal_id: id, currency_id: id });

export const leverDeal = call({
  method: 'POST',
  also: 'GET',
  path: '/api/lever/deal',
  auth: 'visitor',
  origin: 'legacy',
  summary: "The pair's contract panel: its book of open positions, limits, figures, a user's own.",
  request: pairRequest,
  reply: z.object({
    lever_transaction: z
      .object({ in: z.array(level).default([]), out: z.array(level).default([]) })
      .optional(),
    my_transaction: z.array(leverPositionRow).optional(),
    lever_share_limit: z.object({ min: wireInt, max: wireInt }),
    multiple: z.object({ muit: valueList, share: valueList }),
    last_price: optionalDecimal,
    user_lever: optionalDecimal,
    all_levers: optionalDecimal,
    ustd_price: optionalDecimal,
    ExRAte: optionalDecimal,
    // extensions: the cost read-out and the liquidation line (api-contract decision 10)
    mark_price: optionalDecimal,
    lever_share_num: optionalDecimal,
    spread: optionalDecimal,
    lever_trade_fee: optionalDecimal,
    overnight: optionalDecimal,
    price_precision: wireInt.optional(),
    burst_hazard_rate: optionalDecimal,
    open_lever_entrust: wireInt.optional(),
    /** The pair's latest opened positions of all users (no owner). */
    recent: z
      .array(z.object({ time: wireInt, type: wireInt, price: wireDecimal, number: wireDecimal }))
      .default([]),
  }),
  errors: ['lever.pairClosed'],
});

/** What a position's levels watch (ADR 0059). */
const triggerBy = z.enum(['mark', 'last']).optional().describe("'mark' | 'last'");

export const leverSubmit = call({
  method: 'POST',
  path: '/api/lever/submit',
  auth: 'user',
  origin: 'legacy',
  summary:
    'Opens a position at market or places a limit order (identity approved first: `998`), once per `client_id`.',
  request: z.object({
    legal_id: id,
    currency_id: id,
    share: text(20),
    multiple: z.coerce.number().int().positive().max(10_000).describe('int'),
    /** 1 long, 2 short. */
    type: z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(1), z.literal(2)]))
      .default(1)
      .describe('1 | 2'),
    /** 1 at market, 0 a limit order at `target_price`. */
    status: z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .default(1)
      .describe('0 | 1'),
    target_price: text(60).optional(),
    client_id: text(64).pipe(z.string().min(1)).optional(),
    /** Extension (ADR 0058): take profit and stop loss set with the order; empty is not set. */
    target_profit_price: text(60).optional(),
    stop_loss_price: text(60).optional(),
    /** Extension (ADR 0059): what the levels watch, the mark (default) or the last trade. */
    trigger_by: triggerBy,
    /** Extension (ADR 0060): a trailing stop's callback rate in % (0.1–10) and activation price. */
    trail_rate: text(10).optional(),
    trail_activation: text(60).optional(),
    /** Extension (ADR 0061): closes hands of the other side's positions, never opens one. */
    reduce_only: z.enum(['0', '1']).default('0'),
    /**
     * Extension (ADR 0065): a conditional entry. It waits until the price `trigger_by` names
     * reaches `stop_price`, then opens at the mark (`status` 1) or becomes a limit order at
     * `target_price` (`status` 0). `stop_kind` says which way: a long's stop fires as the price
     * rises to it, its take-profit as it falls (a short mirrored); absent: from the price now.
     */
    stop_price: text(60).optional(),
    stop_kind: z.enum(['stop', 'tp']).optional(),
  }),
  // the legacy backend answers a text; the reference server what it did with the position's id
  reply: z.union([
    z.string(),
    z.object({ text: z.string(), id: wireInt, repeated: z.boolean().optional() }),
  ]),
  errors: [
    'identity.required',
    'validation.lever.shareInteger',
    'lever.targetRequired',
    'validation.amountFormat',
    'validation.amountDecimals',
    'validation.amountTooLarge',
    'lever.pairClosed',
    'lever.shareBelowMin',
    'lever.shareAboveMax',
    'lever.multipleInvalid',
    'lever.closing',
    'lever.noPrice',
    'lever.entrustClosed',
    'lever.limitBuyAbove',
    'lever.limitSellBelow',
    'lever.insufficient',
    'validation.lever.stopInvalid',
    'lever.stopClosed',
    'lever.stopLong',
    'lever.stopShort',
    'lever.trailRate',
    'lever.reduceOnlyLevels',
    'lever.reduceOnlyAbove',
    'lever.reduceOnlyTrigger',
    'lever.triggerRequired',
    'lever.triggerReached',
  ],
});

const listRequest = z.object({
  /** -1 all, 0 pending, 1 open, 2 closing, 3 closed, 4 cancelled. */
  status: z.coerce.number().int().min(-1).max(4).default(-1).describe('-1..4'),
  legal_id: id.optional(),
  currency_id: id.optional(),
  page: pageNumber.describe('page'),
  limit: pageLimit(LEVER_PAGE_MAX, LEVER_PAGE_SIZE).describe(`1..${LEVER_PAGE_MAX}`),
});

export const leverMyTrade = call({
  method: 'POST',
  path: '/api/lever/my_trade',
  auth: 'user',
  origin: 'legacy',
  summary:
    "The user's positions of a status, newest first, with the quote currency's risk figures.",
  request: listRequest,
  reply: z.object({
    rate_profits_total: z
      .object({
        hazard_rate: optionalDecimal,
        profits_total: optionalDecimal,
        /** Extension: how many positions of the quote currency are open. */
        open_positions: wireInt.optional(),
      })
      .optional(),
    /** The nested `message` is the legacy's own. */
    message: positionPage,
  }),
  errors: [],
});

export const leverDealAll = call({
  method: 'POST',
  path: '/api/lever/dealall',
  auth: 'user',
  origin: 'legacy',
  summary: "The user's open positions with the risk figures of the quote currency and the pair.",
  request: listRequest,
  reply: z.object({
    balance: optionalDecimal,
    hazard_rate: optionalDecimal,
    caution_money_total: optionalDecimal,
    origin_caution_money_total: optionalDecimal,
    profits_total: optionalDecimal,
    caution_money: optionalDecimal,
    origin_caution_money: optionalDecimal,
    profits: optionalDecimal,
    order: positionPage,
  }),
  errors: [],
});

export const leverClose = call({
  method: 'POST',
  path: '/api/lever/close',
  auth: 'user',
  origin: 'legacy',
  summary: 'Closes an open position at the mark price, or some of its hands.',
  request: z.object({
    id,
    /** Extension (ADR 0061): the hands to close, 1 to the position's; absent: all of them. */
    share: text(20).optional(),
  }),
  reply: z.string(),
  errors: ['lever.notFound', 'lever.notOpen', 'lever.closeHands', 'validation.lever.shareInteger'],
});

export const leverCancel = call({
  method: 'POST',
  path: '/api/lever/cancel',
  auth: 'user',
  origin: 'legacy',
  summary: 'Cancels a pending limit or conditional order (margin and fee back).',
  request: z.object({ id }),
  reply: z.string(),
  errors: ['lever.notFound', 'lever.notPending'],
});

export const leverAmend = call({
  method: 'POST',
  path: '/api/lever/amend',
  auth: 'user',
  origin: 'extension',
  summary:
    'Changes a waiting order in one step (ADR 0068): its hands, limit price or trigger; margin and fee are figured again and the difference is held or released.',
  request: z.object({
    id,
    /** The hands (a whole number); absent or empty keeps them. */
    share: text(20).optional(),
    /** The limit price (a limit or stop-limit order); absent or empty keeps it. */
    target_price: text(60).optional(),
    /** The trigger (a waiting conditional order); absent or empty keeps it. */
    stop_price: text(60).optional(),
  }),
  reply: z.object({ text: z.string(), id: wireInt }),
  errors: [
    'validation.lever.shareInteger',
    'validation.amountFormat',
    'validation.amountDecimals',
    'validation.amountTooLarge',
    'lever.amend.nothing',
    'lever.amend.same',
    'lever.amend.noTrigger',
    'lever.amend.noPrice',
    'lever.notFound',
    'lever.notPending',
    'lever.pairClosed',
    'lever.noPrice',
    'lever.shareBelowMin',
    'lever.shareAboveMax',
    'lever.targetRequired',
    'lever.limitBuyAbove',
    'lever.limitSellBelow',
    'lever.triggerRequired',
    'lever.triggerReached',
    'lever.stopLong',
    'lever.stopShort',
    'lever.insufficient',
    'lever.reduceOnlyAbove',
  ],
});

export const leverSetStop = call({
  method: 'POST',
  path: '/api/lever/setstop',
  auth: 'user',
  origin: 'legacy',
  summary: "Sets an open position's take-profit and stop-loss prices.",
  request: z.object({
    id,
    target_profit_price: text(60),
    stop_loss_price: text(60),
    /** Extension (ADR 0059): absent keeps what the position watches. */
    trigger_by: triggerBy,
  }),
  reply: z.string(),
  errors: [
    'validation.lever.stopInvalid',
    'validation.amountFormat',
    'validation.amountDecimals',
    'validation.amountTooLarge',
    'lever.stopClosed',
    'lever.notFound',
    'lever.notOpen',
    'lever.stopLong',
    'lever.stopShort',
  ],
});

export const leverSetTrail = call({
  method: 'POST',
  path: '/api/lever/settrail',
  auth: 'user',
  origin: 'extension',
  summary:
    "Sets, changes or removes an open position's trailing stop (ADR 0062); it starts again from the next tick.",
  request: z.object({
    id,
    /** 0.1–10 (%, steps of 0.01); absent, empty or "0" removes the trailing stop. */
    trail_rate: text(10).optional(),
    /** The price that activates it; absent or empty: active at once. */
    trail_activation: text(60).optional(),
  }),
  reply: z.string(),
  errors: [
    'lever.trailRate',
    'validation.lever.stopInvalid',
    'validation.amountFormat',
    'validation.amountDecimals',
    'validation.amountTooLarge',
    'lever.stopClosed',
    'lever.notFound',
    'lever.notOpen',
  ],
});

export const leverBatchClose = call({
  method: 'POST',
  path: '/api/lever/batch_close',
  auth: 'user',
  origin: 'legacy',
  summary: "Closes the user's open positions (0 all, 1 longs, 2 shorts), of one pair when given.",
  request: z.object({
    type: z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
      .default(0)
      .describe('0 | 1 | 2'),
    legal_id: id.optional(),
    currency_id: id.optional(),
  }),
  reply: z.string(),
  errors: [],
});
