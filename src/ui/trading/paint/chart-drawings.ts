// The trader's drawings on the chart (issue 46, shared/drawings.ts), drawn by the paint worker,
// and the geometry the page hit-tests them with (chart/chart-drawing-input.ts): a point's time
// falls in a bar (x is that bar's centre; a time past the newest bar goes on at the period's
// spacing), its price is on the price scale. Horizontal line: across the plot; trend line: the
// segment; ray: from the first point through the second to the plot's edge; rectangle: the two
// points' box, lightly filled; Fibonacci retracement: a level line at 0, 23.6, 38.2, 50, 61.8,
// 78.6 and 100 % of the way from the first point's price to the second's, each named with its
// ratio and price. A selected drawing shows its points as handles.
import type { ScaleLinear } from 'd3-scale';
import { scaleLinear } from 'd3-scale';
import { FIB_LEVELS, type DrawingKind } from '../../../shared/drawings.ts';
import type { ChartSeries } from './bar-cache.ts';
import type { Rect } from './chart-layout.ts';
import { clipped, type ChartDrawing, type Frame } from './chart-frame.ts';

export type { ChartDrawing };
import { formatAxisPrice } from './ticks.ts';
import type { Viewport } from './viewport.ts';

/** A drawing in pixels: its two points (one for a horizontal line: y only matters). */
export interface DrawingPixels {
  key: string;
  kind: DrawingKind;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The pointer takes a drawing within this many px of one of its strokes. */
export const DRAWING_GRAB = 6;
export const HANDLE_RADIUS = 4;
/** Fibonacci levels closer than this (px) to the last one labelled go unlabelled. */
const FIB_LABEL_GAP = 11;

/** The plot's x scale: bar index (bar i spans [i, i + 1)) to CSS px, as the candles use it. */
export function barScale(pane: Rect, viewport: Viewport): ScaleLinear<number, number> {
  return scaleLinear()
    .domain([viewport.from, viewport.to])
    .range([pane.x, pane.x + pane.width]);
}

/**
 * The bar a time falls in, as a fractional index for times past the newest or before the oldest
 * bar (at the period's spacing); inside the data, the index of the bar that holds it.
 */
export function indexOfTime(series: ChartSeries, periodSec: number, t: number): number {
  const n = series.length;
  const period = Math.max(1, periodSec) * 1000;
  if (n === 0) return 0;
  const first = series.time[0] ?? 0;
  const last = series.time[n - 1] ?? 0;
  if (t < first) return -Math.ceil((first - t) / period);
  if (t >= last) return n - 1 + Math.floor((t - last) / period);
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((series.time[mid] ?? Infinity) <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The open time of bar `index` (whole), extrapolated at the period's spacing outside the data. */
export function timeOfIndex(series: ChartSeries, periodSec: number, index: number): number {
  const n = series.length;
  const period = Math.max(1, periodSec) * 1000;
  const i = Math.round(index);
  if (n === 0) return Date.now();
  if (i < 0) return (series.time[0] ?? 0) + i * period;
  if (i >= n) return (series.time[n - 1] ?? 0) + (i - n + 1) * period;
  return series.time[i] ?? 0;
}

export interface DrawingSpace {
  series: ChartSeries;
  periodSec: number;
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
}

/** Where a drawing is, in CSS px. */
export function drawingPixels(d: ChartDrawing, s: DrawingSpace): DrawingPixels {
  const at = (p: { t: number; price: number }) => ({
    x: s.x(indexOfTime(s.series, s.periodSec, p.t) + 0.5),
    y: s.y(p.price),
  });
  const a = at(d.a);
  const b = d.b === undefined ? a : at(d.b);
  return { key: d.key, kind: d.kind, x1: a.x, y1: a.y, x2: b.x, y2: b.y };
}

/** The segments a drawing is made of, in CSS px (what is stroked and what the pointer takes). */
export function drawingSegments(p: DrawingPixels, plot: Rect): [number, number, number, number][] {
  const right = plot.x + plot.width;
  switch (p.kind) {
    case 'hline':
      return [[plot.x, p.y1, right, p.y1]];
    case 'trend':
      return [[p.x1, p.y1, p.x2, p.y2]];
    case 'ray': {
      const dx = p.x2 - p.x1;
      if (Math.abs(dx) < 1e-6)
        return [[p.x1, p.y1, p.x2, p.y2 < p.y1 ? plot.y : plot.y + plot.height]];
      const edge = dx > 0 ? right : plot.x;
      return [[p.x1, p.y1, edge, p.y1 + ((p.y2 - p.y1) * (edge - p.x1)) / dx]];
    }
    case 'rect':
      return [
        [p.x1, p.y1, p.x2, p.y1],
        [p.x2, p.y1, p.x2, p.y2],
        [p.x2, p.y2, p.x1, p.y2],
        [p.x1, p.y2, p.x1, p.y1],
      ];
    case 'fib':
      return fibLevels(p).map(({ y }) => [Math.min(p.x1, p.x2), y, Math.max(p.x1, p.x2), y]);
  }
}

/** The retracement's levels: each ratio at its y, from the first point (0) to the second (1). */
export function fibLevels(p: DrawingPixels): { ratio: number; y: number }[] {
  return FIB_LEVELS.map((ratio) => ({ ratio, y: p.y1 + (p.y2 - p.y1) * ratio }));
}

/** Distance from a point to a segment, in px. */
export function segmentDistance(
  px: number,
  py: number,
  [x1, y1, x2, y2]: [number, number, number, number],
): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = dx * dx + dy * dy;
  const k = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / len));
  return Math.hypot(px - (x1 + k * dx), py - (y1 + k * dy));
}

