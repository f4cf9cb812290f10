// The chart's numeric cache: the bars' decimal strings turned into typed arrays once per data
// version (B11), with the indicators beside them. Only the bars from the first changed one on
// are rewritten: a live update of the last bar costs one row, a reset rebuilds. Floats here are for pixels only;
// the read-out keeps the original Bar objects (`bars`) and shows their strings.
//
// Invariants (properties in bar-cache.test.ts):
//   C1 incremental-equals-scratch: syncing a sequence of versions equals building the last one.
//   C2 mirrors-bars: length === bars.length and every numeric column equals Number(field).
import type { Bar } from '../../../engine/api.ts';
import { toPixelNumber } from '../../../shared/decimal.ts';
import { DEFAULT_STUDY_PARAMS, sameParams, type StudyParams } from '../../../shared/studies.ts';
import { bollingerInto, emaInto, macdInto, rsiInto, vwapInto, type VwapSeed } from './studies.ts';
import {
  CROSS_FAST,
  CROSS_SLOW,
  crossesInto,
  MA_MAIN,
  movingAverageInto,
  prefixSumInto,
} from './indicators.ts';

/** What the chart is drawn from (chart-draw.ts): numeric columns and the newest bar. */
export interface ChartSeries {
  /** Symbol and period the bars belong to; another key always rebuilds. */
  key: string;
  length: number;
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  ma15: Float64Array;
  ma10: Float64Array;
  ma20: Float64Array;
  /** The studies (issue 46, studies.ts): NaN where a study has no value yet. */
  ema: Float64Array;
  bollMid: Float64Array;
  bollUp: Float64Array;
  bollLow: Float64Array;
  vwap: Float64Array;
  rsi: Float64Array;
  macd: Float64Array;
  macdSignal: Float64Array;
  macdHist: Float64Array;
  volma: Float64Array;
  /** +1 golden cross, −1 death cross of MA10 over MA20, 0 none. */
  cross: Int8Array;
  /** The newest bar: its decimal string labels the last price. */
  last: Bar | undefined;
}

/** The page's cache: the series, the bars it came from and what the indicators are made of. */
export interface BarCache extends ChartSeries {
  /** The bars the numbers came from (the read-out shows their decimal strings). */
  bars: readonly Bar[];
  /** Running sum of the closes (the moving averages are differences of it). */
  closeSum: Float64Array;
  /** What the studies go on from: running sums and averages (studies.ts). */
  volSum: Float64Array;
  rsiGain: Float64Array;
  rsiLoss: Float64Array;
  emaFast: Float64Array;
  emaSlow: Float64Array;
  pvSum: Float64Array;
  vSum: Float64Array;
  /** The studies' parameters the columns were computed with. */
  params: StudyParams;
  /** The studies computed (studiesKey): the others' columns are NaN. */
  studies: string;
  /** The VWAP's sums of the first row's day before it, when the bars are a tail (bar-tail.ts). */
  vwapSeed: VwapSeed | null;
}

/** The studies a cache can compute; the chart asks for those it shows. */
export const CACHE_STUDIES = ['ema', 'boll', 'vwap', 'rsi', 'macd', 'volma'] as const;

/** The studies of a list (indicators, say) as the cache keeps them: in order, comma-separated. */
export const studiesKey = (list: readonly string[]): string =>
  CACHE_STUDIES.filter((s) => list.includes(s)).join(',');

/** The columns a series is drawn from, as sent to the paint worker. */
export const SERIES_COLUMNS = [
  'time',
  'open',
  'high',
  'low',
  'close',
  'volume',
  'ma15',
  'ma10',
  'ma20',
  'ema',
  'bollMid',
  'bollUp',
  'bollLow',
  'vwap',
  'rsi',
  'macd',
  'macdSignal',
  'macdHist',
  'volma',
] as const;

/** A series' columns from one index on (copies: they can be transferred to a worker). */
export type SeriesColumns = Record<(typeof SERIES_COLUMNS)[number], Float64Array> & {
  cross: Int8Array;
};

export interface CacheSync {
  cache: BarCache;
  /** First index whose values changed (length when nothing changed). */
  from: number;
}

/** The page's own columns: what the indicators and studies go on from. */
const PAGE_COLUMNS = [
  'closeSum',
  'volSum',
  'rsiGain',
  'rsiLoss',
  'emaFast',
  'emaSlow',
  'pvSum',
  'vSum',
] as const;

