// The decimal module's fast paths against decimal.js itself, on every shape of input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, MAX_DECIMAL_TEXT, decStr, fixed, isDecStr } from './decimal.ts';

const plain = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^\d{1,12}$/),
    fc.option(fc.stringMatching(/^\d{1,12}$/), { nil: undefined }),
  )
  .map(([neg, whole, frac]) => `${neg ? '-' : ''}${whole}${frac === undefined ? '' : `.${frac}`}`);

describe('fixed', () => {
  it('equals decimal.js toFixed(dp, ROUND_HALF_UP) on plain decimals', () => {
    fc.assert(
      fc.property(plain, fc.integer({ min: 0, max: 10 }), (value, dp) => {
        expect(fixed(value, dp)).toBe(new Decimal(value).toFixed(dp, Decimal.ROUND_HALF_UP));
      }),
      { numRuns: 5000 },
    );
  });

  it('rounds ties away from zero, carries, and signs only non-zero values', () => {
    expect(fixed('1.005', 2)).toBe('1.01');
    expect(fixed('-1.005', 2)).toBe('-1.01');
    expect(fixed('9.995', 2)).toBe('10.00');
    expect(fixed('99.5', 0)).toBe('100');
    expect(fixed('-0.001', 2)).toBe('-0.00');
    expect(fixed('-0.000', 2)).toBe('0.00');
    expect(fixed('007.10', 1)).toBe('7.1');
    expect(fixed('1.2345', 4)).toBe('1.2345');
  });

  it('falls back to decimal.js for other forms', () => {
    expect(fixed('1e-7', 8)).toBe('0.00000010');
    expect(fixed('.5', 0)).toBe('1');
    expect(fixed('+2.25', 1)).toBe('2.3');
  });
});

describe('decStr', () => {
  it('refuses hostile sizes: huge exponents, overlong texts, infinities (issue 10)', () => {
    for (const value of [
      '1e1000000000',
      '-1e-99999999999',
      '1e99999999999999999',
      '1e65',
      '1e-66',
      '9'.repeat(MAX_DECIMAL_TEXT + 1),
      `0.${'0'.repeat(MAX_DECIMAL_TEXT)}1`,
      1e300,
      Infinity,
      Number.NaN,
    ])
      expect(decStr(value)).toBeNull();
  });

  it('still reads every ordinary wire form', () => {
    expect(decStr('1e3')).toBe('1000');
    expect(decStr(1e-7)).toBe('0.0000001');
    expect(decStr('9'.repeat(MAX_DECIMAL_TEXT))).toBe('9'.repeat(MAX_DECIMAL_TEXT));
    expect(decStr('-123456789012345678.123456789012345678')).toBe(
      '-123456789012345678.123456789012345678',
    );
  });
});

describe('isDecStr', () => {
  const wire = fc.oneof(
    plain,
    fc.stringMatching(/^-?[0-9.]{1,8}$/),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc
      .tuple(plain, fc.integer({ min: -70, max: 70 }))
      .map(([mantissa, exponent]) => `${mantissa}e${exponent}`),
  );

  it('D1: holds for everything decStr returns, and only for what it returns unchanged', () => {
    fc.assert(
      fc.property(wire, (value) => {
        const d = decStr(value);
        if (d !== null) expect(isDecStr(d)).toBe(true);
        if (typeof value === 'string' && isDecStr(value)) expect(decStr(value)).toBe(value);
      }),
    );
  });

  it('refuses what a log must not hold: sloppy forms, exponents, letters, non-strings', () => {
    for (const value of [
      '01',
      '1.50',
      '1.',
      '.5',
      '+1',
      '-0',
      '1e3',
      '1,5',
      'NaN',
      ' 1',
      '',
      1,
      null,
    ])
      expect(isDecStr(value)).toBe(false);
    for (const value of ['0', '-0.5', '10', '0.00000001', '123456789012345678.123456789012345678'])
      expect(isDecStr(value)).toBe(true);
  });
});
