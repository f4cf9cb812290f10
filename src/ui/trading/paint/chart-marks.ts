// The user's fills marked on the candles (issue 46): a small disc under the candle for a buy
// and over it for a sell, with B or S in it (the count when several fills of a side share the
// bar). The page finds the mark under the pointer with the same places (chart-fills.ts).
import type { ScaleLinear } from 'd3-scale';
import type { ChartSeries } from './bar-cache.ts';
import type { Rect } from './chart-layout.ts';
import type { ChartMark, Frame } from './chart-frame.ts';

export const MARK_RADIUS = 7;
const MARK_GAP = 4;

/**
 * The centre of a mark for bar `index`: under the low for a buy, over the high for a sell, kept
 * inside the price pane (a fill at the bottom of the view is still seen).
 */
export function markY(
  series: ChartSeries,
  y: ScaleLinear<number, number>,
  pane: Rect,
  index: number,
  side: 'buy' | 'sell',
): number {
  const offset = MARK_RADIUS + MARK_GAP;
  const at =
    side === 'buy' ? y(series.low[index] ?? 0) + offset : y(series.high[index] ?? 0) - offset;
  return Math.min(pane.y + pane.height - MARK_RADIUS, Math.max(pane.y + MARK_RADIUS, at));
}

/** Draws the marks of the visible bars (the price pane is clipped already). */
export function drawMarks(f: Frame): void {
  const { ctx, s } = f;
  if (s.marks.length === 0) return;
  ctx.save();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const m of s.marks) {
    if (m.index < f.first || m.index >= f.last) continue;
    const x = f.x(m.index + 0.5);
    const y = markY(s.cache, f.y, f.layout.price, m.index, m.side);
    ctx.beginPath();
    ctx.arc(x, y, MARK_RADIUS, 0, Math.PI * 2);
    ctx.fillStyle = m.side === 'buy' ? s.colors.lines.buy : s.colors.lines.sell;
    ctx.fill();
    ctx.fillStyle = s.colors.lines.ink;
    ctx.fillText(
      m.count > 1 ? String(Math.min(m.count, 9)) : m.side === 'buy' ? 'B' : 'S',
      x,
      y + 0.5,
    );
  }
  ctx.restore();
}

export type { ChartMark };
