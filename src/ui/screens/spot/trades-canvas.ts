// Owns the recent trades' canvas: its size (ResizeObserver, devicePixelRatio) and the frame
// loop. New trades only mark it dirty; the page's frame budget sends the scene after the book's
// (components/frame-budget.ts), and the paint worker draws it (worker-canvas.ts, ADR 0028;
// trades-paint.ts).
import type { TradeView } from '../../../engine/api.ts';
import { bookColors } from './book-canvas.ts';
import { frameBudget } from '../../components/frame-budget.ts';
import type { Painter } from '../../components/frame-budget.ts';
import { TRADE_ROW_HEIGHT } from './trades-paint.ts';
import { WorkerCanvas } from './worker-canvas.ts';

export interface TradesOptions {
  priceDp: number;
  amountDp: number;
  /** BCP 47 locale of the numbers and times. */
  locale: string;
}

export class TradesCanvasController {
  private readonly surface: WorkerCanvas;
  private readonly resize: ResizeObserver;
  private trades: readonly TradeView[] = [];
  private width = 0;
  private readonly painter: Painter = { name: 'trades', priority: 2, paint: () => this.paint() };

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly box: HTMLElement,
    private opts: TradesOptions,
    private readonly rows: number,
  ) {
    this.surface = new WorkerCanvas(canvas, () => undefined);
    this.resize = new ResizeObserver(() => this.measure());
    this.resize.observe(box);
  }

  setOptions(opts: TradesOptions): void {
    this.opts = opts;
    this.invalidate();
  }

  setTrades(trades: readonly TradeView[]): void {
    this.trades = trades;
    this.invalidate();
  }

  destroy(): void {
    frameBudget.cancel(this.painter);
    this.surface.destroy();
    this.resize.disconnect();
  }

  private get height(): number {
    return this.rows * TRADE_ROW_HEIGHT;
  }

  private measure(): void {
    const width = this.box.clientWidth;
    if (width === this.width) return;
    this.width = width;
    const dpr = window.devicePixelRatio || 1;
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${this.height}px`;
    this.surface.resize(Math.round(width * dpr), Math.round(this.height * dpr));
    // a resized canvas is blank: paint it in the next frame
    this.invalidate(true);
  }

  private invalidate(urgent = false): void {
    frameBudget.request(this.painter, urgent);
  }

  private paint(): void {
    if (this.width === 0) return;
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
