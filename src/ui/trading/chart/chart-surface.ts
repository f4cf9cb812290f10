// Where the chart controller's frames go (issue 19): the canvas handed to the paint worker
// (worker-canvas.ts, ADR 0028). A frame carries the page's whole bar cache; the surface sends
// the worker only the rows it does not hold yet (a live update: the newest bar), and the whole
// series again when the key changes or the worker says it lost track.
import type { Bar } from '../../../engine/api.ts';
import type { ChartDrawn, ChartScene, FromPainter } from '../paint/paint-protocol.ts';
import { WorkerCanvas } from '../paint/worker-canvas.ts';
import {
  CACHE_STUDIES,
  firstChanged,
  SERIES_COLUMNS,
  seriesColumns,
  studiesKey,
} from '../paint/bar-cache.ts';

const ALL_STUDIES = studiesKey(CACHE_STUDIES);
import type { BarCache } from '../paint/bar-cache.ts';
import type { StudyParams } from '../../../shared/studies.ts';
import type { HeatSample, HeatTrade } from '../../../engine/api.ts';
import type { HeatPart } from '../paint/heat-paint.ts';

/** One frame of the chart as the controller sees it: the scene and the page's bar cache. */
export type ChartFrame = Omit<
  ChartScene,
  'kind' | 'key' | 'length' | 'from' | 'columns' | 'last' | 'heat'
> & {
  cache: BarCache;
  /** The depth heatmap's whole history on the page (null or absent: off). */
  heat?: HeatData | null;
};

/** The page's heat history of a pair (chart-heat.ts): appended to, replaced under a new key. */
export interface HeatData {
  key: string;
  samples: readonly HeatSample[];
  trades: readonly HeatTrade[];
}

export interface ChartSurface {
  /** The backing store's size in device pixels. */
  resize(width: number, height: number): void;
  draw(frame: ChartFrame): void;
  destroy(): void;
}

export interface ChartSurfaceEvents {
  /** The worker drew a series for the first time, or its price axis changed width. */
  drawn(drawn: ChartDrawn): void;
  /** The worker dropped the bars it held: draw again (the whole series goes). */
  stale(): void;
}

export type ChartSurfaceFactory = (
  canvas: HTMLCanvasElement,
  events: ChartSurfaceEvents,
) => ChartSurface;

/** The product's surface: the paint worker draws. */
export const workerChartSurface: ChartSurfaceFactory = (canvas, events) => {
  let sent: Sent | null = null;
  const heard = (m: FromPainter): void => {
    if (m.type === 'chart-drawn') events.drawn(m.drawn);
    else if (m.type === 'chart-stale') {
      sent = null;
      events.stale();
    }
  };
  const target = new WorkerCanvas(canvas, () => undefined, heard);
  return {
    resize: (width, height) => target.resize(width, height),
    draw(frame) {
      const scene = chartScene(frame, sent);
      const buffers = SERIES_COLUMNS.map((c) => scene.columns[c].buffer);
      target.paint(scene, [...buffers, scene.columns.cross.buffer]);
      const { key, bars, params, studies } = frame.cache;
      sent = { key, bars, params, studies, heat: heatSent(frame.heat) };
    },
    destroy: () => target.destroy(),
  };
};

/** What the worker was last sent: the series' key, its bars, the studies and their parameters. */
interface Sent {
  key: string;
  bars: readonly Bar[];
  params: StudyParams;
  /** The studies computed (bar-cache.ts studiesKey); absent: every study. */
  studies?: string;
  /** The heat history sent: its key and how many samples and trades (null: none). */
  heat?: { key: string; samples: number; trades: number } | null | undefined;
}

const heatSent = (heat: HeatData | null | undefined): Sent['heat'] | null =>
  heat === null || heat === undefined
    ? null
    : { key: heat.key, samples: heat.samples.length, trades: heat.trades.length };

/** What of the heat history the worker does not hold yet (null: the heatmap is off). */
function heatPart(heat: HeatData | null | undefined, sent: Sent['heat']): HeatPart | null {
  if (heat === null || heat === undefined) return null;
  const held = sent !== null && sent !== undefined && sent.key === heat.key ? sent : null;
  const sampleFrom = held?.samples ?? 0;
  const tradeFrom = held?.trades ?? 0;
  return {
    key: heat.key,
    sampleFrom,
    samples: heat.samples.slice(sampleFrom),
    tradeFrom,
    trades: heat.trades.slice(tradeFrom),
  };
}

/** The scene for `frame` when the worker holds the bars `sent` (null: nothing). */
export function chartScene(frame: ChartFrame, sent: Sent | null): ChartScene {
  const { cache, heat, ...rest } = frame;
  // new parameters or another set of studies changed the studies' columns: the whole series goes
  const from =
    sent !== null &&
    sent.key === cache.key &&
    sent.params === cache.params &&
    (sent.studies ?? ALL_STUDIES) === cache.studies
      ? firstChanged(sent.bars, cache.bars)
      : 0;
  return {
    ...rest,
    kind: 'chart',
    key: cache.key,
    length: cache.length,
    from,
    columns: seriesColumns(cache, from),
    last: cache.last,
    heat: heatPart(heat, sent?.heat),
  };
}
