// What the user does to their lines on the chart (issue 46), on the page's side: the pointer
// takes a line within a few pixels of it and drags it (its price follows, rounded to the pair's
// tick, and is given to the screen when the pointer lets go), a click on a line's × asks to
// cancel it, and a right click, or a long press on a touch screen, on a price of the chart offers
// an order there. The worker draws what this says (paint/chart-lines.ts); the geometry both use
// is paint/chart-geometry.ts, so what the pointer takes is what the user sees.
//
// Invariants (chart-line-input.test.ts):
//   D1 drop-on-tick: a dropped price is a decimal string with the pair's decimals, above 0.
//   D2 no-drop-without-move: a line taken and let go where it was gives nothing to the screen.
import { Decimal, parseDecimal, toPixelNumber } from '../../../shared/decimal.ts';
import type { ScaleLinear } from 'd3-scale';
import type { ChartLayout } from '../paint/chart-layout.ts';
import { inside } from '../paint/chart-layout.ts';
import type { ChartLine } from '../paint/chart-frame.ts';
import { closeBox, LINE_GRAB, placeLines } from '../paint/chart-lines.ts';

/** A line as the screen gives it: the exact price and what the user may do with it. */
export interface LineSpec extends Omit<ChartLine, 'price'> {
  price: string;
  draggable: boolean;
}

/** Where the user asked for an order: the price, and the point (CSS px in the canvas). */
export interface OfferAt {
  price: string;
  x: number;
  y: number;
  /** When the bar under the point closed (ms; now for the forming one), null when none. */
  time: number | null;
}

export interface LineEvents {
  /** A line was dragged to `price` and let go. */
  drop(key: string, price: string): void;
  /** A line's × was clicked. */
  cancel(key: string): void;
  /** A right click or a long press on a price of the chart. */
  offer(at: OfferAt): void;
}

/** What the input needs of the chart: its geometry now, the pair's decimals, a redraw. */
export interface LineView {
  geometry(): { layout: ChartLayout; y: ScaleLinear<number, number> } | null;
  precision(): number;
  /** When the bar at x closed (ms; now for the forming one), null when no bar is there. */
  timeAt(x: number): number | null;
  redraw(): void;
  cursor(value: string): void;
  /** A long press took over: the pan or pinch it began stops. */
  stopGesture(): void;
}

/**
 * The moment a point of the chart stands for ("at this moment", issue 47): the close of its bar,
 * the book as the candle ended; now for the forming one.
 */
export function barClose(open: number | undefined, periodSec: number): number | null {
  return open === undefined ? null : Math.min(open + periodSec * 1000 - 1, Date.now());
}

const LONG_PRESS_MS = 550;
const PRESS_SLOP = 8;

export class LineInput {
  private lines: readonly LineSpec[] = [];
  private drag: { key: string; from: string; price: string } | null = null;
  /** A drop shown at its price until the screen's next lines (no jump back in between). */
  private dropped: { key: string; price: string } | null = null;
  private events: LineEvents | null = null;
  private press: { timer: ReturnType<typeof setTimeout>; x: number; y: number } | null = null;
  /** The pointer's cursor over the canvas, as last set. */
  private cursor = '';

  constructor(private readonly view: LineView) {}

  setLines(lines: readonly LineSpec[]): void {
    this.lines = lines;
    this.dropped = null;
    if (this.drag !== null && !lines.some((l) => l.key === this.drag?.key)) this.drag = null;
    this.view.redraw();
  }

  listen(events: LineEvents | null): void {
    this.events = events;
  }

  get dragging(): boolean {
    return this.drag !== null;
  }

  /** A line's price as drawn now: where it is dragged or was dropped, else its own. */
  private shownPrice(l: LineSpec): string {
    if (this.drag?.key === l.key) return this.drag.price;
    if (this.dropped?.key === l.key) return this.dropped.price;
    return l.price;
  }

  /** The lines as the worker draws them now. */
  scene(): ChartLine[] {
    return this.lines.map((l) => {
      const moved = this.drag?.key === l.key || this.dropped?.key === l.key;
      return {
        key: l.key,
        price: toPixelNumber(this.shownPrice(l)),
        label: l.label,
        tone: l.tone,
        dashed: l.dashed,
        cancellable: l.cancellable,
        focused: l.focused,
        moving: l.moving || moved,
      };
    });
  }

  /** A primary button or touch went down at (x, y): true when a line took it. */
  pointerDown(x: number, y: number): boolean {
    const hit = this.hit(x, y);
    if (hit === null) return false;
    if (hit.on === 'close') {
      this.events?.cancel(hit.line.key);
      return true;
    }
    if (!hit.line.draggable) return false;
    this.drag = { key: hit.line.key, from: hit.line.price, price: hit.line.price };
    this.view.redraw();
    return true;
  }

