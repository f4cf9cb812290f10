// What the user does to their drawings on the chart (issue 46), on the page's side. With a tool
// chosen, a press on the chart puts the drawing's first point there and a drag its second (a
// horizontal line is one press; a press without a drag gives a second point ten bars on); the
// pointer takes a drawing within a few pixels of a stroke, selects it and drags it whole (times by
// whole bars, prices on the pair's tick). Nothing is kept here: a finished drawing or move goes to
// the screen (`save`), which keeps it in the workspace; the worker draws what `scene` says.
//
// Invariants (chart-drawing-input.test.ts):
//   I1 exact: a saved drawing is one parseDrawing accepts (prices on the tick, above 0).
//   I2 no-save-without-move: a drawing taken and let go where it was saves nothing.
import { Decimal } from '../../../shared/decimal.ts';
import {
  newDrawingId,
  parseDrawing,
  twoPoints,
  type Drawing,
  type DrawingKind,
  type DrawingPoint,
} from '../../../shared/drawings.ts';
import type { ChartLayout } from '../paint/chart-layout.ts';
import { onTick } from './chart-line-input.ts';
import { inside } from '../paint/chart-layout.ts';
import {
  drawingAt,
  drawingPixels,
  indexOfTime,
  timeOfIndex,
  type ChartDrawing,
  type DrawingSpace,
} from '../paint/chart-drawings.ts';

export interface DrawingView {
  /** The chart as drawn now: layout, scales, series, period; null before the first frame. */
  space(): (DrawingSpace & { layout: ChartLayout }) | null;
  precision(): number;
  redraw(): void;
  cursor(value: string): void;
  /**
   * Whether a finger on the chart draws or moves a drawing rather than scrolls the page (a tool
   * is chosen or a drawing selected: touch-action none for the next touch).
   */
  grab(on: boolean): void;
}

export interface DrawingEvents {
  /** A drawing was drawn or moved (the screen keeps it). */
  save(d: Drawing): void;
  /** The selection changed (null: none). */
  select(id: string | null): void;
  /** The tool was used or put down. */
  toolDone(): void;
  /** Delete or Backspace on the chart with a drawing selected. */
  remove(id: string): void;
}

/** A press without a drag draws a second point this many bars on. */
const CLICK_SPAN_BARS = 10;
/** …and this share of the visible price range above. */
const CLICK_SPAN_PRICE = 0.1;

export class DrawingInput {
  private drawings: readonly Drawing[] = [];
  private events: DrawingEvents | null = null;
  private tool: DrawingKind | null = null;
  private selectedId: string | null = null;
  /** The pointer is over a drawing (the cursor says it can be moved). */
  private over = false;
  /** A drawing being drawn or moved, shown instead of the kept one. */
  private draft: {
    drawing: Drawing;
    from: Drawing | null;
    start: { index: number; price: number };
  } | null = null;

  constructor(private readonly view: DrawingView) {}

  setDrawings(drawings: readonly Drawing[]): void {
    this.drawings = drawings;
    if (this.selectedId !== null && !drawings.some((d) => d.id === this.selectedId))
      this.select(null);
    this.view.redraw();
  }

  listen(events: DrawingEvents | null): void {
    this.events = events;
  }

  /** The tool the next press on the chart draws with (null: none). */
  setTool(kind: DrawingKind | null): void {
    this.tool = kind;
    this.view.cursor(kind === null ? '' : 'crosshair');
    this.view.grab(this.tool !== null || this.selectedId !== null);
  }

  get busy(): boolean {
    return this.draft !== null;
  }

  get selected(): string | null {
    return this.selectedId;
  }

  select(id: string | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.view.grab(this.tool !== null || this.selectedId !== null);
    this.events?.select(id);
    this.view.redraw();
  }

  /** What the worker draws: the kept drawings, the one being drawn or moved in its place. */
  scene(): ChartDrawing[] {
    const list = this.draft === null ? this.drawings : this.withDraft(this.draft.drawing);
    return list.map((d) => this.sceneOf(d, d.id === this.selectedId));
  }

