// The lines under the user's pointer (issue 46): a line taken within reach is dragged and given
// to the screen on a tick of the pair (D1), a line let go where it was gives nothing (D2), its ×
// cancels, a line that may not move is not taken, and a right click or a long press offers an
// order at the price pointed at.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartLayout } from '../paint/chart-layout.ts';
import { priceScale } from '../paint/chart-geometry.ts';
import { closeBox, placeLine } from '../paint/chart-lines.ts';
import { LineInput, onTick, type LineEvents, type LineSpec } from './chart-line-input.ts';

const layout = chartLayout(800, 400, 60, true);
const y = priceScale(layout.price, [100, 200]);

function spec(price: string, over: Partial<LineSpec> = {}): LineSpec {
  return {
    key: `o${price}`,
    price,
    label: 'Buy 1',
    tone: 'buy',
    dashed: false,
    cancellable: true,
    draggable: true,
    focused: false,
    moving: false,
    ...over,
  };
}

function setup(lines: LineSpec[], decimals = 2) {
  const heard: { drop: [string, string][]; cancel: string[]; offer: string[] } = {
    drop: [],
    cancel: [],
    offer: [],
  };
  const events: LineEvents = {
    drop: (k, p) => heard.drop.push([k, p]),
    cancel: (k) => heard.cancel.push(k),
    offer: (at) => heard.offer.push(at.price),
  };
  let stopped = 0;
  const input = new LineInput({
    geometry: () => ({ layout, y }),
    precision: () => decimals,
    timeAt: () => null,
    redraw: () => undefined,
    cursor: () => undefined,
    stopGesture: () => (stopped += 1),
  });
  input.setLines(lines);
  input.listen(events);
  return { input, heard, stopped: () => stopped };
}

const at = (price: number): number => placeLine(layout.price, y, price).y;

afterEach(() => vi.useRealTimers());

describe('LineInput', () => {
  it('drags a line and gives its new price on the pair’s tick', () => {
    const { input, heard } = setup([spec('150.00')]);
    expect(input.pointerDown(300, at(150) + 3)).toBe(true);
    input.pointerMove(300, at(175));
    expect(input.scene()[0]?.moving).toBe(true);
    input.pointerUp();
    expect(heard.drop).toHaveLength(1);
    const [key, price] = heard.drop[0] ?? ['', ''];
    expect(key).toBe('o150.00');
    expect(Math.abs(Number(price) - 175)).toBeLessThan(0.5);
    // drawn at the dropped price until the screen's lines come
    expect(Math.abs((input.scene()[0]?.price ?? 0) - 175)).toBeLessThan(0.5);
  });

  it('D1 drop-on-tick and D2 no-drop-without-move, wherever the pointer goes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.array(fc.double({ min: -50, max: 500, noNaN: true }), { maxLength: 6 }),
        (decimals, moves) => {
          const { input, heard } = setup([spec('150')], decimals);
          input.pointerDown(200, at(150));
          for (const m of moves) input.pointerMove(200, m);
          input.pointerUp();
          for (const [, price] of heard.drop) {
            expect(price).toMatch(
              decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${decimals}}$`),
            );
            expect(Number(price)).toBeGreaterThan(0);
            expect(Number(price)).not.toBe(150);
          }
          if (moves.length === 0) expect(heard.drop).toHaveLength(0);
        },
      ),
    );
  });

  it('the × cancels; a line that may not move is not taken; far from every line, nothing', () => {
    const { input, heard } = setup([spec('120', { draggable: false }), spec('180')]);
    const box = closeBox(layout.price, at(180));
    expect(input.pointerDown(box.x + 5, box.y + 5)).toBe(true);
    expect(heard.cancel).toEqual(['o180']);
    expect(input.pointerDown(400, at(120))).toBe(false);
    expect(input.pointerDown(400, at(150))).toBe(false);
    expect(heard.drop).toHaveLength(0);
  });

  it('a right click offers an order at the price under it; none outside the price pane', () => {
    const { input, heard } = setup([]);
    expect(input.offerAt(100, at(125))).toBe(true);
    expect(Number(heard.offer[0])).toBeCloseTo(125, 0);
    expect(input.offerAt(100, layout.volume.y + 5)).toBe(false);
  });

  it('a long press offers an order; a press that moves does not', () => {
    vi.useFakeTimers();
    const { input, heard, stopped } = setup([]);
    input.pressStart(100, at(140));
    vi.advanceTimersByTime(600);
    expect(heard.offer).toHaveLength(1);
    expect(stopped()).toBe(1);
    input.pressStart(100, at(140));
    input.pointerMove(100, at(140) + 20);
    vi.advanceTimersByTime(600);
    expect(heard.offer).toHaveLength(1);
  });

  it('onTick: at least one tick, the pair’s decimals', () => {
    expect(onTick(-3, 2)).toBe('0.01');
    expect(onTick(123.456, 2)).toBe('123.46');
    expect(onTick(Number.NaN, 0)).toBe('1');
  });
});
