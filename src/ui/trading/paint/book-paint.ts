// Painting one side of the order book on a canvas (ADR 0012): the geometry of the scrolled
// levels and one pure paint of the levels in view. Bids run down from the spread (level 0 at
// the top), asks run up from it (level 0 at the bottom); `offset` is how far the side is
// scrolled away from the spread, in CSS px. Numbers arrive as decimal strings and are drawn as
// the locale formats them: no float touches a price or an amount here.
import type { BookRow } from '../../../engine/api.ts';

export type Side = 'bid' | 'ask';

/** A 2D context on the page or in the paint worker (paint-worker.ts). */
export type Paint2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export const BOOK_ROW_HEIGHT = 20;
/** The own-orders marker: a flag this wide at the row's left edge, half this tall. */
const MARKER_W = 8;
/** The solid line under a depth bar (below the digits): its length read at 3:1 against the panel. */
const DEPTH_LINE = 2;
const MARKER_HALF = 5;
/** A pointer this near the left edge of a level holding the user's orders is on its marker. */
export const MARKER_HIT = 16;
/** Horizontal padding of a row and the gap between its three columns, CSS px. */
const PAD = 12;
const GAP = 4;

export interface BookColors {
  up: string;
  down: string;
  upSoft: string;
  downSoft: string;
  text: string;
  muted: string;
  hover: string;
  accent: string;
  /** The accent as small text (the user's amount in a level). */
  accentText: string;
  flash: string;
  font: string;
  boldFont: string;
}

export interface BookPaintScene {
  side: Side;
  /** CSS px of the canvas. */
  width: number;
  height: number;
  offset: number;
  /** The rows the engine sent: levels start … start + rows.length − 1 of `count`. */
  rows: readonly BookRow[];
  start: number;
  count: number;
  priceDp: number;
  amountDp: number;
  colors: BookColors;
  format: (value: string, dp: number) => string;
  /** Level under the pointer or the keyboard cursor, or null. */
  hover: number | null;
  /** Prices whose amount just changed (drawn highlighted). */
  flashing: ReadonlySet<string>;
}

/** Top edge (CSS px) of `level` on the canvas. */
export function rowTop(
  side: Side,
  level: number,
  height: number,
  offset: number,
  rowHeight = BOOK_ROW_HEIGHT,
): number {
  return side === 'bid' ? level * rowHeight - offset : height - (level + 1) * rowHeight + offset;
}

/** The level drawn at canvas y (CSS px); may be past the book's end. */
export function levelAt(
  side: Side,
  y: number,
  height: number,
  offset: number,
  rowHeight = BOOK_ROW_HEIGHT,
): number {
  // a row covers [top, top + rowHeight): for asks, distances from the bottom edge (…, …]
  const level =
    side === 'bid'
      ? Math.floor((y + offset) / rowHeight)
      : Math.ceil((height - y + offset) / rowHeight) - 1;
  return Math.max(0, level);
}

/**
 * The levels in view, [first, last] (last < first when none). Scrolled, a level partly in view
 * counts; at rest (offset 0) only whole rows do, so the row at the far edge (the top ask) is
 * never drawn cut in half (issue 20).
 */
export function levelsInView(
  height: number,
  offset: number,
  count: number,
  rowHeight = BOOK_ROW_HEIGHT,
): { first: number; last: number } {
  if (count <= 0 || height <= 0) return { first: 0, last: -1 };
  const first = Math.min(count - 1, Math.max(0, Math.floor(offset / rowHeight)));
  const far =
    offset === 0 && height >= rowHeight
      ? Math.floor(height / rowHeight) - 1
      : Math.floor((offset + height - 1) / rowHeight);
  const last = Math.min(count - 1, far);
  return { first, last };
}

/** The three columns of a row (as the headers above lay them out): their width, the x where
 *  the second column's text ends (right-aligned) and the x of the third's end. */
export interface Columns {
  col: number;
  amountRight: number;
  right: number;
}

export function columns(width: number): Columns {
  const col = Math.max(0, (width - 2 * PAD - 2 * GAP) / 3);
  return { col, amountRight: PAD + 2 * col + GAP, right: width - PAD };
}

/** x where a row's first column starts. */
export const ROW_PAD = PAD;

/**
 * What one paint left on the canvas: the scene's geometry and formatting, and a key per row
 * slot (its top y). The next paint with the same geometry repaints only the slots whose key
 * changed (issue 19: most levels in view are unchanged between two diffs, and each row costs
 * three formatted numbers and three fillText calls).
 */
export interface BookPaintMemo {
  readonly geometry: string;
  readonly format: BookPaintScene['format'];
  readonly rows: ReadonlyMap<number, string>;
}

/**
 * Paints the levels in view. `ctx` is scaled to CSS px. Without `memo` (or when the geometry,
 * colours or formatting changed) the canvas is cleared and every row painted; with it only the
 * rows that differ from what `memo` says is on the canvas are cleared and painted again.
 */