  private withDraft(d: Drawing): readonly Drawing[] {
    return this.drawings.some((x) => x.id === d.id)
      ? this.drawings.map((x) => (x.id === d.id ? d : x))
      : [...this.drawings, d];
  }

  /** A press: draws with the tool, or takes a drawing. False when neither (the chart pans). */
  pointerDown(x: number, y: number): boolean {
    const s = this.view.space();
    if (s === null || !inside(s.layout.price, x, y)) return false;
    const at = this.pointAt(s, x, y);
    if (this.tool !== null) {
      const kind = this.tool;
      const drawing: Drawing = { id: newDrawingId(this.drawings), kind, a: at };
      if (twoPoints(kind)) drawing.b = at;
      this.draft = { drawing, from: null, start: this.indexAndPrice(s, x, y) };
      this.select(drawing.id);
      return true;
    }
    const pixels = this.drawings.map((d) => drawingPixels(this.sceneOf(d), s));
    const hit = drawingAt(pixels, s.layout.price, x, y);
    const taken = this.drawings.find((d) => d.id === hit);
    if (taken === undefined) {
      this.select(null);
      return false;
    }
    this.select(taken.id);
    this.draft = { drawing: taken, from: taken, start: this.indexAndPrice(s, x, y) };
    return true;
  }

  /** The pointer moved: the drawing being drawn or moved follows. False when there is none. */
  pointerMove(x: number, y: number): boolean {
    const s = this.view.space();
    if (s === null) return false;
    if (this.draft === null) {
      if (this.tool === null) {
        const over = drawingAt(
          this.drawings.map((d) => drawingPixels(this.sceneOf(d), s)),
          s.layout.price,
          x,
          y,
        );
        if ((over !== null) !== this.over) this.view.cursor(over === null ? '' : 'move');
        this.over = over !== null;
      }
      return false;
    }
    const { drawing, from, start } = this.draft;
    if (from === null) {
      const at = this.pointAt(s, x, y);
      this.draft.drawing = twoPoints(drawing.kind) ? { ...drawing, b: at } : { ...drawing, a: at };
    } else {
      const now = this.indexAndPrice(s, x, y);
      this.draft.drawing = shifted(from, {
        bars: Math.round(now.index - start.index),
        price: now.price - start.price,
        periodSec: s.periodSec,
        precision: this.view.precision(),
      });
    }
    this.view.redraw();
    return true;
  }

  /** The pointer let go: a drawing drawn or moved is saved. */
  pointerUp(): void {
    const draft = this.draft;
    if (draft === null) return;
    this.draft = null;
    let d = draft.drawing;
    if (draft.from === null) {
      if (d.b !== undefined && d.b.t === d.a.t && d.b.p === d.a.p) d = this.clickSpan(d);
      this.setTool(null);
      this.events?.toolDone();
    } else if (JSON.stringify(d) === JSON.stringify(draft.from)) {
      this.view.redraw();
      return;
    }
    if (parseDrawing(d) !== null) {
      // drawn at its new place until the screen's drawings have it
      this.drawings = this.withDraft(d);
      this.events?.save(d);
    }
    this.view.redraw();
  }

  /** Keys on the chart: Delete removes the selected drawing, Escape puts the tool down. */
  key(key: string): boolean {
    if ((key === 'Delete' || key === 'Backspace') && this.selectedId !== null) {
      this.events?.remove(this.selectedId);
      return true;
    }
    if (key === 'Escape' && (this.tool !== null || this.selectedId !== null)) {
      if (this.tool !== null) this.events?.toolDone();
      this.setTool(null);
      this.select(null);
      return true;
    }
    return false;
  }

