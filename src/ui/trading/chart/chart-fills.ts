// The user's fills on the chart (issue 46), on the page's side: each fill's bar (the last bar at
// or before its time), the marks by bar and side the worker draws (paint/chart-marks.ts), and the
// fills under the pointer for the tooltip.
import { signal } from '@preact/signals-core';
import type { ScaleLinear } from 'd3-scale';
import type { ChartMark } from '../paint/chart-frame.ts';
import type { ChartLayout } from '../paint/chart-layout.ts';
import { indexAtOrBefore, type BarCache } from '../paint/bar-cache.ts';
import type { Viewport } from '../paint/viewport.ts';
import { markAt } from './chart-mark-hit.ts';

export interface ChartFill {
  key: string;
  /** ms since the epoch. */
  time: number;
  side: 'buy' | 'sell';
  /** What the tooltip says of it, in the reader's language. */
  text: string;
}

/** The bar of a fill, or −1 when it is older than the series (or the series is empty). */
export function barOf(series: BarCache, time: number): number {
  if (series.length === 0 || time < (series.time[0] ?? Infinity)) return -1;
  return indexAtOrBefore(series, time);
}

/** One mark per bar and side, with how many fills it stands for. */
export function marksOf(fills: readonly ChartFill[], series: BarCache): ChartMark[] {
  const byKey = new Map<string, ChartMark>();
  for (const fill of fills) {
    const index = barOf(series, fill.time);
    if (index < 0) continue;
    const key = `${index}:${fill.side}`;
    const mark = byKey.get(key);
    if (mark === undefined) byKey.set(key, { index, side: fill.side, count: 1 });
    else mark.count += 1;
  }
  return [...byKey.values()];
}

/** The fills a mark stands for. */
export function fillsOf(
  fills: readonly ChartFill[],
  series: BarCache,
  mark: { index: number; side: 'buy' | 'sell' },
): ChartFill[] {
  return fills.filter((f) => f.side === mark.side && barOf(series, f.time) === mark.index);
}

/** The server's "Y-m-d H:i:s" (or ms) as ms, as the tables read it; NaN when it is not one. */
export function timeOf(value: string | number): number {
  return typeof value === 'number' ? value : new Date(value.replace(' ', 'T')).getTime();
}

/** What the pointer is over: the chart's geometry, its series and view, the point. */
interface HoverAt {
  pointer: { x: number; y: number };
  g: { layout: ChartLayout; y: ScaleLinear<number, number> };
  cache: BarCache;
  viewport: Viewport;
}

/** The fills of a chart: their marks (computed again only when the fills or the bars change)
 *  and the fills under the pointer. */
export class FillMarks {
  private fills: readonly ChartFill[] = [];
  private memo: {
    fills: readonly ChartFill[];
    key: string;
    length: number;
    marks: ChartMark[];
  } | null = null;
  /** The mark under the pointer and its fills (the tooltip's). */
  readonly hovered = signal<{ fills: ChartFill[]; x: number; y: number } | null>(null);

  set(fills: readonly ChartFill[]): void {
    this.fills = fills;
  }

  marks(cache: BarCache): ChartMark[] {
    const m = this.memo;
    if (m !== null && m.fills === this.fills && m.key === cache.key && m.length === cache.length)
      return m.marks;
    const marks = marksOf(this.fills, cache);
    this.memo = { fills: this.fills, key: cache.key, length: cache.length, marks };
    return marks;
  }

  hover(at: HoverAt | null): void {
    const found =
      at === null ? null : markAt(this.marks(at.cache), at.cache, at.g, at.viewport, at.pointer);
    const prev = this.hovered.peek();
    if (at === null || found === null) {
      if (prev !== null) this.hovered.value = null;
      return;
    }
    if (prev !== null && prev.x === found.x && prev.y === found.y) return;
    const fills = fillsOf(this.fills, at.cache, found.mark);
    this.hovered.value = { fills, x: found.x, y: found.y };
  }
}
