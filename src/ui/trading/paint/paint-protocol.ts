// What the page tells the paint worker (paint-worker.ts) and what it answers (ADR 0028). The
// page keeps everything the user touches (scrolling, the pointer, keys, which levels are in
// view); the worker owns the canvases' pixels and draws each scene it is sent.
import type { Bar } from '../../../engine/api.ts';
import type { BookPaintScene } from './book-paint.ts';
import type { SeriesColumns } from './bar-cache.ts';
import type { Scene as ChartPaintScene } from './chart-draw.ts';
import type { DepthPaintScene } from './depth-paint.ts';
import type { MidPaintScene } from './mid-paint.ts';
import type { HeatPart } from './heat-paint.ts';
import type { TradesPaintScene } from './trades-paint.ts';

/** What a canvas needs beyond its painter's scene: the device pixel ratio and the locale that
 *  formats its numbers (the worker builds the formatter; a function cannot be posted). */
interface Posted {
  dpr: number;
  locale: string;
}

/** One side of the book, as book-paint.ts draws it; the flashing prices as a list. */
export type BookScene = Omit<BookPaintScene, 'format' | 'flashing'> &
  Posted & { kind: 'book'; flashing: readonly string[] };

/** The recent trades, as trades-paint.ts draws them. */
export type TradesScene = Omit<TradesPaintScene, 'format' | 'time'> & Posted & { kind: 'trades' };

/** The book's middle row (last price, spread), as mid-paint.ts draws it. */
export type MidScene = Omit<MidPaintScene, 'format'> & Posted & { kind: 'mid' };

/**
 * The candle chart, as chart-draw.ts draws it. The worker keeps the series it was sent: a scene
 * carries the page's numeric columns (prices, volumes, indicators) only from `from` on (a live
 * update: the newest bar), the whole series when the key changes or `from` is 0. Their buffers
 * are transferred, not copied.
 */
export type ChartScene = Omit<ChartPaintScene, 'cache' | 'tzOffset' | 'locale' | 'heat'> &
  Posted & {
    kind: 'chart';
    /** Symbol and period: another key replaces the series. */
    key: string;
    /** Number of bars in the series after this scene. */
    length: number;
    from: number;
    columns: SeriesColumns;
    /** The newest bar (its close labels the last price). */
    last: Bar | undefined;
    /** The depth heatmap's samples and trades the worker does not hold yet; null: it is off. */
    heat: HeatPart | null;
  };

/** The depth chart, as depth-paint.ts draws it. */
export type DepthScene = Omit<DepthPaintScene, 'format'> & Posted & { kind: 'depth' };

export type PaintScene = BookScene | TradesScene | MidScene | ChartScene | DepthScene;

export type ToPainter =
  /** A canvas handed over (its OffscreenCanvas is transferred with the message). */
  | { type: 'attach'; id: number; canvas: OffscreenCanvas }
  /** New size in device pixels: the canvas is cleared and the next scene painted whole. */
  | { type: 'resize'; id: number; width: number; height: number }
  | { type: 'paint'; id: number; scene: PaintScene }
  /** The page's canvas element is gone: drop its OffscreenCanvas. */
  | { type: 'forget'; id: number }
  /** The worker has started: load the formatting and the page's font before the first scene. */
  | { type: 'warm'; font: string; locale: string };

export type FromPainter =
  /** The first scene with levels or trades in it is on the canvas. */
  | { type: 'painted'; id: number }
  /**
   * A chart was drawn: after the first drawing of a series with bars in it, and whenever the
   * price axis changed width (the page needs it for the pointer's bar).
   */
  | { type: 'chart-drawn'; id: number; drawn: ChartDrawn }
  /** A chart scene did not fit the bars the worker holds: the page sends the whole series. */
  | { type: 'chart-stale'; id: number };

export interface ChartDrawn {
  key: string;
  bars: number;
  axisWidth: number;
  /** The worker's time to draw the scene, ms. */
  drawMs: number;
}
