// A trader's workspace (issue 24, ADR 0033): the settings a trader sets up once and expects to
// find again — the chart's period and indicators, the book's layout, grouping, update rate and
// motion, the favourite pairs and how the market lists are sorted. Kept per user on the server
// (POST /api/user/workspace, docs/api-extensions.md), so it follows the user to another
// browser, and in local storage for visitors. The page, the engine and the server read a stored
// or received document through `parseWorkspace`, which never throws: a field it does not know is
// dropped, a field that is wrong (or missing, from an older version) takes its default, and
// nothing in it can grow without bound.
import type { LeverTemplate } from './lever-templates.ts';
import { LEVER_TEMPLATES_MAX, leverTemplate } from './lever-templates.ts';
import { KLINE_PERIODS, type KlinePeriod } from './constants.ts';
import { TIME_IN_FORCE, type SpotTif } from './spot.ts';
import { Decimal } from './decimal.ts';
import { SCALE_MAX, SCALE_MIN, SKEW_MAX, SKEW_MIN } from './scale.ts';
import { DEFAULT_STUDY_PARAMS, parseStudyParams, sameParams, type StudyParams } from './studies.ts';
import { parseDrawings, type DrawingsByPair } from './drawings.ts';
import { parsePanels, parseSavedPanels, type Panels } from './panels.ts';

/** The chart's period buttons: the realtime line and the kline periods. */
export type ChartPeriod = 'realtime' | KlinePeriod;
export const CHART_PERIODS: readonly ChartPeriod[] = ['realtime', ...KLINE_PERIODS];
/** Spec §2: the chart opens on one minute when nothing is stored. */
export const DEFAULT_CHART_PERIOD: ChartPeriod = '1min';

/**
 * What the candle chart draws besides the candles: the volume, the MA 15 and the MA 10/20 cross,
 * and the studies of issue 46 (EMA, Bollinger bands, VWAP, RSI, MACD, the volume's MA).
 */
export const CHART_INDICATORS = [
  'volume',
  'ma',
  'cross',
  'ema',
  'boll',
  'vwap',
  'rsi',
  'macd',
  'volma',
] as const;
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

/** What a key can do on a trading screen besides placing a template's order (issue 24). */
export const HOTKEY_ACTIONS = [
  'focusBuy',
  'focusSell',
  'cancelLast',
  'cancelAll',
  'closePosition',
  'nextPair',
  'prevPair',
] as const;
export type HotkeyAction = (typeof HOTKEY_ACTIONS)[number];

/** Where a template's price starts: the best bid or ask, their mid, or the last trade. */
export const PRICE_REFERENCES = ['bid', 'ask', 'mid', 'last'] as const;
export type PriceReference = (typeof PRICE_REFERENCES)[number];

/**
 * What a template places (issue 44): a limit order at its price; a conditional order triggered
 * at its price (stop or take-profit follows from where the trigger stands against the last
 * price), placing a limit order `limitTicks` from the trigger or a market order; or a scale
 * order from its price over `scale.spanTicks` ticks.
 */
export const TEMPLATE_ORDERS = ['limit', 'trigger-limit', 'trigger-market', 'scale'] as const;
export type TemplateOrderKind = (typeof TEMPLATE_ORDERS)[number];

/** A scale template's shape: how many orders, the last one's distance in ticks, the size skew. */
export interface TemplateScale {
  count: number;
  spanTicks: number;
  skew: string;
}

/** A template's order: price as ticks from a reference, size as an amount or a share. */
export interface OrderTemplate {
  key: string;
  side: 'buy' | 'sell';
  price: { from: PriceReference; ticks: number };
  /** An amount of the base currency, or a percent (1–100) of what is available for the side. */
  size: { kind: 'amount' | 'percent'; value: string };
  /** The limit order's time in force (issue 44); good till cancelled unless said. */
  tif: SpotTif;
  /** Rests whole or is refused, never takes (with good till cancelled only). */
  postOnly: boolean;
  /** What it places; a template saved before these existed places a limit order. */
  order: TemplateOrderKind;
  /** A conditional limit order's price: ticks from its trigger (+ above, − below). */
  limitTicks: number;
  scale: TemplateScale;
}

