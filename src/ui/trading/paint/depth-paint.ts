// Painting the depth chart (issue 24) on a 2D context, in the paint worker: the bids' cumulative
// amount as a green step area rising to the left of the mid, the asks' as a red one rising to
// the right, a price axis at the bottom, an amount axis at the right, and the pointer's level
// marked (a vertical line through its price and a dot on its step). Prices and amounts are
// floats here: they only become pixels; the read-out of exact figures is the page's.
import { scaleLinear } from 'd3-scale';
import type { ScaleLinear } from 'd3-scale';
import { area, curveStepAfter, curveStepBefore, line } from 'd3-shape';
import type { Paint2D } from './book-paint.ts';
import type { ChartColors } from './chart-frame.ts';
import { midOf, type DepthLine, type DepthSide } from './depth-math.ts';
import { formatAxisVolume } from './ticks.ts';

export const DEPTH_AXIS_WIDTH = 56;
export const DEPTH_AXIS_HEIGHT = 22;
const TOP_PAD = 12;

export interface DepthPaintScene {
  width: number;
  height: number;
  bids: DepthLine;
  asks: DepthLine;
  priceDp: number;
  colors: ChartColors;
  locale: string;
  format: (value: string, dp: number) => string;
  /** The level under the pointer, or null. */
  hover: { side: DepthSide; index: number } | null;
}

/** The plot's scales: prices symmetric around the mid, amounts from 0 to the deeper side. */
export interface DepthScales {
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
}

export function depthScales(
  s: Pick<DepthPaintScene, 'width' | 'height' | 'bids' | 'asks'>,
): DepthScales | null {
  if (s.bids.prices.length + s.asks.prices.length === 0) return null;
  const mid = midOf(s);
  const lowest = s.bids.prices[s.bids.prices.length - 1] ?? mid;
  const highest = s.asks.prices[s.asks.prices.length - 1] ?? mid;
  const half = Math.max(mid - lowest, highest - mid, Math.abs(mid) * 1e-4, 1e-12);
  const deepest = Math.max(
    s.bids.totals[s.bids.totals.length - 1] ?? 0,
    s.asks.totals[s.asks.totals.length - 1] ?? 0,
    1e-12,
  );
  const plotRight = Math.max(0, s.width - DEPTH_AXIS_WIDTH);
  const plotBottom = Math.max(0, s.height - DEPTH_AXIS_HEIGHT);
  return {
    x: scaleLinear()
      .domain([mid - half, mid + half])
      .range([0, plotRight]),
    y: scaleLinear()
      .domain([0, deepest * 1.08])
      .range([plotBottom, TOP_PAD]),
  };
}

export function paintDepth(ctx: Paint2D, s: DepthPaintScene): void {
  ctx.clearRect(0, 0, s.width, s.height);
  const scales = depthScales(s);
  if (scales === null) return;
  const { x, y } = scales;
  const c = s.colors;
  ctx.font = c.font;
  drawGrid(ctx, s, scales);
  drawSide(ctx, s.bids, 'bid', scales, c.up);
  drawSide(ctx, s.asks, 'ask', scales, c.down);
  drawAxes(ctx, s, scales);
  if (s.hover === null) return;
  const line_ = s.hover.side === 'bid' ? s.bids : s.asks;
  const hx = line_.prices[s.hover.index];
  const hy = line_.totals[s.hover.index];
  // a chosen level the book does not have at the moment is not marked
  if (hx === undefined || hy === undefined) return;
  const px = x(hx);
  const py = y(hy);
  ctx.strokeStyle = c.crosshair;
  ctx.lineWidth = 1;
  ctx.setLineDash([4, 4]);
  ctx.beginPath();
  ctx.moveTo(Math.round(px) + 0.5, TOP_PAD);
  ctx.lineTo(Math.round(px) + 0.5, y(0));
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = s.hover.side === 'bid' ? c.up : c.down;
  ctx.beginPath();
  ctx.arc(px, py, 4, 0, 2 * Math.PI);
  ctx.fill();
}

/**
 * One side as a step area from the best level outwards, continued flat to the plot's edge (the
 * side holds at least that much beyond the levels sent).
 */
function drawSide(
  ctx: Paint2D,
  side: DepthLine,
  kind: DepthSide,
  { x, y }: DepthScales,
  colour: string,
): void {
  const n = side.prices.length;
  if (n === 0) return;
  const edge = kind === 'bid' ? (x.domain()[0] ?? 0) : (x.domain()[1] ?? 0);
  // points in rising price order: bids from the deepest to the best, asks the other way
  const points: [number, number][] = [];
  for (let k = 0; k < n; k += 1) {
    const i = kind === 'bid' ? n - 1 - k : k;
    points.push([side.prices[i] ?? 0, side.totals[i] ?? 0]);
  }
  const deepest = side.totals[n - 1] ?? 0;
  if (kind === 'bid') points.unshift([edge, deepest]);
  else points.push([edge, deepest]);
  // bids: a price holds the total of the level at or above it (the step takes the right
  // point's value); asks: of the level at or below it (the left point's)
  const curve = kind === 'bid' ? curveStepBefore : curveStepAfter;
  ctx.beginPath();
  area<[number, number]>()
    .x((p) => x(p[0]))
    .y0(y(0))
    .y1((p) => y(p[1]))
    .curve(curve)
    .context(ctx)(points);
  ctx.globalAlpha = 0.18;
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.beginPath();
  line<[number, number]>()
    .x((p) => x(p[0]))
    .y((p) => y(p[1]))
    .curve(curve)
    .context(ctx)(points);
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

function drawGrid(ctx: Paint2D, s: DepthPaintScene, { x, y }: DepthScales): void {
  ctx.strokeStyle = s.colors.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const t of y.ticks(4)) {
    const py = Math.round(y(t)) + 0.5;
    ctx.moveTo(0, py);
    ctx.lineTo(x.range()[1] ?? 0, py);
  }
  ctx.stroke();
}

function drawAxes(ctx: Paint2D, s: DepthPaintScene, { x, y }: DepthScales): void {
  const c = s.colors;
  ctx.fillStyle = c.muted;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  const right = x.range()[1] ?? 0;
  for (const t of y.ticks(4)) {
    if (t === 0) continue;
    ctx.fillText(formatAxisVolume(t, s.locale), right + 6, y(t));
  }
  ctx.textAlign = 'center';
  const bottom = (y.range()[0] ?? 0) + DEPTH_AXIS_HEIGHT / 2;
  const ticks = x.ticks(Math.max(2, Math.floor(right / 110)));
  for (const t of ticks) {
    const px = x(t);
    if (px < 30 || px > right - 30) continue;
    ctx.fillText(s.format(t.toFixed(s.priceDp), s.priceDp), px, bottom);
  }
}
