// The shared price alert rules (issue 25): what the engine refuses before sending, the
// crossing rule the server's job fires by, and the direction the dialog suggests.
import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.ts';
import {
  alertCrossed,
  checkAlertPrice,
  suggestedDirection,
  validatePriceAlert,
} from './price-alerts.ts';

const last = new Decimal('60000');

describe('price alert rules', () => {
  it('crosses at or beyond the level, in the alert’s direction only', () => {
    expect(alertCrossed('above', '60000', last)).toBe(true);
    expect(alertCrossed('above', '59999.99', last)).toBe(true);
    expect(alertCrossed('above', '60000.01', last)).toBe(false);
    expect(alertCrossed('below', '60000', last)).toBe(true);
    expect(alertCrossed('below', '60000.01', last)).toBe(true);
    expect(alertCrossed('below', '59999.99', last)).toBe(false);
  });

  it('checks a price as the pair has it', () => {
    const cases: [string, string | null][] = [
      ['', 'validation.alert.priceRequired'],
      ['   ', 'validation.alert.priceRequired'],
      ['0', 'validation.alert.priceRequired'],
      ['0.00', 'validation.alert.priceRequired'],
      ['1e3', 'validation.alert.priceFormat'],
      ['-5', 'validation.alert.priceFormat'],
      ['12,5', 'validation.alert.priceFormat'],
      ['abc', 'validation.alert.priceFormat'],
      ['1.001', 'validation.alert.priceDecimals'],
      ['10000000000000', 'validation.alert.priceTooLarge'],
      ['1000000000000', null],
      [' 61000.5 ', null],
      ['0.01', null],
    ];
    for (const [price, id] of cases) expect(checkAlertPrice(price, 2), price).toBe(id);
    expect(checkAlertPrice('0.00001', 5)).toBeNull();
    expect(checkAlertPrice('0.1', 0)).toBe('validation.alert.priceDecimals');
  });

  it('validates a new alert: direction, price, then not already crossed', () => {
    const pair = { dp: 2, last };
    expect(validatePriceAlert({ direction: 'up', price: '1' }, pair)).toEqual({
      direction: 'validation.alert.directionRequired',
    });
    expect(validatePriceAlert({ direction: 'above', price: '1e3' }, pair)).toEqual({
      price: 'validation.alert.priceFormat',
    });
    expect(validatePriceAlert({ direction: 'above', price: '60000' }, pair)).toEqual({
      price: 'validation.alert.alreadyAbove',
    });
    expect(validatePriceAlert({ direction: 'below', price: '60000.01' }, pair)).toEqual({
      price: 'validation.alert.alreadyBelow',
    });
    expect(validatePriceAlert({ direction: 'above', price: '60000.01' }, pair)).toEqual({});
    expect(validatePriceAlert({ direction: 'below', price: '59999.99' }, pair)).toEqual({});
    // an unknown last price is not checked (the server checks its own)
    expect(
      validatePriceAlert({ direction: 'below', price: '70000' }, { dp: 2, last: null }),
    ).toEqual({});
  });

  it('suggests the direction from the price typed against the last price', () => {
    expect(suggestedDirection('61000', last, 'below')).toBe('above');
    expect(suggestedDirection('59000', last, 'above')).toBe('below');
    expect(suggestedDirection('60000', last, 'below')).toBe('below');
    expect(suggestedDirection('', last, 'above')).toBe('above');
    expect(suggestedDirection('61000', null, 'below')).toBe('below');
  });
});
