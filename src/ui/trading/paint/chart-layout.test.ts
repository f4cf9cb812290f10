import { describe, expect, it } from 'vitest';
import { chartLayout, extentOf, inside, paddedDomain, TIME_AXIS_HEIGHT } from './chart-layout.ts';

describe('chart layout', () => {
  it('splits the box into panes and axes without overlap', () => {
    const l = chartLayout(800, 400, 60);
    expect(l.price.width).toBe(740);
    expect(l.priceAxis.x).toBe(740);
    expect(l.timeAxis.y).toBe(400 - TIME_AXIS_HEIGHT);
    expect(l.price.y + l.price.height).toBeLessThanOrEqual(l.volume.y);
    expect(l.volume.y + l.volume.height).toBe(l.timeAxis.y);
  });

  it('never gives negative sizes', () => {
    const l = chartLayout(10, 10, 60);
    for (const r of [l.price, l.volume, l.priceAxis, l.timeAxis]) {
      expect(r.width).toBeGreaterThanOrEqual(0);
      expect(r.height).toBeGreaterThanOrEqual(0);
    }
  });

  it('finds extents, skipping NaN', () => {
    const a = Float64Array.from([5, 1, 9, 3]);
    const b = Float64Array.from([NaN, NaN, 12, 2]);
    expect(extentOf([a, b], 1, 4)).toEqual([1, 12]);
    expect(extentOf([b], 0, 2)).toBeNull();
    expect(extentOf([a], 2, 2)).toBeNull();
  });

  it('pads domains', () => {
    expect(paddedDomain([10, 20], 0.1)).toEqual([9, 21]);
    expect(paddedDomain([100, 100])).toEqual([99, 101]);
    expect(paddedDomain([0, 0])).toEqual([-1, 1]);
    expect(paddedDomain(null)).toEqual([0, 1]);
  });

  it('hit-tests rectangles', () => {
    const r = { x: 0, y: 0, width: 10, height: 10 };
    expect(inside(r, 5, 5)).toBe(true);
    expect(inside(r, 10, 5)).toBe(false);
  });
});