  /** The pointer moved: a dragged line follows; otherwise the cursor says what is under it. */
  pointerMove(x: number, y: number): boolean {
    this.pressMove(x, y);
    if (this.drag === null) {
      const hit = this.hit(x, y);
      const cursor =
        hit === null ? '' : hit.on === 'close' ? 'pointer' : hit.line.draggable ? 'ns-resize' : '';
      if (cursor !== this.cursor) this.view.cursor(cursor);
      this.cursor = cursor;
      return false;
    }
    const price = this.priceAt(y);
    if (price !== null && price !== this.drag.price) {
      this.drag = { ...this.drag, price };
      this.view.redraw();
    }
    return true;
  }

  /** The pointer let go: a moved line is given to the screen at its new price. */
  pointerUp(): void {
    this.pressEnd();
    const d = this.drag;
    if (d === null) return;
    this.drag = null;
    if (samePrice(d.price, d.from)) {
      this.view.redraw();
      return;
    }
    this.dropped = { key: d.key, price: d.price };
    this.view.redraw();
    this.events?.drop(d.key, d.price);
  }

  /** A right click (or the context-menu key) at (x, y) on the canvas. */
  offerAt(x: number, y: number): boolean {
    const price = this.priceAt(y);
    if (price === null || this.events === null) return false;
    this.events.offer({ price, x, y, time: this.view.timeAt(x) });
    return true;
  }

  /** A touch went down: held still long enough, it offers an order at its price. */
  pressStart(x: number, y: number): void {
    this.pressEnd();
    const timer = setTimeout(() => {
      this.press = null;
      if (this.drag !== null) return;
      this.view.stopGesture();
      this.offerAt(x, y);
    }, LONG_PRESS_MS);
    this.press = { timer, x, y };
  }

  pressEnd(): void {
    if (this.press !== null) clearTimeout(this.press.timer);
    this.press = null;
  }

  private pressMove(x: number, y: number): void {
    const p = this.press;
    if (p !== null && Math.hypot(x - p.x, y - p.y) > PRESS_SLOP) this.pressEnd();
  }

  /** The price at y in the price pane, on the pair's tick; null outside the pane. */
  priceAt(y: number): string | null {
    const g = this.view.geometry();
    if (g === null) return null;
    const pane = g.layout.price;
    if (y < pane.y || y > pane.y + pane.height) return null;
    return onTick(g.y.invert(y), this.view.precision());
  }

  /** The line under (x, y) and the part of it: its × or the line. */
  private hit(x: number, y: number): { line: LineSpec; on: 'close' | 'line' } | null {
    const g = this.view.geometry();
    if (g === null || this.lines.length === 0) return null;
    const pane = g.layout.price;
    if (x < pane.x || x > pane.x + pane.width) return null;
    const places = placeLines(
      pane,
      g.y,
      this.lines.map((l) => toPixelNumber(this.shownPrice(l))),
    );
    const onClose = this.lines.find(
      (line, i) =>
        line.cancellable &&
        places[i]?.folded !== true &&
        inside(closeBox(pane, places[i]?.y ?? NaN), x, y),
    );
    if (onClose !== undefined) return { line: onClose, on: 'close' };
    // the nearest line within reach; one pinned to the pane's edge is only its label: it is
    // not dragged from there
    let best: { line: LineSpec; d: number } | null = null;
    this.lines.forEach((line, i) => {
      const placed = places[i];
      const d = placed === undefined || placed.off !== 0 ? Infinity : Math.abs(y - placed.y);
      if (d <= LINE_GRAB && (best === null || d < best.d)) best = { line, d };
    });
    const found = best as { line: LineSpec; d: number } | null;
    return found === null ? null : { line: found.line, on: 'line' };
  }
}

/** `value` on a tick of `decimals`, at least one tick. */
export function onTick(value: number, decimals: number): string {
  const tick = 10 ** -decimals;
  const v = Number.isFinite(value) ? Math.max(value, tick) : tick;
  return v.toFixed(decimals);
}

function samePrice(a: string, b: string): boolean {
  return toPixelNumber(a) === toPixelNumber(b);
}

/** `price` moved by `ticks` ticks of `decimals`, never below one tick. */
export function stepTicks(price: string, ticks: number, decimals: number): string {
  const tick = new Decimal(10).pow(-decimals);
  const now = parseDecimal(price) ?? tick;
  const next = now.plus(tick.times(ticks));
  return (next.lessThan(tick) ? tick : next).toFixed(decimals);
}
