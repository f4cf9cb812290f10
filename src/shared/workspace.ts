// A trader's workspace (issue 24, ADR 0033): the settings a trader sets up once and expects to
// find again — the chart's period and indicators, the book's layout, grouping, update rate and
// motion, the favourite pairs and how the market lists are sorted. Kept per user on the server
// (POST /api/user/workspace, docs/api-extensions.md), so it follows the user to another
// browser, and in local storage for visitors. The page, the engine and the server read a stored
// or received document through `parseWorkspace`, which never throws: a field it does not know is
// dropped, a field that is wrong (or missing, from an older version) takes its default, and
// nothing in it can grow without bound.
import { KLINE_PERIODS, type KlinePeriod } from './constants.ts';

/** The chart's period buttons: the realtime line and the kline periods. */
export type ChartPeriod = 'realtime' | KlinePeriod;
export const CHART_PERIODS: readonly ChartPeriod[] = ['realtime', ...KLINE_PERIODS];
/** Spec §2: the chart opens on one minute when nothing is stored. */
export const DEFAULT_CHART_PERIOD: ChartPeriod = '1min';

/** What the candle chart draws besides the candles. */
export const CHART_INDICATORS = ['volume', 'ma', 'cross'] as const;
export type ChartIndicator = (typeof CHART_INDICATORS)[number];

/** The chart panel shows the candles or the book's depth (issue 24). */
export const CHART_PANES = ['candles', 'depth'] as const;
export type ChartPane = (typeof CHART_PANES)[number];

export const BOOK_LAYOUTS = ['both', 'bids', 'asks'] as const;
export type BookLayout = (typeof BOOK_LAYOUTS)[number];
/** How often the book repaints: every frame, or every 250 ms or 1 s. */
export const BOOK_RATES = ['frame', 250, 1000] as const;
export type BookRateSetting = (typeof BOOK_RATES)[number];

export const MARKET_SORT_KEYS = [
  'pair',
  'price',
  'change',
  'high',
  'low',
  'volume',
  'turnover',
] as const;
export type MarketSortKey = (typeof MARKET_SORT_KEYS)[number];
export interface MarketSort {
  key: MarketSortKey;
  dir: 'asc' | 'desc';
}

/** Most favourite pairs a workspace keeps. */
export const FAVOURITES_MAX = 100;
/** Largest document the server keeps (bytes of its JSON). */
export const WORKSPACE_MAX_BYTES = 16_384;
/** Longest pair name a favourite may carry ("BTC/USDT"). */
const SYMBOL_MAX = 32;

export interface Workspace {
  chart: { period: ChartPeriod; indicators: ChartIndicator[]; pane: ChartPane };
  book: {
    layout: BookLayout;
    /** Price grouping as a multiple of the tick: 1, 5, 10, 50, 100, … */
    grouping: number;
    rate: BookRateSetting;
    /** null: follow the system's reduced-motion preference. */
    reducedMotion: boolean | null;
  };
  /** Favourite pairs ("BTC/USDT"), in the order they were added. */
  favourites: string[];
  /** How the market lists are sorted; null: the exchange's own order. */
  marketSort: MarketSort | null;
}

export const DEFAULT_WORKSPACE: Workspace = {
  chart: { period: DEFAULT_CHART_PERIOD, indicators: ['volume', 'ma', 'cross'], pane: 'candles' },
  book: { layout: 'both', grouping: 1, rate: 'frame', reducedMotion: null },
  favourites: [],
  marketSort: null,
};

/** A workspace from anything: known fields checked one by one, the rest defaults. */
export function parseWorkspace(raw: unknown): Workspace {
  const doc = record(raw);
  const chart = record(doc.chart);
  const book = record(doc.book);
  const d = DEFAULT_WORKSPACE;
  return {
    chart: {
      period: oneOf(CHART_PERIODS, chart.period) ?? d.chart.period,
      indicators: Array.isArray(chart.indicators)
        ? CHART_INDICATORS.filter((i) => (chart.indicators as unknown[]).includes(i))
        : d.chart.indicators,
      pane: oneOf(CHART_PANES, chart.pane) ?? d.chart.pane,
    },
    book: {
      layout: oneOf(BOOK_LAYOUTS, book.layout) ?? d.book.layout,
      grouping: isGrouping(book.grouping) ? book.grouping : d.book.grouping,
      rate: oneOf(BOOK_RATES, book.rate) ?? d.book.rate,
      reducedMotion: typeof book.reducedMotion === 'boolean' ? book.reducedMotion : null,
    },
    favourites: favourites(doc.favourites),
    marketSort: marketSort(doc.marketSort),
  };
}

/** Whether `value` is a workspace as parseWorkspace makes them (a stored event read back). */
export function isWorkspace(value: unknown): value is Workspace {
  return JSON.stringify(parseWorkspace(value)) === JSON.stringify(value);
}

/** The workspace with one pair added to or taken out of the favourites. */
export function toggleFavourite(w: Workspace, symbol: string): Workspace {
  const has = w.favourites.includes(symbol);
  if (!has && (w.favourites.length >= FAVOURITES_MAX || !isSymbol(symbol))) return w;
  return {
    ...w,
    favourites: has ? w.favourites.filter((s) => s !== symbol) : [...w.favourites, symbol],
  };
}

/** A grouping is 1 or 5 followed by zeros (× 1, 5, 10, 50, 100, … of the tick), at most 10^9. */
export function isGrouping(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isSafeInteger(value) &&
    value > 0 &&
    value <= 1e9 &&
    /^[15]0*$/.test(String(value))
  );
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function oneOf<T extends string | number>(options: readonly T[], value: unknown): T | null {
  return options.find((o) => o === value) ?? null;
}

function isSymbol(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= SYMBOL_MAX &&
    /^[A-Z0-9]{1,15}\/[A-Z0-9]{1,15}$/.test(value)
  );
}

function favourites(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const s of value) {
    if (out.length >= FAVOURITES_MAX) break;
    if (isSymbol(s) && !out.includes(s)) out.push(s);
  }
  return out;
}

function marketSort(value: unknown): MarketSort | null {
  const v = record(value);
  const key = oneOf(MARKET_SORT_KEYS, v.key);
  const dir = oneOf(['asc', 'desc'] as const, v.dir);
  return key === null || dir === null ? null : { key, dir };
}
