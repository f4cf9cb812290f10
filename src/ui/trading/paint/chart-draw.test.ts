// The drawer against a recording stub of CanvasRenderingContext2D (node has no canvas): what it
// costs in JavaScript to turn 10,000 bars into one frame (B11), and that it batches its paths.
import { describe, expect, it } from 'vitest';
import { DEFAULT_STUDY_PARAMS } from '../../../shared/studies.ts';
import type { Bar } from '../../../engine/api.ts';
import { buildBarCache } from './bar-cache.ts';
import { formatAxisPrice } from './ticks.ts';
import { drawChart, type Scene } from './chart-draw.ts';
import { bars, COLORS, stubContext } from '../chart/chart-test-kit.ts';
import { defaultViewport, maxVisible, RIGHT_PAD, visibleRange } from './viewport.ts';

function scene(overrides: Partial<Scene>, data: Bar[]): Scene {
  const cache = buildBarCache('BTC/USDT|1min', data);
  return {
    width: 1200,
    height: 500,
    cache,
    viewport: defaultViewport({ length: cache.length, plotWidth: 1140 }),
    mode: 'candles',
    indicators: ['volume', 'ma', 'cross'],
    periodSec: 60,
    pricePrecision: 2,
    colors: COLORS,
    locale: 'en-US',
    tzOffset: () => 0,
    pointer: { x: 600, y: 200 },
    hover: cache.length - 50,
    lines: [],
    params: DEFAULT_STUDY_PARAMS,
    marks: [],
    drawings: [],
    ...overrides,
  };
}

describe('drawChart', () => {
  it('B11: of 10,000 bars only the visible ones are drawn (timing lives in the benchmark)', () => {
    const data = bars(10_000);
    const visible = maxVisible(1140);
    const zoomedOut = { from: 10_000 + RIGHT_PAD - visible, to: 10_000 + RIGHT_PAD };
    const { ctx, calls } = stubContext();
    drawChart(ctx, scene({ viewport: zoomedOut }, data));
    const rects = calls.get('rect') ?? 0;
    // A body and a volume bar per visible candle (plus a few for the frame), never the whole series.
    expect(rects).toBeGreaterThan(visible);
    expect(rects).toBeLessThan(2 * visible + 50);
  });

  it('batches candles and volume into a few fills, whatever the zoom', () => {
    for (const count of [100, 1140]) {
      const { ctx, calls } = stubContext();
      const data = bars(5000);
      drawChart(ctx, scene({ viewport: { from: 5003 - count, to: 5003 } }, data));
      expect(calls.get('fill') ?? 0).toBeLessThanOrEqual(8);
      expect(calls.get('rect') ?? 0).toBeGreaterThan(count);
    }
  });

  it('draws only the indicators switched on: no volume pane, no MA lines, no crosses', () => {
    const data = bars(400);
    const all = stubContext();
    const layoutAll = drawChart(all.ctx, scene({}, data));
    const none = stubContext();
    const layoutNone = drawChart(none.ctx, scene({ indicators: [] }, data));
    // no volume bars (one rectangle per visible bar, and the pane's clip); the price pane takes
    // the volume's room
    const [first, last] = visibleRange(scene({}, data).viewport, data.length);
    expect((all.calls.get('rect') ?? 0) - (none.calls.get('rect') ?? 0)).toBe(last - first + 1);
    expect(layoutNone.volume.height).toBe(0);
    expect(layoutNone.price.height).toBeGreaterThan(layoutAll.price.height);
    // three MA lines fewer (MA 15, MA 10, MA 20)
    expect((all.calls.get('stroke') ?? 0) - (none.calls.get('stroke') ?? 0)).toBe(3);
    const maOnly = stubContext();
    drawChart(maOnly.ctx, scene({ indicators: ['ma'] }, data));
    expect((all.calls.get('stroke') ?? 0) - (maOnly.calls.get('stroke') ?? 0)).toBe(2);
  });

  it('draws the realtime line and an empty chart without throwing', () => {
    const { ctx, calls } = stubContext();
    drawChart(ctx, scene({ mode: 'line' }, bars(300)));
    expect(calls.get('lineTo') ?? 0).toBeGreaterThan(100);
    const empty = stubContext();
    expect(() => drawChart(empty.ctx, scene({ hover: -1, pointer: null }, []))).not.toThrow();
  });

  it('leaves out a time label the pane’s edges would cut, at every scroll', () => {
    const data = bars(400);
    let seen = 0;
    // scrolled a bar at a time over an hour: a label comes to each edge in turn
    for (let shift = 0; shift < 60; shift += 1) {
      const { ctx } = stubContext();
      const texts: { text: string; x: number; y: number }[] = [];
      const spy = new Proxy(ctx, {
        get(obj, prop: string) {
          if (prop === 'fillText')
            return (text: string, x: number, y: number) => texts.push({ text, x, y });
          return Reflect.get(obj, prop) as unknown;
        },
        set(obj, prop, value) {
          return Reflect.set(obj, prop, value);
        },
      });
      const viewport = { from: 200 - shift + 0.37, to: 300 - shift + 0.37 };
      const layout = drawChart(spy, scene({ pointer: null, hover: -1, viewport }, data));
      const mid = layout.timeAxis.y + layout.timeAxis.height / 2;
      for (const t of texts.filter((c) => c.y === mid)) {
        seen += 1;
        // the stub measures 6 px a character
        expect(t.x - t.text.length * 3).toBeGreaterThanOrEqual(0);
        expect(t.x + t.text.length * 3).toBeLessThanOrEqual(layout.priceAxis.x);
      }
    }
    expect(seen).toBeGreaterThan(60);
  });

  it('labels the last price with its decimal string in the locale, and no axis label under the tag', () => {
    const data = bars(200);
    const last = data[data.length - 1];
    const texts: string[] = [];
    const { ctx } = stubContext();
    const spy = new Proxy(ctx, {
      get(obj, prop: string) {
        if (prop === 'fillText') return (text: string) => texts.push(text);
        return Reflect.get(obj, prop) as unknown;
      },
      set(obj, prop, value) {
        return Reflect.set(obj, prop, value);
      },
    });
    const calls: { text: string; y: number }[] = [];
    const spy2 = new Proxy(ctx, {
      get(obj, prop: string) {
        if (prop === 'fillText')
          return (text: string, _x: number, y: number) => calls.push({ text, y });
        return Reflect.get(obj, prop) as unknown;
      },
      set(obj, prop, value) {
        return Reflect.set(obj, prop, value);
      },
    });
    drawChart(spy, scene({ pointer: null, hover: -1 }, data));
    const tag = formatAxisPrice(last?.close ?? '', 2, 'en-US');
    expect(tag).toMatch(/^\d{2},\d{3}\.\d{2}$/);
    expect(texts).toContain(tag);
    // issue 20: the price tag covered the axis labels; a label it would overlap is left out
    drawChart(spy2, scene({ pointer: null, hover: -1 }, data));
    const tagCall = calls.filter((c) => c.text === tag).at(-1);
    expect(tagCall).toBeDefined();
    const labels = calls.filter((c) => c !== tagCall && /^\d{2},\d{3}(\.\d{2})?$/.test(c.text));
    expect(labels.length).toBeGreaterThan(1);
    for (const l of labels) expect(Math.abs(l.y - (tagCall?.y ?? 0))).toBeGreaterThanOrEqual(9);
  });
});
