// The layers painted over the series: the last-price line with its tag, and the crosshair
// with its price (or volume) tag and time tag. The tags show the original decimal string when
// the value is a price the engine sent.
import { AXIS_PAD, centre, isUp, type Frame } from './chart-frame.ts';
import { formatAxisPrice, formatAxisVolume, formatBarTime } from './ticks.ts';

/** Height of a tag on the price axis (px). */
export const AXIS_TAG_HEIGHT = 18;

/** Where the last-price line and tag are drawn, or null when it is off the price pane. */
export function lastPriceY(f: Frame): number | null {
  const { s, layout, y } = f;
  const n = s.cache.length;
  if (s.cache.last === undefined) return null;
  const yy = Math.round(y(s.cache.close[n - 1] ?? 0)) + 0.5;
  if (yy < layout.price.y || yy > layout.price.y + layout.price.height) return null;
  return yy;
}

export function drawLastPrice(f: Frame): void {
  const { ctx, s, layout } = f;
  const n = s.cache.length;
  const bar = s.cache.last;
  const yy = lastPriceY(f);
  if (bar === undefined || yy === null) return;
  const colour = isUp(s.cache, n - 1) ? s.colors.up : s.colors.down;
  ctx.save();
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.moveTo(layout.price.x, yy);
  ctx.lineTo(layout.price.x + layout.price.width, yy);
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.restore();
  axisLabel(f, formatAxisPrice(bar.close, s.pricePrecision, s.locale), yy, colour);
}

/** A filled tag on the price axis (the text is the original decimal string when it is a price). */
function axisLabel(f: Frame, text: string, yy: number, fill: string): void {
  const { ctx, s, layout } = f;
  const h = AXIS_TAG_HEIGHT;
  const top = Math.min(Math.max(yy - h / 2, 0), layout.priceAxis.height - h);
  ctx.fillStyle = fill;
  ctx.fillRect(layout.priceAxis.x + 1, top, layout.priceAxis.width - 1, h);
  ctx.fillStyle = s.colors.labelInk;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, layout.priceAxis.x + AXIS_PAD, top + h / 2);
}

export function drawCrosshair(f: Frame): void {
  const { ctx, s, layout } = f;
  const p = s.pointer;
  if (p === null || s.hover < 0) return;
  const xx = centre(f, s.hover);
  const bottom = layout.volume.y + layout.volume.height;
  ctx.save();
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  ctx.moveTo(xx, 0);
  ctx.lineTo(xx, bottom);
  if (p.y < bottom) {
    ctx.moveTo(0, Math.round(p.y) + 0.5);
    ctx.lineTo(layout.price.width, Math.round(p.y) + 0.5);
  }
  ctx.strokeStyle = s.colors.crosshair;
  ctx.stroke();
  ctx.restore();
  crosshairValue(f, p.y);
  crosshairTime(f, xx);
}

function crosshairValue(f: Frame, py: number): void {
  const { s, layout } = f;
  const { price, volume } = layout;
  if (py >= price.y && py <= price.y + price.height) {
    axisLabel(
      f,
      formatAxisPrice(f.y.invert(py), s.pricePrecision, s.locale),
      py,
      s.colors.crosshair,
    );
  } else if (py >= volume.y && py <= volume.y + volume.height) {
    axisLabel(f, formatAxisVolume(Math.max(0, f.vy.invert(py)), s.locale), py, s.colors.crosshair);
  }
}

function crosshairTime(f: Frame, xx: number): void {
  const { ctx, s, layout } = f;
  const { timeAxis } = layout;
  const t = s.cache.time[s.hover] ?? 0;
  const text = formatBarTime(t, s.periodSec, s.locale, s.tzOffset(t));
  const w = ctx.measureText(text).width + 12;
  const left = Math.min(Math.max(xx - w / 2, 0), Math.max(0, timeAxis.width - w));
  ctx.fillStyle = s.colors.crosshair;
  ctx.fillRect(left, timeAxis.y + 1, w, timeAxis.height - 2);
  ctx.fillStyle = s.colors.labelInk;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + w / 2, timeAxis.y + timeAxis.height / 2);
}
