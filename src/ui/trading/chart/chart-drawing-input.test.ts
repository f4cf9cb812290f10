// The drawings under the user's pointer and keys (issue 46): a tool draws with a press and a drag
// (a press alone gives a second point ten bars on), a drawing is taken near its stroke and moved
// whole by bars and ticks, a drawing let go where it was saves nothing (I2), every saved drawing
// is one the workspace keeps (I1), and Delete and Escape do what they say.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bar } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import { parseDrawing, type Drawing } from '../../../shared/drawings.ts';
import { syncBarCache } from '../paint/bar-cache.ts';
import { chartLayout } from '../paint/chart-layout.ts';
import { priceScale } from '../paint/chart-geometry.ts';
import { barScale } from '../paint/chart-drawings.ts';
import { DrawingInput, shifted, type DrawingEvents } from './chart-drawing-input.ts';
import { onTick } from './chart-line-input.ts';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 1);
const layout = chartLayout(800, 400, 60, false);
const y = priceScale(layout.price, [100, 200]);
const bars: Bar[] = Array.from({ length: 100 }, (_, i) => {
  const c = String(150 + (i % 7)) as DecStr;
  return { time: T0 + i * MINUTE, open: c, high: c, low: c, close: c, volume: '1' as DecStr };
});
const series = syncBarCache(null, 'BTC/USDT|1min', bars).cache;
/** Bars 50 to 100 in view: 740 px / 50 bars. */
const x = barScale(layout.price, { from: 50, to: 100 });

function setup(drawings: Drawing[] = [], decimals = 2) {
  const heard = {
    save: [] as Drawing[],
    select: [] as (string | null)[],
    done: 0,
    remove: [] as string[],
  };
  const events: DrawingEvents = {
    save: (d) => heard.save.push(d),
    select: (id) => heard.select.push(id),
    toolDone: () => (heard.done += 1),
    remove: (id) => heard.remove.push(id),
  };
  const input = new DrawingInput({
    space: () => ({ layout, x, y, series, periodSec: 60 }),
    precision: () => decimals,
    redraw: () => undefined,
    cursor: () => undefined,
    grab: () => undefined,
  });
  input.setDrawings(drawings);
  input.listen(events);
  return { input, heard };
}

function must<T>(v: T | null | undefined): T {
  if (v === null || v === undefined) throw new Error('missing');
  return v;
}

/** The pixel of a bar's centre and a price. */
const px = (index: number, price: number) => ({ x: x(index + 0.5), y: y(price) });

