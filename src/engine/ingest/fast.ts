// Hand-rolled validators for the hot pushes (`market_depth`, `market_detail`): a deep book's
// deltas arrive many times a second with hundreds of levels, and a schema library per level
// costs more than JSON.parse itself (BUDGETS B1). These check the same shapes as a schema
// would and canonicalise decimals with string operations; anything unusual falls back to the
// exact decimal parser. They never throw: a bad payload becomes `system.malformed`.
import { MAX_DECIMAL_TEXT, decStr } from '../../shared/decimal.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { TradeView } from '../api.ts';
import { newestTrades } from '../events.ts';
import type { BookLevel, NewEvent } from '../events.ts';
import { malformed } from './malformed.ts';

const SYMBOL = /^[^/\s]+\/[^/\s]+$/;
const INT_TEXT = /^-?\d+$/;
const ZERO = 48;
const NINE = 57;
const DOT = 46;
const NOT_PLAIN = -2;

/**
 * A non-negative wire decimal → canonical DecStr (no leading zeros, no trailing fraction
 * zeros, no exponent), or null. Plain digit strings take a one-pass fast path; the rest go
 * through the decimal library. Equal to `decStr` on every non-negative input.
 */
export function canonDec(value: unknown): DecStr | null {
  const plain = plainOf(value);
  if (plain !== null) return plain;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const d = decStr(value);
  return d === null || d.startsWith('-') ? null : d;
}

/** Any wire decimal (string or number, signed) → canonical DecStr, or null: ≡ `decStr`. */
export function wireDec(value: unknown): DecStr | null {
  const plain = plainOf(value);
  if (plain !== null) return plain;
  return typeof value === 'string' || typeof value === 'number' ? decStr(value) : null;
}

/**
 * The fast path of both: a plain non-negative decimal string, or a non-negative number whose
 * shortest text (what decimal.js reads a number as) is plain, e.g. 67000.5 but not 1e-7.
 */
function plainOf(value: unknown): DecStr | null {
  // longer texts are refused by `decStr` as well (MAX_DECIMAL_TEXT)
  if (typeof value === 'string') return value.length <= MAX_DECIMAL_TEXT ? canonPlain(value) : null;
  return typeof value === 'number' && value >= 0 && Number.isFinite(value)
    ? canonPlain(String(value))
    : null;
}

/**
 * `\d+(\.\d+)?` → its canonical form (the same string when it already is), else null. One
 * pass over the characters: no regular expression, no copy unless a zero must go.
 */
function canonPlain(s: string): DecStr | null {
  const scan = scanPlain(s);
  if (scan === NOT_PLAIN) return null;
  // all zeros ("0", "0.000"): a level's removal in every delta
  if (scan < 0) return '0' as DecStr;
  const n = s.length;
  const dot = s.indexOf('.');
  const intEnd = dot < 0 ? n : dot;
  let start = 0;
  while (start < intEnd - 1 && s.charCodeAt(start) === ZERO) start += 1;
  // Trailing fraction zeros go, and the dot with them when nothing is left after it.
  const end = dot < 0 ? n : scan > dot ? scan + 1 : dot;
  return (start === 0 && end === n ? s : s.slice(start, end)) as DecStr;
}

/** Index of the last non-zero digit of a plain `\d+(\.\d+)?` (−1: none), or −2: not plain. */
function scanPlain(s: string): number {
  const n = s.length;
  let dot = -1;
  let lastNonZero = -1;
  for (let i = 0; i < n; i += 1) {
    const c = s.charCodeAt(i);
    if (c === DOT) {
      if (dot >= 0) return NOT_PLAIN;
      dot = i;
    } else if (c < ZERO || c > NINE) {
      return NOT_PLAIN;
    } else if (c !== ZERO) {
      lastNonZero = i;
    }
  }
  return n === 0 || dot === 0 || dot === n - 1 ? NOT_PLAIN : lastNonZero;
}

/**
 * `[[price, amount], …]` (or its JSON text, a legacy variant) → levels, or an error text.
 * Levels that arrive canonical and exactly `[price, amount]` are taken as they are (no copy);
 * the payload is the engine's own, freshly decoded, and nothing writes to it.
 */
export function parseLevels(raw: unknown, side: string): BookLevel[] | string {
  const list = listOf(raw);
  if (typeof list === 'string') return `${side}: ${list}`;
  let out: BookLevel[] | null = null;
  for (let i = 0; i < list.length; i += 1) {
    const level = canonLevel(list[i]);
    if (typeof level === 'string') return `${side}.${i}: ${level}`;
    if (out === null && level !== list[i]) out = (list as BookLevel[]).slice(0, i);
    out?.push(level);
  }
  return out ?? (list as BookLevel[]);
}

function listOf(raw: unknown): unknown[] | string {
  let list = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw) as unknown;
    } catch {
      return 'not JSON';
    }
  }
  return Array.isArray(list) ? list : 'not a list';
}

/** A canonical `[price, amount]`: the same array when it already is one, else a new pair. */
function canonLevel(level: unknown): BookLevel | string {
  if (!Array.isArray(level) || level.length < 2) return 'not [price, amount]';
  const p: unknown = level[0];
  const a: unknown = level[1];
  const price = canonDec(p);
  const amount = canonDec(a);
  if (price === null || amount === null) return 'not a decimal';
  return price === p && amount === a && level.length === 2
    ? (level as unknown as BookLevel)
    : [price, amount];
}

/** As `wireInt`: a safe integer, or a digit string whose Number is one. */
function intOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  if (typeof v !== 'string' || !INT_TEXT.test(v)) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : null;
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
