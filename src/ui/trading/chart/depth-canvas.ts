// The depth chart's canvas on the page (issue 24): it takes the engine's depth levels (at most
// every DEPTH_MS), the pointer (or the arrow keys) choose a level, and the paint worker draws
// the scene (depth-paint.ts, ADR 0028) when the page's frame budget has room. The level under
// the pointer is a signal, which the read-out above the chart follows.
import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { DepthView } from '../../../engine/api.ts';
import { PaintedCanvas } from '../paint/painted-canvas.ts';
import { chartColors } from './chart-colors.ts';
import { depthScales } from '../paint/depth-paint.ts';
import {
  depthSeries,
  levelAtPrice,
  type DepthSeries,
  type DepthSide,
} from '../paint/depth-math.ts';

export interface DepthLevel {
  side: DepthSide;
  index: number;
}

export class DepthCanvas extends PaintedCanvas {
  private series: DepthSeries | null = null;
  private readonly hoverSignal = signal<DepthLevel | null>(null);
  private readonly detach: () => void;

  constructor(
    canvas: HTMLCanvasElement,
    box: HTMLElement,
    private priceDp: number,
    private readonly locale: string,
  ) {
    super(canvas, box, {
      name: 'depth',
      priority: 4,
      painted: () => {
        canvas.dataset['painted'] = 'true';
      },
    });
    this.detach = this.listen();
  }

  /** The level under the pointer or the keyboard's, or null. */
  get hover(): ReadonlySignal<DepthLevel | null> {
    return this.hoverSignal;
  }

  setData(view: DepthView | null, priceDp: number): void {
    this.series = view === null ? null : depthSeries(view);
    this.priceDp = priceDp;
    // the chosen level stays while the book is, for a moment, shallower or empty (a resync, a
    // swept side): the read-out and the mark come back with the level
    this.invalidate();
  }

  override destroy(): void {
    super.destroy();
    this.detach();
  }

  protected paint(): void {
    const s = this.series;
    if (s === null) return;
    this.surface.paint({
      kind: 'depth',
      width: this.width,
      height: this.height,
      dpr: window.devicePixelRatio || 1,
      locale: this.locale,
      bids: s.bids,
      asks: s.asks,
      priceDp: this.priceDp,
      colors: chartColors(this.canvas),
      hover: this.hoverSignal.peek(),
    });
  }

  private lineOf(side: DepthSide): DepthSeries['bids'] {
    const s = this.series ?? EMPTY;
    return side === 'bid' ? s.bids : s.asks;
  }

  private setHover(level: DepthLevel | null): void {
    const h = this.hoverSignal.peek();
    if (h?.side === level?.side && h?.index === level?.index) return;
    this.hoverSignal.value = level;
    this.invalidate(true);
  }

  /** The level at canvas x (CSS px). */
  private levelAt(x: number): DepthLevel | null {
    const s = this.series;
    if (s === null) return null;
    const scales = depthScales({ width: this.width, height: this.height, ...s });
    return scales === null ? null : levelAtPrice(s, scales.x.invert(x));
  }

  private listen(): () => void {
    const canvas = this.canvas;
    const onMove = (e: PointerEvent): void =>
      this.setHover(this.levelAt(e.clientX - canvas.getBoundingClientRect().left));
    const onLeave = (): void => this.setHover(null);
    const onKey = (e: KeyboardEvent): void => this.onKey(e);
    canvas.addEventListener('pointermove', onMove);
    canvas.addEventListener('pointerdown', onMove);
    canvas.addEventListener('pointerleave', onLeave);
    canvas.addEventListener('keydown', onKey);
    return () => {
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerdown', onMove);
      canvas.removeEventListener('pointerleave', onLeave);
      canvas.removeEventListener('keydown', onKey);
    };
  }

  /**
   * Keyboard: Left and Right walk the levels as drawn — the bids from the deepest to the best,
   * then the asks from the best outwards.
   */
  private onKey(e: KeyboardEvent): void {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const bids = this.lineOf('bid').prices.length;
    const asks = this.lineOf('ask').prices.length;
    if (bids + asks === 0) return;
    e.preventDefault();
    const h = this.hoverSignal.peek();
    // position from the left: bids deepest first (bids − 1 − index), then asks
    const last = bids + asks - 1;
    const from = h === null ? bids : h.side === 'bid' ? bids - 1 - h.index : bids + h.index;
    // a level the book no longer has: from the nearest one it has
    const at = h === null ? from : Math.min(last, Math.max(0, from));
    const next = Math.min(last, Math.max(0, at + (e.key === 'ArrowRight' ? 1 : -1)));
    this.setHover(
      next < bids ? { side: 'bid', index: bids - 1 - next } : { side: 'ask', index: next - bids },
    );
  }
}

const EMPTY: DepthSeries = {
  bids: { prices: new Float64Array(0), totals: new Float64Array(0) },
  asks: { prices: new Float64Array(0), totals: new Float64Array(0) },
};
