// Owns the canvas: size (ResizeObserver, devicePixelRatio), input (drag to pan, wheel or a
// two-finger pinch to zoom, keys, double-click to reset) and the frame loop. Every change only
// marks the chart dirty; the page's frame budget sends a frame (engine-bridge/frame-budget.ts;
// B11: at most one redraw per frame): the user's drag, wheel, pointer and keys at the next
// frame, new bars after the book and the trades when a frame is full. The paint worker draws it
// (chart-surface.ts, paint/chart-painter.ts, issue 19): the page keeps the view, the pointer and the legend, the worker
// the pixels. The legend reads the bar under the pointer from the `legend` signal.
import { signal } from '@preact/signals-core';
import type { ReadonlySignal } from '@preact/signals-core';
import type { Bar } from '../../../engine/api.ts';
import type { ChartIndicator } from '../../../shared/workspace.ts';
import type { StudyParams } from '../../../shared/studies.ts';
import type { BarCache } from '../paint/bar-cache.ts';
import { ChartHistory, type HistoryBuilt } from './chart-history.ts';
import { legendFor, noteFirstDraw, noteHeat, noteHistory, noteSpan } from './chart-readouts.ts';
import type { LegendData } from './chart-readouts.ts';
import { chartColors } from './chart-colors.ts';
import type { ChartMode } from '../paint/chart-draw.ts';
import type { ChartDrawn } from '../paint/paint-protocol.ts';
import { workerChartSurface } from './chart-surface.ts';
import { chartGeometry } from '../paint/chart-geometry.ts';
import { barClose, LineInput } from './chart-line-input.ts';
import { DrawingInput } from './chart-drawing-input.ts';
import { barScale } from '../paint/chart-drawings.ts';
import { FillMarks, type ChartFill } from './chart-fills.ts';
import { keyAction, listenAll, pinchSpan } from './chart-gestures.ts';
import type { ChartSurface, ChartSurfaceFactory, HeatData } from './chart-surface.ts';
import { frameBudget } from '../../engine-bridge/frame-budget.ts';
import { theme } from '../../theme.ts';
import type { Painter } from '../../engine-bridge/frame-budget.ts';
import {
  barAt,
  clampViewport,
  defaultViewport,
  followData,
  panViewport,
  resizeViewport,
  zoomViewport,
  type ViewLimits,
  type Viewport,
} from '../paint/viewport.ts';

export interface ChartInput {
  /** Symbol and button (period or realtime): a new key resets the view. */
  key: string;
  bars: readonly Bar[];
  mode: ChartMode;
  indicators: readonly ChartIndicator[];
  periodSec: number;
  pricePrecision: number;
  /** The studies' parameters (issue 46). */
  params: StudyParams;
}

export type { LegendData } from './chart-readouts.ts';

const WHEEL_SPEED = 0.0015;

export class ChartController {
  private readonly surface: ChartSurface;
  private readonly resize: ResizeObserver;
  private input: ChartInput | null = null;
  private cache: BarCache | null = null;
  private heat: HeatData | null = null;
  /** The cache's source: a long new series' newest bars first, the history after (B11). */
  private readonly history = new ChartHistory((cache, shift, built) =>
    this.onHistory(cache, shift, built),
  );
  private viewport: Viewport | null = null;
  /** Width of the price axis the worker last drew (it follows the widest label). */
  private axisWidth = 56;
  private width = 0;
  private height = 0;
  private pointer: { x: number; y: number } | null = null;
  private drag: { x: number } | null = null;
  /** Touch points down on the canvas (x by pointer id): two of them pinch to zoom. */
  private readonly touches = new Map<number, number>();
  private pinch: { span: number } | null = null;
  private readonly painter: Painter = { name: 'chart', priority: 3, paint: () => this.paint() };
  private readonly legendSignal = signal<LegendData | null>(null);
  private firstDraw: { key: string; started: number } | null = null;
  /** Removes the canvas's listeners. */
  private readonly unlisten: () => void;
  /** Stops following the theme (a change redraws with the new colours at once). */
  private readonly unfollowTheme: () => void;
  /** The user's fills marked on the candles, and the tooltip's (issue 46). */
  readonly fills = new FillMarks();
  /** The user's lines: dragged, cancelled, an order offered at a price (issue 46). */
  readonly lines = new LineInput({
    geometry: () => this.geometry(),
    precision: () => this.input?.pricePrecision ?? 8,
    timeAt: (x) => barClose(this.cache?.time[this.barIndexAt(x)], this.input?.periodSec ?? 60),
    redraw: () => this.markDirty(),
    cursor: (value) => this.canvas.style.setProperty('cursor', value),
    stopGesture: () => {
      this.drag = null;
      this.pinch = null;
    },
  });

