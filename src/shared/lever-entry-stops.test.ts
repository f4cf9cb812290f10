import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.ts';
import type { EntryTerms, StopBasis, StopKind } from './lever-entry-stops.ts';
import { stopOutcome, stopPriceOf, stopSide } from './lever-entry-stops.ts';

// a long of 0.5 BTC opened at 30,000 with 10× (margin 1,500)
const LONG: EntryTerms = { side: 1, entry: '30000', number: '0.5', margin: '1500' };
const SHORT: EntryTerms = { ...LONG, side: 2 };

describe('a level typed as a price, a P&L or an ROE', () => {
  it('is the price itself when typed as one', () => {
    expect(stopPriceOf('tp', 'price', '31000.5', LONG)?.toFixed()).toBe('31000.5');
  });

  it('worked example: +150 USDT or +10 % ROE is 30,300; −150 USDT is 29,700 (long)', () => {
    expect(stopPriceOf('tp', 'pnl', '150', LONG)?.toFixed()).toBe('30300');
    expect(stopPriceOf('tp', 'roe', '10', LONG)?.toFixed()).toBe('30300');
    expect(stopPriceOf('sl', 'pnl', '150', LONG)?.toFixed()).toBe('29700');
    expect(stopPriceOf('sl', 'roe', '10', LONG)?.toFixed()).toBe('29700');
  });

  it('mirrors a short', () => {
    expect(stopPriceOf('tp', 'pnl', '150', SHORT)?.toFixed()).toBe('29700');
    expect(stopPriceOf('sl', 'pnl', '150', SHORT)?.toFixed()).toBe('30300');
  });

  it('rounds towards the trader on the 0.01 step', () => {
    // 0.01 / 0.5 per cent of P&L: 1.003 USDT is 2.006 away
    expect(stopPriceOf('tp', 'pnl', '1.003', LONG)?.toFixed()).toBe('30002.01');
    expect(stopPriceOf('sl', 'pnl', '1.003', LONG)?.toFixed()).toBe('29998');
    expect(stopPriceOf('tp', 'pnl', '1.003', SHORT)?.toFixed()).toBe('29997.99');
    expect(stopPriceOf('sl', 'pnl', '1.003', SHORT)?.toFixed()).toBe('30002');
  });

  it('refuses what is not a positive amount, and a price at or below 0', () => {
    for (const bad of ['', '0', '-5', '1e3', 'abc', '1,5', ' ', 'NaN', '9'.repeat(30)])
      expect(stopPriceOf('tp', 'pnl', bad, LONG), bad).toBeNull();
    // a loss of the whole position's value and more: the price would be 0 or less
    expect(stopPriceOf('sl', 'pnl', '15000', LONG)).toBeNull();
    expect(stopPriceOf('sl', 'roe', '1000', LONG)).toBeNull();
    expect(stopPriceOf('tp', 'pnl', '5', { ...LONG, number: '0' })).toBeNull();
  });

  it('gives the P&L and ROE at a price', () => {
    const at = stopOutcome('30300', LONG);
    expect(at.pnl.toFixed()).toBe('150');
    expect(at.roe.toFixed()).toBe('10');
    expect(stopOutcome('30300', SHORT).pnl.toFixed()).toBe('-150');
  });

  it('knows the side each level must be on', () => {
    expect(stopSide('tp', 1, '30000', '30100', '30100')).toMatchObject({ ok: false });
    expect(stopSide('tp', 1, '30000', '30100', '30100.01').ok).toBe(true);
    expect(stopSide('sl', 1, '30000', '29900', '29900').ok).toBe(false);
    expect(stopSide('sl', 2, '30000', '29900', '30000.01').ok).toBe(true);
    expect(stopSide('tp', 2, '30000', '29900', '29899.99').bound.toFixed()).toBe('29900');
  });
});

describe('property: any order, any level', () => {
  const terms = fc.record({
    side: fc.constantFrom<1 | 2>(1, 2),
    entry: fc.integer({ min: 100, max: 10_000_000 }).map((c) => new Decimal(c).dividedBy(100)),
    number: fc.integer({ min: 1, max: 100_000 }).map((n) => new Decimal(n).dividedBy(1000)),
    multiple: fc.constantFrom(1, 5, 10, 20, 100),
  });
  const level = fc.record({
    kind: fc.constantFrom<StopKind>('tp', 'sl'),
    basis: fc.constantFrom<StopBasis>('pnl', 'roe'),
    value: fc.integer({ min: 1, max: 1_000_000 }).map((n) => new Decimal(n).dividedBy(100)),
  });

  it('a take profit makes at least what was asked, a stop loss loses at most that, on the step, on its side', () => {
    fc.assert(
      fc.property(terms, level, (o, l) => {
        const t: EntryTerms = {
          side: o.side,
          entry: o.entry,
          number: o.number,
          margin: o.entry.times(o.number).dividedBy(o.multiple),
        };
        const price = stopPriceOf(l.kind, l.basis, l.value.toFixed(), t);
        const asked = l.basis === 'pnl' ? l.value : new Decimal(t.margin).times(l.value).div(100);
        if (price === null) {
          // only a level below the entry by the whole value or more (a long's stop loss, a
          // short's take profit) has no price
          expect((l.kind === 'sl') === (t.side === 1)).toBe(true);
          expect(
            asked.dividedBy(t.number).greaterThanOrEqualTo(new Decimal(t.entry).minus('0.01')),
          ).toBe(true);
          return;
        }
        expect(price.decimalPlaces()).toBeLessThanOrEqual(2);
        const { pnl } = stopOutcome(price, t);
        if (l.kind === 'tp') expect(pnl.greaterThanOrEqualTo(asked)).toBe(true);
        else expect(pnl.negated().lessThanOrEqualTo(asked)).toBe(true);
        // and no further from what was asked than one step of price
        const step = new Decimal('0.01').times(t.number);
        expect(pnl.abs().minus(asked).abs().lessThanOrEqualTo(step)).toBe(true);
        expect(stopSide(l.kind, t.side, t.entry, t.entry, price).ok || pnl.isZero()).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
