// Owns one side of the book on the page (ADR 0012): a native scroller whose spacer is as tall as
// all the side's levels, and a sticky canvas the size of the scroller's view that paints the
// levels in view. Data, scrolling, resizing and the pointer only mark the side dirty; the page's
// frame budget paints it (engine-bridge/frame-budget.ts: at most one paint per frame, nothing laid
// out per update; the user's scroll, hover and keys are urgent, new data may wait a frame).
// The asks' scroller is `column-reverse`, so browsers keep it anchored at the spread (scrollTop
// 0 there, negative above). A changed amount at the same price flashes its cell for FLASH_MS.
// A level holding the user's orders carries a marker at its left edge: a click on it (or Delete
// on the keyboard's level) asks to cancel them (issue 24); a click elsewhere picks the price.
// The pixels are the paint worker's (painted-canvas.ts, ADR 0028): a paint here only sends it
// the scene.
import type { BookOwn, BookRow } from '../../engine/api.ts';
import { BOOK_ROW_HEIGHT, levelAt, levelsInView, MARKER_HIT } from './paint/book-paint.ts';
import type { BookColors, Side } from './paint/book-paint.ts';
import { perTheme } from './chart/chart-colors.ts';
import { PaintedCanvas } from './paint/painted-canvas.ts';

/** How long a changed amount stays highlighted. */
export const FLASH_MS = 400;
/** The spacer grows and shrinks in steps of this many levels (spacerRows). */
export const SPACER_STEP = 64;

/**
 * How many levels the side's spacer makes room for: the level count rounded up to a step,
 * kept while the count moves within it. A live book's count changes with most diffs, and each
 * new spacer height lays the side out again (issue 19); rows past the count are blank.
 */
export function spacerRows(room: number, count: number): number {
  if (count === 0) return 0;
  if (count <= room && count > room - 2 * SPACER_STEP) return room;
  return Math.ceil(count / SPACER_STEP) * SPACER_STEP;
}

/** Levels asked of the engine beyond each edge of the view, so a short scroll has data. */
const OVERSCAN = 4;

/** Arrow key → levels the keyboard's cursor moves away from the spread (negative: towards it).
 *  The bids run down from the spread, the asks up. */
const CURSOR_KEYS: Readonly<Record<Side, ReadonlyMap<string, number>>> = {
  bid: new Map([
    ['ArrowDown', 1],
    ['ArrowUp', -1],
  ]),
  ask: new Map([
    ['ArrowUp', 1],
    ['ArrowDown', -1],
  ]),
};

/** Key → what it does to the keyboard's level (BookSideController.pickLevel / cancelOwn). */
const LEVEL_KEYS: ReadonlyMap<string, 'pickLevel' | 'cancelOwn'> = new Map([
  ['Enter', 'pickLevel'],
  [' ', 'pickLevel'],
  ['Delete', 'cancelOwn'],
  ['Backspace', 'cancelOwn'],
]);

export interface BookSideData {
  rows: readonly BookRow[];
  start: number;
  count: number;
}

export interface BookSideOptions {
  side: Side;
  priceDp: number;
  amountDp: number;
  motion: boolean;
  /** Tooltip of a level holding the user's orders. */
  ownTitle: (own: BookOwn) => string;
  /** BCP 47 locale the numbers are formatted in. */
  locale: string;
  colors: (element: Element) => BookColors;
  onPick: (price: string) => void;
  /** The user asks to cancel their orders of a level (null: this screen does not offer it). */
  onCancelOwn: ((row: BookRow) => void) | null;
  onWindow: (side: Side, start: number, count: number) => void;
  /** The clock of flashes (performance.now on the page; a fake one in tests). */
  now?: () => number;
}

export interface BookSideElements {
  scroller: HTMLElement;
  spacer: HTMLElement;
  canvas: HTMLCanvasElement;
}

export class BookSideController extends PaintedCanvas {
  private readonly detach: () => void;
  private readonly now: () => number;
  private data: BookSideData = { rows: [], start: 0, count: 0 };
  /** Levels the spacer makes room for (spacerRows). */
  private room = 0;
  private offset = 0;
  private hover: number | null = null;
  /** The keyboard's level when the canvas lost focus (a dialog opened): it comes back on focus. */
  private kept: number | null = null;
  private flashTimer: ReturnType<typeof setTimeout> | null = null;
  /** price → amount of the levels last painted, and price → end of its flash. */
  private amounts = new Map<string, string>();
  private readonly flashes = new Map<string, number>();
  private reported = '';