export const DEFAULT_SCALE: TemplateScale = { count: 5, spanTicks: -10, skew: '1' };

export interface HotkeySettings {
  /** Off by default: no key does anything until the trader turns them on. */
  enabled: boolean;
  /** Each order or cancel a key makes asks first (on by default). */
  confirm: boolean;
  keys: Record<HotkeyAction, string>;
  templates: OrderTemplate[];
  /**
   * The contracts screen's templates (ADR 0066); absent when there are none, so a document
   * written before they existed reads back the same (a recorded session still replays).
   */
  leverTemplates?: LeverTemplate[];
}

/** Most templates a workspace keeps; a template's price at most this many ticks away. */
export const TEMPLATES_MAX = 9;
export const TICKS_MAX = 10_000;

/**
 * A key as the page names it: modifiers (Ctrl, Alt, Shift, in that order) and a letter, a digit,
 * F1–F12 or one of a few signs ("b", "Alt+1", "Shift+X" is written "Shift+x", "F2", "]").
 */
const KEY_PATTERN = /^(Ctrl\+)?(Alt\+)?(Shift\+)?([a-z0-9]|F[1-9]|F1[0-2]|[[\],./;'=-])$/;

export const DEFAULT_HOTKEYS: HotkeySettings = {
  enabled: false,
  confirm: true,
  keys: {
    focusBuy: 'b',
    focusSell: 's',
    cancelLast: 'x',
    cancelAll: 'Shift+x',
    closePosition: 'c',
    nextPair: ']',
    prevPair: '[',
  },
  templates: [
    // "buy 25 % of available at best ask + 1 tick", "sell 0.01 at best bid"
    {
      key: 'Alt+1',
      side: 'buy',
      price: { from: 'ask', ticks: 1 },
      size: { kind: 'percent', value: '25' },
      tif: 'gtc',
      postOnly: false,
      order: 'limit',
      limitTicks: 0,
      scale: DEFAULT_SCALE,
    },
    {
      key: 'Alt+2',
      side: 'sell',
      price: { from: 'bid', ticks: 0 },
      size: { kind: 'amount', value: '0.01' },
      tif: 'gtc',
      postOnly: false,
      order: 'limit',
      limitTicks: 0,
      scale: DEFAULT_SCALE,
    },
  ],
};

/** Most favourite pairs a workspace keeps. */
export const FAVOURITES_MAX = 100;
/** Largest document the server keeps (bytes of its JSON; the drawings take most of it). */
export const WORKSPACE_MAX_BYTES = 65_536;
/** Longest pair name a favourite may carry ("BTC/USDT"). */
const SYMBOL_MAX = 32;

export interface Workspace {
  chart: {
    period: ChartPeriod;
    indicators: ChartIndicator[];
    pane: ChartPane;
    /**
     * The studies' parameters; absent while they are the defaults, so a document written before
     * they existed reads back the same (a recorded session still replays).
     */
    params?: StudyParams;
    /**
     * The pairs whose chart draws the depth heatmap (issue 47); absent while there are none, so
     * a document written before it existed reads back the same.
     */
    heatmap?: string[];
  };
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
  hotkeys: HotkeySettings;
  /**
   * The chart's drawings by pair (issue 46, shared/drawings.ts); absent when there are none, so
   * a document written before they existed reads back the same.
   */
  drawings?: DrawingsByPair;
  /**
   * The panels as the trader arranged them on each desktop trading screen (issue 46,
   * shared/panels.ts), and the two arrangements saved; absent while the screens have their own.
   */
  panels?: Panels;
  savedPanels?: (Panels | null)[];
}

export const DEFAULT_WORKSPACE: Workspace = {
  chart: { period: DEFAULT_CHART_PERIOD, indicators: ['volume', 'ma', 'cross'], pane: 'candles' },
  book: { layout: 'both', grouping: 1, rate: 'frame', reducedMotion: null },
  favourites: [],
  marketSort: null,
  hotkeys: DEFAULT_HOTKEYS,
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
      ...studyParams(chart.params),
      ...heatmapOf(chart.heatmap),
    },
    book: {
      layout: oneOf(BOOK_LAYOUTS, book.layout) ?? d.book.layout,
      grouping: isGrouping(book.grouping) ? book.grouping : d.book.grouping,
      rate: oneOf(BOOK_RATES, book.rate) ?? d.book.rate,
      reducedMotion: typeof book.reducedMotion === 'boolean' ? book.reducedMotion : null,
    },
    favourites: favourites(doc.favourites),
    marketSort: marketSort(doc.marketSort),
    hotkeys: hotkeys(doc.hotkeys),
    ...drawingsOf(doc.drawings),
    ...panelsOf(doc.panels, doc.savedPanels),
  };
}