  /** The trader's drawings: drawn with a tool, selected, moved (issue 46). */
  readonly drawings = new DrawingInput({
    space: () => {
      const g = this.geometry();
      const { cache, viewport, input } = this;
      if (g === null || cache === null || viewport === null || input === null) return null;
      const x = barScale(g.layout.price, viewport);
      return { layout: g.layout, y: g.y, x, series: cache, periodSec: input.periodSec };
    },
    precision: () => this.input?.pricePrecision ?? 8,
    redraw: () => this.markDirty(),
    cursor: (value) => this.canvas.style.setProperty('cursor', value),
    grab: (on) => this.canvas.style.setProperty('touch-action', on ? 'none' : ''),
  });

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly locale: string,
    surface: ChartSurfaceFactory = workerChartSurface,
  ) {
    this.surface = surface(canvas, {
      drawn: (drawn) => this.onDrawn(drawn),
      stale: () => this.markDirty(),
    });
    this.resize = new ResizeObserver((entries) => this.onResize(entries));
    this.resize.observe(canvas);
    this.unlisten = listenAll(
      canvas,
      {
        pointerdown: this.onPointerDown,
        pointermove: this.onPointerMove,
        pointerup: this.onPointerUp,
        pointercancel: this.onPointerUp,
        pointerleave: this.onPointerLeave,
        wheel: this.onWheel,
        keydown: this.onKeyDown,
        dblclick: this.onDoubleClick,
        contextmenu: this.onContextMenu,
      },
      { wheel: { passive: false } },
    );
    let first = true;
    this.unfollowTheme = theme.subscribe(() => {
      if (first) first = false;
      else this.markDirty(true);
    });
  }

  /** New data or options. The numeric cache is synced here, once per data version. */
  setData(input: ChartInput): void {
    const started = performance.now();
    const keyChanged = this.input?.key !== input.key;
    const oldLength = this.cache?.length ?? 0;
    const { key, bars, params, indicators } = input;
    this.cache = this.history.sync({ key, bars, params, studies: indicators }, this.plotWidth());
    this.input = input;
    const limits = this.limits();
    if (keyChanged || this.viewport === null || oldLength === 0) {
      this.viewport = defaultViewport(limits);
      if (input.bars.length > 0) this.firstDraw = { key: input.key, started };
    } else if (oldLength !== limits.length) {
      this.viewport = followData(this.viewport, oldLength, limits);
    }
    // a new series is drawn at once; a new or changed bar may wait for a frame with room
    this.markDirty(keyChanged || oldLength === 0);
    if (keyChanged || oldLength === 0) this.noteSpan();
  }

  resetView(): void {
    this.viewport = defaultViewport(this.limits());
    this.noteSpan();
    this.markDirty();
  }

  /** The bar under the pointer (or the newest bar) and its averages, for the legend. */
  get legend(): ReadonlySignal<LegendData | null> {
    return this.legendSignal;
  }

  destroy(): void {
    this.history.destroy();
    this.lines.pressEnd();
    frameBudget.cancel(this.painter);
    this.surface.destroy();
    this.resize.disconnect();
    this.unlisten();
    this.unfollowTheme();
  }

  // ---- frame loop ------------------------------------------------------------------------

  /** `urgent`: the user did it (drag, wheel, pointer, keys, resize, reset). */
  private markDirty(urgent = true): void {
    frameBudget.request(this.painter, urgent);
  }

  private readonly paint = (): void => {
    const { input, cache, viewport } = this;
    if (input === null || cache === null || viewport === null) return;
    if (this.width <= 0 || this.height <= 0) return;
    // canvas pixels = CSS size × devicePixelRatio; the worker draws in CSS pixels
    const dpr = window.devicePixelRatio || 1;
    this.surface.resize(Math.round(this.width * dpr), Math.round(this.height * dpr));
    const hover = this.hoverIndex();
    this.surface.draw({
      cache,
      dpr,
      width: this.width,
      height: this.height,
      viewport,
      mode: input.mode,
      indicators: input.indicators,
      periodSec: input.periodSec,
      pricePrecision: input.pricePrecision,
      colors: chartColors(this.canvas),
      locale: this.locale,
      pointer: this.pointer,
      hover,
      lines: this.lines.scene(),
      params: cache.params,
      marks: this.fills.marks(cache),
      drawings: this.drawings.scene(),
      heat: this.heat,
    });
    this.updateLegend(cache, hover);
  };

  /** The whole history took the place of its newest bars: the view keeps its bars. */
  private onHistory(cache: BarCache, shift: number, built: HistoryBuilt): void {
    this.cache = cache;
    const vp = this.viewport;
    if (vp !== null)
      this.viewport = clampViewport({ from: vp.from + shift, to: vp.to + shift }, this.limits());
    noteHistory(this.canvas, built);
    this.markDirty(false);
  }

  /** The depth heatmap's history (chart-heat.ts), or null when it is off. */
  setHeat(heat: HeatData | null): void {
    this.heat = heat;
    noteHeat(this.canvas, heat);
    this.markDirty(false);
  }

  /** The user's fills (a new list redraws the marks). */
  setFills(fills: readonly ChartFill[]): void {
    this.fills.set(fills);
    this.markDirty(false);
  }

  /** The fill mark under the pointer, for the tooltip. */
  private hoverFill(): void {
    const { pointer, cache, viewport } = this;
    const g = this.geometry();
    const ready = pointer !== null && g !== null && cache !== null && viewport !== null;
    if (!ready || this.lines.dragging) this.fills.hover(null);
    else this.fills.hover({ pointer, g, cache, viewport });
  }

  /** The worker drew: the axis it chose, and the first drawing of a series. */
  private onDrawn(drawn: ChartDrawn): void {
    this.axisWidth = drawn.axisWidth;
    // where the plot ends (read by tests that find a line's × on the canvas)
    this.canvas.dataset['axisWidth'] = String(drawn.axisWidth);
    this.recordFirstDraw(drawn);
  }

  /** Time from data arrival to the first drawn frame of a new series (read by benchmarks). */
  private recordFirstDraw(drawn: ChartDrawn): void {
    // an answer to an earlier frame of the series, before its bars came, is not its first draw
    if (this.firstDraw === null || this.firstDraw.key !== drawn.key || drawn.bars === 0) return;
    noteFirstDraw(this.canvas, drawn, performance.now() - this.firstDraw.started);
    this.firstDraw = null;
  }

  private updateLegend(cache: BarCache, hover: number): void {
    const next = legendFor(this.legendSignal.peek(), cache, hover);
    if (next !== this.legendSignal.peek()) this.legendSignal.value = next;
  }

  private hoverIndex = (): number => (this.pointer === null ? -1 : this.barIndexAt(this.pointer.x));

  /** Index of the bar at x (-1: none is there). */
  private barIndexAt(x: number): number {
    const { cache, viewport } = this;
    const plotWidth = this.plotWidth();
    if (cache === null || viewport === null || x < 0 || x >= plotWidth) return -1;
    return barAt(viewport, plotWidth, x, cache.length);
  }

  /** The layout and price scale of what the worker draws (the last axis width it told). */
  private geometry(): ReturnType<typeof chartGeometry> | null {
    const { input, cache, viewport } = this;
    if (input === null || cache === null || viewport === null || this.width <= 0) return null;
    return chartGeometry({
      series: cache,
      viewport,
      mode: input.mode,
      indicators: input.indicators,
      width: this.width,
      height: this.height,
      axisWidth: this.axisWidth,
    });
  }

  private plotWidth(): number {
    return Math.max(0, this.width - this.axisWidth);
  }

  private limits(): ViewLimits {
    return { length: this.cache?.length ?? 0, plotWidth: Math.max(1, this.plotWidth()) };
  }

  // ---- size and input --------------------------------------------------------------------

  private onResize(entries: ResizeObserverEntry[]): void {
    const box = entries[entries.length - 1]?.contentRect;
    if (box === undefined) return;
    const oldPlot = this.plotWidth();
    this.width = box.width;
    this.height = box.height;
    if (this.viewport !== null)
      this.viewport = resizeViewport(this.viewport, oldPlot, this.limits());
    this.markDirty();
  }

  private readonly onPointerDown = (e: PointerEvent): void => {
    if (e.button !== 0) return;
    this.canvas.setPointerCapture(e.pointerId);
    if (this.touches.size === 0 && this.lines.pointerDown(e.offsetX, e.offsetY)) return;
    if (this.touches.size === 0 && this.drawings.pointerDown(e.offsetX, e.offsetY)) return;
    this.drag = { x: e.offsetX };
    if (e.pointerType !== 'touch') return;
    if (this.touches.size === 0) this.lines.pressStart(e.offsetX, e.offsetY);
    else this.lines.pressEnd();
    this.touches.set(e.pointerId, e.offsetX);
    const span = pinchSpan(this.touches);
    if (span !== null) {
      this.drag = null;
      this.pinch = { span };
    }
  };

  private readonly onPointerMove = (e: PointerEvent): void => {
    this.pointer = { x: e.offsetX, y: e.offsetY };
    this.hoverFill();
    if (
      this.lines.pointerMove(e.offsetX, e.offsetY) ||
      this.drawings.pointerMove(e.offsetX, e.offsetY)
    ) {
      this.markDirty();
      return;
    }
    if (this.touches.has(e.pointerId)) this.touches.set(e.pointerId, e.offsetX);
    if (this.pinch !== null) {
      this.pinchTo();
      return;
    }
    if (this.drag !== null && this.viewport !== null) {
      const spacing = this.plotWidth() / (this.viewport.to - this.viewport.from);
      const bars = (this.drag.x - e.offsetX) / Math.max(spacing, 1e-6);
      this.viewport = panViewport(this.viewport, bars, this.limits());
      this.drag = { x: e.offsetX };
    }
    this.markDirty();
  };

  /** Two fingers moved: the bars between them follow (spread: fewer bars, pinch: more). */
  private pinchTo(): void {
    const span = pinchSpan(this.touches);
    if (span === null || this.pinch === null || this.viewport === null) return;
    const xs = [...this.touches.values()];
    const mid = xs.reduce((a, b) => a + b, 0) / xs.length;
    this.viewport = zoomViewport(
      this.viewport,
      this.pinch.span / Math.max(span, 1),
      mid / Math.max(1, this.plotWidth()),
      this.limits(),
    );
    this.pinch = { span };
    this.noteSpan();
    this.markDirty();
  }

  /** The bars in view, on the canvas (chart-readouts.ts). */
  private noteSpan(): void {
    noteSpan(this.canvas, this.viewport, this.cache?.length ?? 0);
  }

  private readonly onPointerUp = (e: PointerEvent): void => {
    this.lines.pointerUp();
    this.drawings.pointerUp();
    this.touches.delete(e.pointerId);
    if (this.touches.size < 2) this.pinch = null;
    this.drag = null;
    if (this.canvas.hasPointerCapture(e.pointerId)) this.canvas.releasePointerCapture(e.pointerId);
  };

  private readonly onPointerLeave = (): void => {
    if (this.drag !== null || this.lines.dragging || this.drawings.busy) return;
    this.pointer = null;
    this.fills.hover(null);
    this.markDirty();
  };

  private readonly onWheel = (e: WheelEvent): void => {
    if (this.viewport === null) return;
    e.preventDefault();
    const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
    const anchor = e.offsetX / Math.max(1, this.plotWidth());
    this.viewport = zoomViewport(
      this.viewport,
      Math.exp(delta * WHEEL_SPEED),
      anchor,
      this.limits(),
    );
    this.noteSpan();
    this.markDirty();
  };

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    const vp = this.viewport;
    if (vp === null) return;
    if (this.drawings.key(e.key)) {
      e.preventDefault();
      return;
    }
    if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
      e.preventDefault();
      this.offerFromKeys();
      return;
    }
    const count = vp.to - vp.from;
    const limits = this.limits();
    const next = keyAction(e.key, vp, count, limits);
    if (next === null) return;
    e.preventDefault();
    this.viewport = next;
    this.markDirty();
  };

  private readonly onDoubleClick = (): void => this.resetView();

  /** A right click offers an order at the price under it (the browser's menu is not shown). */
  private readonly onContextMenu = (e: MouseEvent): void => {
    if (this.lines.offerAt(e.offsetX, e.offsetY)) e.preventDefault();
  };

  /** The context-menu key: an order at the price under the pointer, or at the last price. */
  private offerFromKeys(): void {
    const g = this.geometry();
    const close = this.cache?.close[this.cache.length - 1];
    if (g === null || close === undefined) return;
    const pane = g.layout.price;
    const y = this.pointer?.y ?? g.y(close);
    const x = this.pointer?.x ?? pane.x + pane.width / 2;
    this.lines.offerAt(x, Math.min(pane.y + pane.height, Math.max(pane.y, y)));
  }
}
