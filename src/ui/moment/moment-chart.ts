// The chart of "at this moment" (issue 47): the bars as they stood at the cursor, drawn on a
// canvas with d3's scales, the cursor's time as a dashed line and, when a fill is pointed out,
// its price as a line of the order's side. Small and read-only: no pan, no zoom, no studies.
import { scaleBand, scaleLinear } from 'd3-scale';
import type { ScaleBand, ScaleLinear } from 'd3-scale';
import type { Bar } from '../../engine/api.ts';
import type { SpotSide } from '../../shared/spot.ts';
import { toPixelNumber } from '../../shared/decimal.ts';
import type { DecStr } from '../../shared/decimal.ts';
import { chartColors } from '../trading/chart/chart-colors.ts';

export interface MomentChartInput {
  bars: readonly Bar[];
  /** The cursor's time (ms). */
  time: number;
  focus: { side: SpotSide; price: DecStr } | null;
}

const PAD = { top: 8, right: 8, bottom: 8, left: 8 };

type Scales = {
  x: ScaleBand<number>;
  y: ScaleLinear<number, number>;
  width: number;
  height: number;
};

export function drawMomentChart(canvas: HTMLCanvasElement, input: MomentChartInput): void {
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  const g = width === 0 || height === 0 ? null : sized(canvas, width, height);
  if (g === null) return;
  const colors = chartColors(canvas);
  g.fillStyle = colors.background;
  g.fillRect(0, 0, width, height);
  const bars = input.bars;
  if (bars.length === 0) return;
  const focus =
    input.focus === null ? null : { ...input.focus, at: toPixelNumber(input.focus.price) };
  const s = scales(bars, focus?.at ?? null, width, height);
  candles(g, s, bars, colors);
  g.setLineDash([4, 3]);
  if (focus !== null) {
    g.strokeStyle = focus.side === 'buy' ? colors.lines.buy : colors.lines.sell;
    line(g, PAD.left, s.y(focus.at), width - PAD.right, s.y(focus.at));
  }
  const last = bars.at(-1);
  if (last !== undefined) {
    // the cursor is inside the last bar (it is the bar as it stood then)
    g.strokeStyle = colors.crosshair;
    const cx = (s.x(last.time) ?? 0) + s.x.bandwidth();
    line(g, cx, PAD.top, cx, height - PAD.bottom);
  }
  g.setLineDash([]);
}

/** The canvas at the device's pixel ratio, its context drawing in CSS pixels. */
function sized(canvas: HTMLCanvasElement, width: number, height: number) {
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const g = canvas.getContext('2d');
  g?.setTransform(ratio, 0, 0, ratio, 0, 0);
  return g;
}

function scales(bars: readonly Bar[], focus: number | null, width: number, height: number): Scales {
  let lo = focus ?? Infinity;
  let hi = focus ?? -Infinity;
  for (const b of bars) {
    lo = Math.min(lo, toPixelNumber(b.low));
    hi = Math.max(hi, toPixelNumber(b.high));
  }
  const x = scaleBand<number>()
    .domain(bars.map((b) => b.time))
    .range([PAD.left, width - PAD.right])
    .padding(0.25);
  const y = scaleLinear()
    .domain(lo === hi ? [lo - 1, hi + 1] : [lo, hi])
    .range([height - PAD.bottom, PAD.top])
    .nice();
  return { x, y, width, height };
}

function candles(
  g: CanvasRenderingContext2D,
  { x, y }: Scales,
  bars: readonly Bar[],
  colors: { up: string; down: string },
): void {
  const w = Math.max(1, x.bandwidth());
  for (const b of bars) {
    const left = x(b.time) ?? 0;
    const open = toPixelNumber(b.open);
    const close = toPixelNumber(b.close);
    g.strokeStyle = g.fillStyle = close >= open ? colors.up : colors.down;
    const mid = left + w / 2;
    line(g, mid, y(toPixelNumber(b.high)), mid, y(toPixelNumber(b.low)));
    const top = y(Math.max(open, close));
    g.fillRect(left, top, w, Math.max(1, y(Math.min(open, close)) - top));
  }
}

/** A crisp one-pixel line. */
function line(g: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number): void {
  g.beginPath();
  g.moveTo(Math.round(x0) + 0.5, Math.round(y0) + 0.5);
  g.lineTo(Math.round(x1) + 0.5, Math.round(y1) + 0.5);
  g.stroke();
}
