// Painting the recent trades on a canvas (ADR 0012): newest first, one row per trade with the
// price coloured by the taker's direction, the amount and the time, in the columns of the
// headers above. Pure: the texts arrive formatted by the caller's functions.
import type { TradeView } from '../../../engine/api.ts';
import { BOOK_ROW_HEIGHT, ROW_PAD, columns } from './book-paint.ts';
import type { BookColors, Paint2D } from './book-paint.ts';

export const TRADE_ROW_HEIGHT = BOOK_ROW_HEIGHT;

export interface TradesPaintScene {
  width: number;
  height: number;
  trades: readonly TradeView[];
  priceDp: number;
  amountDp: number;
  colors: BookColors;
  format: (value: string, dp: number) => string;
  time: (ms: number) => string;
}

export function paintTrades(ctx: Paint2D, s: TradesPaintScene): void {
  ctx.clearRect(0, 0, s.width, s.height);
  const cols = columns(s.width);
  const c = s.colors;
  ctx.textBaseline = 'middle';
  ctx.font = c.font;
  const rows = Math.min(s.trades.length, Math.ceil(s.height / TRADE_ROW_HEIGHT));
  for (let i = 0; i < rows; i++) {
    const trade = s.trades[i];
    if (trade === undefined) break;
    const mid = i * TRADE_ROW_HEIGHT + TRADE_ROW_HEIGHT / 2;
    ctx.textAlign = 'left';
    ctx.fillStyle = trade.direction === 'buy' ? c.up : c.down;
    ctx.fillText(s.format(trade.price, s.priceDp), ROW_PAD, mid);
    ctx.textAlign = 'right';
    ctx.fillStyle = c.text;
    ctx.fillText(s.format(trade.amount, s.amountDp), cols.amountRight, mid);
    ctx.fillStyle = c.muted;
    ctx.fillText(s.time(trade.time), cols.right, mid);
  }
}