  /**
   * A new drawing in the middle of the view, saved and selected (a tool chosen by keyboard: the
   * arrows then move it). Null before the first frame.
   */
  place(kind: DrawingKind): Drawing | null {
    const s = this.view.space();
    if (s === null) return null;
    const pane = s.layout.price;
    const [lo, hi] = s.y.domain() as [number, number];
    const mid = s.x.invert(pane.x + pane.width / 2);
    const index = Math.floor(mid) - (twoPoints(kind) ? CLICK_SPAN_BARS / 2 : 0);
    const price = (lo + hi) / 2 - (twoPoints(kind) ? ((hi - lo) * CLICK_SPAN_PRICE) / 2 : 0);
    const a = {
      t: timeOfIndex(s.series, s.periodSec, index),
      p: onTick(price, this.view.precision()),
    };
    const base: Drawing = { id: newDrawingId(this.drawings), kind, a };
    const d = twoPoints(kind) ? this.clickSpan({ ...base, b: a }) : base;
    if (parseDrawing(d) === null) return null;
    this.drawings = this.withDraft(d);
    this.select(d.id);
    this.events?.save(d);
    return d;
  }

  /**
   * A drawing moved by keys: `bars` whole bars, `steps` hundredths of the view's price range (at
   * least a tick). Saved; null when there is no such drawing or no frame yet.
   */
  nudge(id: string, bars: number, steps: number): Drawing | null {
    const s = this.view.space();
    const d = this.drawings.find((x) => x.id === id);
    if (s === null || d === undefined) return null;
    const precision = this.view.precision();
    const [lo, hi] = s.y.domain() as [number, number];
    const step = Math.max(10 ** -precision, (hi - lo) / 100);
    const moved = shifted(d, { bars, price: steps * step, periodSec: s.periodSec, precision });
    if (parseDrawing(moved) === null) return null;
    this.drawings = this.withDraft(moved);
    this.view.redraw();
    this.events?.save(moved);
    return moved;
  }

  /** A drawing made without a drag: its second point ten bars on, a tenth of the view higher. */
  private clickSpan(d: Drawing): Drawing {
    const s = this.view.space();
    if (s === null) return d;
    const [lo, hi] = s.y.domain() as [number, number];
    const price = Number(d.a.p) + (hi - lo) * CLICK_SPAN_PRICE;
    const index = indexOfTime(s.series, s.periodSec, d.a.t) + CLICK_SPAN_BARS;
    return {
      ...d,
      b: { t: timeOfIndex(s.series, s.periodSec, index), p: onTick(price, this.view.precision()) },
    };
  }

  /** The bar (by its open time) and the price (on the tick) under a point. */
  private pointAt(s: DrawingSpace, x: number, y: number): DrawingPoint {
    const { index, price } = this.indexAndPrice(s, x, y);
    return {
      t: timeOfIndex(s.series, s.periodSec, Math.floor(index)),
      p: onTick(price, this.view.precision()),
    };
  }

  private indexAndPrice(s: DrawingSpace, x: number, y: number): { index: number; price: number } {
    return { index: s.x.invert(x), price: s.y.invert(y) };
  }

  private sceneOf(d: Drawing, selected = false): ChartDrawing {
    return {
      key: d.id,
      kind: d.kind,
      a: { t: d.a.t, price: Number(d.a.p) },
      ...(d.b === undefined ? {} : { b: { t: d.b.t, price: Number(d.b.p) } }),
      selected,
    };
  }
}

/**
 * A drawing moved by whole bars and a price distance (rounded to the tick). Prices stay above 0:
 * a move that would take one point to 0 or below moves the drawing as far as it can.
 */
export function shifted(
  d: Drawing,
  by: { bars: number; price: number; periodSec: number; precision: number },
): Drawing {
  const tick = new Decimal(1).dividedBy(new Decimal(10).pow(by.precision));
  let delta = new Decimal(Number.isFinite(by.price) ? by.price.toFixed(by.precision) : '0');
  const lowest = Decimal.min(new Decimal(d.a.p), new Decimal(d.b?.p ?? d.a.p));
  if (lowest.plus(delta).lessThan(tick)) delta = tick.minus(lowest);
  const dt = by.bars * Math.max(1, by.periodSec) * 1000;
  const move = (p: DrawingPoint): DrawingPoint => ({
    t: p.t + dt,
    p: new Decimal(p.p).plus(delta).toFixed(by.precision),
  });
  return { ...d, a: move(d.a), ...(d.b === undefined ? {} : { b: move(d.b) }) };
}
