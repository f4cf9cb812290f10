import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.ts';
import type { TrailState } from './lever-trailing.ts';
import { trailLine, trailRateProblem, trailStep } from './lever-trailing.ts';

/** Steps a trailing stop over `prices`; the index it fired at (or -1) and its last state. */
function run(side: 1 | 2, s: TrailState, prices: readonly string[]) {
  let state = s;
  for (const [i, price] of prices.entries()) {
    const r = trailStep(side, state, price);
    state = { ...state, peak: r.peak };
    if (r.fired) return { at: i, state };
  }
  return { at: -1, state };
}

describe('a trailing stop', () => {
  it('worked example: a long at 1 % follows 100 → 110 and closes at 108.9 or below', () => {
    const r = run(1, { rate: '1', activation: '0', peak: '0' }, [
      '100',
      '105',
      '110',
      '109',
      '108.9',
    ]);
    expect(r.at).toBe(4);
    expect(new Decimal(r.state.peak).toFixed()).toBe('110');
    expect(trailLine(1, '110', '1').toFixed()).toBe('108.9');
  });

  it('a short mirrors it: 2 % above its lowest', () => {
    const r = run(2, { rate: '2', activation: '0', peak: '0' }, [
      '100',
      '95',
      '96',
      '96.89',
      '96.9',
    ]);
    expect(r.at).toBe(4);
    expect(new Decimal(r.state.peak).toFixed()).toBe('95');
  });

  it('waits for its activation price, and never fires on the step that activates it', () => {
    const s = { rate: '1', activation: '105', peak: '0' };
    expect(run(1, s, ['100', '90', '80']).at).toBe(-1);
    expect(new Decimal(run(1, s, ['100', '90']).state.peak).isZero()).toBe(true);
    const r = run(1, s, ['100', '105', '104', '103.95']);
    expect(r.at).toBe(3);
  });

  it('does nothing without a rate', () => {
    expect(run(1, { rate: '0', activation: '0', peak: '0' }, ['1', '1000', '1']).at).toBe(-1);
  });

  it('takes a rate from 0.1 to 10 %, in steps of 0.01', () => {
    for (const ok of ['0.1', '1', '2.55', '10']) expect(trailRateProblem(ok), ok).toBeNull();
    for (const bad of ['', 'abc', '1e1', '-1', '1.234', ' '])
      expect(trailRateProblem(bad)).toBe('format');
    for (const out of ['0', '0.09', '10.01', '50']) expect(trailRateProblem(out)).toBe('range');
  });

  it('property: it fires exactly when the price is back by the rate from the best price since it was active', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<1 | 2>(1, 2),
        fc.integer({ min: 10, max: 1000 }).map((n) => new Decimal(n).dividedBy(100)),
        fc.array(fc.integer({ min: 1000, max: 2000 }), { minLength: 1, maxLength: 60 }),
        (side, rate, ticks) => {
          const prices = ticks.map((t) => new Decimal(t).toFixed());
          const r = run(side, { rate, activation: '0', peak: '0' }, prices);
          // the best price up to each step, from the first (which activates it)
          let best = new Decimal(prices[0] ?? '0');
          for (let i = 1; i < prices.length; i++) {
            const p = new Decimal(prices[i] ?? '0');
            best = side === 1 ? Decimal.max(best, p) : Decimal.min(best, p);
            const line = trailLine(side, best, rate);
            const back = side === 1 ? p.lte(line) : p.gte(line);
            if (back) {
              expect(r.at).toBe(i);
              return;
            }
          }
          expect(r.at).toBe(-1);
        },
      ),
      { numRuns: 300 },
    );
  });
});
