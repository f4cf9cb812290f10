// The book's middle row as the paint worker draws it (issue 19): the last price in its
// direction's colour, the spread and its share in the page's words, against a recording stub of
// the 2D context (node has no canvas).
import { describe, expect, it } from 'vitest';
import { paintMid, PERCENT_SLOT } from './mid-paint.ts';
import type { MidPaintScene } from './mid-paint.ts';
import { TEST_COLORS } from './paint-test-colors.ts';

const COLORS = TEST_COLORS;

interface Drawn {
  text: string;
  color: unknown;
  font: unknown;
}

function draw(patch: Partial<MidPaintScene>): { texts: Drawn[]; fills: number } {
  const texts: Drawn[] = [];
  let fills = 0;
  const state: Record<string, unknown> = {};
  const ctx = new Proxy(state, {
    get(obj, prop: string) {
      if (prop in obj) return obj[prop];
      if (prop === 'measureText') return (t: string) => ({ width: t.length * 6 });
      if (prop === 'fillText')
        return (text: string) => texts.push({ text, color: obj['fillStyle'], font: obj['font'] });
      if (prop === 'fill') return () => (fills += 1);
      return () => undefined;
    },
    set(obj, prop: string, value: unknown) {
      obj[prop] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  paintMid(ctx, {
    width: 300,
    height: 34,
    last: '70123.4',
    direction: 'up',
    spread: '0.5',
    bestAsk: '70123.5',
    priceDp: 2,
    spreadLabel: 'Spread',
    percentMessage: `(${PERCENT_SLOT}%)`,
    colors: COLORS,
    format: (v, dp) => Number(v).toFixed(dp),
    ...patch,
  });
  return { texts, fills };
}

describe('paintMid', () => {
  it('draws the last price in its direction, with an arrow, and the spread with its share', () => {
    const { texts, fills } = draw({});
    expect(texts[0]).toEqual({ text: '70123.40', color: 'green', font: '600 17px sans-serif' });
    expect(fills).toBe(1);
    expect(texts.slice(1).map((t) => [t.text, t.color])).toEqual([
      [' (0.00%)', 'grey'],
      ['0.50', 'white'],
      ['Spread ', 'grey'],
    ]);
    expect(draw({ direction: 'down' }).texts[0]?.color).toBe('red');
  });

  it('leaves out the label, then the share, where the row is too narrow; never overlaps', () => {
    // stub text is 6 px a character: the price and its arrow take 12 + 48 + 4 + 10 px, and the
    // spread keeps 8 px more from them and 12 px from the right edge
    expect(draw({ width: 300 }).texts.map((t) => t.text)).toEqual([
      '70123.40',
      ' (0.00%)',
      '0.50',
      'Spread ',
    ]);
    expect(draw({ width: 180 }).texts.map((t) => t.text)).toEqual(['70123.40', ' (0.00%)', '0.50']);
    expect(draw({ width: 130 }).texts.map((t) => t.text)).toEqual(['70123.40', '0.50']);
    expect(draw({ width: 100 }).texts.map((t) => t.text)).toEqual(['70123.40']);
  });

  it("writes every number, the share too, in the reader's format", () => {
    const comma = (v: string, dp: number): string => Number(v).toFixed(dp).replace('.', ',');
    const { texts } = draw({ format: comma, spread: '35.5', bestAsk: '7100' });
    expect(texts.map((t) => t.text)).toEqual(['70123,40', ' (0,50%)', '35,50', 'Spread ']);
  });

  it('shows dashes and no arrow or share while a figure is missing', () => {
    const { texts, fills } = draw({ last: null, direction: 'flat', spread: null, bestAsk: null });
    expect(texts.map((t) => t.text)).toEqual(['--', '--', 'Spread ']);
    expect(texts[0]?.color).toBe('white');
    expect(fills).toBe(0);
  });
});
