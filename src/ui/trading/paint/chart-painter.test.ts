// The chart in the paint worker (issue 19): the page's surface sends only the rows the worker
// does not hold, and the worker's painter rebuilds the page's series from them (P1).
import fc from 'fast-check';
import { DEFAULT_STUDY_PARAMS, type StudyParams } from '../../../shared/studies.ts';
import { describe, expect, it } from 'vitest';
import type { Bar } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import type { ChartScene } from './paint-protocol.ts';
import { SERIES_COLUMNS, syncBarCache, type BarCache, type ChartSeries } from './bar-cache.ts';
import { ChartPainter } from './chart-painter.ts';
import { chartScene, type ChartFrame } from '../chart/chart-surface.ts';
import { bars as makeBars, COLORS, stubContext } from '../chart/chart-test-kit.ts';

/** The page's cache as the controller keeps it: synced with each new series. */
let pageCache: BarCache | null = null;

function frameOf(key: string, bars: readonly Bar[]): ChartFrame {
  pageCache = syncBarCache(pageCache, key, bars).cache;
  return frameFor(pageCache);
}

const frameFor = (cache: BarCache): ChartFrame => ({
  cache,
  dpr: 1,
  width: 900,
  height: 420,
  viewport: { from: Math.max(0, cache.length - 80), to: cache.length + 3 },
  mode: 'candles',
  indicators: ['volume', 'ma', 'cross'],
  periodSec: 60,
  pricePrecision: 2,
  colors: COLORS,
  locale: 'en-US',
  pointer: null,
  hover: -1,
  lines: [],
  params: DEFAULT_STUDY_PARAMS,
  marks: [],
  drawings: [],
});

/** What the bridge does to the page's series: a copy, unchanged Bar objects kept. */
type Step =
  | { kind: 'update'; close: number }
  | { kind: 'append'; close: number }
  | { kind: 'reset'; count: number }
  | { kind: 'key' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('update' as const), close: fc.integer({ min: 1, max: 99_999 }) }),
  fc.record({ kind: fc.constant('append' as const), close: fc.integer({ min: 1, max: 99_999 }) }),
  fc.record({ kind: fc.constant('reset' as const), count: fc.integer({ min: 0, max: 40 }) }),
  fc.record({ kind: fc.constant('key' as const) }),
);

function bar(time: number, close: number): Bar {
  const d = String(close) as DecStr;
  return { time, open: d, high: d, low: d, close: d, volume: '1' as DecStr };
}

function apply(key: string, bars: readonly Bar[], s: Step): { key: string; bars: readonly Bar[] } {
  const last = bars[bars.length - 1];
  switch (s.kind) {
    case 'update':
      return last === undefined
        ? { key, bars: [bar(0, s.close)] }
        : { key, bars: [...bars.slice(0, -1), bar(last.time, s.close)] };
    case 'append':
      return { key, bars: [...bars, bar((last?.time ?? 0) + 60_000, s.close)] };
    case 'reset':
      return { key, bars: makeBars(s.count) };
    case 'key':
      return { key: `${key}+`, bars: makeBars(5) };
  }
}

/** A scene as the worker receives it: a structured clone, so nothing is shared. */
const posted = (scene: ChartScene): ChartScene => structuredClone(scene);

/** The series' rows, column by column (the capacity beyond `length` is not the series). */
function rows(series: ChartSeries | null): unknown {
  if (series === null) return null;
  const n = series.length;
  const columns = [...SERIES_COLUMNS.map((c) => series[c]), series.cross];
  return { key: series.key, last: series.last, columns: columns.map((c) => [...c.subarray(0, n)]) };
}

describe('the chart in the paint worker', () => {
  it('P1 holds-the-page’s-series: after any scenes, the worker holds the page’s series', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const painter = new ChartPainter();
        pageCache = null;
        let page = { key: 'BTC/USDT|1min', bars: makeBars(30) as readonly Bar[] };
        let sent: { key: string; bars: readonly Bar[]; params: StudyParams } | null = null;
        for (const s of [null, ...steps]) {
          if (s !== null) page = apply(page.key, page.bars, s);
          const frame = frameOf(page.key, page.bars);
          expect(painter.receive(posted(chartScene(frame, sent)))).toBe(true);
          sent = { ...page, params: frame.cache.params };
          expect(rows(painter.held())).toEqual(rows(frame.cache));
        }
      }),
    );
  });

  it('sends the whole series when the studies shown change (their columns were computed anew)', () => {
    const series = makeBars(20);
    const all = syncBarCache(null, 'k', series).cache;
    const sent = { key: 'k', bars: series, params: all.params, studies: all.studies };
    expect(chartScene(frameFor(all), sent).from).toBe(20);
    const fewer = syncBarCache(all, 'k', series, all.params, ['rsi']).cache;
    expect(fewer.params).toBe(all.params);
    expect(chartScene(frameFor(fewer), sent).from).toBe(0);
  });

  it('sends only what changed: a live update is the newest bar', () => {
    const series = makeBars(500);
    const first = chartScene(frameOf('k', series), null);
    expect([first.from, first.columns.close.length, first.length]).toEqual([0, 500, 500]);
    const updated = [...series.slice(0, -1), bar(series[499]?.time ?? 0, 7)];
    const next = chartScene(frameOf('k', updated), {
      key: 'k',
      bars: series,
      params: DEFAULT_STUDY_PARAMS,
    });
    expect([next.from, next.columns.close.length, next.length]).toEqual([499, 1, 500]);
    expect([...next.columns.close]).toEqual([7]);
    const other = chartScene(frameOf('k2', updated), {
      key: 'k',
      bars: series,
      params: DEFAULT_STUDY_PARAMS,
    });
    expect(other.from).toBe(0);
  });

  it('a scene that does not continue what the worker holds is refused, and nothing is kept', () => {
    const painter = new ChartPainter();
    const series = makeBars(10);
    const tail = chartScene(frameOf('k', series), {
      key: 'k',
      bars: series.slice(0, 9),
      params: DEFAULT_STUDY_PARAMS,
    });
    expect(tail.from).toBe(9);
    expect(painter.receive(posted(tail))).toBe(false);
    expect(painter.held()).toBeNull();
    expect(painter.receive(posted(chartScene(frameOf('k', series), null)))).toBe(true);
    const wrongLength = { ...chartScene(frameOf('k', series), null), length: 11 };
    expect(painter.receive(posted(wrongLength))).toBe(false);
  });

  it('tells the page of a series’ first drawing and of a new axis width, not of every frame', () => {
    const painter = new ChartPainter();
    const { ctx } = stubContext();
    const now = (): number => 0;
    const series = makeBars(200);
    const scene = posted(chartScene(frameOf('k', series), null));
    painter.receive(scene);
    const drawn = painter.draw(ctx, scene, now);
    expect(drawn).toMatchObject({ key: 'k', bars: 200 });
    expect(drawn?.axisWidth).toBeGreaterThan(0);
    expect(painter.draw(ctx, scene, now)).toBeNull();
    const other = posted(
      chartScene(frameOf('k2', series), { key: 'k', bars: series, params: DEFAULT_STUDY_PARAMS }),
    );
    painter.receive(other);
    expect(painter.draw(ctx, other, now)).toMatchObject({ key: 'k2', bars: 200 });
  });
});
