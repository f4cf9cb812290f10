// The user's fills on the candles (issue 46): each fill in the bar it happened in, one mark per
// bar and side with its count, none for a fill older than the series; the mark under the pointer
// gives back the fills it stands for.
import { describe, expect, it } from 'vitest';
import { buildBarCache } from '../paint/bar-cache.ts';
import { chartLayout } from '../paint/chart-layout.ts';
import { priceDomain, priceScale } from '../paint/chart-geometry.ts';
import { markY } from '../paint/chart-marks.ts';
import { bars } from './chart-test-kit.ts';
import { barOf, FillMarks, fillsOf, marksOf, timeOf, type ChartFill } from './chart-fills.ts';

const series = buildBarCache('k', bars(100));
const t0 = series.time[0] ?? 0;
const fill = (key: string, minute: number, side: 'buy' | 'sell'): ChartFill => ({
  key,
  time: t0 + minute * 60_000 + 5_000,
  side,
  text: key,
});

describe('fills on the chart', () => {
  it('marks each bar and side once, with its count; none before the series', () => {
    const fills = [
      fill('a', 10, 'buy'),
      fill('b', 10, 'buy'),
      fill('c', 10, 'sell'),
      fill('d', 99, 'sell'),
    ];
    const old = { ...fill('e', 0, 'buy'), time: t0 - 1 };
    expect(barOf(series, old.time)).toBe(-1);
    expect(marksOf([...fills, old], series)).toEqual([
      { index: 10, side: 'buy', count: 2 },
      { index: 10, side: 'sell', count: 1 },
      { index: 99, side: 'sell', count: 1 },
    ]);
    expect(fillsOf(fills, series, { index: 10, side: 'buy' }).map((f) => f.key)).toEqual([
      'a',
      'b',
    ]);
  });

  it('the mark under the pointer gives its fills, and nothing away from it', () => {
    const fills = [fill('a', 90, 'buy')];
    const marks = new FillMarks();
    marks.set(fills);
    const layout = chartLayout(800, 400, 60);
    const viewport = { from: 50, to: 103 };
    const y = priceScale(layout.price, priceDomain(series, viewport, 'candles', []));
    const x = ((90.5 - viewport.from) / (viewport.to - viewport.from)) * layout.price.width;
    const at = { g: { layout, y }, cache: series, viewport };
    marks.hover({ ...at, pointer: { x, y: markY(series, y, layout.price, 90, 'buy') + 2 } });
    expect(marks.hovered.value?.fills.map((f) => f.key)).toEqual(['a']);
    marks.hover({ ...at, pointer: { x: x + 40, y: 10 } });
    expect(marks.hovered.value).toBeNull();
  });

  it('reads the server’s times as the tables do', () => {
    expect(timeOf(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(timeOf('2026-12-02 03:00:00')).toBe(new Date('2026-12-02T03:00:00').getTime());
    expect(Number.isNaN(timeOf('soon'))).toBe(true);
  });
});
