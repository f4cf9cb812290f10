import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.ts';
import { lockExpectedYield, validateLockPurchase } from './earn.ts';

describe('lock-up rules', () => {
  it('computes the spec expected yield exactly', () => {
    expect(lockExpectedYield('1000', '0.1', 30)?.toFixed()).toBe('30');
    expect(lockExpectedYield('0.3', '0.15', 7)?.toFixed()).toBe('0.00315');
    expect(lockExpectedYield('', '0.1', 30)).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 365 }),
        (cents, bp, days) => {
          const amount = new Decimal(cents).dividedBy(100);
          const rate = new Decimal(bp).dividedBy(1000);
          const y = lockExpectedYield(amount.toFixed(), rate.toFixed(), days);
          expect(y?.equals(amount.times(rate).times(days).dividedBy(100))).toBe(true);
        },
      ),
    );
  });

  it('refuses amounts out of range or not covered', () => {
    const base = { min: '100', max: '5000', available: '1000' };
    expect(validateLockPurchase({ ...base, amount: '' })).toEqual({
      amount: 'validation.lock.amountRequired',
    });
    expect(validateLockPurchase({ ...base, amount: '1e3' }).amount).toBe(
      'validation.lock.amountRequired',
    );
    expect(validateLockPurchase({ ...base, amount: '99.99' }).amount).toBe(
      'validation.lock.belowMin',
    );
    expect(validateLockPurchase({ ...base, amount: '6000', available: '9000' }).amount).toBe(
      'validation.lock.aboveMax',
    );
    expect(validateLockPurchase({ ...base, amount: '1000.01' }).amount).toBe(
      'validation.lock.insufficient',
    );
    expect(validateLockPurchase({ ...base, amount: '1000' })).toEqual({});
    expect(validateLockPurchase({ ...base, max: '0', amount: '900' })).toEqual({});
  });
});