/** The panels and the saved arrangements, each kept only when there is something in it. */
function panelsOf(
  value: unknown,
  saved: unknown,
): { panels?: Panels; savedPanels?: (Panels | null)[] } {
  const panels = parsePanels(value);
  const slots = parseSavedPanels(saved);
  return {
    ...(Object.keys(panels).length === 0 ? {} : { panels }),
    ...(slots.every((s) => s === null) ? {} : { savedPanels: slots }),
  };
}

/** The drawings, kept only when there are some. */
function drawingsOf(value: unknown): { drawings?: DrawingsByPair } {
  const drawings = parseDrawings(value);
  return Object.keys(drawings).length === 0 ? {} : { drawings };
}

/** Whether a key name is one a hotkey may have. */
export const isHotkey = (value: unknown): value is string =>
  typeof value === 'string' && KEY_PATTERN.test(value);

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

/** The studies' parameters, kept only when they are not the defaults. */
/** The pairs with the heatmap on, kept only when there are some. */
function heatmapOf(value: unknown): { heatmap?: string[] } {
  const pairs = favourites(value);
  return pairs.length === 0 ? {} : { heatmap: pairs };
}

/** The workspace with the depth heatmap of one pair switched on or off (issue 47). */
export function withHeatmap(w: Workspace, symbol: string, on: boolean): Workspace {
  const now = w.chart.heatmap ?? [];
  if (on === now.includes(symbol) || (on && (now.length >= FAVOURITES_MAX || !isSymbol(symbol))))
    return w;
  const { heatmap: _old, ...chart } = w.chart;
  const next = on ? [...now, symbol] : now.filter((s) => s !== symbol);
  return { ...w, chart: next.length === 0 ? chart : { ...chart, heatmap: next } };
}

