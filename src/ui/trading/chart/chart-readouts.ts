// What the chart writes on its canvas element for benchmarks and tests to read (data-*): how
// long a new series took to be drawn, when its whole history was in place (B11), the bars in view.
import type { ChartDrawn } from '../paint/paint-protocol.ts';
import type { Viewport } from '../paint/viewport.ts';
import type { HistoryBuilt } from './chart-history.ts';
import type { Bar } from '../../../engine/api.ts';
import type { BarCache } from '../paint/bar-cache.ts';
import type { HeatData } from './chart-surface.ts';

/** A new series was first drawn `ms` after its data came. */
export function noteFirstDraw(canvas: HTMLCanvasElement, drawn: ChartDrawn, ms: number): void {
  canvas.dataset['firstDrawMs'] = ms.toFixed(1);
  canvas.dataset['bars'] = String(drawn.bars);
  // which series those bars are (symbol|period): a test that switched pairs waits for its own
  canvas.dataset['series'] = drawn.key;
}

/** The whole history took the place of the newest bars: when, and its longest slice. */
export function noteHistory(canvas: HTMLCanvasElement, built: HistoryBuilt): void {
  canvas.dataset['historyMs'] = built.ms.toFixed(1);
  canvas.dataset['historySliceMs'] = built.sliceMs.toFixed(1);
  canvas.dataset['historyBars'] = String(built.bars);
}

/**
 * The depth heatmap's book samples the chart holds (`data-heat-samples`) and the time of the
 * oldest (`data-heat-from`, ms); absent while it is off.
 */
export function noteHeat(canvas: HTMLCanvasElement, heat: HeatData | null): void {
  const from = heat?.samples[0]?.t;
  if (heat === null) delete canvas.dataset['heatSamples'];
  else canvas.dataset['heatSamples'] = String(heat.samples.length);
  if (from === undefined) delete canvas.dataset['heatFrom'];
  else canvas.dataset['heatFrom'] = String(from);
}

/**
 * The bars in view (`data-span`): what a zoom changed, for a reader or a test. Only once there
 * are bars: the empty series' view is replaced when they come, so a span noted before them
 * would promise a view that a zoom cannot change.
 */
export function noteSpan(canvas: HTMLCanvasElement, vp: Viewport | null, bars: number): void {
  if (vp === null || bars === 0) delete canvas.dataset['span'];
  else canvas.dataset['span'] = String(Math.round(vp.to - vp.from));
}

export interface LegendData {
  bar: Bar;
  index: number;
  ma15: number;
  ma10: number;
  ma20: number;
  /** The pointer is on this bar (otherwise it is the newest bar). */
  hovering: boolean;
  /** The series the values are read from (the studies' columns, issue 46). */
  series: BarCache;
}

/**
 * The legend's data for the bar under the pointer (`hover` ≥ 0) or the newest bar: `prev` itself
 * when it already shows that bar as it is (the signal does not change).
 */
export function legendFor(
  prev: LegendData | null,
  cache: BarCache,
  hover: number,
): LegendData | null {
  const index = hover >= 0 ? hover : cache.length - 1;
  const bar = cache.bars[index];
  if (bar === undefined) return null;
  if (prev !== null && prev.bar === bar && prev.index === index && prev.hovering === hover >= 0)
    return prev;
  return {
    bar,
    index,
    ma15: cache.ma15[index] ?? NaN,
    ma10: cache.ma10[index] ?? NaN,
    ma20: cache.ma20[index] ?? NaN,
    hovering: hover >= 0,
    series: cache,
  };
}
