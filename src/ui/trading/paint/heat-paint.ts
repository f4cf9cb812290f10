// The depth heatmap behind the candles (issue 47, ADR 0081): for each bar in view, the book as it
// stood at the bar's close (the engine's last sample before it), its resting amount summed per
// band of HEAT_ROW_PX in the price pane and coloured from faint blue (little) to yellow (the
// most in view, square-root scale); trades as bubbles at their time and price, their area
// following their amount, green buys and red sells. It scrolls and zooms with the candles:
// columns are bars, rows are prices of the pane's scale. Pixels only: numbers, never money.
//
// Invariants (heat-paint.test.ts):
//   M1 the-book-at-close: a bar's column shows the last sample before its close, nothing before
//      the first sample.
//   M2 relative: the band with the most resting amount in view gets the strongest colour.
import type { HeatSample, HeatTrade } from '../../../engine/api.ts';
import { appendAll } from '../../../engine/api.ts';
import type { Frame, HeatView } from './chart-frame.ts';

export type { HeatView };

/**
 * The samples and trades the page sends the paint worker: from the indexes the worker holds
 * (0: the whole history of `key` again).
 */
export interface HeatPart {
  key: string;
  sampleFrom: number;
  samples: HeatSample[];
  tradeFrom: number;
  trades: HeatTrade[];
}

/** Height of a band of prices, CSS px. */
export const HEAT_ROW_PX = 2;
/** Colour steps of the ramp (one fill per step). */
const STEPS = 8;
const MAX_BUBBLE_PX = 9;
const MIN_BUBBLE_PX = 1.5;

/** The paint worker's copy of the page's heat history. */
export class HeatHeld implements HeatView {
  key: string | null = null;
  samples: HeatSample[] = [];
  trades: HeatTrade[] = [];

  /** Takes a part in; false when it does not continue what is held (nothing is kept then). */
  take(part: HeatPart): boolean {
    const fresh = part.key !== this.key;
    if (fresh && (part.sampleFrom !== 0 || part.tradeFrom !== 0)) {
      this.key = null;
      return false;
    }
    if (fresh) {
      this.key = part.key;
      this.samples = [];
      this.trades = [];
    }
    if (part.sampleFrom !== this.samples.length || part.tradeFrom !== this.trades.length) {
      this.key = null;
      return false;
    }
    appendAll(this.samples, part.samples);
    appendAll(this.trades, part.trades);
    return true;
  }
}

interface Grid {
  cols: number;
  rows: number;
  cells: Float32Array;
  max: number;
}

/** The amounts per column (bar in view) and band: what the heatmap colours. */
export function heatGrid(
  f: Pick<Frame, 'first' | 'last' | 'y'> & { periodMs: number; time: Float64Array },
  pane: { y: number; height: number },
  samples: readonly HeatSample[],
): Grid {
  const cols = Math.max(0, f.last - f.first);
  const rows = Math.max(1, Math.ceil(pane.height / HEAT_ROW_PX));
  const grid: Grid = { cols, rows, cells: new Float32Array(cols * rows), max: 0 };
  let j = -1;
  for (let c = 0; c < cols; c++) {
    const close = (f.time[f.first + c] ?? 0) + f.periodMs;
    // the last sample before the bar's close (samples ascend: the index only moves forward)
    while (j + 1 < samples.length && (samples[j + 1]?.t ?? Infinity) < close) j++;
    const sample = samples[j];
    if (sample === undefined) continue;
    addSide(grid, c, sample.bids, (p) => f.y(p) - pane.y);
    addSide(grid, c, sample.asks, (p) => f.y(p) - pane.y);
  }
  return grid;
}

