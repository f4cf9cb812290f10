// The depth chart's read-out is exact (never a float sum of prices), and the level under the
// pointer is the deepest one the price reaches into, on the side of the mid it lies on.
import { describe, expect, it } from 'vitest';
import type { DepthView } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import { depthFigures, depthSeries, levelAtPrice } from './depth-math.ts';

const d = (v: string) => v as DecStr;
const view: DepthView = {
  symbol: 'BTC/USDT',
  grouping: 1,
  bids: [
    [d('100.1'), d('0.1')],
    [d('100'), d('0.2')],
    [d('99.9'), d('0.3')],
  ],
  asks: [
    [d('100.2'), d('1')],
    [d('100.3'), d('2')],
  ],
  at: 0,
};

describe('depth figures', () => {
  it('sums from the best level, exactly, and averages the fill', () => {
    expect(depthFigures(view, 'bid', 2)).toEqual({
      side: 'bid',
      price: '99.9',
      amount: '0.6',
      // 10.01 + 20 + 29.97
      total: '59.98',
      average: '99.966666666666666666666666666666666666666666666666666666666666666666666666666667',
    });
    expect(depthFigures(view, 'ask', 1)).toMatchObject({ amount: '3', total: '300.8' });
    expect(depthFigures(view, 'ask', 5)).toBeNull();
  });

  it('finds the level under a price: the deepest the price reaches, on its side of the mid', () => {
    const s = depthSeries(view);
    expect(Array.from(s.bids.totals)).toEqual([0.1, 0.30000000000000004, 0.6000000000000001]);
    expect(levelAtPrice(s, 99.95)).toEqual({ side: 'bid', index: 1 });
    expect(levelAtPrice(s, 90)).toEqual({ side: 'bid', index: 2 });
    expect(levelAtPrice(s, 100.15)).toEqual({ side: 'bid', index: 0 });
    expect(levelAtPrice(s, 100.16)).toEqual({ side: 'ask', index: 0 });
    expect(levelAtPrice(s, 100.35)).toEqual({ side: 'ask', index: 1 });
  });
});
