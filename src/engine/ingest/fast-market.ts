// Hand-rolled validators of the market pushes that arrive by the dozen every second (`kline`
// for every pair and period, `daymarket` for every pair): a zod object parse per push cost
// about as much as JSON.parse of the whole stream (BUDGETS B1). They accept and produce
// exactly what the zod schemas `klinePush` / `daymarketPush` (schemas.ts) do — fast-check
// checks the two against each other — and never throw: a bad payload becomes
// `system.malformed`.
import { fixed } from '../../shared/decimal.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { DaymarketBody, NewEvent } from '../events.ts';
import { wireDec } from './fast.ts';
import { malformed } from './malformed.ts';

const SYMBOL = /^[^/\s]+\/[^/\s]+$/;
const INT_TEXT = /^-?\d+$/;
const ZERO = '0' as DecStr;

type Fields = Record<string, unknown>;

/** `kline` → `market.kline` (open/high/low default to close, volume to 0). */
export function ingestKline(payload: unknown, at: number): NewEvent {
  const source = 'push:kline';
  const o = objectOf(payload);
  if (o === null) return malformed(source, '(root): not an object', at);
  const head = header(o);
  if (typeof head === 'string') return malformed(source, head, at);
  if (typeof o.period !== 'string') return malformed(source, 'period: not a string', at);
  const time = wireInt(o.time);
  if (time === null) return malformed(source, 'time: not an integer', at);
  const prices = klinePrices(o);
  if (prices === null)
    return malformed(source, 'open, high, low, close or volume: not a decimal', at);
  return {
    at,
    kind: 'push',
    name: 'market.kline',
    body: {
      symbol: head.symbol,
      period: o.period,
      time,
      ...prices,
      seq: head.seq,
      serverTime: head.serverTime,
    },
  };
}

/** A bar's figures: open, high and low default to the close, the volume to 0; null: not decimals. */
function klinePrices(
  o: Fields,
): Record<'open' | 'high' | 'low' | 'close' | 'volume', DecStr> | null {
  const close = wireDec(o['close']);
  const open = optionalDec(o['open']);
  const high = optionalDec(o['high']);
  const low = optionalDec(o['low']);
  const volume = optionalDec(o['volume']);
  if (close === null || open === null || high === null || low === null || volume === null)
    return null;
  return {
    open: open ?? close,
    high: high ?? close,
    low: low ?? close,
    close,
    volume: volume ?? ZERO,
  };
}

/** `daymarket` → `market.daymarket` (price = now_price, else close; change signed, 2 dp). */
export function ingestDaymarket(payload: unknown, at: number): NewEvent {
  const source = 'push:daymarket';
  const o = objectOf(payload);
  if (o === null) return malformed(source, '(root): not an object', at);
  const head = header(o);
  if (typeof head === 'string') return malformed(source, head, at);
  const nowPrice = optionalDec(o.now_price);
  const close = optionalDec(o.close);
  const change = wireDec(o.change);
  const high = wireDec(o.high);
  const low = wireDec(o.low);
  const volume = wireDec(o.volume);
  if (nowPrice === null || close === null || change === null)
    return malformed(source, 'now_price, close or change: not a decimal', at);
  if (high === null || low === null || volume === null)
    return malformed(source, 'high, low or volume: not a decimal', at);
  const extra = daymarketExtensions(o);
  if (typeof extra === 'string') return malformed(source, extra, at);
  const price = nowPrice ?? close;
  if (price === undefined) return malformed(source, '(root): no now_price or close', at);
  return {
    at,
    kind: 'push',
    name: 'market.daymarket',
    body: {
      symbol: head.symbol,
      price,
      change: signedPercent(change),
      high,
      low,
      volume,
      seq: head.seq,
      serverTime: head.serverTime,
      ...extra,
    },
  };
}

/** The reference server's optional fields (mark price, turnover), or what is wrong with them. */
function daymarketExtensions(o: Fields): Pick<DaymarketBody, 'markPrice' | 'turnover'> | string {
  const markPrice = optionalDec(o.mark_price);
  if (markPrice === null) return 'mark_price: not a decimal';
  const turnover = optionalDec(o.turnover);
  if (turnover === null) return 'turnover: not a decimal';
  return {
    ...(markPrice === undefined ? {} : { markPrice }),
    ...(turnover === undefined ? {} : { turnover }),
  };
}

function objectOf(payload: unknown): Fields | null {
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
    ? (payload as Fields)
    : null;
}

interface Header {
  symbol: string;
  seq: number | null;
  serverTime: number | null;
}

function header(o: Fields): Header | string {
  if (typeof o.symbol !== 'string' || !SYMBOL.test(o.symbol)) return 'symbol: invalid';
  const seq = optionalInt(o.seq);
  if (seq === undefined) return 'seq: not an integer';
  const serverTime = optionalInt(o.server_time);
  if (serverTime === undefined) return 'server_time: not an integer';
  return { symbol: o.symbol, seq, serverTime };
}

/** As `wireInt`: a safe integer, or a digit string whose Number is one. */
function wireInt(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  if (typeof v !== 'string' || !INT_TEXT.test(v)) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : null;
}

/** As `wireInt.optional()`: absent → null; present and invalid (null too) → undefined. */
function optionalInt(v: unknown): number | null | undefined {
  if (v === undefined) return null;
  return wireInt(v) ?? undefined;
}

/** As `wireDecimal.optional()`: absent → undefined; present and invalid (null too) → null. */
function optionalDec(v: unknown): DecStr | null | undefined {
  return v === undefined ? undefined : wireDec(v);
}

/** As `wireChange`: signed, 2 decimals, half up; zero is "0.00". */
function signedPercent(d: DecStr): DecStr {
  // `fixed` gives a zero no sign: "0.00"
  return fixed(d, 2) as DecStr;
}
