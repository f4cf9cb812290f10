// Owns the recent trades' canvas: its size (ResizeObserver, devicePixelRatio) and the frame
// loop. New trades only mark it dirty; one requestAnimationFrame paints (trades-paint.ts).
import type { TradeView } from '../../../engine/api.ts';
import { bookColors } from './book-canvas.ts';
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
  private frame = 0;

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
    cancelAnimationFrame(this.frame);
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
    this.invalidate();
  }

  private invalidate(): void {
    if (this.frame === 0) this.frame = requestAnimationFrame(() => this.paint());
  }

  private paint(): void {
    this.frame = 0;
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
