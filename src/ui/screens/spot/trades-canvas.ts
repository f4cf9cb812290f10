// Owns the recent trades' canvas: its size (ResizeObserver, devicePixelRatio) and the frame
// loop. New trades only mark it dirty; the page's frame budget paints it after the book
// (components/frame-budget.ts; trades-paint.ts draws).
import type { TradeView } from '../../../engine/api.ts';
import { bookColors } from './book-canvas.ts';
import { frameBudget } from '../../components/frame-budget.ts';
import type { Painter } from '../../components/frame-budget.ts';
import { paintTrades, TRADE_ROW_HEIGHT } from './trades-paint.ts';

export interface TradesOptions {
  priceDp: number;
  amountDp: number;
  format: (value: string, dp: number) => string;
  time: (ms: number) => string;
}

export class TradesCanvasController {
  private readonly ctx: CanvasRenderingContext2D | null;
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
    this.ctx = canvas.getContext('2d');
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
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(this.height * dpr);
    // a resized canvas is blank: paint it in the next frame
    this.invalidate(true);
  }

  private invalidate(urgent = false): void {
    frameBudget.request(this.painter, urgent);
  }

  private paint(): void {
    if (this.ctx === null || this.width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    paintTrades(this.ctx, {
      width: this.width,
      height: this.height,
      trades: this.trades,
      ...this.opts,
      colors: bookColors(this.canvas),
    });
  }
}
