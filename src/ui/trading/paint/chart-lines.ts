// The user's trading on the chart (issue 46): a horizontal line per open order, conditional
// order, position entry, take-profit, stop-loss and liquidation price, with a × that cancels it
// where it can be cancelled and a label beside it at the plot's left edge (what it is, its side
// and amount, or the position's P&L; the newest candles on the right stay clear), and its price
// tagged on the axis. A line whose price is outside the
// price pane is drawn as its label alone, pinned to the pane's edge with an arrow. The page
// keeps what the user touches (chart-line-input.ts); the geometry both sides use is here, so the
// page's hit test and the worker's pixels agree.
//
// Invariants (chart-lines.test.ts):
//   L1 pinned-not-lost: every line is drawn, in the pane or pinned to its edge.
//   L2 page-and-worker-agree: the × the page hit-tests is where the worker draws it.
import type { ScaleLinear } from 'd3-scale';
import type { Rect } from './chart-layout.ts';
import {
  AXIS_PAD,
  type ChartLine,
  type Frame,
  type LineColours,
  type LineTone,
} from './chart-frame.ts';
import { formatAxisPrice } from './ticks.ts';

export const LINE_TAG_HEIGHT = 18;
export const LINE_CLOSE_WIDTH = 18;
/** Room between the plot's left edge and a line's × (or label). */
export const LINE_LEFT_GAP = 6;
/** How far from a line (px) the pointer still takes it. */
export const LINE_GRAB = 8;

export interface PlacedLine {
  /** Where the line is drawn (half-pixel), or where its pinned label sits. */
  y: number;
  /** −1 above the pane, 1 below it, 0 inside. */
  off: -1 | 0 | 1;
  /**
   * Pinned beyond the room of its edge: not drawn (the last label the edge has room for says how
   * many more, `more`); still reached by its button.
   */
  folded?: boolean;
  /** On the last pinned label an edge has room for: how many are folded behind it. */
  more?: number;
}

/** Where a line at `price` goes in the price pane `pane`. */
export function placeLine(pane: Rect, y: ScaleLinear<number, number>, price: number): PlacedLine {
  const yy = Math.round(y(price)) + 0.5;
  const half = LINE_TAG_HEIGHT / 2;
  if (!(yy >= pane.y)) return { y: pane.y + half, off: -1 };
  if (yy > pane.y + pane.height) return { y: pane.y + pane.height - half, off: 1 };
  return { y: yy, off: 0 };
}

/** Room between labels pinned to the same edge. */
const PIN_GAP = 2;

/**
 * Where each line goes: lines pinned to the same edge are stacked, the first at the edge and
 * the next ones inwards, so none hides another (the page's hit test uses the same places); an
 * edge stacks at most what half the pane holds, the rest are folded behind its last label,
 * which counts them (twenty stops far above the market covered the whole chart).
 */
export function placeLines(
  pane: Rect,
  y: ScaleLinear<number, number>,
  prices: readonly number[],
): PlacedLine[] {
  const room = Math.max(1, Math.floor(pane.height / 2 / (LINE_TAG_HEIGHT + PIN_GAP)));
  const stacked = { [-1]: 0, [1]: 0 };
  const last: Record<number, PlacedLine> = {};
  return prices.map((price) => {
    const p = placeLine(pane, y, price);
    if (p.off === 0) return p;
    const n = stacked[p.off]++;
    const top = last[p.off];
    if (n >= room && top !== undefined) {
      top.more = (top.more ?? 0) + 1;
      return { y: top.y, off: p.off, folded: true };
    }
    const placed: PlacedLine = { y: p.y - p.off * n * (LINE_TAG_HEIGHT + PIN_GAP), off: p.off };
    last[p.off] = placed;
    return placed;
  });
}

/** The × of a line placed at `y`: a square at the plot's left edge. */
export function closeBox(pane: Rect, y: number): Rect {
  return {
    x: pane.x + LINE_LEFT_GAP,
    y: y - LINE_TAG_HEIGHT / 2,
    width: LINE_CLOSE_WIDTH,
    height: LINE_TAG_HEIGHT,
  };
}

/** The label's left edge: right of the × when there is one. */
function labelLeft(pane: Rect, cancellable: boolean): number {
  return pane.x + LINE_LEFT_GAP + (cancellable ? LINE_CLOSE_WIDTH : 0);
}

