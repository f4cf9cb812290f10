// The types one frame of the chart is painted from, and the small helpers its layers share.
import type { ChartIndicator } from '../../../shared/workspace.ts';
import type { Paint2D } from './book-paint.ts';
import type { ScaleLinear } from 'd3-scale';
import type { Rect } from './chart-layout.ts';
import type { StudyParams } from '../../../shared/studies.ts';
import type { ChartSeries } from './bar-cache.ts';
import type { ChartLayout } from './chart-layout.ts';
import type { TimeTick } from './ticks.ts';
import type { Viewport } from './viewport.ts';
import type { ChartMode } from './chart-geometry.ts';
import type { DrawingKind } from '../../../shared/drawings.ts';
import type { HeatSample, HeatTrade } from '../../../engine/api.ts';

export type { ChartMode };

export interface ChartColors {
  background: string;
  text: string;
  muted: string;
  grid: string;
  up: string;
  down: string;
  line: string;
  lineFill: string;
  ma15: string;
  ma10: string;
  ma20: string;
  crosshair: string;
  labelInk: string;
  font: string;
  /** The user's order, position and level lines (chart-lines.ts). */
  lines: LineColours;
  /** The trader's drawings (chart-drawings.ts). */
  drawing: string;
  /** The studies' lines (chart-draw-studies.ts). */
  studies: StudyColours;
}

/** The user's fills of one side in one bar. */
export interface ChartMark {
  index: number;
  side: 'buy' | 'sell';
  count: number;
}

export interface StudyColours {
  ema: string;
  boll: string;
  vwap: string;
  rsi: string;
  macd: string;
  signal: string;
  volma: string;
}

export interface LineColours {
  buy: string;
  sell: string;
  entry: string;
  liq: string;
  ink: string;
  focus: string;
}

/** What a line stands for: its colour follows (buy and take-profit green, sell and stop red). */
export type LineTone = 'buy' | 'sell' | 'entry' | 'tp' | 'sl' | 'liq';

/** A line as the paint worker draws it (the page composed the label in the reader's language). */
export interface ChartLine {
  key: string;
  /** The price, as a number for pixels only (the page keeps the exact decimal string). */
  price: number;
  label: string;
  tone: LineTone;
  /** Conditional orders and protective levels are dashed; resting orders and the entry solid. */
  dashed: boolean;
  cancellable: boolean;
  /** Keyboard focus is on it (a ring around its label). */
  focused: boolean;
  /** Being dragged, or moved by keys and not yet saved: drawn bolder. */
  moving: boolean;
}

/** What the depth heatmap is drawn from (heat-paint.ts): samples and trades, ascending in time. */
export interface HeatView {
  samples: readonly HeatSample[];
  trades: readonly HeatTrade[];
}

export interface Scene {
  width: number;
  height: number;
  cache: ChartSeries;
  viewport: Viewport;
  mode: ChartMode;
  /** What is drawn besides the price: volume pane, MA 15, MA 10/20 with their crosses. */
  indicators: readonly ChartIndicator[];
  periodSec: number;
  pricePrecision: number;
  colors: ChartColors;
  locale: string;
  /** The viewer's UTC offset at a time (ms). */
  tzOffset: (timeMs: number) => number;
  /** Mouse position in CSS px, or null when the pointer is elsewhere. */
  pointer: { x: number; y: number } | null;
  /** Bar under the pointer (−1 when none). */
  hover: number;
  /** The user's orders, position and levels (issue 46). */
  lines: readonly ChartLine[];
  /** The user's fills, by bar and side (chart-marks.ts). */
  marks: readonly ChartMark[];
  /** The studies' parameters (their panes are named with them). */
  params: StudyParams;
  /** The trader's drawings on the pair (chart-drawings.ts). */
  drawings: readonly ChartDrawing[];
  /** The depth heatmap's history (heat-paint.ts); null or absent: the heatmap is off. */
  heat?: HeatView | null;
}

export interface Frame {
  ctx: Paint2D;
  s: Scene;
  layout: ChartLayout;
  first: number;
  last: number;
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  vy: ScaleLinear<number, number>;
  spacing: number;
  priceTicks: number[];
  timeTicks: TimeTick[];
}

export const AXIS_PAD = 6;

/** Centre of bar i, snapped to the middle of a device pixel column. */
export function centre(f: Frame, i: number): number {
  return Math.round(f.x(i + 0.5)) + 0.5;
}

export function isUp(cache: ChartSeries, i: number): boolean {
  return (cache.close[i] ?? 0) >= (cache.open[i] ?? 0);
}

/** Paints inside a rectangle only. */
export function clipped(ctx: Paint2D, r: Rect, paint: () => void): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(r.x, r.y, r.width, r.height);
  ctx.clip();
  paint();
  ctx.restore();
}

/** Indices to feed the line generators: the visible bars plus one on each side for continuity. */
export function indices(f: Frame): number[] {
  const from = Math.max(0, f.first - 1);
  const to = Math.min(f.s.cache.length, f.last + 1);
  const out = new Array<number>(Math.max(0, to - from));
  for (let i = from; i < to; i++) out[i - from] = i;
  return out;
}

/** A drawing as the worker draws it: prices as numbers for pixels only. */
export interface ChartDrawing {
  key: string;
  kind: DrawingKind;
  a: { t: number; price: number };
  b?: { t: number; price: number };
  selected: boolean;
}