export function paintBookSide(
  ctx: Paint2D,
  s: BookPaintScene,
  memo: BookPaintMemo | null = null,
): BookPaintMemo {
  const geometry = geometryKey(s);
  const full = memo === null || memo.geometry !== geometry || memo.format !== s.format;
  if (full) ctx.clearRect(0, 0, s.width, s.height);
  const { first, last } = levelsInView(s.height, s.offset, s.count);
  const cols = columns(s.width);
  ctx.textBaseline = 'middle';
  const rows = new Map<number, string>();
  for (let level = first; level <= last; level++) {
    const row = s.rows[level - s.start];
    if (row === undefined) continue;
    const top = rowTop(s.side, level, s.height, s.offset);
    const hovered = level === s.hover;
    const key = rowKey(row, s.width, hovered, s.flashing.has(row.price));
    rows.set(top, key);
    if (!full) {
      if (memo.rows.get(top) === key) continue;
      ctx.clearRect(0, top, s.width, BOOK_ROW_HEIGHT);
    }
    paintRow(ctx, s, row, top, hovered, cols);
  }
  if (!full) {
    for (const top of memo.rows.keys()) {
      if (!rows.has(top)) ctx.clearRect(0, top, s.width, BOOK_ROW_HEIGHT);
    }
  }
  return { geometry, format: s.format, rows };
}

function geometryKey(s: BookPaintScene): string {
  const c = s.colors;
  return [
    s.side,
    s.width,
    s.height,
    s.offset,
    s.priceDp,
    s.amountDp,
    c.up,
    c.down,
    c.upSoft,
    c.downSoft,
    c.text,
    c.muted,
    c.hover,
    c.accent,
    c.accentText,
    c.flash,
    c.font,
    c.boldFont,
  ].join('|');
}

/** The depth bar by the pixel it is drawn to: its ratio moves with every level of the book,
 *  its width rarely does. */
function rowKey(row: BookRow, width: number, hovered: boolean, flashing: boolean): string {
  const bar = Math.round(Math.min(1, Math.max(0, row.depth)) * width);
  return `${row.price}|${row.amount}|${row.total}|${bar}|${row.own?.amount ?? ''}|${hovered ? 1 : 0}|${flashing ? 1 : 0}`;
}

function paintRow(
  ctx: Paint2D,
  s: BookPaintScene,
  row: BookRow,
  top: number,
  hovered: boolean,
  cols: Columns,
): void {
  const c = s.colors;
  const h = BOOK_ROW_HEIGHT;
  const mid = top + h / 2;
  if (hovered) {
    ctx.fillStyle = c.hover;
    ctx.fillRect(0, top, s.width, h);
  }
  const depth = Math.round(Math.min(1, Math.max(0, row.depth)) * s.width);
  if (depth > 0) {
    ctx.fillStyle = s.side === 'bid' ? c.upSoft : c.downSoft;
    ctx.fillRect(s.width - depth, top + 1, depth, h - 2);
    // the soft fill is a tint (text is read over it); a line under it, in the side's colour and
    // below the digits, shows the depth with non-text contrast (WCAG 1.4.11, issue 26)
    ctx.fillStyle = s.side === 'bid' ? c.up : c.down;
    ctx.fillRect(s.width - depth, top + h - 1 - DEPTH_LINE, depth, DEPTH_LINE);
  }
  if (s.flashing.has(row.price)) {
    ctx.fillStyle = c.flash;
    ctx.fillRect(PAD + cols.col + GAP, top + 1, cols.col, h - 2);
  }
  if (row.own !== null) {
    // the marker, at the left edge: the target that cancels the user's orders of the level (in
    // the accent's text shade: 3:1 against the panel by day too)
    ctx.fillStyle = c.accentText;
    ctx.beginPath();
    ctx.moveTo(1, mid - MARKER_HALF);
    ctx.lineTo(MARKER_W, mid);
    ctx.lineTo(1, mid + MARKER_HALF);
    ctx.closePath();
    ctx.fill();
  }
  ctx.font = row.own !== null ? c.boldFont : c.font;
  ctx.textAlign = 'left';
  ctx.fillStyle = s.side === 'bid' ? c.up : c.down;
  ctx.fillText(s.format(row.price, s.priceDp), PAD, mid);
  ctx.font = c.font;
  ctx.textAlign = 'right';
  ctx.fillStyle = c.text;
  ctx.fillText(s.format(row.amount, s.amountDp), cols.amountRight, mid);
  // a level holding the user's orders shows their amount in the last column, not the total
  if (row.own !== null) {
    ctx.font = c.boldFont;
    ctx.fillStyle = c.accentText;
    ctx.fillText(s.format(row.own.amount, s.amountDp), cols.right, mid);
    return;
  }
  ctx.fillStyle = c.muted;
  ctx.fillText(s.format(row.total, s.amountDp), cols.right, mid);
}