/** The drawing under (px, py): the nearest within DRAWING_GRAB, the last drawn first on a tie. */
export function drawingAt(
  drawings: readonly DrawingPixels[],
  plot: Rect,
  px: number,
  py: number,
): string | null {
  let best: { key: string; d: number } | null = null;
  for (let i = drawings.length - 1; i >= 0; i--) {
    const p = drawings[i];
    if (p === undefined) continue;
    for (const seg of drawingSegments(p, plot)) {
      const d = segmentDistance(px, py, seg);
      if (d <= DRAWING_GRAB && (best === null || d < best.d)) best = { key: p.key, d };
    }
  }
  return best?.key ?? null;
}

/** Draws the drawings inside the price pane. */
export function drawDrawings(f: Frame): void {
  const { ctx, s, layout } = f;
  if (s.drawings.length === 0) return;
  const space: DrawingSpace = { series: s.cache, periodSec: s.periodSec, x: f.x, y: f.y };
  const colour = s.colors.drawing;
  clipped(ctx, layout.price, () => {
    ctx.save();
    ctx.textBaseline = 'bottom';
    for (const d of s.drawings) {
      const p = drawingPixels(d, space);
      ctx.strokeStyle = colour;
      ctx.fillStyle = colour;
      ctx.lineWidth = d.selected ? 2 : 1.25;
      if (p.kind === 'rect') {
        ctx.globalAlpha = 0.12;
        ctx.fillRect(
          Math.min(p.x1, p.x2),
          Math.min(p.y1, p.y2),
          Math.abs(p.x2 - p.x1),
          Math.abs(p.y2 - p.y1),
        );
        ctx.globalAlpha = 1;
      }
      ctx.beginPath();
      for (const [x1, y1, x2, y2] of drawingSegments(p, layout.price)) {
        ctx.moveTo(x1, y1);
        ctx.lineTo(x2, y2);
      }
      ctx.stroke();
      if (p.kind === 'fib') fibLabels(f, p, d);
      if (d.selected)
        handles(
          f,
          d.kind === 'hline'
            ? [[layout.price.x + 12, p.y1]]
            : [
                [p.x1, p.y1],
                [p.x2, p.y2],
              ],
        );
    }
    ctx.restore();
  });
}

function fibLabels(f: Frame, p: DrawingPixels, d: ChartDrawing): void {
  const { ctx, s } = f;
  const b = d.b?.price ?? d.a.price;
  ctx.textAlign = 'left';
  // a level too close to the last one named keeps its line but not its label (a flat retracement)
  let named = -Infinity;
  for (const { ratio, y } of fibLevels(p)) {
    if (Math.abs(y - named) < FIB_LABEL_GAP) continue;
    named = y;
    const price = d.a.price + (b - d.a.price) * ratio;
    ctx.fillText(
      `${formatAxisPrice(ratio * 100, 1, s.locale)} %  ${formatAxisPrice(price, s.pricePrecision, s.locale)}`,
      Math.min(p.x1, p.x2) + 3,
      y - 2,
    );
  }
}

function handles(f: Frame, points: [number, number][]): void {
  const { ctx, s } = f;
  for (const [x, y] of points) {
    ctx.beginPath();
    ctx.arc(x, y, HANDLE_RADIUS, 0, Math.PI * 2);
    ctx.fillStyle = s.colors.background;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = s.colors.lines.focus;
    ctx.stroke();
  }
}