function studyParams(value: unknown): { params?: StudyParams } {
  const params = parseStudyParams(value);
  return sameParams(params, DEFAULT_STUDY_PARAMS) ? {} : { params };
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

function hotkeys(value: unknown): HotkeySettings {
  if (value === undefined) return DEFAULT_HOTKEYS;
  const v = record(value);
  const d = DEFAULT_HOTKEYS;
  const given = record(v.keys);
  const keys = { ...d.keys };
  const used = new Set<string>();
  for (const action of HOTKEY_ACTIONS) {
    const key = given[action];
    keys[action] = isHotkey(key) && !used.has(key) ? key : '';
    if (keys[action] !== '') used.add(keys[action]);
  }
  const templates: OrderTemplate[] = [];
  for (const raw of Array.isArray(v.templates) ? v.templates : []) {
    const t = template(raw);
    if (t === null || used.has(t.key) || templates.length >= TEMPLATES_MAX) continue;
    used.add(t.key);
    templates.push(t);
  }
  const leverTemplates = leverTemplatesOf(v.leverTemplates, used);
  return {
    enabled: v.enabled === true,
    confirm: v.confirm !== false,
    keys,
    templates: Array.isArray(v.templates) ? templates : d.templates,
    ...(leverTemplates.length === 0 ? {} : { leverTemplates }),
  };
}

/** The contract templates (ADR 0066), each with a key no action or template has yet. */
function leverTemplatesOf(value: unknown, used: Set<string>): LeverTemplate[] {
  const out: LeverTemplate[] = [];
  for (const raw of Array.isArray(value) ? value : []) {
    const t = leverTemplate(raw, isHotkey);
    if (t === null || used.has(t.key) || out.length >= LEVER_TEMPLATES_MAX) continue;
    used.add(t.key);
    out.push(t);
  }
  return out;
}

function template(value: unknown): OrderTemplate | null {
  const v = record(value);
  const price = record(v.price);
  const size = record(v.size);
  const side = oneOf(['buy', 'sell'] as const, v.side);
  const from = oneOf(PRICE_REFERENCES, price.from);
  const kind = oneOf(['amount', 'percent'] as const, size.kind);
  const ticks = price.ticks;
  if (!isHotkey(v.key) || side === null || from === null || kind === null) return null;
  if (!ticksValid(ticks) || !sizeValid(kind, size.value)) return null;
  // a template saved before issue 44 has none of these: a plain limit order, as it always placed
  const tif = oneOf(TIME_IN_FORCE, v.tif) ?? 'gtc';
  const extras = templateExtras(v);
  if (extras === null) return null;
  return {
    key: v.key,
    side,
    price: { from, ticks },
    size: { kind, value: size.value as string },
    tif,
    postOnly: v.postOnly === true && tif === 'gtc',
    ...extras,
  };
}

/** What a template places (issue 44); null when it is not one this version knows. */
function templateExtras(
  v: Record<string, unknown>,
): Pick<OrderTemplate, 'order' | 'limitTicks' | 'scale'> | null {
  // an order it does not know (a later version's) is dropped, never placed as another
  const order = v.order === undefined ? 'limit' : oneOf(TEMPLATE_ORDERS, v.order);
  const limitTicks = v.limitTicks ?? 0;
  const scale = v.scale === undefined ? DEFAULT_SCALE : templateScale(v.scale);
  if (order === null || !ticksValid(limitTicks) || scale === null) return null;
  return { order, limitTicks, scale };
}

/** Ticks from a price: a whole number, at most TICKS_MAX either way. */
export function ticksValid(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && Math.abs(v) <= TICKS_MAX;
}

/** A scale template's shape: 2–50 orders, a span of 1 tick or more either way, a skew of 0.1–10. */
export function templateScale(value: unknown): TemplateScale | null {
  const v = record(value);
  const { count, spanTicks, skew } = v;
  if (typeof count !== 'number' || !Number.isSafeInteger(count)) return null;
  if (count < SCALE_MIN || count > SCALE_MAX) return null;
  if (!ticksValid(spanTicks) || spanTicks === 0) return null;
  if (typeof skew !== 'string' || !/^\d{1,2}(\.\d{1,2})?$/.test(skew)) return null;
  const k = new Decimal(skew);
  if (k.lessThan(SKEW_MIN) || k.greaterThan(SKEW_MAX)) return null;
  return { count, spanTicks, skew };
}

/** An amount: a plain decimal above 0 (at most 8 decimals); a percent: 1 to 100, whole. */
export function sizeValid(kind: 'amount' | 'percent', value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (kind === 'percent') return /^(100|[1-9][0-9]?)$/.test(value);
  return /^\d{1,12}(\.\d{1,8})?$/.test(value) && /[1-9]/.test(value);
}

function marketSort(value: unknown): MarketSort | null {
  const v = record(value);
  const key = oneOf(MARKET_SORT_KEYS, v.key);
  const dir = oneOf(['asc', 'desc'] as const, v.dir);
  return key === null || dir === null ? null : { key, dir };
}