  constructor(
    private readonly el: BookSideElements,
    private opts: BookSideOptions,
  ) {
    // the bids first: the side nearest the spread a trader reads first; then the asks
    super(el.canvas, el.scroller, {
      name: `book-${opts.side}`,
      priority: opts.side === 'bid' ? 0 : 1,
      // readiness for tests and benchmarks (B10: the live book is on screen)
      painted: () => {
        el.canvas.dataset['painted'] = 'true';
      },
    });
    this.now = opts.now ?? (() => performance.now());
    this.detach = this.listen();
  }

  setOptions(opts: BookSideOptions): void {
    const formatChanged = opts.priceDp !== this.opts.priceDp || opts.locale !== this.opts.locale;
    this.opts = opts;
    if (formatChanged) this.amounts.clear();
    this.invalidate();
  }

  setData(data: BookSideData): void {
    const room = spacerRows(this.room, data.count);
    if (room !== this.room) {
      this.room = room;
      this.el.spacer.style.height = `${room * BOOK_ROW_HEIGHT}px`;
    }
    if (this.opts.motion) this.markFlashes(data.rows);
    this.data = data;
    this.report();
    this.invalidate();
  }

  /** The level at canvas y (CSS px) if the engine sent it, else null. */
  rowAt(y: number): BookRow | null {
    const level = levelAt(this.opts.side, y, this.height, this.offset);
    return level < this.data.count ? (this.data.rows[level - this.data.start] ?? null) : null;
  }

  override destroy(): void {
    super.destroy();
    if (this.flashTimer !== null) clearTimeout(this.flashTimer);
    this.detach();
  }

  protected paint(): void {
    const now = this.now();
    const flashing: string[] = [];
    for (const [price, until] of this.flashes) {
      if (until > now) flashing.push(price);
      else this.flashes.delete(price);
    }
    this.surface.paint({
      kind: 'book',
      side: this.opts.side,
      width: this.width,
      height: this.height,
      dpr: window.devicePixelRatio || 1,
      offset: this.offset,
      ...this.data,
      priceDp: this.opts.priceDp,
      amountDp: this.opts.amountDp,
      colors: this.opts.colors(this.el.canvas),
      locale: this.opts.locale,
      hover: this.hover,
      flashing,
    });
    if (flashing.length > 0) this.armFlashTimer(now);
  }

  /** Amounts that changed at a price already shown start a flash. */
  private markFlashes(rows: readonly BookRow[]): void {
    const until = this.now() + FLASH_MS;
    const next = new Map<string, string>();
    for (const row of rows) {
      const before = this.amounts.get(row.price);
      if (before !== undefined && before !== row.amount) this.flashes.set(row.price, until);
      next.set(row.price, row.amount);
    }
    this.amounts = next;
  }

  private armFlashTimer(now: number): void {
    if (this.flashTimer !== null) return;
    let soonest = Infinity;
    for (const until of this.flashes.values()) soonest = Math.min(soonest, until);
    this.flashTimer = setTimeout(
      () => {
        this.flashTimer = null;
        this.invalidate();
      },
      Math.max(0, soonest - now),
    );
  }

  /** A new height shows other levels: the engine is told the new window. */
  protected override resized(): void {
    this.report();
  }

  /** Tells the engine which levels are in view (plus overscan), when that changed. */
  private report(): void {
    const { first, last } = levelsInView(this.height, this.offset, this.data.count);
    if (last < first) return;
    const start = Math.max(0, first - OVERSCAN);
    const n = Math.min(this.data.count, last + OVERSCAN + 1) - start;
    const key = `${start}:${n}`;
    if (key === this.reported) return;
    this.reported = key;
    this.opts.onWindow(this.opts.side, start, n);
  }

  private setHover(level: number | null): void {
    if (level === this.hover) return;
    this.hover = level;
    const own = this.rowOf(level)?.own ?? null;
    this.el.canvas.title = own === null ? '' : this.opts.ownTitle(own);
    this.invalidate(true);
  }

  private rowOf(level: number | null): BookRow | null {
    return level === null ? null : (this.data.rows[level - this.data.start] ?? null);
  }

  /** Whether canvas x (CSS px) of `row` is on its own-orders marker (and cancelling is offered). */
  private onMarker(row: BookRow | null, x: number): boolean {
    return row !== null && row.own !== null && this.opts.onCancelOwn !== null && x < MARKER_HIT;
  }

