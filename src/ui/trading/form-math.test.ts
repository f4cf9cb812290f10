import { describe, expect, it } from 'vitest';
import {
  feeDecimals,
  orderTotal,
  sliderDecimals,
  sliderEnabled,
  sliderPercent,
  sliderQuantity,
} from './form-math.ts';

describe('sliderQuantity (spec §5)', () => {
  it('buy: available quote × percent / price / 100, 4 decimals, truncated', () => {
    // 10000 × 50 / 3 / 100 = 1666.6666… → 1666.6666 (never rounded up past the balance)
    expect(
      sliderQuantity({
        side: 'buy',
        percent: 50,
        balance: '10000',
        price: '3',
        amountPrecision: 4,
      }),
    ).toBe('1666.6666');
    expect(
      sliderQuantity({
        side: 'buy',
        percent: 100,
        balance: '10000',
        price: '67000.12',
        amountPrecision: 4,
      }),
    ).toBe('0.1492');
  });

  it('sell: available base × percent / 100', () => {
    expect(
      sliderQuantity({ side: 'sell', percent: 25, balance: '0.5', price: '0', amountPrecision: 4 }),
    ).toBe('0.1250');
    expect(
      sliderQuantity({
        side: 'sell',
        percent: 33,
        balance: '0.12345',
        price: '',
        amountPrecision: 4,
      }),
    ).toBe('0.0407');
  });

  it('never writes more decimals than the pair allows', () => {
    expect(sliderDecimals(0)).toBe(0);
    expect(sliderDecimals(8)).toBe(4);
    expect(
      sliderQuantity({ side: 'sell', percent: 50, balance: '5001', price: '', amountPrecision: 0 }),
    ).toBe('2500');
  });

  it('is null for a buy without a positive price or for a bad balance', () => {
    const base = { side: 'buy' as const, percent: 50, balance: '100', amountPrecision: 4 };
    expect(sliderQuantity({ ...base, price: '0' })).toBeNull();
    expect(sliderQuantity({ ...base, price: '' })).toBeNull();
    expect(sliderQuantity({ ...base, price: '2', balance: '-1' })).toBeNull();
  });

  it('clamps the percent to 0..100', () => {
    const v = { side: 'sell' as const, balance: '2', price: '', amountPrecision: 4 };
    expect(sliderQuantity({ ...v, percent: 150 })).toBe('2.0000');
    expect(sliderQuantity({ ...v, percent: -5 })).toBe('0.0000');
  });
});

describe('sliderPercent', () => {
  it('inverts the slider formula, rounded down', () => {
    expect(
      sliderPercent({
        side: 'buy',
        balance: '1000',
        price: '10',
        number: '50',
        amountPrecision: 4,
      }),
    ).toBe(50);
    expect(
      sliderPercent({ side: 'sell', balance: '3', price: '', number: '1', amountPrecision: 4 }),
    ).toBe(33);
    expect(
      sliderPercent({ side: 'sell', balance: '1', price: '', number: '7', amountPrecision: 4 }),
    ).toBe(100);
    expect(
      sliderPercent({ side: 'sell', balance: '0', price: '', number: '7', amountPrecision: 4 }),
    ).toBe(0);
  });
});

describe('sliderEnabled', () => {
  it('needs a login and a price above 0', () => {
    expect(sliderEnabled(true, '1')).toBe(true);
    expect(sliderEnabled(false, '1')).toBe(false);
    expect(sliderEnabled(true, '0')).toBe(false);
    expect(sliderEnabled(true, '')).toBe(false);
  });
});

describe('orderTotal', () => {
  it('is exact', () => {
    expect(orderTotal('0.1', '0.2')).toBe('0.02');
    expect(orderTotal('67000.12', '0.0003')).toBe('20.100036');
    expect(orderTotal('', '1')).toBeNull();
  });
});

describe('feeDecimals (a fee is never shown as zero when it is not)', () => {
  it('shows as many decimals as the fee has, between the pair’s amount decimals and 8', () => {
    expect(feeDecimals('0.00002', 4)).toBe(5);
    expect(feeDecimals('0.07', 4)).toBe(4);
    expect(feeDecimals('0.000000001234', 4)).toBe(8);
    expect(feeDecimals('junk', 4)).toBe(4);
  });
});
