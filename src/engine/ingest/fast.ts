// Hand-rolled validators for the hot pushes (`market_depth`, `market_detail`): a deep book's
// deltas arrive many times a second with hundreds of levels, and a schema library per level
// costs more than JSON.parse itself (BUDGETS B1). These check the same shapes as a schema
// would and canonicalise decimals with string operations; anything unusual falls back to the
// exact decimal parser. They never throw: a bad payload becomes `system.malformed`.
import { TRADES_KEPT } from '../../shared/constants.ts';
import { decStr } from '../../shared/decimal.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { TradeView } from '../api.ts';
import type { BookLevel, NewEvent } from './events.ts';
import { malformed } from './malformed.ts';

const PLAIN = /^\d+(?:\.\d+)?$/;
const SYMBOL = /^[^/\s]+\/[^/\s]+$/;
const ZERO = 48;
const DOT = 46;

/**
 * A non-negative wire decimal → canonical DecStr (no leading zeros, no trailing fraction
 * zeros, no exponent), or null. Plain digit strings take a fast path; the rest go through
 * the decimal library. Equal to `decStr` on every non-negative input.
 */
export function canonDec(value: unknown): DecStr | null {
  if (typeof value === 'string' && PLAIN.test(value)) return canonPlain(value);
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const d = decStr(value);
  return d === null || d.startsWith('-') ? null : d;
}

function canonPlain(s: string): DecStr {
  let end = s.length;
  const dot = s.indexOf('.');
  if (dot >= 0) {
    while (s.charCodeAt(end - 1) === ZERO) end -= 1;
    if (s.charCodeAt(end - 1) === DOT) end -= 1;
  }
  const intEnd = dot >= 0 ? dot : end;
  let start = 0;
  while (start < intEnd - 1 && s.charCodeAt(start) === ZERO) start += 1;
  return (start === 0 && end === s.length ? s : s.slice(start, end)) as DecStr;
}

/** `[[price, amount], …]` (or its JSON text, a legacy variant) → levels, or an error text. */
export function parseLevels(raw: unknown, side: string): BookLevel[] | string {
  let list = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw) as unknown;
    } catch {
      return `${side}: not JSON`;
    }
  }
  if (!Array.isArray(list)) return `${side}: not a list`;
  const out: BookLevel[] = new Array<BookLevel>(list.length);
  for (let i = 0; i < list.length; i += 1) {
    const level: unknown = list[i];
    if (!Array.isArray(level) || level.length < 2) return `${side}.${i}: not [price, amount]`;
    const price = canonDec(level[0]);
    const amount = canonDec(level[1]);
    if (price === null || amount === null) return `${side}.${i}: not a decimal`;
    out[i] = [price, amount];
  }
  return out;
}

function intOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v)) return Number(v);
  return null;
}

function optionalInt(o: Record<string, unknown>, key: string): number | null | undefined {
  const v = o[key];
  if (v === undefined || v === null) return null;
  const n = intOf(v);
  return n === null ? undefined : n;
}

/** `market_depth` in the legacy top-N form or the snapshot/delta extension → one event. */
export function ingestDepth(payload: unknown, at: number): NewEvent {
  const source = 'push:market_depth';
  const d = depthFields(payload);
  if (typeof d === 'string') return malformed(source, d, at);
  const { symbol, seq, bids, asks, mode } = d;
  if (mode === undefined || mode === null)
    return { at, kind: 'push', name: 'book.top', body: { symbol, seq, bids, asks } };
  if (seq === null) return malformed(source, 'seq: missing', at);
  if (mode === 'snapshot')
    return { at, kind: 'push', name: 'book.snapshot', body: { symbol, seq, bids, asks } };
  if (mode !== 'delta') return malformed(source, 'mode: unknown', at);
  const prevSeq = optionalInt(payload as Record<string, unknown>, 'prev_seq');
  if (prevSeq === undefined || prevSeq === null)
    return malformed(source, 'prev_seq: not an integer', at);
  return { at, kind: 'push', name: 'book.delta', body: { symbol, seq, prevSeq, bids, asks } };
}

interface DepthFields {
  symbol: string;
  seq: number | null;
  bids: BookLevel[];
  asks: BookLevel[];
  mode: unknown;
}

function depthFields(payload: unknown): DepthFields | string {
  if (typeof payload !== 'object' || payload === null) return 'not an object';
  const o = payload as Record<string, unknown>;
  if (typeof o.symbol !== 'string' || !SYMBOL.test(o.symbol)) return 'symbol: invalid';
  const bids = parseLevels(o.bids, 'bids');
  if (typeof bids === 'string') return bids;
  const asks = parseLevels(o.asks, 'asks');
  if (typeof asks === 'string') return asks;
  const seq = optionalInt(o, 'seq');
  if (seq === undefined) return 'seq: not an integer';
  return { symbol: o.symbol, seq, bids, asks, mode: o.mode };
}

/** One trade of `market_detail` / `new_tradehistory`, or an error text. */
export function parseTrade(raw: unknown, i: number): TradeView | string {
  if (typeof raw !== 'object' || raw === null) return `data.${i}: not an object`;
  const t = raw as Record<string, unknown>;
  const id = intOf(t.id ?? t.tradeId);
  const time = intOf(t.ts);
  const price = canonDec(t.price);
  const amount = canonDec(t.amount);
  if (id === null || time === null) return `data.${i}: id or ts invalid`;
  if (price === null || amount === null) return `data.${i}: not a decimal`;
  if (t.direction !== 'buy' && t.direction !== 'sell') return `data.${i}: direction invalid`;
  return { id, price, amount, direction: t.direction, time };
}

/** A list of trades → the newest TRADES_KEPT (newest first), or an error text. */
export function parseTrades(raw: unknown): TradeView[] | string {
  if (!Array.isArray(raw)) return 'data: not a list';
  const trades: TradeView[] = [];
  for (let i = 0; i < raw.length; i += 1) {
    const t = parseTrade(raw[i], i);
    if (typeof t === 'string') return t;
    trades.push(t);
  }
  return newestTrades(trades);
}

/** Newest first (time, then id, descending), without duplicate ids, at most TRADES_KEPT. */
export function newestTrades(trades: readonly TradeView[]): TradeView[] {
  const sorted = [...trades].sort((a, b) => b.time - a.time || b.id - a.id);
  const seen = new Set<number>();
  const out: TradeView[] = [];
  for (const t of sorted) {
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    out.push(t);
    if (out.length === TRADES_KEPT) break;
  }
  return out;
}

/** `market_detail` → `trades.push`. */
export function ingestDetail(payload: unknown, at: number): NewEvent {
  const source = 'push:market_detail';
  if (typeof payload !== 'object' || payload === null)
    return malformed(source, 'not an object', at);
  const o = payload as Record<string, unknown>;
  if (typeof o.symbol !== 'string' || !SYMBOL.test(o.symbol))
    return malformed(source, 'symbol: invalid', at);
  const seq = optionalInt(o, 'seq');
  if (seq === undefined) return malformed(source, 'seq: not an integer', at);
  const trades = parseTrades(o.data);
  if (typeof trades === 'string') return malformed(source, trades, at);
  return { at, kind: 'push', name: 'trades.push', body: { symbol: o.symbol, seq, trades } };
}