/** Adds a side's levels ([price, amount, …]) to column `c`, each in the band of its price. */
function addSide(grid: Grid, c: number, side: readonly number[], y: (p: number) => number): void {
  for (let k = 0; k + 1 < side.length; k += 2) {
    const row = Math.floor(y(side[k] ?? NaN) / HEAT_ROW_PX);
    if (!(row >= 0 && row < grid.rows)) continue;
    const at = c * grid.rows + row;
    const v = (grid.cells[at] ?? 0) + (side[k + 1] ?? 0);
    grid.cells[at] = v;
    if (v > grid.max) grid.max = v;
  }
}

/** Draws the heatmap and the trades' bubbles in the price pane (the caller clips to it). */
export function drawHeat(f: Frame, heat: HeatView): void {
  const pane = f.layout.price;
  const periodMs = f.s.periodSec * 1000;
  const time = f.s.cache.time;
  const grid = heatGrid({ ...f, periodMs, time }, pane, heat.samples);
  if (grid.max > 0) paintCells(f, grid, pane);
  drawBubbles(f, heat.trades, periodMs);
}

/**
 * The cells as one image, a pixel per column and band, scaled onto the pane: a single
 * `drawImage` however many cells there are (as rectangles, thousands of them a paint kept the
 * paint worker's raster busy for hundreds of ms, on the core the page's main thread needs).
 */
function paintCells(f: Frame, grid: Grid, pane: { y: number }): void {
  const image = cellImage(grid);
  if (image === null) return;
  const { ctx } = f;
  const smoothing = ctx.imageSmoothingEnabled;
  ctx.imageSmoothingEnabled = false;
  const left = f.x(f.first);
  ctx.drawImage(
    image,
    0,
    0,
    grid.cols,
    grid.rows,
    left,
    pane.y,
    f.x(f.first + grid.cols) - left,
    grid.rows * HEAT_ROW_PX,
  );
  ctx.imageSmoothingEnabled = smoothing;
}

/** The ramp's steps as RGBA bytes (rampRgba). */
const RAMP_BYTES: readonly (readonly number[])[] = Array.from({ length: STEPS }, (_, step) =>
  rampRgba(step / (STEPS - 1)),
);

let scratch: OffscreenCanvas | null = null;
let heldPixels: ImageData | null = null;

/** The grid's pixels on a scratch canvas kept between paints (null: no 2D context). */
function cellImage(grid: Grid): OffscreenCanvas | null {
  if (grid.cols === 0) return null;
  const canvas = scratchFor(grid.cols, grid.rows);
  const g = canvas.getContext('2d');
  if (g === null) return null;
  const pixels = pixelsFor(grid.cols, grid.rows);
  for (let c = 0; c < grid.cols; c++) {
    for (let r = 0; r < grid.rows; r++) {
      const v = grid.cells[c * grid.rows + r] ?? 0;
      if (v > 0) pixels.data.set(RAMP_BYTES[heatStep(v, grid.max)] ?? [], (r * grid.cols + c) * 4);
    }
  }
  g.putImageData(pixels, 0, 0);
  return canvas;
}

/** Blank pixels of `cols` × `rows`, kept between paints of one size (two a second). */
function pixelsFor(cols: number, rows: number): ImageData {
  if (heldPixels?.width !== cols || heldPixels.height !== rows)
    heldPixels = new ImageData(cols, rows);
  else heldPixels.data.fill(0);
  return heldPixels;
}

/** The scratch canvas, at least `cols` × `rows`. */
function scratchFor(cols: number, rows: number): OffscreenCanvas {
  if (scratch === null || scratch.width < cols || scratch.height < rows)
    scratch = new OffscreenCanvas(
      Math.max(cols, scratch?.width ?? 0),
      Math.max(rows, scratch?.height ?? 0),
    );
  return scratch;
}

/** The ramp's step of an amount: square-root scale of the strongest in view. */
const heatStep = (v: number, max: number): number =>
  Math.min(STEPS - 1, Math.floor(Math.sqrt(v / max) * STEPS));

/**
 * The ramp's colour at t (0–1) as RGBA bytes: faint blue → cyan → yellow, more opaque as it gets
 * stronger (alpha 0–255, from an opacity of two decimals).
 */
