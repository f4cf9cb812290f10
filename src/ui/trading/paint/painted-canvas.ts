// What the trading screens' worker-drawn canvases share (the book's sides, its middle row, the
// recent trades): the canvas takes the size of a box it watches (ResizeObserver, in device
// pixels for the paint worker), a change only marks it dirty, and the page's frame budget
// (engine-bridge/frame-budget.ts) calls `paint` when the frame has room; the paint worker draws the
// scene (worker-canvas.ts, ADR 0028). A subclass says what its scene is.
import { frameBudget } from '../../engine-bridge/frame-budget.ts';
import type { Painter } from '../../engine-bridge/frame-budget.ts';
import { theme } from '../../theme.ts';
import { WorkerCanvas } from './worker-canvas.ts';

export interface PaintedCanvasSetup {
  /** The frame budget's name for it (and its cost line in the bench). */
  name: string;
  /** Lower paints first in a frame short of room. */
  priority: number;
  /** Called once, when the worker has put the first scene with rows in it on the canvas. */
  painted?: () => void;
}

export abstract class PaintedCanvas {
  protected readonly surface: WorkerCanvas;
  /** CSS pixels; 0 until the box was measured. */
  protected width = 0;
  protected height = 0;
  private readonly resize: ResizeObserver;
  private readonly painter: Painter;
  /** Stops following the theme (a change repaints with the new colours at once). */
  private readonly unfollowTheme: () => void;

  constructor(
    protected readonly canvas: HTMLCanvasElement,
    private readonly box: HTMLElement,
    setup: PaintedCanvasSetup,
  ) {
    this.painter = {
      name: setup.name,
      priority: setup.priority,
      paint: () => {
        if (this.width > 0 && this.height > 0) this.paint();
      },
    };
    this.surface = new WorkerCanvas(canvas, setup.painted ?? (() => undefined));
    this.resize = new ResizeObserver(() => this.measure());
    this.resize.observe(box);
    let first = true;
    this.unfollowTheme = theme.subscribe(() => {
      if (first) first = false;
      else this.invalidate(true);
    });
  }

  destroy(): void {
    frameBudget.cancel(this.painter);
    this.surface.destroy();
    this.resize.disconnect();
    this.unfollowTheme();
  }

  /** Sends the scene to the worker (called only once the canvas has a size). */
  protected abstract paint(): void;

  /** The canvas's CSS height for the box: by default the box's own. */
  protected heightFor(box: HTMLElement): number {
    return box.clientHeight;
  }

  /** Called after a new size was taken, before the repaint it asks for. */
  protected resized(): void {}

  /** `urgent`: the user did it (scroll, pointer, keys, resize): painted in the next frame. */
  protected invalidate(urgent = false): void {
    frameBudget.request(this.painter, urgent);
  }

  private measure(): void {
    const width = this.box.clientWidth;
    const height = this.heightFor(this.box);
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    const dpr = window.devicePixelRatio || 1;
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.surface.resize(Math.round(width * dpr), Math.round(height * dpr));
    this.resized();
    // a resized canvas is blank: the worker paints the next scene whole, in the next frame
    this.invalidate(true);
  }
}
