// Owns the book's middle-row canvas (painted-canvas.ts, mid-paint.ts): a new last price or
// spread only marks it dirty; the page's frame budget sends the scene right after the bids, and
// the paint worker draws it.
import { bookColors } from './book-canvas.ts';
import type { MidDirection } from './paint/mid-paint.ts';
import { PaintedCanvas } from './paint/painted-canvas.ts';

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

export class MidCanvasController extends PaintedCanvas {
  private figures: MidFigures = NO_FIGURES;

  constructor(
    canvas: HTMLCanvasElement,
    box: HTMLElement,
    private opts: MidOptions,
  ) {
    super(canvas, box, { name: 'book-mid', priority: 1 });
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

  protected paint(): void {
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
