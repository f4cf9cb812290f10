// Owns the recent trades' canvas (painted-canvas.ts): new trades only mark it dirty; the page's
// frame budget sends the scene after the book's, and the paint worker draws it (trades-paint.ts).
import type { TradeView } from '../../engine/api.ts';
import { bookColors } from './book-canvas.ts';
import { PaintedCanvas } from './paint/painted-canvas.ts';
import { TRADE_ROW_HEIGHT } from './paint/trades-paint.ts';

export interface TradesOptions {
  priceDp: number;
  amountDp: number;
  /** BCP 47 locale of the numbers and times. */
  locale: string;
}

export class TradesCanvasController extends PaintedCanvas {
  private trades: readonly TradeView[] = [];

  constructor(
    canvas: HTMLCanvasElement,
    box: HTMLElement,
    private opts: TradesOptions,
    private readonly rows: number,
  ) {
    super(canvas, box, { name: 'trades', priority: 2 });
  }

  setOptions(opts: TradesOptions): void {
    this.opts = opts;
    this.invalidate();
  }

  setTrades(trades: readonly TradeView[]): void {
    this.trades = trades;
    this.invalidate();
  }

  /** As many rows as the panel shows, whatever the box's height. */
  protected override heightFor(): number {
    return this.rows * TRADE_ROW_HEIGHT;
  }

  protected paint(): void {
    this.surface.paint({
      kind: 'trades',
      width: this.width,
      height: this.height,
      dpr: window.devicePixelRatio || 1,
      trades: this.trades,
      ...this.opts,
      colors: bookColors(this.canvas),
    });
  }
}
