// The shapes the engine's event bodies are made of (events.ts), as schemas of their domain form:
// canonical decimals, safe integers, the view rows of api.ts. Each row schema is typed with the
// interface it describes, so a field added to the interface and not here does not compile. A
// body in the log was checked by the ingest's wire schemas when it came in; these check it again
// when it is read back (a recorded file, the stored log) before a projection folds it.
import { z } from 'zod';
import { KLINE_PERIODS } from '../shared/constants.ts';
import { isDecStr } from '../shared/decimal.ts';
import type { DecStr } from '../shared/decimal.ts';
import { parseNotificationPrefs, type NotificationPrefs } from '../shared/notifications.ts';
import type {
  AccountView,
  Bar,
  C2cAdView,
  C2cType,
  C2cWay,
  FilledOrderView,
  LeverPositionView,
  MicroCurrencyView,
  OpenOrderView,
  SpotTriggerPage,
  SpotTriggerView,
  Ticker,
  TradeView,
} from './api.ts';

/** One depth level: [price, amount], canonical decimals. Amount "0" (deltas only) removes it. */
export type BookLevel = readonly [DecStr, DecStr];

/**
 * The first issue of a failed parse, briefly: its path and message (the reason of a
 * `system.malformed` event, and of an event read back that its schema refuses).
 */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid';
  const path = issue.path.map(String).join('.');
  return `${path === '' ? '(root)' : path}: ${issue.message}`.slice(0, 200);
}

// ---- values --------------------------------------------------------------------------------

export const dec = z.custom<DecStr>(isDecStr, 'not a canonical decimal');
export const id = z.int();
export const num = z.number();
export const str = z.string();
export const bool = z.boolean();

/** A ticker's percent change as the ingest writes it: signed, 2 decimals, "0.00" unsigned. */
const CHANGE_RE = /^-?(?:0|[1-9]\d*)\.\d\d$/;
export const isChange = (v: unknown): v is DecStr =>
  typeof v === 'string' && v !== '-0.00' && CHANGE_RE.test(v);
export const change = z.custom<DecStr>(isChange, 'not a percent change with 2 decimals');

/** A string union as a schema, from a record of all its members (so none can be missed). */
export function oneOf<T extends string>(members: Record<T, true>): z.ZodType<T> {
  return z.custom<T>((v) => typeof v === 'string' && Object.hasOwn(members, v), 'not allowed');
}

export const period = z.enum(KLINE_PERIODS);
export const side = z.enum(['buy', 'sell']);
/** 1 or 2: long/short, up/down, spot's limit/market. */
export const oneTwo = z.literal([1, 2]);
export const empty = z.object({});
export const message = z.object({ message: str });

/**
 * Book levels, checked by hand: a deep book's events carry hundreds of levels and a recording a
 * million events (BUDGETS B9), where a schema per level would cost more than the fold. (Also the
 * check of a checkpoint's book sides, replay/codec.ts.)
 */
export function isLevels(value: unknown): value is BookLevel[] {
  if (!Array.isArray(value)) return false;
  for (const level of value as unknown[]) {
    if (!Array.isArray(level) || level.length !== 2) return false;
    if (!isDecStr(level[0]) || !isDecStr(level[1])) return false;
  }
  return true;
}
export const levels = z.custom<BookLevel[]>(isLevels, 'not a list of [price, amount] decimals');

// ---- quick checks of the hottest bodies ----------------------------------------------------
// A replay reads a million events, nearly all book deltas, klines, daymarkets and trades
// (BUDGETS B9). For these a hand-written check runs first; it says yes only to what the event's
// schema accepts (events.test.ts holds the two together), and a no goes on to the schema, which
// names the fault.

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): boolean => Number.isSafeInteger(v);
const isIntOrNull = (v: unknown): boolean => v === null || Number.isSafeInteger(v);
const isNum = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const isNumOrNull = (v: unknown): boolean => v === null || isNum(v);
/** book.top (`seq` null or an integer), book.snapshot and book.delta (`prevSeq` too). */
export function isBookBody(b: unknown, seq: 'nullable' | 'int' | 'delta'): boolean {
  return (
    isObject(b) &&
    typeof b.symbol === 'string' &&
    (seq === 'nullable' ? isIntOrNull(b.seq) : isInt(b.seq)) &&
    (seq !== 'delta' || isInt(b.prevSeq)) &&
    isLevels(b.bids) &&
    isLevels(b.asks)
  );
}

export function isKlineBody(b: unknown): boolean {
  return (
    isObject(b) &&
    typeof b.symbol === 'string' &&
    typeof b.period === 'string' &&
    isNum(b.time) &&
    isDecStr(b.open) &&
    isDecStr(b.high) &&
    isDecStr(b.low) &&
    isDecStr(b.close) &&
    isDecStr(b.volume) &&
    isIntOrNull(b.seq) &&
    isNumOrNull(b.serverTime)
  );
}

export function isDaymarketBody(b: unknown): boolean {
  return (
    isObject(b) &&
    typeof b.symbol === 'string' &&
    isDecStr(b.price) &&
    isChange(b.change) &&
    isDecStr(b.high) &&
    isDecStr(b.low) &&
    isDecStr(b.volume) &&
    isIntOrNull(b.seq) &&
    isNumOrNull(b.serverTime) &&
    (!Object.hasOwn(b, 'markPrice') || isDecStr(b.markPrice)) &&
    (!Object.hasOwn(b, 'turnover') || isDecStr(b.turnover))
  );
}

export function isTradesPushBody(b: unknown): boolean {
  if (!isObject(b) || typeof b.symbol !== 'string' || !isIntOrNull(b.seq)) return false;
  const trades = b.trades;
  if (!Array.isArray(trades)) return false;
  for (const t of trades as unknown[]) {
    if (!isObject(t) || !isInt(t.id) || !isDecStr(t.price) || !isDecStr(t.amount)) return false;
    if ((t.direction !== 'buy' && t.direction !== 'sell') || !isNum(t.time)) return false;
  }
  return true;
}

