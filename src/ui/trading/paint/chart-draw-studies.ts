// The studies on the chart (issue 46): EMA, Bollinger bands (a faint band between its outer
// lines) and VWAP over the price; the volume's MA over the volume; RSI (with its 30 and 70
// guides) and MACD (its histogram, line and signal) each in a pane of its own under the price,
// named at its top left and scaled on the axis. Only the visible slice is touched, one path a line.
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
import type { Rect } from './chart-layout.ts';
import { extentOf } from './chart-layout.ts';
import { AXIS_PAD, centre, clipped, indices, type Frame } from './chart-frame.ts';
import type { OSCILLATORS } from './chart-geometry.ts';
import { formatAxisPrice } from './ticks.ts';

function strokeColumn(
  f: Frame,
  values: Float64Array,
  y: ScaleLinear<number, number>,
  colour: string,
): void {
  const { ctx } = f;
  ctx.beginPath();
  line<number>()
    .defined((i) => Number.isFinite(values[i]))
    .x((i) => f.x(i + 0.5))
    .y((i) => y(values[i] ?? 0))
    .context(ctx)(indices(f));
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1.25;
  ctx.stroke();
}

/** EMA, Bollinger bands and VWAP, in the price pane (already clipped to it). */
export function drawPriceStudies(f: Frame): void {
  const { s, ctx } = f;
  const c = s.cache;
  const colours = s.colors.studies;
  const shows = (i: string): boolean => (s.indicators as readonly string[]).includes(i);
  if (shows('boll')) {
    ctx.beginPath();
    area<number>()
      .defined((i) => Number.isFinite(c.bollUp[i]) && Number.isFinite(c.bollLow[i]))
      .x((i) => f.x(i + 0.5))
      .y0((i) => f.y(c.bollLow[i] ?? 0))
      .y1((i) => f.y(c.bollUp[i] ?? 0))
      .context(ctx)(indices(f));
    ctx.globalAlpha = 0.07;
    ctx.fillStyle = colours.boll;
    ctx.fill();
    ctx.globalAlpha = 1;
    for (const col of [c.bollUp, c.bollMid, c.bollLow]) strokeColumn(f, col, f.y, colours.boll);
  }
  if (shows('ema')) strokeColumn(f, c.ema, f.y, colours.ema);
  if (shows('vwap')) strokeColumn(f, c.vwap, f.y, colours.vwap);
}

/** The volume's moving average over the volume bars. */
export function drawVolumeMa(f: Frame): void {
  strokeColumn(f, f.s.cache.volma, f.vy, f.s.colors.studies.volma);
}

/** Each oscillator shown, in its pane. */
export function drawOscillators(f: Frame, shown: readonly (typeof OSCILLATORS)[number][]): void {
  shown.forEach((kind, k) => {
    const pane = f.layout.osc[k];
    if (pane === undefined || pane.height < 8) return;
    if (kind === 'rsi') drawRsi(f, pane);
    else drawMacd(f, pane);
  });
}

function paneScale(pane: Rect, domain: [number, number]): ScaleLinear<number, number> {
  return scaleLinear()
    .domain(domain)
    .range([pane.y + pane.height, pane.y]);
}

function drawRsi(f: Frame, pane: Rect): void {
  const { ctx, s } = f;
  const y = paneScale(pane, [0, 100]);
  frameOf(f, pane);
  ctx.save();
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  for (const v of [30, 70]) {
    ctx.moveTo(pane.x, Math.round(y(v)) + 0.5);
    ctx.lineTo(pane.x + pane.width, Math.round(y(v)) + 0.5);
  }
  ctx.strokeStyle = s.colors.grid;
  ctx.stroke();
  ctx.restore();
  clipped(ctx, pane, () => strokeColumn(f, s.cache.rsi, y, s.colors.studies.rsi));
  axisValues(f, y, [30, 70], 0);
  const at = legendIndex(f);
  paneName(f, pane, `RSI ${s.params.rsi.period}`, [
    [readOut(f, s.cache.rsi[at], 2), s.colors.studies.rsi],
  ]);
}

