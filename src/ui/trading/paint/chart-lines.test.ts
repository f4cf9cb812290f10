// The user's lines as the worker draws them (issue 46), against a recording stub of the 2D
// context: every line is drawn, in the pane or pinned to its edge (L1), and the × the page
// hit-tests is the square the worker fills (L2).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STUDY_PARAMS } from '../../../shared/studies.ts';
import { buildBarCache } from './bar-cache.ts';
import { drawChart, type Scene } from './chart-draw.ts';
import type { ChartLine } from './chart-frame.ts';
import { priceDomain, priceScale } from './chart-geometry.ts';
import { closeBox, LINE_TAG_HEIGHT, placeLine, placeLines } from './chart-lines.ts';
import { bars, COLORS } from '../chart/chart-test-kit.ts';
import { defaultViewport } from './viewport.ts';

const pane = { x: 0, y: 36, width: 600, height: 300 };

function line(price: number, over: Partial<ChartLine> = {}): ChartLine {
  return {
    key: `o${price}`,
    price,
    label: 'Buy 0.5',
    tone: 'buy',
    dashed: false,
    cancellable: true,
    focused: false,
    moving: false,
    ...over,
  };
}

/** A context that records its fillRect calls with the fill style at the time. */
function recorder() {
  const rects: { x: number; y: number; w: number; h: number; fill: unknown }[] = [];
  const texts: string[] = [];
  const state: Record<string, unknown> = {};
  const ctx = new Proxy(state, {
    get(obj, prop: string) {
      if (prop in obj) return obj[prop];
      if (prop === 'fillRect')
        return (x: number, y: number, w: number, h: number) =>
          rects.push({ x, y, w, h, fill: obj['fillStyle'] });
      if (prop === 'fillText') return (t: string) => texts.push(t);
      if (prop === 'measureText') return (t: string) => ({ width: t.length * 6 });
      if (prop === 'createLinearGradient') return () => ({ addColorStop: () => undefined });
      return () => undefined;
    },
    set(obj, prop: string, value) {
      obj[prop] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { ctx, rects, texts };
}

function scene(lines: ChartLine[]): Scene {
  const cache = buildBarCache('BTC/USDT|1min', bars(300));
  return {
    width: 800,
    height: 400,
    cache,
    viewport: defaultViewport({ length: cache.length, plotWidth: 740 }),
    mode: 'candles',
    indicators: ['volume'],
    periodSec: 60,
    pricePrecision: 2,
    colors: COLORS,
    locale: 'en-US',
    tzOffset: () => 0,
    pointer: null,
    hover: -1,
    lines,
    params: DEFAULT_STUDY_PARAMS,
    marks: [],
    drawings: [],
  };
}

describe('placeLine', () => {
  it('L1 pinned-not-lost: a price in the pane is drawn at its pixel, one outside at the edge', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (price) => {
        const y = priceScale(pane, [100, 200]);
        const p = placeLine(pane, y, price);
        expect(p.y).toBeGreaterThanOrEqual(pane.y);
        expect(p.y).toBeLessThanOrEqual(pane.y + pane.height);
        if (price > 200.5) expect(p.off).toBe(-1);
        if (price < 99.5) expect(p.off).toBe(1);
        if (p.off === 0) expect(Math.abs(p.y - y(price))).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('drawLines', () => {
  it('L2 page-and-worker-agree: the × is filled where the page looks for it', () => {
    const s = scene([]);
    const domain = priceDomain(s.cache, s.viewport, 'candles', ['volume']);
    const mid = (domain[0] + domain[1]) / 2;
    const drawn = scene([line(mid, { label: 'Sell 1.25', tone: 'sell' })]);
    const { ctx, rects, texts } = recorder();
    const layout = drawChart(ctx, drawn);
    const y = priceScale(
      layout.price,
      priceDomain(drawn.cache, drawn.viewport, 'candles', ['volume']),
    );
    const box = closeBox(layout.price, placeLine(layout.price, y, mid).y);
    const filled = rects.find(
      (r) =>
        r.fill === COLORS.lines.sell &&
        r.x === box.x &&
        r.w === box.width &&
        r.h === LINE_TAG_HEIGHT,
    );
    expect(filled).toBeDefined();
    expect(Math.abs((filled?.y ?? 0) - box.y)).toBeLessThanOrEqual(1);
    expect(texts).toContain('Sell 1.25');
  });

  it('a line above the pane is its label alone, pinned at the top with an arrow', () => {
    const s = scene([]);
    const [, top] = priceDomain(s.cache, s.viewport, 'candles', ['volume']);
    const { ctx, texts } = recorder();
    drawChart(ctx, scene([line(top * 2, { cancellable: false })]));
    expect(texts).toContain('▲ Buy 0.5');
  });
});

describe('placeLines', () => {
  it('stacks the labels pinned to one edge, none on another', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -500, max: 800, noNaN: true }), { maxLength: 30 }),
        (prices) => {
          const y = priceScale(pane, [100, 200]);
          const placed = placeLines(pane, y, prices);
          for (const edge of [-1, 1] as const) {
            const shown = placed.filter((p) => p.off === edge && p.folded !== true);
            const ys = shown.map((p) => p.y);
            for (let i = 1; i < ys.length; i++)
              expect(Math.abs((ys[i] ?? 0) - (ys[i - 1] ?? 0))).toBeGreaterThanOrEqual(
                LINE_TAG_HEIGHT,
              );
            // at most half the pane; the folded ones counted on the last label shown
            for (const yy of ys)
              expect(edge < 0 ? yy - pane.y : pane.y + pane.height - yy).toBeLessThanOrEqual(
                pane.height / 2,
              );
            const folded = placed.filter((p) => p.off === edge && p.folded === true).length;
            expect(shown.reduce((n, p) => n + (p.more ?? 0), 0)).toBe(folded);
            if (folded > 0) expect(shown.at(-1)?.more).toBe(folded);
          }
        },
      ),
    );
  });

  it('folds twenty labels above the pane behind the ones half the pane holds', () => {
    const y = priceScale(pane, [100, 200]);
    const placed = placeLines(
      pane,
      y,
      Array.from({ length: 20 }, (_, i) => 500 + i),
    );
    const shown = placed.filter((p) => p.folded !== true);
    expect(shown).toHaveLength(7);
    expect(shown.at(-1)?.more).toBe(13);
  });
});
