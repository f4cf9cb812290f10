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
    this.samples.push(...part.samples);
    this.trades.push(...part.trades);
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

function paintCells(f: Frame, grid: Grid, pane: { y: number }): void {
  const { ctx } = f;
  const width = Math.max(1, f.spacing);
  const paths: number[][] = Array.from({ length: STEPS }, () => []);
  for (let c = 0; c < grid.cols; c++) {
    const left = f.x(f.first + c);
    for (let r = 0; r < grid.rows; r++) {
      const v = grid.cells[c * grid.rows + r] ?? 0;
      if (v <= 0) continue;
      const step = Math.min(STEPS - 1, Math.floor(Math.sqrt(v / grid.max) * STEPS));
      paths[step]?.push(left, pane.y + r * HEAT_ROW_PX);
    }
  }
  paths.forEach((cells, step) => {
    if (cells.length === 0) return;
    ctx.fillStyle = rampColour(step / (STEPS - 1));
    ctx.beginPath();
    for (let k = 0; k + 1 < cells.length; k += 2)
      ctx.rect(cells[k] ?? 0, cells[k + 1] ?? 0, width, HEAT_ROW_PX);
    ctx.fill();
  });
}

/** Faint blue → cyan → yellow, more opaque as it gets stronger. */
export function rampColour(t: number): string {
  const a = Math.max(0, Math.min(1, t));
  const r = Math.round(40 + 210 * a);
  const g = Math.round(110 + 100 * a);
  const b = Math.round(230 - 190 * a);
  return `rgba(${r}, ${g}, ${b}, ${(0.14 + 0.56 * a).toFixed(2)})`;
}

function drawBubbles(f: Frame, trades: readonly HeatTrade[], periodMs: number): void {
  const time = f.s.cache.time;
  const from = time[f.first] ?? Infinity;
  const { shown, biggest } = tradesBetween(
    trades,
    from,
    (time[f.last - 1] ?? -Infinity) + periodMs,
  );
  if (biggest <= 0) return;
  const { ctx } = f;
  ctx.globalAlpha = 0.5;
  for (const side of ['buy', 'sell'] as const) {
    ctx.fillStyle = side === 'buy' ? f.s.colors.lines.buy : f.s.colors.lines.sell;
    ctx.beginPath();
    let bar = f.first;
    for (const tr of shown) {
      if (tr.side !== side) continue;
      while (bar + 1 < f.last && (time[bar + 1] ?? Infinity) <= tr.t) bar++;
      bubble(f, f.x(bar + (tr.t - (time[bar] ?? tr.t)) / periodMs), tr, biggest);
    }
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}

/** One trade's circle (added to the current path), its area following its amount. */
function bubble(f: Frame, x: number, tr: HeatTrade, biggest: number): void {
  const y = f.y(tr.price);
  const r = MIN_BUBBLE_PX + (MAX_BUBBLE_PX - MIN_BUBBLE_PX) * Math.sqrt(tr.amount / biggest);
  f.ctx.moveTo(x + r, y);
  f.ctx.arc(x, y, r, 0, Math.PI * 2);
}

/** The trades from `from` to before `until`, and the largest amount among them. */
function tradesBetween(
  trades: readonly HeatTrade[],
  from: number,
  until: number,
): { shown: HeatTrade[]; biggest: number } {
  let biggest = 0;
  const shown: HeatTrade[] = [];
  for (let k = lowerBound(trades, from); k < trades.length; k++) {
    const tr = trades[k];
    if (tr === undefined || tr.t >= until) break;
    shown.push(tr);
    if (tr.amount > biggest) biggest = tr.amount;
  }
  return { shown, biggest };
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
