import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.ts';
import {
  isRepayCoin,
  loanInterest,
  loanState,
  payableAmount,
  repaymentAmount,
  validateLoanApplication,
} from './lending.ts';

describe('loan figures', () => {
  it('charges amount × daily rate % × days, rounded up to 6 decimals', () => {
    expect(loanInterest('1000', '0.1', 30).toFixed()).toBe('30');
    expect(loanInterest('250.5', '0.15', 7).toFixed()).toBe('2.63025');
    expect(loanInterest('0.01', '0.07', 1).toFixed()).toBe('0.000007');
    expect(repaymentAmount('1000', '0.1', 30).toFixed()).toBe('1030');
  });

  it('asks USDT as is and BTC / ETH at the price, rounded up to 6 decimals', () => {
    expect(payableAmount('usdt_trc20', '1030', null)?.toFixed()).toBe('1030');
    expect(payableAmount('btc', '1030', '64000')?.toFixed()).toBe('0.016094');
    expect(payableAmount('eth', '1030', '0')).toBeNull();
    expect(payableAmount('eth', '1030', null)).toBeNull();
  });

  it('never asks less than is owed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (owedCents, priceCents) => {
          const owed = new Decimal(owedCents).dividedBy(100);
          const price = new Decimal(priceCents).dividedBy(100);
          const pay = payableAmount('btc', owed, price);
          expect(pay?.times(price).greaterThanOrEqualTo(owed)).toBe(true);
          expect(pay?.decimalPlaces()).toBeLessThanOrEqual(6);
        },
      ),
    );
  });

  it('combines the two status codes into one state', () => {
    expect([
      loanState(0, 0),
      loanState(1, 0),
      loanState(2, 0),
      loanState(1, 2),
      loanState(1, 1),
    ]).toEqual([0, 1, 2, 3, 4]);
    expect(loanState(7, 0)).toBe(2);
    expect(isRepayCoin('usdt_erc20')).toBe(true);
    expect(isRepayCoin('doge')).toBe(false);
  });
});

describe('the loan application form', () => {
  const ok = {
    amount: '1000',
    day: 30,
    tel: '+44 20-7946-0958',
    address: '1 Market Street',
    age: '34',
    income: '4200.50',
    country: 'United Kingdom',
    agree: true,
  };
  it('needs every field, in the server formats', () => {
    expect(validateLoanApplication(ok, { min: '100', max: '50000' })).toEqual({});
    expect(
      validateLoanApplication(
        {
          amount: '',
          day: null,
          tel: '',
          address: ' ',
          age: '',
          income: '',
          country: '',
          agree: false,
        },
        null,
      ),
    ).toEqual({
      amount: 'validation.loan.amountRequired',
      day: 'validation.loan.dayRequired',
      tel: 'validation.loan.telRequired',
      address: 'validation.loan.addressRequired',
      age: 'validation.loan.ageRequired',
      income: 'validation.loan.incomeRequired',
      country: 'validation.loan.countryRequired',
      agree: 'validation.loan.agreeRequired',
    });
    const bad = validateLoanApplication(
      { ...ok, amount: '1e3', tel: 'call me', age: '17', income: '-5' },
      null,
    );
    expect(bad).toEqual({
      amount: 'validation.loan.amountInvalid',
      tel: 'validation.loan.telInvalid',
      age: 'validation.loan.ageInvalid',
      income: 'validation.loan.incomeInvalid',
    });
    expect(
      validateLoanApplication({ ...ok, amount: '50000.01' }, { min: '100', max: '50000' }).amount,
    ).toBe('validation.loan.amountInvalid');
  });
});