export function toneColour(c: LineColours, tone: LineTone): string {
  switch (tone) {
    case 'buy':
    case 'tp':
      return c.buy;
    case 'sell':
    case 'sl':
      return c.sell;
    case 'entry':
      return c.entry;
    case 'liq':
      return c.liq;
  }
}

/** Draws every line: the lines first, then the labels over them, then the axis tags. */
export function drawLines(f: Frame): void {
  const lines = f.s.lines;
  if (lines.length === 0) return;
  const pane = f.layout.price;
  const placed = placeLines(
    pane,
    f.y,
    lines.map((l) => l.price),
  );
  const { ctx } = f;
  ctx.save();
  lines.forEach((l, i) => {
    const p = placed[i];
    if (p === undefined || p.off !== 0) return;
    ctx.beginPath();
    ctx.setLineDash(l.dashed ? [6, 4] : []);
    ctx.moveTo(pane.x, p.y);
    ctx.lineTo(pane.x + pane.width, p.y);
    ctx.strokeStyle = toneColour(f.s.colors.lines, l.tone);
    ctx.lineWidth = l.moving ? 2 : 1;
    ctx.stroke();
  });
  ctx.setLineDash([]);
  ctx.lineWidth = 1;
  lines.forEach((l, i) => {
    const p = placed[i];
    if (p !== undefined && p.folded !== true) drawLabel(f, l, p);
  });
  ctx.restore();
  lines.forEach((l, i) => {
    const p = placed[i];
    if (p !== undefined && p.off === 0) priceTag(f, l, p.y);
  });
}

function drawLabel(f: Frame, l: ChartLine, p: PlacedLine): void {
  const { ctx } = f;
  const pane = f.layout.price;
  const colours = f.s.colors.lines;
  const fill = toneColour(colours, l.tone);
  const more = p.more === undefined ? '' : `  +${p.more}`;
  const text = p.off === 0 ? l.label : `${p.off < 0 ? '▲' : '▼'} ${l.label}${more}`;
  const width = Math.ceil(ctx.measureText(text).width) + 12;
  const left = labelLeft(pane, l.cancellable);
  const top = Math.round(p.y - LINE_TAG_HEIGHT / 2);
  const right = Math.min(pane.x + pane.width, left + width);
  ctx.fillStyle = fill;
  ctx.fillRect(left, top, right - left, LINE_TAG_HEIGHT);
  ctx.fillStyle = colours.ink;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + 6, top + LINE_TAG_HEIGHT / 2, Math.max(0, right - left - 12));
  if (l.cancellable) drawClose(f, fill, closeBox(pane, p.y));
  if (l.focused) {
    const start = l.cancellable ? left - LINE_CLOSE_WIDTH : left;
    ctx.strokeStyle = colours.focus;
    ctx.lineWidth = 2;
    ctx.strokeRect(start - 2, top - 2, right - start + 4, LINE_TAG_HEIGHT + 4);
    ctx.lineWidth = 1;
  }
}

function drawClose(f: Frame, fill: string, box: Rect): void {
  const { ctx } = f;
  const ink = f.s.colors.lines.ink;
  const top = Math.round(box.y);
  ctx.fillStyle = fill;
  ctx.fillRect(box.x, top, box.width, box.height);
  // a thin separator between the × and its label
  ctx.fillStyle = ink;
  ctx.fillRect(box.x + box.width - 1, top + 3, 1, box.height - 6);
  const cx = box.x + box.width / 2 + 0.5;
  const cy = top + box.height / 2;
  ctx.beginPath();
  ctx.moveTo(cx - 3.5, cy - 3.5);
  ctx.lineTo(cx + 3.5, cy + 3.5);
  ctx.moveTo(cx + 3.5, cy - 3.5);
  ctx.lineTo(cx - 3.5, cy + 3.5);
  ctx.strokeStyle = ink;
  ctx.lineWidth = 1.5;
  ctx.stroke();
  ctx.lineWidth = 1;
}

function priceTag(f: Frame, l: ChartLine, yy: number): void {
  const { ctx, s, layout } = f;
  const h = LINE_TAG_HEIGHT;
  const top = Math.min(Math.max(yy - h / 2, 0), layout.priceAxis.height - h);
  ctx.fillStyle = toneColour(s.colors.lines, l.tone);
  ctx.fillRect(layout.priceAxis.x + 1, top, layout.priceAxis.width - 1, h);
  ctx.fillStyle = s.colors.lines.ink;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(
    formatAxisPrice(l.price, s.pricePrecision, s.locale),
    layout.priceAxis.x + AXIS_PAD,
    top + h / 2,
  );
}
