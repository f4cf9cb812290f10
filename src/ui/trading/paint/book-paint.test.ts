// The book side's geometry (levels ↔ canvas y, both sides, scrolled) and its paint, against a
// recording stub of CanvasRenderingContext2D (node has no canvas).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookRow } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import {
  BOOK_ROW_HEIGHT as H,
  levelAt,
  levelsInView,
  paintBookSide,
  rowTop,
} from './book-paint.ts';
import type { BookPaintScene, Side } from './book-paint.ts';
import { paintTrades } from './trades-paint.ts';
import { TEST_COLORS } from './paint-test-colors.ts';

const COLORS = TEST_COLORS;

interface Call {
  op: string;
  args: unknown[];
  fillStyle: unknown;
  textAlign: unknown;
  font: unknown;
}

function stubContext(): { ctx: CanvasRenderingContext2D; calls: Call[] } {
  const calls: Call[] = [];
  const state: Record<string, unknown> = {};
  const ctx = new Proxy(state, {
    get(obj, prop: string) {
      if (prop in obj) return obj[prop];
      return (...args: unknown[]) => {
        calls.push({
          op: prop,
          args,
          fillStyle: obj['fillStyle'],
          textAlign: obj['textAlign'],
          font: obj['font'],
        });
      };
    },
    set(obj, prop: string, value: unknown) {
      obj[prop] = value;
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

const row = (price: string, amount: string, total: string, depth = 0.5, own = false): BookRow => ({
  price: price as DecStr,
  amount: amount as DecStr,
  total: total as DecStr,
  depth,
  own: own ? { amount: '0.05' as DecStr, ids: [1], prices: ['100' as DecStr] } : null,
});

const FORMAT = (v: string, dp: number): string => `${v}/${dp}`;

function scene(over: Partial<BookPaintScene>): BookPaintScene {
  return {
    side: 'bid',
    width: 300,
    height: 100,
    offset: 0,
    rows: [],
    start: 0,
    count: 0,
    priceDp: 2,
    amountDp: 4,
    colors: COLORS,
    format: FORMAT,
    hover: null,
    flashing: new Set(),
    ...over,
  };
}

const texts = (calls: Call[]) => calls.filter((c) => c.op === 'fillText');

describe('book side geometry', () => {
  it('puts the best bid at the top and the best ask at the bottom', () => {
    expect(rowTop('bid', 0, 100, 0)).toBe(0);
    expect(rowTop('bid', 2, 100, 0)).toBe(2 * H);
    expect(rowTop('ask', 0, 100, 0)).toBe(100 - H);
    expect(rowTop('ask', 2, 100, 0)).toBe(100 - 3 * H);
  });

  it('moves the levels away from the spread as the side scrolls', () => {
    expect(rowTop('bid', 3, 100, 30)).toBe(3 * H - 30);
    expect(rowTop('ask', 3, 100, 30)).toBe(100 - 4 * H + 30);
    expect(levelsInView(100, 30, 1000)).toEqual({ first: 1, last: 6 });
    expect(levelsInView(100, 0, 3)).toEqual({ first: 0, last: 2 });
    expect(levelsInView(100, 0, 0)).toEqual({ first: 0, last: -1 });
    // at rest, a row that would be cut by the panel's far edge is not drawn (issue 20)
    expect(levelsInView(210, 0, 1000)).toEqual({ first: 0, last: 9 });
    expect(levelsInView(200, 0, 1000)).toEqual({ first: 0, last: 9 });
    for (const side of ['ask', 'bid'] as const) {
      const { last } = levelsInView(215, 0, 1000);
      const top = rowTop(side, last, 215, 0);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top + 20).toBeLessThanOrEqual(215);
    }
  });

  it('finds the level drawn at any y (levelAt inverts rowTop)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Side>('bid', 'ask'),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 40, max: 900 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: H - 1 }),
        (side, level, height, offset, within) => {
          const y = rowTop(side, level, height, offset) + within;
          expect(levelAt(side, y, height, offset)).toBe(level);
        },
      ),
    );
  });
});