  private listen(): () => void {
    const { scroller, canvas } = this.el;
    const onScroll = (): void => {
      // user scrolls only: nothing writes scrollTop, so this read finds layout clean
      this.offset = Math.abs(scroller.scrollTop);
      this.report();
      this.invalidate(true);
    };
    const y = (e: MouseEvent): number => e.clientY - canvas.getBoundingClientRect().top;
    const x = (e: MouseEvent): number => e.clientX - canvas.getBoundingClientRect().left;
    const onMove = (e: PointerEvent): void => {
      const level = levelAt(this.opts.side, y(e), this.height, this.offset);
      this.setHover(level < this.data.count ? level : null);
      canvas.style.cursor = this.onMarker(this.rowAt(y(e)), x(e)) ? 'pointer' : '';
    };
    const onLeave = (): void => this.setHover(null);
    const onBlur = (): void => {
      this.kept = this.hover;
      this.setHover(null);
    };
    const onFocus = (): void => {
      if (this.kept !== null && this.kept < this.data.count) this.setHover(this.kept);
      this.kept = null;
    };
    const onClick = (e: MouseEvent): void => {
      const row = this.rowAt(y(e));
      if (row === null) return;
      if (this.onMarker(row, x(e))) this.opts.onCancelOwn?.(row);
      else this.opts.onPick(row.price);
    };
    const onKey = (e: KeyboardEvent): void => this.onKey(e);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    canvas.addEventListener('pointermove', onMove);
    canvas.addEventListener('pointerleave', onLeave);
    canvas.addEventListener('click', onClick);
    canvas.addEventListener('keydown', onKey);
    canvas.addEventListener('blur', onBlur);
    canvas.addEventListener('focus', onFocus);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerleave', onLeave);
      canvas.removeEventListener('click', onClick);
      canvas.removeEventListener('keydown', onKey);
      canvas.removeEventListener('blur', onBlur);
      canvas.removeEventListener('focus', onFocus);
    };
  }

  /**
   * Keyboard: arrows move a cursor away from / towards the spread, Enter or Space picks, Delete
   * (or Backspace) asks to cancel the user's orders of the level.
   */
  private onKey(e: KeyboardEvent): void {
    if (this.data.count === 0) return;
    const step = CURSOR_KEYS[this.opts.side].get(e.key);
    if (step !== undefined) {
      e.preventDefault();
      this.moveCursor(step);
      return;
    }
    const action = LEVEL_KEYS.get(e.key);
    const row = this.rowOf(this.hover);
    if (action !== undefined && row !== null) this[action](row, e);
  }

  /** Enter or Space: the price of the keyboard's level goes to the form. */
  private pickLevel(row: BookRow, e: KeyboardEvent): void {
    e.preventDefault();
    this.opts.onPick(row.price);
  }

  /** Delete or Backspace: asks to cancel the user's orders of the level (when it holds some and
   *  the screen offers it; otherwise the key is left alone). */
  private cancelOwn(row: BookRow, e: KeyboardEvent): void {
    if (row.own === null || this.opts.onCancelOwn === null) return;
    e.preventDefault();
    this.opts.onCancelOwn(row);
  }

  /** Moves the keyboard's level `by` levels away from the spread (negative: towards it). */
  private moveCursor(by: number): void {
    const at = this.hover ?? -1;
    const next = Math.min(this.data.count - 1, Math.max(0, at + by));
    this.setHover(next);
    this.reveal(next);
  }

  /** Scrolls so that `level` is in view. */
  private reveal(level: number): void {
    const top = level * BOOK_ROW_HEIGHT;
    let offset = this.offset;
    if (top < offset) offset = top;
    else if (top + BOOK_ROW_HEIGHT > offset + this.height)
      offset = top + BOOK_ROW_HEIGHT - this.height;
    if (offset === this.offset) return;
    this.el.scroller.scrollTop = this.opts.side === 'bid' ? offset : -offset;
  }
}

/** The book's (and the trades') colours and font, from the theme's CSS variables. */
export const bookColors = perTheme((element): BookColors => {
  const css = getComputedStyle(element);
  const v = (name: string, fallback: string): string =>
    css.getPropertyValue(name).trim() || fallback;
  const family = css.fontFamily || 'sans-serif';
  return {
    up: v('--up', '#0ecb81'),
    down: v('--down', '#f6465d'),
    upSoft: v('--up-soft', 'rgba(14, 203, 129, 0.12)'),
    downSoft: v('--down-soft', 'rgba(246, 70, 93, 0.12)'),
    text: v('--text', '#eaecef'),
    muted: v('--text-muted', '#848e9c'),
    hover: v('--panel-hover', '#242a31'),
    accent: v('--accent', '#f0b90b'),
    accentText: v('--accent-text', '#f0b90b'),
    flash: v('--accent-soft', 'rgba(240, 185, 11, 0.12)'),
    font: `12px ${family}`,
    boldFont: `700 12px ${family}`,
  };
});
