// C2C (api-contract §8, trading-c2c-market.md §7; docs/api-extensions.md "C2C"): the legal
// currencies, the daily limits, publishing, the platform's ads, taking one, my ads, withdrawing
// one, my deals, one deal, the deals of one ad, and the deal's steps (pay, cancel, confirm by
// the publisher or by the taker); and the acceptors (wallet-account-earn.md "Acceptors";
// docs/api-extensions.md "Acceptors"): the list, one, a new deal, the user's deals, confirming a
// paid sell deal. The deal row is also the `c2c_deal` push's `deal`.
import { z } from 'zod';
import { C2C_TYPES, C2C_WAYS } from '../c2c.ts';
import { ACCEPTOR_WAYS } from '../wallet.ts';
import { call } from './call.ts';
import { cashInfoRow } from './wallet.ts';
import { pageNumber, text, wireDecimal, wireInt, wireText } from './primitives.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647).describe('id');
/** Optional filters: an empty value (`currency_id=`) means none. */
const blank = (v: unknown) => (v === '' ? undefined : v);
const idFilter = z.preprocess(blank, id.optional()).describe('id (optional)');
const typeFilter = z
  .preprocess(blank, z.enum(C2C_TYPES).optional())
  .describe('buy or sell (optional)');
const page = pageNumber.describe('page');
const idBody = z.object({ id });
const type = z.enum(C2C_TYPES);
const way = z.enum(C2C_WAYS);

/** The legacy `pageData` of a list: `{data, page, pages, total}`. */
const pageData = <R extends z.ZodType>(row: R) =>
  z.object({
    data: z.array(row),
    page: wireInt.optional(),
    pages: wireInt.optional(),
    total: wireInt.optional(),
  });

/** An ad as the wire carries it. */
export const c2cAdRow = z.object({
  id: wireInt,
  seller_id: wireInt.optional(),
  /** The publisher's account, masked. */
  seller_name: wireText,
  currency_id: wireInt,
  currency_name: wireText,
  type,
  way,
  /** The way, in the reader's language. */
  way_name: wireText,
  price: wireDecimal,
  total_number: wireDecimal,
  surplus_number: wireDecimal.optional(),
  min_number: wireDecimal.optional(),
  limitation: z.object({ min: wireDecimal, max: wireDecimal }).optional(),
  /** 0 open, 1 taken, 2 withdrawn. */
  is_done: wireInt.optional(),
  create_time: wireText,
});

/** A party's payout details of the ad's way (the others empty). */
const cashRow = cashInfoRow.nullish();

/** A deal as the wire carries it, as one of its parties sees it. */
export const c2cDealRow = z.object({
  id: wireInt,
  /** The ad's id. */
  legal_deal_send_id: wireInt,
  user_id: wireInt.optional(),
  seller_id: wireInt.optional(),
  /** The ad's type and way. */
  type,
  way,
  way_name: wireText,
  currency_id: wireInt.optional(),
  currency_name: wireText,
  number: wireDecimal,
  price: wireDecimal,
  deal_money: wireDecimal.optional(),
  /** 0 unpaid, 1 completed, 2 cancelled, 3 paid. */
  is_sure: wireInt,
  seller_name: wireText,
  user_name: wireText,
  seller_phone: wireText.optional(),
  phone: wireText.optional(),
  hes_account: wireText.optional(),
  hes_realname: wireText,
  user_realname: wireText.optional(),
  user_cash_info: cashRow,
  sell_cash_info: cashRow,
  create_time: wireText.optional(),
  update_time: wireText.optional(),
  format_create_time: wireText,
  format_update_time: wireText,
  /** 1 when the reader published the ad. */
  is_seller: wireInt.optional(),
  /** Extension: the reader's side in the deal. */
  side: type.optional(),
  /** Extension: when an unpaid deal is auto-cancelled, and the server's clock (ms). */
  deadline: wireInt.optional(),
  server_time: wireInt.optional(),
});

export const legalCurrencyList = call({
  method: 'GET',
  path: '/api/currency/list',
  auth: 'user',
  origin: 'legacy',
  summary: 'The legal (c2c) currencies, in their display order.',
  request: z.object({}),
  reply: z.object({ legal: z.array(z.object({ id: wireInt, name: z.string() })) }),
  errors: [],
});

export const c2cLimits = call({
  method: 'GET',
  path: '/api/c2c/limits',
  auth: 'user',
  origin: 'extension',
  summary: "The user's cancellations today, the daily limit and the unpaid window (minutes).",
  request: z.object({}),
  reply: z.object({
    cancel_today: wireInt,
    cancel_limit: wireInt,
    pay_minutes: z.coerce.number().positive(),
  }),
  errors: [],
});

