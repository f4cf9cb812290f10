// The second-contract order rules (issue 20): an amount below the minimum, above the maximum,
// or no multiple of the minimum each gets its own message, the range before the multiple.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateMicro } from './micro.ts';

const rules = { seconds: 30, min: '10', max: '10000' };
const number = (n: string) => validateMicro({ ...rules, number: n }).number;

describe('validateMicro', () => {
  it('says below the minimum, above the maximum and not a multiple apart', () => {
    expect(number('5')).toBe('validation.micro.numberBelowMin');
    expect(number('10010')).toBe('validation.micro.numberAboveMax');
    expect(number('10005')).toBe('validation.micro.numberAboveMax');
    expect(number('15')).toBe('validation.micro.numberStep');
    expect(number('')).toBe('validation.micro.numberRequired');
    expect(number('0')).toBe('validation.micro.numberRequired');
    expect(number('10')).toBeUndefined();
    expect(number('10000')).toBeUndefined();
  });

  it('a maximum of 0 means none', () => {
    expect(validateMicro({ ...rules, max: '0', number: '1000000' }).number).toBeUndefined();
  });

  it('every whole amount gets the message of the first rule it breaks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), (n) => {
        const expected =
          n < 10
            ? 'validation.micro.numberBelowMin'
            : n > 10_000
              ? 'validation.micro.numberAboveMax'
              : n % 10 !== 0
                ? 'validation.micro.numberStep'
                : undefined;
        expect(number(String(n))).toBe(expected);
      }),
    );
  });
});