describe('DrawingInput', () => {
  it('draws a trend line from the press to where the pointer is let go, on bars and ticks', () => {
    const { input, heard } = setup();
    input.setTool('trend');
    const a = px(60, 120);
    const b = px(80, 180);
    expect(input.pointerDown(a.x, a.y)).toBe(true);
    input.pointerMove(b.x, b.y);
    input.pointerUp();
    expect(heard.save).toHaveLength(1);
    const d = must(heard.save[0]);
    expect(d.kind).toBe('trend');
    expect(d.a.t).toBe(T0 + 60 * MINUTE);
    expect(d.b?.t).toBe(T0 + 80 * MINUTE);
    expect(Number(d.a.p)).toBeCloseTo(120, 0);
    expect(Number(d.b?.p)).toBeCloseTo(180, 0);
    expect(d.a.p).toMatch(/^\d+\.\d{2}$/);
    expect(heard.done).toBe(1);
    // the tool is put down: the next press takes nothing and draws nothing
    expect(input.pointerDown(px(90, 110).x, px(90, 110).y)).toBe(false);
  });

  it('gives a drawing made by a press alone a second point ten bars on', () => {
    const { input, heard } = setup();
    input.setTool('rect');
    const a = px(60, 150);
    input.pointerDown(a.x, a.y);
    input.pointerUp();
    const d = must(heard.save[0]);
    expect(must(d.b).t - d.a.t).toBe(10 * MINUTE);
    expect(Number(must(d.b).p)).toBeGreaterThan(Number(d.a.p));
  });

  it('draws a horizontal line with one point', () => {
    const { input, heard } = setup();
    input.setTool('hline');
    const a = px(70, 140);
    input.pointerDown(a.x, a.y);
    input.pointerUp();
    expect(heard.save[0]?.b).toBeUndefined();
    expect(Number(heard.save[0]?.a.p)).toBeCloseTo(140, 0);
  });

  it('takes a drawing near its stroke and moves it whole (I2: let go in place saves nothing)', () => {
    const line: Drawing = {
      id: 'h1',
      kind: 'trend',
      a: { t: T0 + 60 * MINUTE, p: '120.00' },
      b: { t: T0 + 80 * MINUTE, p: '180.00' },
    };
    const { input, heard } = setup([line]);
    const mid = px(70, 150);
    expect(input.pointerDown(mid.x, mid.y + 3)).toBe(true);
    expect(input.selected).toBe('h1');
    input.pointerUp();
    expect(heard.save).toHaveLength(0);
    input.pointerDown(mid.x, mid.y);
    const to = px(75, 160);
    input.pointerMove(to.x, to.y);
    input.pointerUp();
    const moved = must(heard.save[0]);
    expect(moved.a.t - line.a.t).toBe(5 * MINUTE);
    expect(must(moved.b).t - must(line.b).t).toBe(5 * MINUTE);
    const dp = Number(moved.a.p) - 120;
    expect(dp).toBeCloseTo(10, 0);
    expect(Number(must(moved.b).p) - 180).toBeCloseTo(dp, 6);
  });

  it('a press away from every drawing takes none and lets the chart pan', () => {
    const { input } = setup([{ id: 'h1', kind: 'hline', a: { t: T0, p: '150.00' } }]);
    const far = px(70, 110);
    expect(input.pointerDown(far.x, far.y)).toBe(false);
  });

  it('Delete asks to remove the selected drawing; Escape puts the tool down', () => {
    const { input, heard } = setup([{ id: 'h1', kind: 'hline', a: { t: T0, p: '150.00' } }]);
    expect(input.key('Delete')).toBe(false);
    input.select('h1');
    expect(input.key('Delete')).toBe(true);
    expect(heard.remove).toEqual(['h1']);
    input.setTool('fib');
    expect(input.key('Escape')).toBe(true);
    expect(heard.done).toBe(1);
    expect(input.selected).toBeNull();
  });

  it('places a drawing in the middle of the view and nudges it by keys', () => {
    const { input, heard } = setup();
    const d = must(input.place('fib'));
    expect(parseDrawing(d)).toEqual(d);
    expect(input.selected).toBe(d.id);
    const up = must(input.nudge(d.id, 1, 1));
    expect(up.a.t - d.a.t).toBe(MINUTE);
    // a hundredth of the view's range (100) is 1
    expect(Number(up.a.p) - Number(d.a.p)).toBeCloseTo(1, 6);
    expect(heard.save.map((s) => s.id)).toEqual([d.id, d.id]);
  });

  it('I1: whatever the pointer does, a saved drawing is one the workspace keeps', () => {
    const coord = fc.record({
      x: fc.double({ min: -50, max: 850, noNaN: true }),
      y: fc.double({ min: -50, max: 450, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.constantFrom('hline', 'trend', 'ray', 'rect', 'fib' as const),
        coord,
        fc.array(coord, { maxLength: 4 }),
        fc.integer({ min: 0, max: 8 }),
        (kind, down, moves, decimals) => {
          const { input, heard } = setup([], decimals);
          input.setTool(kind);
          input.pointerDown(down.x, down.y);
          for (const m of moves) input.pointerMove(m.x, m.y);
          input.pointerUp();
          for (const d of heard.save) expect(parseDrawing(d)).toEqual(d);
        },
      ),
    );
  });
});

describe('shifted and onTick', () => {
  it('keeps every price above 0 and on the tick', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: -2_000_000, max: 2_000_000, noNaN: true }),
        fc.integer({ min: -50, max: 50 }),
        (pa, pb, dp, bars) => {
          const d: Drawing = {
            id: 'x1',
            kind: 'trend',
            a: { t: T0, p: (pa / 100).toFixed(2) },
            b: { t: T0 + MINUTE, p: (pb / 100).toFixed(2) },
          };
          const s = shifted(d, { bars, price: dp, periodSec: 60, precision: 2 });
          expect(parseDrawing(s)).toEqual(s);
          expect(must(s.b).t - s.a.t).toBe(MINUTE);
          // both points moved by the same amount
          expect(Number(must(s.b).p) - Number(s.a.p)).toBeCloseTo(
            Number(must(d.b).p) - Number(d.a.p),
            6,
          );
        },
      ),
    );
  });

  it('puts a price on the tick, never below one tick', () => {
    expect(onTick(123.456, 2)).toBe('123.46');
    expect(onTick(-5, 2)).toBe('0.01');
    expect(onTick(Number.NaN, 3)).toBe('0.001');
    expect(onTick(0.00001, 0)).toBe('1');
  });
});
