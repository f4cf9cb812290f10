// Painting the middle row of the book (issue 19): the last trade's price in its direction's
// colour with an arrow, and the spread with its share of the best ask. It changes with nearly
// every book diff; as text in the page it cost a layout, a paint and a commit of the page per
// change (about half the main thread's rendering on the spot screen at 6× CPU), so it is drawn
// in the paint worker like the book sides. Numbers arrive as decimal strings and are drawn as
// the locale formats them; the spread's share is computed exactly (decimal.js, book-math.ts).
import type { BookColors, Paint2D } from './book-paint.ts';
import { spreadPercent } from './book-math.ts';

export type MidDirection = 'up' | 'down' | 'flat';

export interface MidPaintScene {
  /** CSS px of the canvas. */
  width: number;
  height: number;
  last: string | null;
  direction: MidDirection;
  spread: string | null;
  bestAsk: string | null;
  priceDp: number;
  /** The page's words: the spread's label and its share's message with ␀ for the number. */
  spreadLabel: string;
  percentMessage: string;
  colors: BookColors;
  format: (value: string, dp: number) => string;
}

/** Horizontal padding, as the row had in the page (CSS px). */
const PAD = 12;
const LAST_FONT_PX = 17;
const SMALL_FONT_PX = 11;
const ARROW_W = 10;
const ARROW_H = 12;
/** Between the price and its arrow, and around the spread. */
const GAP = 4;
/** The placeholder the page puts where the share goes in its message. */
export const PERCENT_SLOT = '\u0000';

/** The arrows of the page's former icon (10 × 12 px), as outlines. */
const UP_ARROW: readonly (readonly [number, number])[] = [
  [5, 1],
  [9, 6],
  [6, 6],
  [6, 11],
  [4, 11],
  [4, 6],
  [1, 6],
];
const DOWN_ARROW: readonly (readonly [number, number])[] = [
  [5, 11],
  [1, 6],
  [4, 6],
  [4, 1],
  [6, 1],
  [6, 6],
  [9, 6],
];

/** The fonts of the row, from the book's (a family after the size). */
function fontOf(colors: BookColors, px: number, weight: number): string {
  const family = colors.font.replace(/^\d+px\s+/, '');
  return `${weight} ${px}px ${family}`;
}

export function paintMid(ctx: Paint2D, scene: MidPaintScene): void {
  const { width, height, colors } = scene;
  ctx.clearRect(0, 0, width, height);
  ctx.textBaseline = 'middle';
  const mid = height / 2;
  // the last price, left
  ctx.textAlign = 'left';
  ctx.font = fontOf(colors, LAST_FONT_PX, 600);
  ctx.fillStyle =
    scene.direction === 'up' ? colors.up : scene.direction === 'down' ? colors.down : colors.text;
  const last = scene.last === null ? '--' : scene.format(scene.last, scene.priceDp);
  ctx.fillText(last, PAD, mid);
  let used = PAD + ctx.measureText(last).width;
  if (scene.last !== null && scene.direction !== 'flat') {
    const x = used + GAP;
    const top = mid - ARROW_H / 2;
    ctx.beginPath();
    for (const [i, [px, py]] of (scene.direction === 'up' ? UP_ARROW : DOWN_ARROW).entries()) {
      if (i === 0) ctx.moveTo(x + px, top + py);
      else ctx.lineTo(x + px, top + py);
    }
    ctx.closePath();
    ctx.fill();
    used = x + ARROW_W;
  }
  paintSpread(ctx, scene, width - PAD - (used + 2 * GAP), mid);
}

/**
 * The spread, right-aligned: "Spread 0.01 (0.00%)", the label and the share muted. Where the
 * row is too narrow (a phone), the label goes first, then the share; nothing overlaps the price.
 */
function paintSpread(ctx: Paint2D, scene: MidPaintScene, room: number, mid: number): void {
  const { colors } = scene;
  ctx.font = fontOf(colors, SMALL_FONT_PX, 400);
  ctx.textAlign = 'right';
  const pct = spreadPercent(scene.spread, scene.bestAsk);
  // the share in the reader's number format (0,05 in Russian)
  const share =
    pct === null ? '' : ` ${scene.percentMessage.replace(PERCENT_SLOT, scene.format(pct, 2))}`;
  const value = scene.spread === null ? '--' : scene.format(scene.spread, scene.priceDp);
  const label = `${scene.spreadLabel} `;
  const w = (text: string): number => (text === '' ? 0 : ctx.measureText(text).width);
  const parts = [
    { text: label, color: colors.muted },
    { text: value, color: colors.text },
    { text: share, color: colors.muted },
  ];
  if (w(label) + w(value) + w(share) > room) parts[0] = { text: '', color: colors.muted };
  if (w(value) + w(share) > room) parts[2] = { text: '', color: colors.muted };
  if (w(value) > room) return;
  let x = scene.width - PAD;
  for (const part of parts.reverse()) {
    if (part.text === '') continue;
    ctx.fillStyle = part.color;
    ctx.fillText(part.text, x, mid);
    x -= w(part.text);
  }
}
