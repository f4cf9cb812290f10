// Where prices sit on the chart, computed the same way by the paint worker that draws it
// (chart-draw.ts) and by the page that hit-tests the user's lines on it (chart-line-input.ts):
// the price range of the visible bars and the scale from price to pixel.
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import type { ChartIndicator } from '../../../shared/workspace.ts';
import type { ChartSeries } from './bar-cache.ts';
import {
  chartLayout,
  extentOf,
  paddedDomain,
  type ChartLayout,
  type Rect,
} from './chart-layout.ts';
import { visibleRange, type Viewport } from './viewport.ts';

export type ChartMode = 'candles' | 'line';

/** The prices the visible bars span (and the MA when it is drawn), with a margin. */
export function priceDomain(
  series: ChartSeries,
  viewport: Viewport,
  mode: ChartMode,
  indicators: readonly ChartIndicator[],
): [number, number] {
  const [first, last] = visibleRange(viewport, series.length);
  const cols = mode === 'candles' ? [series.low, series.high] : [series.close];
  if (indicators.includes('ma')) cols.push(series.ma15);
  return paddedDomain(extentOf(cols, first, last));
}

/** Price to pixel in the price pane `pane`. */
export function priceScale(pane: Rect, domain: [number, number]): ScaleLinear<number, number> {
  return scaleLinear()
    .domain(domain)
    .range([pane.y + pane.height, pane.y]);
}

export interface GeometryInput {
  series: ChartSeries;
  viewport: Viewport;
  mode: ChartMode;
  indicators: readonly ChartIndicator[];
  width: number;
  height: number;
  /** The price axis' width as the worker last drew it. */
  axisWidth: number;
}

/** The layout and the price scale of a frame, as the worker draws it. */
export function chartGeometry(g: GeometryInput): {
  layout: ChartLayout;
  y: ScaleLinear<number, number>;
} {
  const layout = chartLayout(g.width, g.height, g.axisWidth, g.indicators.includes('volume'));
  const domain = priceDomain(g.series, g.viewport, g.mode, g.indicators);
  return { layout, y: priceScale(layout.price, domain) };
}
