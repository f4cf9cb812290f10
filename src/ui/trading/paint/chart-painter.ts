// The paint worker's side of the chart (issue 19, ADR 0028): its copy of the page's series
// (prices, volumes, indicators as numbers: the page's bar cache computed them) and the drawing
// of a scene. Rows are taken in as each scene arrives, before scenes are coalesced, so a scene
// dropped for a newer one loses no row; only the newest scene is drawn.
//
// Invariant (chart-painter.test.ts):
//   P1 holds-the-page's-series: after any sequence of scenes from the page's surface
//      (chart-surface.ts), the series held equals the page's cache, column for column.
import type { Paint2D } from './book-paint.ts';
import type { ChartDrawn, ChartScene } from './paint-protocol.ts';
import { spliceSeries, type ChartSeries } from './bar-cache.ts';
import { drawChart } from './chart-draw.ts';
import { localOffsetMs } from './ticks.ts';
import { HeatHeld } from './heat-paint.ts';

export class ChartPainter {
  private series: ChartSeries | null = null;
  /** The depth heatmap's history (null: off). */
  private heat: HeatHeld | null = null;
  private announced: string | null = null;
  private axisWidth = -1;

  /** The series held (read by tests). */
  held(): ChartSeries | null {
    return this.series;
  }

  /**
   * Takes a scene's rows in. False when they do not continue the series held (the page must
   * send the whole series): nothing is kept then.
   */
  receive(scene: ChartScene): boolean {
    if (!this.receiveHeat(scene)) return false;
    const held = this.series;
    const fits =
      scene.from === 0 || (held !== null && held.key === scene.key && held.length >= scene.from);
    if (!fits || scene.from + scene.columns.time.length !== scene.length) {
      this.series = null;
      return false;
    }
    this.series = spliceSeries(held, scene.key, scene.from, scene.columns, scene.last);
    return true;
  }

  /** The heat part of a scene; false when it does not continue what is held. */
  private receiveHeat(scene: ChartScene): boolean {
    if (scene.heat === null) {
      this.heat = null;
      return true;
    }
    this.heat ??= new HeatHeld();
    return this.heat.take(scene.heat);
  }

  /** Draws `scene` with the series held; what the page must hear of it, if anything. */
  draw(ctx: Paint2D, scene: ChartScene, now: () => number): ChartDrawn | null {
    const series = this.series;
    if (series === null) return null;
    const started = now();
    const heat = scene.heat === null ? null : this.heat;
    const layout = drawChart(ctx, { ...scene, cache: series, tzOffset: localOffsetMs, heat });
    const drawMs = now() - started;
    const axisWidth = layout.priceAxis.width;
    const firstOfSeries = series.length > 0 && this.announced !== series.key;
    if (!firstOfSeries && axisWidth === this.axisWidth) return null;
    if (series.length > 0) this.announced = series.key;
    this.axisWidth = axisWidth;
    return { key: series.key, bars: series.length, axisWidth, drawMs };
  }
}