describe('paintBookSide', () => {
  const rows = [row('101', '1', '1', 0.25), row('100', '2', '3', 0.75, true), row('99', '3', '6')];

  it('draws price, amount and total of every level in view, in the side colours', () => {
    const { ctx, calls } = stubContext();
    paintBookSide(ctx, scene({ rows, count: 3 }));
    const t = texts(calls);
    expect(t.map((c) => c.args[0])).toEqual([
      '101/2',
      '1/4',
      '1/4',
      '100/2',
      '2/4',
      // the own level shows the user's amount in its last column, not the total
      '0.05/4',
      '99/2',
      '3/4',
      '6/4',
    ]);
    expect(t[0]).toMatchObject({ fillStyle: 'green', textAlign: 'left' });
    expect(t[1]).toMatchObject({ fillStyle: 'white', textAlign: 'right' });
    expect(t[2]).toMatchObject({ fillStyle: 'grey', textAlign: 'right' });
    // the own level: bold price, the user's amount in the accent's text colour, and a marker
    expect(t[3]?.font).toBe(COLORS.boldFont);
    expect(t[5]).toMatchObject({ fillStyle: 'darkgoldenrod', font: COLORS.boldFont });
    expect(calls.filter((c) => c.op === 'fill' && c.fillStyle === 'darkgoldenrod')).toHaveLength(1);
    // texts are centred in their rows
    expect(t.map((c) => c.args[2])).toEqual([10, 10, 10, 30, 30, 30, 50, 50, 50]);
  });

  it('draws the depth bar from the right edge, as wide as the depth', () => {
    const { ctx, calls } = stubContext();
    paintBookSide(ctx, scene({ side: 'ask', rows, count: 3 }));
    const bars = calls.filter((c) => c.op === 'fillRect' && c.fillStyle === 'pink');
    expect(bars.map((c) => c.args)).toEqual([
      [225, 100 - H + 1, 75, H - 2],
      [75, 100 - 2 * H + 1, 225, H - 2],
      [150, 100 - 3 * H + 1, 150, H - 2],
    ]);
    // and underlined in the side's full colour (3:1 against the panel), below the digits
    const lines = calls.filter((c) => c.op === 'fillRect' && c.fillStyle === 'red');
    expect(lines.map((c) => c.args)).toEqual([
      [225, 100 - 3, 75, 2],
      [75, 100 - H - 3, 225, 2],
      [150, 100 - 2 * H - 3, 150, 2],
    ]);
  });

  it('paints only the levels in view and those the engine sent', () => {
    const { ctx, calls } = stubContext();
    // levels 10 … 12 sent, the side scrolled to level 11: 11 and 12 are drawn, 13 … unknown
    const sent = [row('90', '1', '1'), row('89', '1', '2'), row('88', '1', '3')];
    paintBookSide(ctx, scene({ rows: sent, start: 10, count: 1000, offset: 11 * H, height: 60 }));
    expect(texts(calls).map((c) => c.args[0])).toEqual([
      '89/2',
      '1/4',
      '2/4',
      '88/2',
      '1/4',
      '3/4',
    ]);
  });

  it('highlights the hovered level and the flashing amounts', () => {
    const { ctx, calls } = stubContext();
    paintBookSide(ctx, scene({ rows, count: 3, hover: 2, flashing: new Set(['100']) }));
    const fills = calls.filter((c) => c.op === 'fillRect');
    expect(fills.filter((c) => c.fillStyle === 'hover').map((c) => c.args[1])).toEqual([2 * H]);
    expect(fills.filter((c) => c.fillStyle === 'flash').map((c) => c.args[1])).toEqual([H + 1]);
  });
});

describe('paintBookSide, repainting what changed (issue 19)', () => {
  const rows = [row('101', '1', '1', 0.25), row('100', '2', '3', 0.75), row('99', '3', '6', 1)];

  it('repaints only the rows that changed, clearing just their band, and clears rows gone', () => {
    const first = stubContext();
    const memo = paintBookSide(first.ctx, scene({ rows, count: 3 }));
    const { ctx, calls } = stubContext();
    const next = [rows[0], row('100', '2.5', '3.5', 0.8), row('99', '3', '6.5', 1)].filter(
      (r) => r !== undefined,
    );
    const memo2 = paintBookSide(ctx, scene({ rows: next, count: 3 }), memo);
    expect(texts(calls).map((c) => c.args[0])).toEqual([
      '100/2',
      '2.5/4',
      '3.5/4',
      '99/2',
      '3/4',
      '6.5/4',
    ]);
    const clears = calls.filter((c) => c.op === 'clearRect').map((c) => c.args);
    expect(clears).toEqual([
      [0, H, 300, H],
      [0, 2 * H, 300, H],
    ]);
    // the same rows again: nothing is drawn; one row fewer: only its band is cleared
    const again = stubContext();
    const memo3 = paintBookSide(again.ctx, scene({ rows: next, count: 3 }), memo2);
    expect(again.calls.filter((c) => c.op !== 'setTextBaseline')).toEqual([]);
    const fewer = stubContext();
    paintBookSide(fewer.ctx, scene({ rows: next.slice(0, 2), count: 2 }), memo3);
    expect(texts(fewer.calls)).toEqual([]);
    expect(fewer.calls.filter((c) => c.op === 'clearRect').map((c) => c.args)).toEqual([
      [0, 2 * H, 300, H],
    ]);
  });

  it('paints everything again when the geometry, the colours or the hover change', () => {
    const memo = paintBookSide(stubContext().ctx, scene({ rows, count: 3 }));
    const taller = stubContext();
    paintBookSide(taller.ctx, scene({ rows, count: 3, height: 120 }), memo);
    expect(texts(taller.calls)).toHaveLength(9);
    expect(taller.calls.filter((c) => c.op === 'clearRect').map((c) => c.args)).toEqual([
      [0, 0, 300, 120],
    ]);
    const hovered = stubContext();
    paintBookSide(hovered.ctx, scene({ rows, count: 3, hover: 1 }), memo);
    expect(texts(hovered.calls).map((c) => c.args[0])).toEqual(['100/2', '2/4', '3/4']);
  });
});

describe('paintTrades', () => {
  const trade = (id: number, price: string, direction: 'buy' | 'sell') => ({
    id,
    price: price as DecStr,
    amount: '0.5' as DecStr,
    direction,
    time: id * 1000,
  });

  it('paints the newest trades first, price coloured by the taker, as many as fit', () => {
    const { ctx, calls } = stubContext();
    const list = [trade(3, '101', 'buy'), trade(2, '100', 'sell'), trade(1, '99', 'buy')];
    paintTrades(ctx, {
      width: 300,
      height: 2 * H,
      trades: list,
      priceDp: 2,
      amountDp: 4,
      colors: COLORS,
      format: FORMAT,
      time: (ms) => `t${ms}`,
    });
    const t = texts(calls);
    expect(t.map((c) => c.args[0])).toEqual(['101/2', '0.5/4', 't3000', '100/2', '0.5/4', 't2000']);
    expect(t.map((c) => c.fillStyle)).toEqual(['green', 'white', 'grey', 'red', 'white', 'grey']);
    expect(t.map((c) => c.args[2])).toEqual([10, 10, 10, 30, 30, 30]);
  });
});