// ---- rows ------------------------------------------------------------------------------------

export const tickerSeed: z.ZodType<Omit<Ticker, 'at'>> = z.object({
  matchId: id,
  symbol: str,
  legalId: id,
  currencyId: id,
  legalName: str,
  currencyName: str,
  logo: str,
  price: dec,
  change,
  high: dec,
  low: dec,
  volume: dec,
  turnover: dec.exactOptional(),
  markPrice: dec.exactOptional(),
  isDisplay: bool,
  sort: num,
  pricePrecision: id,
  amountPrecision: id,
});

export const trade: z.ZodType<TradeView> = z.object({
  id,
  price: dec,
  amount: dec,
  direction: side,
  time: num,
});

/** A candle's fields (a chart bar, and the kline push with them). */
export const barFields = { time: num, open: dec, high: dec, low: dec, close: dec, volume: dec };
export const bar: z.ZodType<Bar> = z.object(barFields);

export const openOrder: z.ZodType<OpenOrderView> = z.object({
  id,
  side,
  mode: oneTwo,
  symbol: str,
  price: dec,
  number: dec,
  totalNumber: dec,
  completeNumber: dec,
  totalMoney: dec,
  createTime: str,
  groupId: id.optional(),
});

export const filledOrder: z.ZodType<FilledOrderView> = z.object({
  id,
  side,
  symbol: str,
  price: dec,
  number: dec,
  fee: dec,
  time: str,
  outcome: z.enum(['filled', 'part-cancelled', 'cancelled']).exactOptional(),
  total: dec.exactOptional(),
  limitPrice: dec.exactOptional(),
  mode: oneTwo.exactOptional(),
});

export const account: z.ZodType<AccountView> = z.object({
  rows: z.array(
    z.object({
      currencyId: id,
      name: str,
      type: str,
      isLegal: bool,
      isLever: bool,
      isMatch: bool,
      isMicro: bool,
      available: dec,
      locked: dec,
      usdtPrice: dec,
      cnyPrice: dec,
      decimals: id.exactOptional(),
    }),
  ),
  totalUsdt: dec,
  totalCny: dec,
});

export const position: z.ZodType<LeverPositionView> = z.object({
  id,
  side: oneTwo,
  symbol: str,
  legalId: id,
  currencyId: id,
  status: id,
  share: dec,
  number: dec,
  multiple: num,
  originPrice: dec,
  price: dec,
  markPrice: dec,
  takeProfit: dec,
  stopLoss: dec,
  stopsBy: z.enum(['mark', 'last']),
  trailRate: dec,
  trailActivation: dec,
  trailPeak: dec,
  reduceOnly: z.boolean(),
  splitFrom: num,
  trigger: z
    .object({
      price: dec,
      direction: z.enum(['rises', 'falls']),
      market: z.boolean(),
      state: z.enum(['waiting', 'triggered', 'refused']),
    })
    .nullable(),
  margin: dec,
  originMargin: dec,
  fee: dec,
  overnightMoney: dec,
  profit: dec,
  openTime: str,
  closeTime: str,
  createTime: num,
});

export const priceNumber = z.object({ price: dec, number: dec });

export const microCurrency: z.ZodType<MicroCurrencyView> = z.object({
  id,
  name: str,
  feePct: dec,
  min: dec,
  max: dec,
  holdMax: num,
  presets: z.array(dec),
  balance: dec.nullable(),
});

export const c2cType: z.ZodType<C2cType> = side;
export const c2cWay: z.ZodType<C2cWay> = z.enum(['bank', 'we_chat', 'ali_pay']);

export const c2cAd: z.ZodType<C2cAdView> = z.object({
  id,
  sellerName: str,
  currencyId: id,
  currency: str,
  type: c2cType,
  way: c2cWay,
  wayName: str,
  price: dec,
  total: dec,
  surplus: dec,
  isDone: id,
  createTime: str,
});

export const c2cPayout = z.object({
  realName: str,
  bankName: str,
  bankAccount: str,
  alipayAccount: str,
  wechatNickname: str,
  wechatAccount: str,
});

// ---- notifications (issue 25) ---------------------------------------------------------------

// A notification row: the wire's (src/shared/wire/notifications.ts), exact numbers as logged.
export { notificationRow } from '../shared/wire/notifications.ts';

/** Preferences as parseNotificationPrefs makes them (a stored or sent document goes through it). */
export const notificationPrefs = z.custom<NotificationPrefs>(
  (v) => JSON.stringify(parseNotificationPrefs(v)) === JSON.stringify(v),
  'not normalized notification preferences',
);

// ---- conditional orders (issue 44) -------------------------------------------------------

export const spotTriggerRow: z.ZodType<SpotTriggerView> = z.object({
  id,
  side,
  kind: z.enum(['stop_limit', 'stop_market', 'tp_limit', 'tp_market']),
  symbol: str,
  trigger: dec,
  price: dec.nullable(),
  number: dec,
  status: z.enum(['waiting', 'triggered', 'cancelled', 'refused']),
  orderId: id.nullable(),
  orderStatus: z.enum(['open', 'filled', 'cancelled']).nullable(),
  filled: dec.nullable(),
  reason: str.nullable(),
  ocoOrderId: id.nullable(),
  ocoPrice: dec.nullable(),
  createdAt: num,
  updatedAt: num,
});

export const spotTriggerPage: z.ZodType<SpotTriggerPage> = z.object({
  rows: z.array(spotTriggerRow),
  page: id,
  pages: id,
  total: id,
  hasMore: bool,
});