export const c2cPublish = call({
  method: 'POST',
  path: '/api/c2c_send',
  auth: 'user',
  origin: 'legacy',
  summary: 'Publishes an ad (identity `998`, payout details `997`); a sell ad freezes its total.',
  request: z.object({
    type,
    way,
    price: text(40).default('').describe('decimal text ≤ 40'),
    total_number: text(40).default('').describe('decimal text ≤ 40'),
    currency_id: id,
  }),
  reply: wireText,
  errors: [
    'identity.required',
    'c2c.cashInfoRequired',
    'c2c.publisherWayRequired',
    'c2c.currencyNotLegal',
    'c2c.numberInvalid',
    'c2c.priceInvalid',
    'c2c.cancelLimit',
    'wallet.insufficient',
  ],
});

export const c2cPlatform = call({
  method: 'GET',
  path: '/api/c2c_deal_platform',
  auth: 'visitor',
  origin: 'legacy',
  summary: 'Open ads of others of one side (sell by default): best price first, 10 a page.',
  request: z.object({ type: typeFilter, currency_id: idFilter, page }),
  reply: pageData(c2cAdRow),
  errors: [],
});

export const c2cTake = call({
  method: 'POST',
  path: '/api/c2c/do_legal_deal',
  auth: 'user',
  origin: 'legacy',
  summary: 'Takes a whole open ad: opens a deal (a buy ad freezes the taker).',
  request: idBody,
  reply: z.object({ msg: wireText, data: c2cDealRow }),
  errors: [
    'identity.required',
    'c2c.cashInfoRequired',
    'c2c.adNotFound',
    'c2c.ownAd',
    'c2c.takerWayRequired',
    'c2c.sellerWayGone',
    'c2c.openDeal',
    'c2c.cancelLimit',
    'wallet.insufficient',
    'c2c.dealNotFound',
  ],
});

export const c2cMyAds = call({
  method: 'GET',
  path: '/api/c2c/seller_trade',
  auth: 'user',
  origin: 'legacy',
  summary: "The user's ads, newest first (withdrawn ones left out), 10 a page.",
  request: z.object({ type: typeFilter, currency_id: idFilter, page }),
  reply: pageData(c2cAdRow),
  errors: [],
});

export const c2cWithdraw = call({
  method: 'POST',
  path: '/api/c2c/back_send',
  auth: 'user',
  origin: 'legacy',
  summary: "Withdraws the user's open ad without an open deal; a sell ad's rest is refunded.",
  request: idBody,
  reply: wireText,
  errors: ['c2c.adNotFound', 'c2c.adBusy'],
});

export const c2cMyDeals = call({
  method: 'GET',
  path: '/api/c2c_user_deal',
  auth: 'user',
  origin: 'legacy',
  summary: "The user's deals as taker and as publisher, newest first, 10 a page.",
  request: z.object({
    is_sure: z
      .preprocess(
        blank,
        z.coerce
          .number()
          .int()
          .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]))
          .optional(),
      )
      .describe('0..3 (optional)'),
    type: typeFilter,
    currency_id: idFilter,
    page,
  }),
  reply: pageData(c2cDealRow),
  errors: [],
});

export const c2cDeal = call({
  method: 'GET',
  path: '/api/c2c_deal',
  auth: 'user',
  origin: 'legacy',
  summary: 'One deal of the user (either party).',
  request: idBody,
  reply: c2cDealRow,
  errors: ['c2c.dealNotFound'],
});

export const c2cAdDeals = call({
  method: 'GET',
  path: '/api/c2c/legal_send_deal_list',
  auth: 'user',
  origin: 'legacy',
  summary: "The deals of one of the user's ads, newest first, 10 a page.",
  request: z.object({ id, page }),
  reply: pageData(c2cDealRow),
  errors: ['c2c.adNotFound'],
});

const buyerStep = ['c2c.dealNotFound', 'c2c.buyerOnly', 'c2c.wrongState'];
const sellerStep = ['c2c.dealNotFound', 'c2c.sellerOnly', 'c2c.wrongState'];

export const c2cPay = call({
  method: 'POST',
  path: '/api/c2c/user_legal_pay',
  auth: 'user',
  origin: 'legacy',
  summary: 'The buyer side says it paid an unpaid deal (0 → 3).',
  request: idBody,
  reply: wireText,
  errors: buyerStep,
});

export const c2cCancel = call({
  method: 'POST',
  path: '/api/c2c/user_legal_pay_cancel',
  auth: 'user',
  origin: 'legacy',
  summary: 'The buyer side cancels an unpaid deal (0 → 2; counts against the daily limit).',
  request: idBody,
  reply: wireText,
  errors: buyerStep,
});

export const c2cPublisherConfirm = call({
  method: 'POST',
  path: '/api/c2c/legal_deal_sure',
  auth: 'user',
  origin: 'legacy',
  summary: 'The publisher of a sell ad confirms receipt (3 → 1): the frozen number goes over.',
  request: idBody,
  reply: wireText,
  errors: sellerStep,
});