/** Every float column of the page's cache: the series' and the page's own. */
const FLOAT_COLUMNS = [...SERIES_COLUMNS, ...PAGE_COLUMNS] as const;

/**
 * Bring the cache up to date with `bars` (ascending by time), the studies' `params` and the
 * `studies` shown (all by default: only those are computed, a fresh chart of 10,000 bars paid
 * ≈ 55 ms for studies nobody saw, B11); reuses it when it can. New parameters, another set of
 * studies or another `vwapSeed` (the bars are a tail of a longer series: bar-tail.ts) recompute
 * the studies (the bars' columns stay).
 */
export function syncBarCache(
  cache: BarCache | null,
  key: string,
  bars: readonly Bar[],
  params: StudyParams = DEFAULT_STUDY_PARAMS,
  studies: readonly string[] = CACHE_STUDIES,
  vwapSeed: VwapSeed | null = null,
): CacheSync {
  const on = studiesKey(studies);
  const same = cache !== null && cache.key === key;
  const paramsKept = same && studiesKept(cache, params, on, vwapSeed);
  if (same && paramsKept && cache.bars === bars) return { cache, from: cache.length };
  const rowsFrom = same ? tailStart(cache, bars) : 0;
  const target = same ? cache : emptyCache(key, bars.length);
  const next = ensureCapacity(target, bars.length);
  writeRows(next, bars, rowsFrom);
  next.bars = bars;
  next.last = bars[bars.length - 1];
  next.length = bars.length;
  const from = paramsKept ? rowsFrom : 0;
  // the same object while the values are the same: the paint worker is sent the whole series
  // only when they change (chart-surface.ts)
  if (!paramsKept) {
    next.params = params;
    next.studies = on;
    next.vwapSeed = vwapSeed;
  }
  writeIndicators(next, from);
  return { cache: next, from };
}

/** The cache's studies were computed with these parameters, studies and seed. */
const studiesKept = (
  cache: BarCache,
  params: StudyParams,
  on: string,
  vwapSeed: VwapSeed | null,
): boolean =>
  sameParams(cache.params, params) && cache.studies === on && cache.vwapSeed === vwapSeed;

/** Build from scratch (what syncBarCache must always equal). */
export function buildBarCache(
  key: string,
  bars: readonly Bar[],
  params: StudyParams = DEFAULT_STUDY_PARAMS,
): BarCache {
  return syncBarCache(null, key, bars, params).cache;
}

/** Copies of the series' columns from `from` to its end. */
export function seriesColumns(series: ChartSeries, from: number): SeriesColumns {
  const n = series.length;
  const out = { cross: series.cross.slice(from, n) } as SeriesColumns;
  for (const col of SERIES_COLUMNS) out[col] = series[col].slice(from, n);
  return out;
}

/**
 * The series after writing `columns` at `from` (the paint worker's copy of the page's series):
 * the rows before `from` are kept, the series ends at `from` + the columns' length. Reuses
 * `series` when it can, grows by doubling.
 */
export function spliceSeries(
  series: ChartSeries | null,
  key: string,
  from: number,
  columns: SeriesColumns,
  last: Bar | undefined,
): ChartSeries {
  const length = from + columns.time.length;
  const kept = series !== null && series.key === key ? series : null;
  let next: ChartSeries = kept ?? emptySeries(key, length);
  if (next.time.length < length) {
    const grown = emptySeries(key, Math.max(length, next.time.length * 2));
    for (const col of SERIES_COLUMNS) grown[col].set(next[col].subarray(0, from));
    grown.cross.set(next.cross.subarray(0, from));
    next = grown;
  }
  for (const col of SERIES_COLUMNS) next[col].set(columns[col], from);
  next.cross.set(columns.cross, from);
  next.length = length;
  next.last = last;
  return next;
}

