// Which fill mark is under the pointer (issue 46): the marks are placed as the worker draws them
// (paint/chart-marks.ts), at the centre of their bar.
import type { ScaleLinear } from 'd3-scale';
import type { BarCache } from '../paint/bar-cache.ts';
import type { ChartMark } from '../paint/chart-frame.ts';
import type { ChartLayout } from '../paint/chart-layout.ts';
import { MARK_RADIUS, markY } from '../paint/chart-marks.ts';
import type { Viewport } from '../paint/viewport.ts';

export function markAt(
  marks: readonly ChartMark[],
  series: BarCache,
  g: { layout: ChartLayout; y: ScaleLinear<number, number> },
  vp: Viewport,
  p: { x: number; y: number },
): { mark: ChartMark; x: number; y: number } | null {
  const pane = g.layout.price;
  const span = Math.max(1e-9, vp.to - vp.from);
  const reach = MARK_RADIUS + 2;
  for (const mark of marks) {
    const x = pane.x + ((mark.index + 0.5 - vp.from) / span) * pane.width;
    const y = markY(series, g.y, pane, mark.index, mark.side);
    if (Math.abs(x - p.x) <= reach && Math.abs(y - p.y) <= reach) return { mark, x, y };
  }
  return null;
}
