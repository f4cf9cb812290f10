// Scale orders' legs (issue 44, ADR 0057): the worked example, the refusals, and as properties
// over any request: the count, the range, the tick and the lot kept, and the amounts adding up
// to the total exactly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.ts';
import { SCALE_MAX, scaleLegs, type ScaleRequest } from './scale.ts';

const req = (over: Partial<ScaleRequest>): ScaleRequest => ({
  from: new Decimal('100'),
  to: new Decimal('90'),
  count: 5,
  total: new Decimal('10'),
  skew: new Decimal('1'),
  pricePrecision: 2,
  amountPrecision: 4,
  ...over,
});

describe('scaleLegs', () => {
  it('spreads the prices evenly and the amounts by the skew; the average says where it fills', () => {
    const flat = scaleLegs(req({}));
    if (!flat.ok) throw new Error(flat.issue);
    expect(flat.legs.map((l) => [l.price.toFixed(), l.amount.toFixed()])).toEqual([
      ['100', '2'],
      ['97.5', '2'],
      ['95', '2'],
      ['92.5', '2'],
      ['90', '2'],
    ]);
    expect(flat.average.toFixed()).toBe('95');
    // three times as much at the last price as at the first: 1, 1.5, 2, 2.5, 3 of 10 parts
    const skewed = scaleLegs(req({ skew: new Decimal(3) }));
    if (!skewed.ok) throw new Error(skewed.issue);
    expect(skewed.legs.map((l) => l.amount.toFixed())).toEqual(['1', '1.5', '2', '2.5', '3']);
    expect(skewed.average.toFixed()).toBe('93.75');
  });

  it('refuses too few or too many orders, a skew out of bounds, no price, no amount, a range too narrow, dust', () => {
    const issue = (over: Partial<ScaleRequest>) => {
      const r = scaleLegs(req(over));
      return r.ok ? 'ok' : r.issue;
    };
    expect(issue({ count: 1 })).toBe('count');
    expect(issue({ count: SCALE_MAX + 1 })).toBe('count');
    expect(issue({ count: 2.5 })).toBe('count');
    expect(issue({ skew: new Decimal(0) })).toBe('skew');
    expect(issue({ skew: new Decimal(11) })).toBe('skew');
    expect(issue({ skew: new Decimal(NaN) })).toBe('skew');
    expect(issue({ from: new Decimal(0) })).toBe('prices');
    expect(issue({ to: new Decimal(-1) })).toBe('prices');
    expect(issue({ total: new Decimal(0) })).toBe('total');
    expect(issue({ from: new Decimal('100'), to: new Decimal('100.03'), count: 5 })).toBe('range');
    expect(issue({ total: new Decimal('0.0003'), count: 5 })).toBe('tooSmall');
  });

  it('any request: the count, prices in the range on the tick, amounts in lots that add up exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 2, max: SCALE_MAX }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 10, max: 100 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 6 }),
        (a, b, count, t, skew10, pp, ap) => {
          const r = req({
            from: new Decimal(a).div(10 ** pp),
            to: new Decimal(b).div(10 ** pp),
            count,
            total: new Decimal(t).div(10 ** ap),
            skew: new Decimal(skew10).div(10),
            pricePrecision: pp,
            amountPrecision: ap,
          });
          const plan = scaleLegs(r);
          if (!plan.ok) return;
          expect(plan.legs).toHaveLength(count);
          const lo = Decimal.min(r.from, r.to);
          const hi = Decimal.max(r.from, r.to);
          let sum = new Decimal(0);
          for (const l of plan.legs) {
            expect(l.price.gte(lo.toDecimalPlaces(pp, Decimal.ROUND_DOWN))).toBe(true);
            expect(l.price.lte(hi.toDecimalPlaces(pp, Decimal.ROUND_UP))).toBe(true);
            expect(l.price.decimalPlaces()).toBeLessThanOrEqual(pp);
            expect(l.amount.decimalPlaces()).toBeLessThanOrEqual(ap);
            expect(l.amount.gt(0)).toBe(true);
            sum = sum.plus(l.amount);
          }
          expect(sum.toFixed()).toBe(r.total.toFixed());
          expect(plan.average.gte(lo.toDecimalPlaces(pp, Decimal.ROUND_DOWN))).toBe(true);
          expect(plan.average.lte(hi.toDecimalPlaces(pp, Decimal.ROUND_UP))).toBe(true);
        },
      ),
    );
  });
});
