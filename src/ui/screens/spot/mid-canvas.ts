// Owns the book's middle-row canvas (mid-paint.ts): its size and what it shows. A new last
// price or spread only marks it dirty; the page's frame budget sends the scene (right after the
// bids, components/frame-budget.ts) and the paint worker draws it (worker-canvas.ts, ADR 0028).
import { bookColors } from './book-canvas.ts';
import { frameBudget } from '../../components/frame-budget.ts';
import type { Painter } from '../../components/frame-budget.ts';
import type { MidDirection } from './mid-paint.ts';
import { WorkerCanvas } from './worker-canvas.ts';

export interface MidFigures {
  last: string | null;
  direction: MidDirection;
  spread: string | null;
  bestAsk: string | null;
}

export interface MidOptions {
  priceDp: number;
  /** BCP 47 locale of the numbers. */
  locale: string;
  spreadLabel: string;
  /** The spread's share message, PERCENT_SLOT where the number goes. */
  percentMessage: string;
}

export const NO_FIGURES: MidFigures = {
  last: null,
  direction: 'flat',
  spread: null,
  bestAsk: null,
};

export class MidCanvasController {
  private readonly surface: WorkerCanvas;
  private readonly resize: ResizeObserver;
  private figures: MidFigures = NO_FIGURES;
  private width = 0;
  private height = 0;
  private readonly painter: Painter = { name: 'book-mid', priority: 1, paint: () => this.paint() };

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly box: HTMLElement,
    private opts: MidOptions,
  ) {
    this.surface = new WorkerCanvas(canvas, () => undefined);
    this.resize = new ResizeObserver(() => this.measure());
    this.resize.observe(box);
  }

  setOptions(opts: MidOptions): void {
    this.opts = opts;
    this.invalidate();
  }

  /** New figures: painted at the next frame with room, only when one of them changed. */
  setFigures(next: MidFigures): void {
    const f = this.figures;
    if (
      f.last === next.last &&
      f.direction === next.direction &&
      f.spread === next.spread &&
      f.bestAsk === next.bestAsk
    )
      return;
    this.figures = next;
    this.invalidate();
  }

  destroy(): void {
    frameBudget.cancel(this.painter);
    this.surface.destroy();
    this.resize.disconnect();
  }

  private measure(): void {
    const { clientWidth: width, clientHeight: height } = this.box;
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    const dpr = window.devicePixelRatio || 1;
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.surface.resize(Math.round(width * dpr), Math.round(height * dpr));
    // a resized canvas is blank: paint it in the next frame
    this.invalidate(true);
  }

  private invalidate(urgent = false): void {
    frameBudget.request(this.painter, urgent);
  }

  private paint(): void {
    if (this.width === 0 || this.height === 0) return;
    this.surface.paint({
      kind: 'mid',
      width: this.width,
      height: this.height,
      dpr: window.devicePixelRatio || 1,
      ...this.figures,
      ...this.opts,
      colors: bookColors(this.canvas),
    });
  }
}
