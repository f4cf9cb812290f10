// The trader's drawings on the chart (issue 46, ADR 0075): a horizontal line, a trend line, a
// ray, a rectangle and a Fibonacci retracement, kept per pair in the workspace (so on the
// server, per user) and anchored to time and price, not to bars: a drawing stays where it was
// drawn whatever the period shown. `parseDrawings` reads anything and never throws; a drawing
// that is wrong in any way is dropped whole, and nothing can grow without bound.
//
// Invariants (drawings.test.ts):
//   W1 bounded: at most DRAWINGS_PER_PAIR per pair and DRAWINGS_MAX in all, on pairs of a valid
//      name; parseDrawings(parseDrawings(x)) equals parseDrawings(x).
//   W2 exact: a price is a plain decimal string above 0 (no exponent, sign or letters) with at
//      most PRICE_DECIMALS decimals; a time is a whole ms between TIME_MIN and TIME_MAX.

export const DRAWING_KINDS = ['hline', 'trend', 'ray', 'rect', 'fib'] as const;
export type DrawingKind = (typeof DRAWING_KINDS)[number];

/** A point of a drawing: a time (ms; the bar it falls in, or beyond the newest) and a price. */
export interface DrawingPoint {
  t: number;
  p: string;
}

export interface Drawing {
  id: string;
  kind: DrawingKind;
  a: DrawingPoint;
  /** The second point (every kind but the horizontal line, which is a price only). */
  b?: DrawingPoint;
}

/** Drawings by pair ("BTC/USDT"). */
export type DrawingsByPair = Record<string, Drawing[]>;

/** Most drawings on one pair, and on all pairs together. */
export const DRAWINGS_PER_PAIR = 30;
export const DRAWINGS_MAX = 150;
export const PRICE_DECIMALS = 10;
/** 2009-01-01 and 2100-01-01 (UTC), ms. */
export const TIME_MIN = 1_230_768_000_000;
export const TIME_MAX = 4_102_444_800_000;

/** The Fibonacci retracement's levels, from the first point (0) to the second (1). */
export const FIB_LEVELS = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1] as const;

const PRICE = new RegExp(`^\\d{1,12}(\\.\\d{1,${PRICE_DECIMALS}})?$`);
const ID = /^[a-z0-9]{1,16}$/;
const SYMBOL = /^[A-Z0-9]{1,15}\/[A-Z0-9]{1,15}$/;

/** Whether a kind has a second point. */
export const twoPoints = (kind: DrawingKind): boolean => kind !== 'hline';

export function isDrawingPrice(value: unknown): value is string {
  return typeof value === 'string' && PRICE.test(value) && /[1-9]/.test(value);
}

function point(value: unknown): DrawingPoint | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { t, p } = value as Record<string, unknown>;
  if (typeof t !== 'number' || !Number.isSafeInteger(t) || t < TIME_MIN || t > TIME_MAX)
    return null;
  return isDrawingPrice(p) ? { t, p } : null;
}

/** One drawing, or null when anything in it is wrong. */
export function parseDrawing(value: unknown): Drawing | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const kind = DRAWING_KINDS.find((k) => k === v.kind);
  if (kind === undefined || typeof v.id !== 'string' || !ID.test(v.id)) return null;
  const a = point(v.a);
  if (a === null) return null;
  if (!twoPoints(kind)) return { id: v.id, kind, a };
  const b = point(v.b);
  return b === null ? null : { id: v.id, kind, a, b };
}

/** The drawings of a workspace document: pairs of a valid name, each drawing checked, bounded. */
export function parseDrawings(value: unknown): DrawingsByPair {
  const out: DrawingsByPair = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  let total = 0;
  for (const [symbol, list] of Object.entries(value as Record<string, unknown>)) {
    if (!SYMBOL.test(symbol) || !Array.isArray(list)) continue;
    const kept: Drawing[] = [];
    const ids = new Set<string>();
    for (const raw of list) {
      if (kept.length >= DRAWINGS_PER_PAIR || total >= DRAWINGS_MAX) break;
      const d = parseDrawing(raw);
      if (d === null || ids.has(d.id)) continue;
      ids.add(d.id);
      kept.push(d);
      total += 1;
    }
    if (kept.length > 0) out[symbol] = kept;
  }
  return out;
}

/** How many drawings there are on all pairs. */
export const drawingCount = (all: DrawingsByPair): number =>
  Object.values(all).reduce((n, list) => n + list.length, 0);

/** Whether one more drawing fits on the pair. */
export function roomFor(all: DrawingsByPair, symbol: string): boolean {
  return (all[symbol]?.length ?? 0) < DRAWINGS_PER_PAIR && drawingCount(all) < DRAWINGS_MAX;
}

/** The drawings with one of the pair's replaced (same id) or added; unchanged when full. */
export function putDrawing(all: DrawingsByPair, symbol: string, d: Drawing): DrawingsByPair {
  const list = all[symbol] ?? [];
  const at = list.findIndex((x) => x.id === d.id);
  if (at < 0 && !roomFor(all, symbol)) return all;
  const next = at < 0 ? [...list, d] : list.map((x) => (x.id === d.id ? d : x));
  return { ...all, [symbol]: next };
}

/** The drawings without one of the pair's (a pair left with none is left out). */
export function removeDrawing(all: DrawingsByPair, symbol: string, id: string): DrawingsByPair {
  const next = (all[symbol] ?? []).filter((x) => x.id !== id);
  const { [symbol]: _gone, ...rest } = all;
  return next.length === 0 ? rest : { ...rest, [symbol]: next };
}

/** A new drawing's id: short, and not one the pair has. */
export function newDrawingId(list: readonly Drawing[], random: () => number = Math.random): string {
  for (;;) {
    const id = Math.floor(random() * 36 ** 8)
      .toString(36)
      .padStart(8, '0');
    if (!list.some((d) => d.id === id)) return id;
  }
}