export const c2cTakerConfirm = call({
  method: 'POST',
  path: '/api/c2c/legal_deal_user_sure',
  auth: 'user',
  origin: 'legacy',
  summary: 'The taker of a buy ad confirms receipt (3 → 1): the frozen number goes over.',
  request: idBody,
  reply: wireText,
  errors: sellerStep,
});

// ---- Acceptors ------------------------------------------------------------------------------

const acceptorSide = z.enum(['buy', 'sell']);

/** An acceptor as the wire carries it: its limits, rates, receiving accounts and float. */
export const acceptorRow = z.object({
  id: wireInt,
  name: wireText,
  user_id: wireInt.nullish(),
  /** The most a buy (deposit) deal may be, CNY, and its rate (CNY per USDT). */
  recharge_amount: wireDecimal,
  recharge_rate: wireDecimal,
  /** The most a sell (withdrawal) deal may be, CNY, and its rate. */
  cash_amount: wireDecimal,
  cash_rate: wireDecimal,
  wechat_nickname: wireText,
  wechat_account: wireText,
  ali_nickname: wireText,
  ali_account: wireText,
  bank_name: wireText,
  bank_account: wireText,
  bank_address: wireText,
  /** Its USDT float. */
  user_balance: wireDecimal.optional().nullable(),
});

/** One of the user's acceptor deals. */
export const acceptorDealRow = z.object({
  id: wireInt,
  create_time: wireText,
  update_time: wireText,
  deal_account: wireText,
  acceptor_name: wireText,
  /** The acceptor's receiving account for the deal's way. */
  hes_account: wireText,
  way: wireText,
  type: acceptorSide.default('buy'),
  /** CNY. */
  money: wireDecimal,
  /** USDT, and the rate. */
  number: wireDecimal.optional().nullable(),
  rate: wireDecimal.optional().nullable(),
  /** 0 open, 1 done, 2 rejected. */
  is_sure: wireInt,
  /** Extension: when the acceptor marked a sell deal paid ("" otherwise). */
  paid_time: wireText,
  /** Extension: when a paid sell deal confirms itself (ms), else null. */
  auto_confirm_at: wireInt.nullish(),
});

/** The legacy `address` (a wallet address used as identity) is accepted and ignored. */
const address = text(200).optional();

export const acceptorList = call({
  method: 'GET',
  path: '/api/acceptor/list',
  auth: 'user',
  origin: 'legacy',
  summary: 'The open acceptors.',
  request: z.object({}),
  reply: z.array(acceptorRow),
  errors: [],
});

export const acceptorInfo = call({
  method: 'GET',
  path: '/api/acceptor/info',
  auth: 'user',
  origin: 'legacy',
  summary: 'One open acceptor.',
  request: z.object({ id, address }),
  reply: acceptorRow,
  errors: ['acceptor.notFound'],
});

export const acceptorDeal = call({
  method: 'POST',
  path: '/api/acceptor/deal',
  auth: 'user',
  origin: 'legacy',
  summary: 'A new deal with an acceptor (one open a time); a sell locks its USDT at once.',
  request: z.object({
    acceptor_id: id,
    address,
    way: text(20).default('').describe('text ≤ 20'),
    type: acceptorSide,
    mobile: text(30).default('').describe('text ≤ 30'),
    deal_account: text(100).default('').describe('text ≤ 100'),
    money: text(60).default('').describe('decimal text ≤ 60'),
  }),
  reply: wireText,
  errors: [
    'validation.acceptor.amountRequired',
    'validation.amountFormat',
    'validation.acceptor.mobileRequired',
    'validation.acceptor.accountRequired',
    'validation.acceptor.wayRequired',
    'validation.amountDecimals',
    'validation.amountTooLarge',
    'acceptor.notFound',
    'acceptor.aboveLimit',
    'acceptor.noFloat',
    'acceptor.openDeal',
    'wallet.insufficient',
  ],
});

export const acceptorMyDeals = call({
  method: 'GET',
  path: '/api/acceptor/my_deal',
  auth: 'user',
  origin: 'legacy',
  summary: "The user's acceptor deals (newest 100), by side or way.",
  request: z.object({
    address,
    way: z.enum(ACCEPTOR_WAYS).optional(),
    type: acceptorSide.optional(),
  }),
  reply: z.array(acceptorDealRow),
  errors: [],
});

export const acceptorConfirm = call({
  method: 'POST',
  path: '/api/acceptor/confirm',
  auth: 'user',
  origin: 'extension',
  summary: 'The user confirms a sell deal the acceptor marked paid.',
  request: idBody,
  reply: wireText,
  errors: ['acceptor.dealNotOpen', 'acceptor.noFloat', 'acceptor.notPaidYet'],
});
