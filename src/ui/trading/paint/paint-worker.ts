// The paint worker (ADR 0028): draws the book sides, the book's middle row, the recent trades
// and the candle chart on canvases the page handed over with transferControlToOffscreen. Text shaping, rasterizing
// and handing the pixels to the compositor happen here, off the page's main thread, which then
// only lays out and answers the user. Scenes arriving faster than this thread draws are coalesced: each canvas
// paints the newest one at its next animation frame.
import { formatFixed, formatTime } from '../../i18n/format.ts';
import { paintBookSide } from './book-paint.ts';
import { paintMid } from './mid-paint.ts';
import type { BookPaintMemo } from './book-paint.ts';
import { paintDepth } from './depth-paint.ts';
import { ChartPainter } from './chart-painter.ts';
import type { FromPainter, PaintScene, ToPainter } from './paint-protocol.ts';
import { paintTrades } from './trades-paint.ts';

interface Held {
  canvas: OffscreenCanvas;
  ctx: OffscreenCanvasRenderingContext2D | null;
  memo: BookPaintMemo | null;
  /** A chart canvas: the bars it was sent. */
  chart: ChartPainter | null;
  pending: PaintScene | null;
  announced: boolean;
}

const held = new Map<number, Held>();
let scheduled = false;

/** One formatter per locale, so that a book memo sees the same function paint after paint. */
const formatters = new Map<string, (value: string, dp: number) => string>();
function formatterFor(locale: string): (value: string, dp: number) => string {
  let f = formatters.get(locale);
  if (f === undefined) {
    f = (value, dp) => formatFixed(value, dp, locale);
    formatters.set(locale, f);
  }
  return f;
}

function post(message: FromPainter): void {
  postMessage(message);
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  // a worker's animation frames follow the display (Chromium, Firefox); elsewhere, next task
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
  else setTimeout(flush, 0);
}

function flush(): void {
  scheduled = false;
  for (const [id, h] of held) {
    const scene = h.pending;
    if (scene === null || h.ctx === null) continue;
    h.pending = null;
    try {
      if (paint(id, h, scene) && !h.announced) {
        h.announced = true;
        post({ type: 'painted', id });
      }
    } catch (err) {
      // one bad scene must not stop the other canvases; the next scene paints whole
      h.memo = null;
      console.error('paint worker: scene not painted', err);
    }
  }
}

/** Draws one scene; true when it had levels, trades or bars in it. */
function paint(id: number, h: Held, scene: PaintScene): boolean {
  const ctx = h.ctx;
  if (ctx === null || scene.width === 0 || scene.height === 0) return false;
  ctx.setTransform(scene.dpr, 0, 0, scene.dpr, 0, 0);
  const format = formatterFor(scene.locale);
  if (scene.kind === 'book') {
    h.memo = paintBookSide(ctx, { ...scene, format, flashing: new Set(scene.flashing) }, h.memo);
    return scene.rows.length > 0;
  }
  if (scene.kind === 'mid') {
    paintMid(ctx, { ...scene, format });
    return scene.last !== null;
  }
  if (scene.kind === 'depth') {
    paintDepth(ctx, { ...scene, format });
    return scene.bids.prices.length + scene.asks.prices.length > 0;
  }
  if (scene.kind === 'chart') {
    const drawn = h.chart?.draw(ctx, scene, () => performance.now()) ?? null;
    if (drawn !== null) post({ type: 'chart-drawn', id, drawn });
    return scene.length > 0;
  }
  const locale = scene.locale;
  paintTrades(ctx, { ...scene, format, time: (ms) => formatTime(ms, locale) });
  return scene.trades.length > 0;
}

addEventListener('message', (e: MessageEvent<ToPainter>) => {
  const m = e.data;
  switch (m.type) {
    case 'attach':
      held.set(m.id, {
        canvas: m.canvas,
        ctx: m.canvas.getContext('2d'),
        memo: null,
        chart: null,
        pending: null,
        announced: false,
      });
      return;
    case 'resize': {
      const h = held.get(m.id);
      if (h === undefined) return;
      h.canvas.width = m.width;
      h.canvas.height = m.height;
      // a resized canvas is blank: the next scene paints every row
      h.memo = null;
      return;
    }
    case 'paint': {
      const h = held.get(m.id);
      if (h === undefined) return;
      if (m.scene.kind === 'chart') {
        // the bars are taken in now: a scene coalesced away must not lose its bars
        h.chart ??= new ChartPainter();
        if (!h.chart.receive(m.scene)) {
          post({ type: 'chart-stale', id: m.id });
          return;
        }
      }
      h.pending = m.scene;
      schedule();
      return;
    }
    case 'forget':
      held.delete(m.id);
      return;
    case 'warm':
      warmUp(m.font, m.locale);
      return;
  }
});

/**
 * Start-up (B11, ADR 0080): the worker's first formatted number starts ICU and its first text
 * in the page's font loads that font, together 10–30 ms on a slow machine. Done when the worker
 * starts, while the screen opens, rather than inside the first frame that has data to draw.
 */
function warmUp(font: string, locale: string): void {
  formatFixed('1234.5', 2, locale);
  const ctx = new OffscreenCanvas(1, 1).getContext('2d');
  if (ctx === null) return;
  ctx.font = font;
  ctx.measureText('0.00');
}
