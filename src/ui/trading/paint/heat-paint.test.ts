import { scaleLinear } from 'd3-scale';
import { describe, expect, it } from 'vitest';
import type { HeatSample } from '../../../engine/api.ts';
import type { HeatTrade } from '../../../engine/api.ts';
import { bubblesOf, HeatHeld, heatGrid, HEAT_ROW_PX, rampRgba } from './heat-paint.ts';

const MIN = 60_000;
const time = Float64Array.from([0, 1, 2, 3, 4], (i) => 1_000_000 + i * MIN);
// prices 100 (bottom) to 110 (top) over a pane 100 px high from y = 20
const pane = { y: 20, height: 100 };
const y = scaleLinear().domain([100, 110]).range([120, 20]);
const frame = { first: 1, last: 5, y, periodMs: MIN, time };
const sample = (t: number, bids: number[], asks: number[]): HeatSample => ({ t, bids, asks });
const rowOf = (price: number) => Math.floor((y(price) - pane.y) / HEAT_ROW_PX);

describe('the depth heatmap', () => {
  it('M1: a bar shows the last sample before its close; bars before the first sample are empty', () => {
    const samples = [
      sample(time[2] ?? 0, [104, 1], [106, 2]), // during bar 2
      sample((time[2] ?? 0) + 30_000, [104, 5], [106, 2]), // later in bar 2: its close
      sample((time[3] ?? 0) + MIN, [103, 7], []), // at bar 3's close: bar 4's
    ];
    const g = heatGrid(frame, pane, samples);
    expect(g.cols).toBe(4);
    expect(g.rows).toBe(100 / HEAT_ROW_PX);
    const at = (bar: number, price: number) => g.cells[(bar - 1) * g.rows + rowOf(price)] ?? 0;
    expect(g.cells.subarray(0, g.rows).every((v) => v === 0)).toBe(true); // bar 1: no sample yet
    expect(at(2, 104)).toBe(5);
    expect(at(2, 106)).toBe(2);
    expect(at(3, 104)).toBe(5); // unchanged book: the same sample
    expect(at(4, 103)).toBe(7);
    expect(at(4, 104)).toBe(0);
  });

  it('M2: levels in one band add up, and the strongest band in view sets the scale', () => {
    const g = heatGrid(frame, pane, [sample(0, [105, 1, 104.99, 2, 101, 4], [109, 9, 200, 50])]);
    expect(g.cells[rowOf(105)]).toBe(3);
    expect(g.max).toBe(9); // 200 is off the pane
    expect(rampRgba(0)).toEqual([40, 110, 230, 36]); // faint blue, 0.14 opaque
    expect(rampRgba(1)).toEqual([250, 210, 40, 179]); // yellow, 0.70 opaque
  });

  it('M3: trades become one bubble per side and cell, at their amount-weighted centre', () => {
    const x = scaleLinear().domain([1, 5]).range([0, 400]); // 100 px a bar
    const t0 = time[2] ?? 0;
    const trade = (id: number, at: number, price: number, amount: number, side: 'buy' | 'sell') =>
      ({ id, t: at, price, amount, side }) satisfies HeatTrade;
    // 10,000 buys at one price within a few ms: one bubble, however many trades
    const many = Array.from({ length: 10_000 }, (_, i) => trade(i, t0 + i / 100, 105, 1, 'buy'));
    const trades = [
      trade(-2, (time[0] ?? 0) + 10, 105, 50, 'buy'), // before the bars in view: not drawn
      ...many,
      trade(20_000, t0 + 200, 105, 3, 'sell'), // the same place, the other side: its own bubble
      trade(20_001, t0 + 30_000, 108, 1, 'buy'), // half a bar later, higher: another cell
      trade(20_002, t0 + 30_001, 108, 3, 'buy'),
    ];
    const { bubbles, biggest } = bubblesOf({ first: 1, last: 5, x, y, time }, trades, MIN);
    expect(bubbles.map((b) => [b.side, b.amount])).toEqual([
      ['buy', 10_000],
      ['sell', 3],
      ['buy', 4],
    ]);
    expect(biggest).toBe(10_000);
    const later = bubbles[2];
    // weighted: 1 at x(2.5) and 3 at x(2.5 + 1 ms of a bar) ≈ x(2.5); y of 108
    expect((later?.x ?? 0) / (later?.amount ?? 1)).toBeCloseTo(x(2.5), 1);
    expect((later?.y ?? 0) / (later?.amount ?? 1)).toBeCloseTo(y(108), 6);
  });

  it('the worker takes the page’s parts only in order, the whole history under a new key', () => {
    const held = new HeatHeld();
    const s = (t: number) => sample(t, [1, 1], []);
    expect(
      held.take({ key: 'a#1', sampleFrom: 0, samples: [s(1)], tradeFrom: 0, trades: [] }),
    ).toBe(true);
    expect(
      held.take({ key: 'a#1', sampleFrom: 1, samples: [s(2)], tradeFrom: 0, trades: [] }),
    ).toBe(true);
    expect(held.samples.map((x) => x.t)).toEqual([1, 2]);
    // an hour of a busy pair in one part (200,000 trades: a spread would overflow the stack)
    const hour = Array.from({ length: 200_000 }, (_, i) => ({
      id: i,
      t: i,
      price: 1,
      amount: 1,
      side: 'sell' as const,
    }));
    expect(held.take({ key: 'h#1', sampleFrom: 0, samples: [], tradeFrom: 0, trades: hour })).toBe(
      true,
    );
    expect(held.trades.length).toBe(200_000);
    expect(
      held.take({ key: 'a#1', sampleFrom: 0, samples: [s(1), s(2)], tradeFrom: 0, trades: [] }),
    ).toBe(true);
    // a part that skips what the worker holds: refused, nothing kept (the page sends all again)
    expect(
      held.take({ key: 'a#1', sampleFrom: 5, samples: [s(9)], tradeFrom: 0, trades: [] }),
    ).toBe(false);
    expect(held.take({ key: 'a#1', sampleFrom: 2, samples: [], tradeFrom: 0, trades: [] })).toBe(
      false,
    );
    expect(
      held.take({ key: 'b#2', sampleFrom: 0, samples: [s(7)], tradeFrom: 0, trades: [] }),
    ).toBe(true);
    expect(held.samples.map((x) => x.t)).toEqual([7]);
  });
});
