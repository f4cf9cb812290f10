import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  barAt,
  clampViewport,
  defaultViewport,
  followData,
  maxVisible,
  MIN_VISIBLE,
  panViewport,
  resizeViewport,
  RIGHT_PAD,
  visibleRange,
  zoomViewport,
  type ViewLimits,
  type Viewport,
} from './viewport.ts';

const EPS = 1e-6;

function checkInvariants(vp: Viewport, limits: ViewLimits): void {
  const count = vp.to - vp.from;
  // V1 count-in-bounds
  expect(count).toBeGreaterThanOrEqual(MIN_VISIBLE - EPS);
  expect(count).toBeLessThanOrEqual(maxVisible(limits.plotWidth) + EPS);
  // V2 inside-data
  expect(vp.to).toBeLessThanOrEqual(limits.length + RIGHT_PAD + EPS);
  expect(vp.from).toBeGreaterThanOrEqual(Math.min(0, limits.length + RIGHT_PAD - count) - EPS);
  // V3 range-in-data
  const [first, last] = visibleRange(vp, limits.length);
  expect(first).toBeGreaterThanOrEqual(0);
  expect(last).toBeLessThanOrEqual(limits.length);
  expect(first).toBeLessThanOrEqual(last);
}

type Step =
  | { kind: 'zoom'; factor: number; anchor: number }
  | { kind: 'pan'; bars: number }
  | { kind: 'data'; length: number }
  | { kind: 'resize'; width: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('zoom' as const),
    factor: fc.double({ min: 0.05, max: 20, noNaN: true }),
    anchor: fc.double({ min: -0.5, max: 1.5, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('pan' as const),
    bars: fc.double({ min: -5000, max: 5000, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('data' as const), length: fc.integer({ min: 0, max: 12000 }) }),
  fc.record({ kind: fc.constant('resize' as const), width: fc.integer({ min: 50, max: 3000 }) }),
);

function run(vp: Viewport, limits: ViewLimits, s: Step): [Viewport, ViewLimits] {
  switch (s.kind) {
    case 'zoom':
      return [zoomViewport(vp, s.factor, s.anchor, limits), limits];
    case 'pan':
      return [panViewport(vp, s.bars, limits), limits];
    case 'data': {
      const next = { ...limits, length: s.length };
      return [followData(vp, limits.length, next), next];
    }
    case 'resize': {
      const next = { ...limits, plotWidth: s.width };
      return [resizeViewport(vp, limits.plotWidth, next), next];
    }
  }
}

describe('viewport', () => {
  it('V1–V3 hold after any sequence of zooms, pans, data changes and resizes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12000 }),
        fc.integer({ min: 50, max: 3000 }),
        fc.array(step, { maxLength: 30 }),
        (length, plotWidth, steps) => {
          let limits: ViewLimits = { length, plotWidth };
          let vp = defaultViewport(limits);
          checkInvariants(vp, limits);
          for (const s of steps) {
            [vp, limits] = run(vp, limits, s);
            checkInvariants(vp, limits);
          }
        },
      ),
    );
  });

  it('zoom keeps the bar under the mouse in place', () => {
    const limits = { length: 1000, plotWidth: 800 };
    const vp = { from: 500, to: 600 };
    const z = zoomViewport(vp, 0.5, 0.25, limits);
    expect(z.to - z.from).toBeCloseTo(50);
    expect(z.from + 0.25 * 50).toBeCloseTo(525);
  });

  it('opens on the newest bars and follows them', () => {
    const limits = { length: 1000, plotWidth: 800 };
    const vp = defaultViewport(limits);
    expect(vp.to).toBe(1000 + RIGHT_PAD);
    expect(vp.to - vp.from).toBe(100);
    const next = followData(vp, 1000, { ...limits, length: 1001 });
    expect(next.to).toBe(1001 + RIGHT_PAD);
    const back = panViewport(vp, -200, limits);
    expect(followData(back, 1000, { ...limits, length: 1001 })).toEqual(back);
  });

  it('cannot pan past the oldest bar', () => {
    const limits = { length: 1000, plotWidth: 800 };
    expect(panViewport({ from: 10, to: 110 }, -500, limits)).toEqual({ from: 0, to: 100 });
  });

  it('right-aligns a short history', () => {
    const vp = clampViewport({ from: -500, to: 50 }, { length: 5, plotWidth: 800 });
    expect(vp.to).toBe(5 + RIGHT_PAD);
    expect(visibleRange(vp, 5)).toEqual([0, 5]);
  });
});

describe('barAt', () => {
  it('maps plot x to a bar and clamps', () => {
    const vp = { from: 100, to: 200 };
    expect(barAt(vp, 1000, 0, 1000)).toBe(100);
    expect(barAt(vp, 1000, 15, 1000)).toBe(101);
    expect(barAt(vp, 1000, 999, 150)).toBe(149);
    expect(barAt(vp, 1000, 5, 0)).toBe(-1);
  });
});
