import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crossesInto, DEATH, GOLDEN, movingAverageInto, prefixSumInto } from './indicators.ts';

const series = fc.array(fc.double({ min: 0.0001, max: 1e6, noNaN: true }), {
  minLength: 0,
  maxLength: 120,
});

function ma(values: number[], window: number, from = 0, seed?: Float64Array): Float64Array {
  const out = seed ?? new Float64Array(values.length);
  const prefix = new Float64Array(values.length);
  prefixSumInto(prefix, Float64Array.from(values), values.length, 0);
  movingAverageInto(out, prefix, values.length, window, from);
  return out;
}

describe('movingAverageInto', () => {
  it('I1 ma-is-window-mean', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 1, max: 25 }), (values, window) => {
        const out = ma(values, window);
        values.forEach((_, i) => {
          const got = out[i] ?? NaN;
          if (i < window - 1) {
            expect(got).toBeNaN();
          } else {
            const slice = values.slice(i - window + 1, i + 1);
            const mean = slice.reduce((a, b) => a + b, 0) / window;
            expect(Math.abs(got - mean)).toBeLessThanOrEqual(1e-9 * Math.max(1, mean));
          }
        });
      }),
    );
  });

  it('I2 ma-from-equals-scratch', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 1, max: 25 }), fc.nat(), (values, window, k) => {
        const scratch = ma(values, window);
        const from = values.length === 0 ? 0 : k % values.length;
        const stale = scratch.slice();
        for (let i = from; i < stale.length; i++) stale[i] = -1;
        const again = ma(values, window, from, stale);
        expect(Array.from(again)).toEqual(Array.from(scratch));
      }),
    );
  });

  it('running sums recomputed from any index equal the full pass', () => {
    fc.assert(
      fc.property(series, fc.nat(), (values, k) => {
        const v = Float64Array.from(values);
        const full = new Float64Array(values.length);
        prefixSumInto(full, v, values.length, 0);
        const from = values.length === 0 ? 0 : k % values.length;
        const again = full.slice();
        again.fill(-1, from);
        prefixSumInto(again, v, values.length, from);
        expect(Array.from(again)).toEqual(Array.from(full));
      }),
    );
  });

  it('averages a small example', () => {
    expect(Array.from(ma([1, 2, 3, 4], 2))).toEqual([NaN, 1.5, 2.5, 3.5]);
  });
});

describe('crossesInto', () => {
  function marks(fast: number[], slow: number[], from = 0, seed?: Int8Array): number[] {
    const out = seed ?? new Int8Array(fast.length);
    crossesInto(out, Float64Array.from(fast), Float64Array.from(slow), fast.length, from);
    return Array.from(out);
  }

  it('marks golden and death crosses', () => {
    expect(marks([1, 2, 3, 2, 1], [2, 2, 2, 2, 2])).toEqual([0, 0, GOLDEN, 0, DEATH]);
    // A touch that does not cross is not a cross.
    expect(marks([3, 2, 3], [2, 2, 2])).toEqual([0, 0, 0]);
    // NaN (no full window yet) carries no sign.
    expect(marks([NaN, 1, 3], [NaN, 2, 2])).toEqual([0, 0, GOLDEN]);
  });

  it('I3 crosses-alternate', () => {
    const pair = fc.array(
      fc.tuple(
        fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constant(NaN)),
        fc.integer({ min: 0, max: 5 }),
      ),
      { maxLength: 80 },
    );
    fc.assert(
      fc.property(pair, fc.nat(), (rows, k) => {
        const fast = rows.map((r) => r[0]);
        const slow = rows.map((r) => r[1]);
        const out = marks(fast, slow);
        let prev = 0;
        let lastMark = 0;
        rows.forEach(([f, s], i) => {
          const d = f - s;
          const sign = Number.isFinite(d) && d !== 0 ? Math.sign(d) : 0;
          const expected = sign !== 0 && prev !== 0 && sign !== prev ? sign : 0;
          expect(out[i]).toBe(expected);
          if (expected !== 0) {
            expect(expected).not.toBe(lastMark);
            lastMark = expected;
          }
          if (sign !== 0) prev = sign;
        });
        const from = rows.length === 0 ? 0 : k % rows.length;
        const stale = Int8Array.from(out);
        stale.fill(7, from);
        expect(marks(fast, slow, from, stale)).toEqual(out);
      }),
    );
  });
});