function drawMacd(f: Frame, pane: Rect): void {
  const { ctx, s } = f;
  const c = s.cache;
  const ext = extentOf([c.macd, c.macdSignal, c.macdHist], f.first, f.last) ?? [-1, 1];
  const bound = Math.max(Math.abs(ext[0]), Math.abs(ext[1])) * 1.1 || 1;
  const y = paneScale(pane, [-bound, bound]);
  frameOf(f, pane);
  clipped(ctx, pane, () => {
    const zero = Math.round(y(0));
    const w = Math.max(1, Math.floor(f.spacing * 0.6));
    for (const up of [true, false]) {
      ctx.beginPath();
      for (let i = f.first; i < f.last; i++) {
        const v = c.macdHist[i] ?? NaN;
        if (!Number.isFinite(v) || v >= 0 !== up) continue;
        const top = Math.round(y(v));
        ctx.rect(
          centre(f, i) - 0.5 - (w - 1) / 2,
          Math.min(top, zero),
          w,
          Math.max(1, Math.abs(zero - top)),
        );
      }
      ctx.globalAlpha = 0.55;
      ctx.fillStyle = up ? s.colors.up : s.colors.down;
      ctx.fill();
      ctx.globalAlpha = 1;
    }
    strokeColumn(f, c.macd, y, s.colors.studies.macd);
    strokeColumn(f, c.macdSignal, y, s.colors.studies.signal);
  });
  axisValues(f, y, [0], s.pricePrecision);
  const { fast, slow, signal } = s.params.macd;
  const at = legendIndex(f);
  const value = (col: Float64Array): string => readOut(f, col[at], s.pricePrecision);
  paneName(f, pane, `MACD ${fast} ${slow} ${signal}`, [
    [value(c.macd), s.colors.studies.macd],
    [value(c.macdSignal), s.colors.studies.signal],
    [value(c.macdHist), s.colors.muted],
  ]);
}

/** The pane's top border. */
function frameOf(f: Frame, pane: Rect): void {
  const { ctx } = f;
  ctx.beginPath();
  ctx.moveTo(pane.x, pane.y - 0.5);
  ctx.lineTo(pane.x + pane.width, pane.y - 0.5);
  ctx.strokeStyle = f.s.colors.grid;
  ctx.lineWidth = 1;
  ctx.stroke();
}

function axisValues(f: Frame, y: ScaleLinear<number, number>, values: number[], dp: number): void {
  const { ctx, s, layout } = f;
  ctx.fillStyle = s.colors.muted;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const v of values)
    ctx.fillText(formatAxisPrice(v, dp, s.locale), layout.priceAxis.x + AXIS_PAD, y(v));
}

/** A value in the reader's format, or a dash where the study has none yet. */
function readOut(f: Frame, v: number | undefined, dp: number): string {
  return v !== undefined && Number.isFinite(v) ? formatAxisPrice(v, dp, f.s.locale) : '--';
}

/** The bar the read-outs are of: the one under the pointer, else the newest. */
const legendIndex = (f: Frame): number => (f.s.hover >= 0 ? f.s.hover : f.s.cache.length - 1);

/** The pane's name and its values at the read-out's bar, each in its line's colour. */
function paneName(f: Frame, pane: Rect, text: string, values: [string, string][]): void {
  const { ctx, s } = f;
  ctx.fillStyle = s.colors.muted;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  let x = pane.x + 6;
  ctx.fillText(text, x, pane.y + 3);
  x += ctx.measureText(text).width + 10;
  for (const [value, colour] of values) {
    ctx.fillStyle = colour;
    ctx.fillText(value, x, pane.y + 3);
    x += ctx.measureText(value).width + 8;
  }
}