/** Index of the last bar at or before `time`, or −1 (binary search on the time column). */
export function indexAtOrBefore(cache: BarCache, time: number): number {
  let lo = 0;
  let hi = cache.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((cache.time[mid] ?? Infinity) <= time) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

// ---- helpers --------------------------------------------------------------------------------

/**
 * Where the new bars start to differ: the first index whose Bar object is not the old one.
 * The bridge upserts into a copy of the array and keeps unchanged Bar objects, so a live update
 * of the last bar (or one appended) rewrites only the tail; a reset brings new objects and
 * rebuilds. Comparing references is a few microseconds for 10,000 bars.
 */
export function firstChanged(old: readonly Bar[], bars: readonly Bar[]): number {
  // the same series (a frame for the pointer or the view only): nothing to compare
  if (old === bars) return bars.length;
  const limit = Math.min(old.length, bars.length);
  let i = 0;
  while (i < limit && old[i] === bars[i]) i++;
  return i;
}

function tailStart(cache: BarCache, bars: readonly Bar[]): number {
  return firstChanged(cache.bars, bars);
}

function emptySeries(key: string, capacity: number): ChartSeries {
  const size = Math.max(16, capacity);
  const series = { key, length: 0, last: undefined, cross: new Int8Array(size) } as ChartSeries;
  for (const col of SERIES_COLUMNS) series[col] = new Float64Array(size);
  return series;
}

function emptyCache(key: string, capacity: number): BarCache {
  const series = emptySeries(key, capacity);
  const cache = {
    ...series,
    bars: [],
    params: DEFAULT_STUDY_PARAMS,
    studies: '',
    vwapSeed: null,
  } as unknown as BarCache;
  for (const col of PAGE_COLUMNS) cache[col] = new Float64Array(series.time.length);
  return cache;
}

/** Grow by doubling so appending a bar does not reallocate every time. */
function ensureCapacity(cache: BarCache, needed: number): BarCache {
  if (cache.time.length >= needed) return cache;
  const size = Math.max(needed, cache.time.length * 2);
  const grown = emptyCache(cache.key, size);
  for (const col of FLOAT_COLUMNS) grown[col].set(cache[col].subarray(0, cache.length));
  grown.cross.set(cache.cross.subarray(0, cache.length));
  grown.length = cache.length;
  grown.bars = cache.bars;
  grown.last = cache.last;
  grown.params = cache.params;
  grown.studies = cache.studies;
  grown.vwapSeed = cache.vwapSeed;
  return grown;
}

function writeRows(cache: BarCache, bars: readonly Bar[], from: number): void {
  for (let i = from; i < bars.length; i++) {
    const b = bars[i];
    if (b === undefined) continue;
    cache.time[i] = b.time;
    cache.open[i] = toPixelNumber(b.open);
    cache.high[i] = toPixelNumber(b.high);
    cache.low[i] = toPixelNumber(b.low);
    cache.close[i] = toPixelNumber(b.close);
    cache.volume[i] = toPixelNumber(b.volume);
  }
}

function writeIndicators(cache: BarCache, from: number): void {
  const n = cache.length;
  prefixSumInto(cache.closeSum, cache.close, n, from);
  movingAverageInto(cache.ma15, cache.closeSum, n, MA_MAIN, from);
  movingAverageInto(cache.ma10, cache.closeSum, n, CROSS_FAST, from);
  movingAverageInto(cache.ma20, cache.closeSum, n, CROSS_SLOW, from);
  crossesInto(cache.cross, cache.ma10, cache.ma20, n, from);
  writeStudies(cache, from);
}

function writeStudies(c: BarCache, from: number): void {
  const n = c.length;
  const p = c.params;
  const on = c.studies.split(',');
  const off = (...cols: Float64Array[]) => cols.forEach((col) => col.fill(NaN, from, n));
  if (on.includes('ema')) emaInto(c.ema, c.close, n, p.ema.period, from);
  else off(c.ema);
  if (on.includes('boll'))
    bollingerInto(c.bollMid, c.bollUp, c.bollLow, c.close, n, p.boll.period, p.boll.mult, from);
  else off(c.bollMid, c.bollUp, c.bollLow);
  if (on.includes('vwap')) vwapInto(c.vwap, c.pvSum, c.vSum, c, n, from, c.vwapSeed);
  else off(c.vwap);
  if (on.includes('rsi')) rsiInto(c.rsi, c.rsiGain, c.rsiLoss, c.close, n, p.rsi.period, from);
  else off(c.rsi);
  if (on.includes('macd'))
    macdInto(
      { fast: c.emaFast, slow: c.emaSlow, macd: c.macd, signal: c.macdSignal, hist: c.macdHist },
      c.close,
      n,
      p.macd,
      from,
    );
  else off(c.macd, c.macdSignal, c.macdHist);
  if (on.includes('volma')) {
    prefixSumInto(c.volSum, c.volume, n, from);
    movingAverageInto(c.volma, c.volSum, n, p.volma.period, from);
  } else off(c.volma);
}
