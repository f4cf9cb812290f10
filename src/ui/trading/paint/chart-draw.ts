// Paints one frame of the chart on a 2D context already scaled to CSS pixels. Only the visible
// slice of the numeric cache is touched; candles and volume are batched into one path per
// colour, so a frame is a handful of fills whatever the zoom. No DOM access here: the controller
// passes the context, the colours and the size.
import type { Paint2D } from './book-paint.ts';
import { scaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
import { chartLayout, extentOf, type ChartLayout } from './chart-layout.ts';
import { oscillatorsOf, priceDomain, priceScale, topPadOf } from './chart-geometry.ts';
import { drawOscillators, drawPriceStudies, drawVolumeMa } from './chart-draw-studies.ts';
import { drawLines } from './chart-lines.ts';
import { drawMarks } from './chart-marks.ts';
import { drawHeat } from './heat-paint.ts';
import { barScale, drawDrawings } from './chart-drawings.ts';
import {
  AXIS_TAG_HEIGHT,
  drawCrosshair,
  drawLastPrice,
  lastPriceY,
} from './chart-draw-overlays.ts';
import { AXIS_PAD, centre, clipped, indices, isUp, type Frame, type Scene } from './chart-frame.ts';
import { DEATH, GOLDEN } from './indicators.ts';
import type { ChartIndicator } from '../../../shared/workspace.ts';
import { formatAxisPrice, formatAxisVolume, formatTimeTick, timeTicks } from './ticks.ts';
import { visibleRange } from './viewport.ts';

export type { ChartColors, ChartMode, Scene } from './chart-frame.ts';

const MIN_AXIS_WIDTH = 56;

export function drawChart(ctx: Paint2D, s: Scene): ChartLayout {
  const { cache, viewport } = s;
  ctx.font = s.colors.font;
  const [first, last] = visibleRange(viewport, cache.length);
  const shows = (i: ChartIndicator): boolean => s.indicators.includes(i);
  const domain = priceDomain(cache, viewport, s.mode, s.indicators);
  const axisWidth = priceAxisWidth(ctx, domain, s.pricePrecision, s.locale);
  const oscillators = oscillatorsOf(s.indicators);
  const layout = chartLayout(
    s.width,
    s.height,
    axisWidth,
    shows('volume'),
    oscillators.length,
    topPadOf(s.indicators),
  );
  const { price, volume } = layout;
  const spacing = price.width / Math.max(1e-9, viewport.to - viewport.from);
  const y = priceScale(price, domain);
  const f: Frame = {
    ctx,
    s,
    layout,
    first,
    last,
    x: barScale(price, viewport),
    y,
    vy: scaleLinear()
      .domain([0, extentOf([cache.volume], first, last)?.[1] || 1])
      .range([volume.y + volume.height, volume.y]),
    spacing,
    priceTicks: y.ticks(Math.max(2, Math.floor(price.height / 56))),
    timeTicks: timeTicks(
      cache.time,
      first,
      last,
      s.periodSec,
      spacing,
      s.tzOffset(cache.time[first] ?? 0),
    ),
  };
  ctx.clearRect(0, 0, s.width, s.height);
  drawGrid(f);
  if (shows('volume'))
    clipped(ctx, { ...volume, y: volume.y - 1, height: volume.height + 1 }, () => drawVolume(f));
  clipped(ctx, price, () => {
    if (s.heat !== null && s.heat !== undefined) drawHeat(f, s.heat);
    if (s.mode === 'candles') drawCandles(f);
    else drawCloseLine(f);
    drawMovingAverages(f, shows('ma'), shows('cross'));
    drawPriceStudies(f);
    if (shows('cross')) drawCrosses(f);
    drawMarks(f);
  });
  if (shows('volume') && shows('volma')) clipped(ctx, volume, () => drawVolumeMa(f));
  drawOscillators(f, oscillators);
  drawDrawings(f);
  drawAxes(f);
  drawLastPrice(f);
  drawLines(f);
  drawCrosshair(f);
  return layout;
}

// ---- pieces ---------------------------------------------------------------------------------

function priceAxisWidth(
  ctx: Paint2D,
  domain: [number, number],
  precision: number,
  locale: string,
): number {
  const widest = Math.max(
    ctx.measureText(formatAxisPrice(domain[0], precision, locale)).width,
    ctx.measureText(formatAxisPrice(domain[1], precision, locale)).width,
  );
  return Math.max(MIN_AXIS_WIDTH, Math.ceil(widest + 2 * AXIS_PAD + 4));
}

function bodyWidth(spacing: number): number {
  if (spacing < 3) return 1;
  const w = Math.max(1, Math.floor(spacing * 0.72));
  return w % 2 === 0 ? w - 1 : w;
}

function drawCandles(f: Frame): void {
  const { ctx, s } = f;
  const bw = bodyWidth(f.spacing);
  for (const up of [true, false]) {
    ctx.beginPath();
    for (let i = f.first; i < f.last; i++) {
      if (isUp(s.cache, i) !== up) continue;
      candlePath(f, i, bw);
    }
    ctx.fillStyle = up ? s.colors.up : s.colors.down;
    ctx.fill();
  }
}

function candlePath(f: Frame, i: number, bw: number): void {
  const { ctx, s, y } = f;
  const c = s.cache;
  const xc = centre(f, i);
  const hi = Math.round(y(c.high[i] ?? 0));
  const lo = Math.round(y(c.low[i] ?? 0));
  ctx.rect(xc - 0.5, hi, 1, Math.max(1, lo - hi));
  if (bw <= 1) return;
  const o = Math.round(y(c.open[i] ?? 0));
  const cl = Math.round(y(c.close[i] ?? 0));
  const top = Math.min(o, cl);
  ctx.rect(xc - 0.5 - (bw - 1) / 2, top, bw, Math.max(1, Math.abs(o - cl)));
}

function drawVolume(f: Frame): void {
  const { ctx, s, vy } = f;
  const bw = bodyWidth(f.spacing);
  const base = vy(0);
  ctx.globalAlpha = 0.45;
  for (const up of [true, false]) {
    ctx.beginPath();
    for (let i = f.first; i < f.last; i++) {
      if (isUp(s.cache, i) !== up) continue;
      const top = Math.round(vy(s.cache.volume[i] ?? 0));
      ctx.rect(centre(f, i) - 0.5 - (bw - 1) / 2, top, bw, Math.max(1, base - top));
    }
    ctx.fillStyle = up ? s.colors.up : s.colors.down;
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}

function drawCloseLine(f: Frame): void {
  const { ctx, s, y, layout } = f;
  const close = s.cache.close;
  const xs = (i: number): number => f.x(i + 0.5);
  const ys = (i: number): number => y(close[i] ?? 0);
  const idx = indices(f);
  const bottom = layout.price.y + layout.price.height;
  const gradient = ctx.createLinearGradient(0, layout.price.y, 0, bottom);
  gradient.addColorStop(0, s.colors.lineFill);
  gradient.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.beginPath();
  area<number>().x(xs).y0(bottom).y1(ys).context(ctx)(idx);
  ctx.fillStyle = gradient;
  ctx.fill();
  ctx.beginPath();
  line<number>().x(xs).y(ys).context(ctx)(idx);
  ctx.strokeStyle = s.colors.line;
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

function drawMovingAverages(f: Frame, ma: boolean, cross: boolean): void {
  const { ctx, s } = f;
  const idx = indices(f);
  const series: [Float64Array, string][] = [];
  if (cross && s.mode === 'candles')
    series.push([s.cache.ma10, s.colors.ma10], [s.cache.ma20, s.colors.ma20]);
  if (ma) series.push([s.cache.ma15, s.colors.ma15]);
  ctx.lineWidth = 1;
  for (const [values, colour] of series) {
    ctx.beginPath();
    line<number>()
      .defined((i) => Number.isFinite(values[i]))
      .x((i) => f.x(i + 0.5))
      .y((i) => f.y(values[i] ?? 0))
      .context(ctx)(idx);
    ctx.strokeStyle = colour;
    ctx.stroke();
  }
}

function drawCrosses(f: Frame): void {
  const { ctx, s, y } = f;
  const c = s.cache;
  const size = Math.min(6, Math.max(3, f.spacing * 0.4));
  for (const kind of [GOLDEN, DEATH]) {
    ctx.beginPath();
    for (let i = f.first; i < f.last; i++) {
      if (c.cross[i] !== kind) continue;
      const xc = f.x(i + 0.5);
      const anchor = s.mode === 'candles' ? (kind === GOLDEN ? c.low[i] : c.high[i]) : c.close[i];
      const gap = kind === GOLDEN ? 6 : -6;
      triangle(ctx, xc, y(anchor ?? 0) + gap, size, kind === GOLDEN);
    }
    ctx.fillStyle = kind === GOLDEN ? s.colors.up : s.colors.down;
    ctx.fill();
  }
}

function triangle(ctx: Paint2D, x: number, tip: number, size: number, pointsUp: boolean): void {
  const base = pointsUp ? tip + size * 1.6 : tip - size * 1.6;
  ctx.moveTo(x, tip);
  ctx.lineTo(x + size, base);
  ctx.lineTo(x - size, base);
  ctx.closePath();
}

function drawGrid(f: Frame): void {
  const { ctx, s, layout, y } = f;
  const { price, volume } = layout;
  ctx.beginPath();
  for (const v of f.priceTicks) {
    const yy = Math.round(y(v)) + 0.5;
    ctx.moveTo(price.x, yy);
    ctx.lineTo(price.x + price.width, yy);
  }
  for (const tick of f.timeTicks) {
    const xx = centre(f, tick.index);
    ctx.moveTo(xx, 0);
    ctx.lineTo(xx, volume.y + volume.height);
  }
  ctx.moveTo(price.x, volume.y - 0.5);
  ctx.lineTo(price.x + price.width, volume.y - 0.5);
  ctx.strokeStyle = s.colors.grid;
  ctx.lineWidth = 1;
  ctx.stroke();
}

function drawAxes(f: Frame): void {
  const { ctx, s, layout, y } = f;
  const { priceAxis, timeAxis, volume } = layout;
  ctx.fillStyle = s.colors.muted;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  // The last-price tag is painted over the axis: labels it would cover are left out.
  const tagY = lastPriceY(f);
  for (const v of f.priceTicks) {
    const yy = y(v);
    if (tagY !== null && Math.abs(yy - tagY) < AXIS_TAG_HEIGHT) continue;
    ctx.fillText(formatAxisPrice(v, s.pricePrecision, s.locale), priceAxis.x + AXIS_PAD, yy);
  }
  const maxVolume = f.vy.domain()[1] ?? 0;
  if (volume.height > 16 && maxVolume > 0) {
    ctx.fillText(formatAxisVolume(maxVolume, s.locale), priceAxis.x + AXIS_PAD, volume.y + 6);
  }
  ctx.textAlign = 'center';
  const mid = timeAxis.y + timeAxis.height / 2;
  for (const tick of f.timeTicks) {
    const t = s.cache.time[tick.index] ?? 0;
    const label = formatTimeTick(t, tick.level, s.locale, s.tzOffset(t));
    const x = centre(f, tick.index);
    // a label the pane's edges would cut ("2:00" for 12:00) is left out, its grid line stays
    const half = ctx.measureText(label).width / 2;
    if (x - half < 0 || x + half > priceAxis.x) continue;
    ctx.fillText(label, x, mid);
  }
  ctx.beginPath();
  ctx.moveTo(priceAxis.x + 0.5, 0);
  ctx.lineTo(priceAxis.x + 0.5, timeAxis.y + 0.5);
  ctx.lineTo(0, timeAxis.y + 0.5);
  ctx.strokeStyle = s.colors.grid;
  ctx.stroke();
}