export function rampRgba(t: number): number[] {
  const a = Math.max(0, Math.min(1, t));
  const alpha = Math.round(Number((0.14 + 0.56 * a).toFixed(2)) * 255);
  return [Math.round(40 + 210 * a), Math.round(110 + 100 * a), Math.round(230 - 190 * a), alpha];
}

/** Trades closer than this (CSS px, per side) are drawn as one bubble. */
export const BUBBLE_CELL_PX = 4;

interface Bubble {
  /** Sums of x and y weighted by amount, and the amount. */
  x: number;
  y: number;
  amount: number;
  side: 'buy' | 'sell';
}

/**
 * The trades in view gathered per side into cells of BUBBLE_CELL_PX: one bubble each, at the
 * amount-weighted centre of its trades, its area following their summed amount. Bounded by the
 * pane's cells, however many trades an hour holds.
 */
export function bubblesOf(
  f: Pick<Frame, 'first' | 'last' | 'x' | 'y'> & { time: Float64Array },
  trades: readonly HeatTrade[],
  periodMs: number,
): { bubbles: Bubble[]; biggest: number } {
  const { time } = f;
  const until = (time[f.last - 1] ?? -Infinity) + periodMs;
  const cells = new Map<number, Bubble>();
  let bar = f.first;
  let biggest = 0;
  for (let k = lowerBound(trades, time[f.first] ?? Infinity); k < trades.length; k++) {
    const tr = trades[k];
    if (tr === undefined || tr.t >= until) break;
    while (bar + 1 < f.last && (time[bar + 1] ?? Infinity) <= tr.t) bar++;
    const x = f.x(bar + (tr.t - (time[bar] ?? tr.t)) / periodMs);
    const y = f.y(tr.price);
    const key = cellKey(x, y, tr.side);
    const cell = cells.get(key) ?? { x: 0, y: 0, amount: 0, side: tr.side };
    cell.x += x * tr.amount;
    cell.y += y * tr.amount;
    cell.amount += tr.amount;
    cells.set(key, cell);
    if (cell.amount > biggest) biggest = cell.amount;
  }
  return { bubbles: [...cells.values()], biggest };
}

/** A side's cell of BUBBLE_CELL_PX as one number (x and y within ±2²⁰ cells of the origin). */
const cellKey = (x: number, y: number, side: 'buy' | 'sell'): number =>
  ((Math.floor(x / BUBBLE_CELL_PX) + 2 ** 20) * 2 ** 21 +
    (Math.floor(y / BUBBLE_CELL_PX) + 2 ** 20)) *
    2 +
  (side === 'buy' ? 1 : 0);

function drawBubbles(f: Frame, trades: readonly HeatTrade[], periodMs: number): void {
  const { bubbles, biggest } = bubblesOf({ ...f, time: f.s.cache.time }, trades, periodMs);
  if (biggest <= 0) return;
  const { ctx } = f;
  ctx.globalAlpha = 0.5;
  for (const side of ['buy', 'sell'] as const) {
    ctx.fillStyle = side === 'buy' ? f.s.colors.lines.buy : f.s.colors.lines.sell;
    ctx.beginPath();
    for (const b of bubbles) if (b.side === side) bubble(ctx, b, biggest);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}

/** One bubble's circle (added to the current path), its area following its amount. */
function bubble(ctx: Frame['ctx'], b: Bubble, biggest: number): void {
  if (!(b.amount > 0)) return;
  const x = b.x / b.amount;
  const y = b.y / b.amount;
  const r = MIN_BUBBLE_PX + (MAX_BUBBLE_PX - MIN_BUBBLE_PX) * Math.sqrt(b.amount / biggest);
  ctx.moveTo(x + r, y);
  ctx.arc(x, y, r, 0, Math.PI * 2);
}

function lowerBound(items: readonly { t: number }[], t: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid]?.t ?? Infinity) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
