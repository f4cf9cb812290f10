import { describe, expect, it } from 'vitest';
import { validateSpotOrder } from '../../src/shared/spot.ts';

describe('spot form rules (src/shared/spot.ts)', () => {
  it('needs a positive price for limit orders and a positive number, per side', () => {
    expect(validateSpotOrder({ side: 'buy', mode: 2, price: '10', number: '1' })).toEqual({});
    expect(validateSpotOrder({ side: 'buy', mode: 2, price: '', number: '0' })).toEqual({
      price: 'validation.spot.priceRequired',
      number: 'validation.spot.numberRequired',
    });
    expect(validateSpotOrder({ side: 'sell', mode: 2, price: '-1', number: 'abc' })).toEqual({
      price: 'validation.spot.sellPriceRequired',
      number: 'validation.spot.sellNumberRequired',
    });
    expect(validateSpotOrder({ side: 'sell', mode: 1, price: undefined, number: 2 })).toEqual({});
    expect(validateSpotOrder({ side: 'buy', mode: 1, price: '0', number: '1e3' })).toEqual({});
  });
});
