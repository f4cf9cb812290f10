// Where prices sit on the chart, computed the same way by the paint worker that draws it
// (chart-draw.ts) and by the page that hit-tests the user's lines on it (chart-line-input.ts):
// the price range of the visible bars and the scale from price to pixel.
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import type { ChartIndicator } from '../../../shared/workspace.ts';
import type { ChartSeries } from './bar-cache.ts';
import {
  chartLayout,
  extentOf,
  LEGEND_ROW,
  paddedDomain,
  TOP_PAD,
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
  // the studies drawn over the price stay in view
  if (indicators.includes('ema')) cols.push(series.ema);
  if (indicators.includes('boll')) cols.push(series.bollUp, series.bollLow);
  if (indicators.includes('vwap')) cols.push(series.vwap);
  return paddedDomain(extentOf(cols, first, last));
}

/** The room above the candles: the legend's rows (a third one for the studies over the price). */
export function topPadOf(indicators: readonly ChartIndicator[]): number {
  const third = STUDY_ROW.some((i) => indicators.includes(i));
  return TOP_PAD + (third ? LEGEND_ROW : 0);
}

/** The studies whose values the legend shows on its third row. */
export const STUDY_ROW = ['ema', 'boll', 'vwap', 'volma'] as const;

/** The oscillators shown, each in a pane of its own under the price, in this order. */
export const OSCILLATORS = ['rsi', 'macd'] as const;

export function oscillatorsOf(
  indicators: readonly ChartIndicator[],
): (typeof OSCILLATORS)[number][] {
  return OSCILLATORS.filter((o) => indicators.includes(o));
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
  const layout = chartLayout(
    g.width,
    g.height,
    g.axisWidth,
    g.indicators.includes('volume'),
    oscillatorsOf(g.indicators).length,
    topPadOf(g.indicators),
  );
  const domain = priceDomain(g.series, g.viewport, g.mode, g.indicators);
  return { layout, y: priceScale(layout.price, domain) };
}
