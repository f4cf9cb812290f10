// The types one frame of the chart is painted from, and the small helpers its layers share.
import type { ChartIndicator } from '../../../shared/workspace.ts';
import type { Paint2D } from './book-paint.ts';
import type { ScaleLinear } from 'd3-scale';
import type { ChartSeries } from './bar-cache.ts';
import type { ChartLayout } from './chart-layout.ts';
import type { TimeTick } from './ticks.ts';
import type { Viewport } from './viewport.ts';

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
}

export type ChartMode = 'candles' | 'line';

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
