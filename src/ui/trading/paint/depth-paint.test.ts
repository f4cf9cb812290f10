// The depth chart's paint against a recording stub of the 2D context: both sides drawn as
// filled steps in their colours, the prices centred on the mid, the hovered level marked.
import { describe, expect, it } from 'vitest';
import type { DepthView } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import { COLORS, stubContext } from '../chart/chart-test-kit.ts';
import { depthSeries } from './depth-math.ts';
import { depthScales, paintDepth, type DepthPaintScene } from './depth-paint.ts';

const d = (v: string) => v as DecStr;
const view: DepthView = {
  symbol: 'BTC/USDT',
  grouping: 1,
  bids: [
    [d('99'), d('1')],
    [d('98'), d('2')],
  ],
  asks: [
    [d('101'), d('1.5')],
    [d('103'), d('1')],
  ],
  at: 0,
};

function scene(over: Partial<DepthPaintScene> = {}): DepthPaintScene {
  return {
    width: 600,
    height: 300,
    ...depthSeries(view),
    priceDp: 2,
    colors: COLORS,
    locale: 'en-US',
    format: (v, dp) => `${v}/${dp}`,
    hover: null,
    ...over,
  };
}

describe('paintDepth', () => {
  it('centres the prices on the mid and scales the amounts to the deeper side', () => {
    const scales = depthScales(scene());
    expect(scales?.x.domain()).toEqual([97, 103]);
    expect(scales?.x(100)).toBeCloseTo((600 - 56) / 2);
    expect(scales?.y.domain()[1]).toBeCloseTo(3 * 1.08);
  });

  it('fills and strokes each side in its colour, and marks the hovered level', () => {
    const { ctx, calls } = stubContext();
    paintDepth(ctx, scene());
    expect(calls.get('fill')).toBe(2);
    expect(calls.get('arc') ?? 0).toBe(0);
    const hovered = stubContext();
    paintDepth(hovered.ctx, scene({ hover: { side: 'ask', index: 1 } }));
    expect(hovered.calls.get('arc')).toBe(1);
    expect(hovered.calls.get('fill')).toBe(3);
    // a chosen level deeper than the book is at the moment is not marked
    const gone = stubContext();
    paintDepth(gone.ctx, scene({ hover: { side: 'ask', index: 5 } }));
    expect(gone.calls.get('arc') ?? 0).toBe(0);
  });

  it('draws nothing of an empty book', () => {
    const { ctx, calls } = stubContext();
    paintDepth(ctx, scene({ ...depthSeries({ ...view, bids: [], asks: [] }) }));
    expect(calls.get('fill') ?? 0).toBe(0);
    expect(calls.get('clearRect')).toBe(1);
  });
});
