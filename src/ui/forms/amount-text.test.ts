// The one rule of every amount field (issue 20 item 2): the inputs that took "1e4", "12abc",
// "1e3abc" and "5e1abc" keep what was typed before the junk.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptNumberInput, amountForInput, isRefusedNumberKey } from './amount-text.ts';

describe('acceptNumberInput (spec §5: number fields block e)', () => {
  it('accepts digits and one dot within the decimals', () => {
    expect(acceptNumberInput('12.5', '12.', 2)).toBe('12.5');
    expect(acceptNumberInput('.5', '', 2)).toBe('0.5');
    expect(acceptNumberInput('', '3', 2)).toBe('');
    expect(acceptNumberInput('1,5', '1', 2)).toBe('1.5');
  });

  it('keeps the previous value for anything else', () => {
    expect(acceptNumberInput('1e5', '1', 4)).toBe('1');
    expect(acceptNumberInput('-1', '1', 4)).toBe('1');
    expect(acceptNumberInput('1.2.3', '1.2', 4)).toBe('1.2');
    expect(acceptNumberInput('abc', '', 4)).toBe('');
    expect(acceptNumberInput('1.234', '1.23', 2)).toBe('1.23');
    expect(acceptNumberInput('1.', '1', 0)).toBe('1');
  });

  it('refuses e, E, + and - keys', () => {
    expect(['e', 'E', '+', '-'].every(isRefusedNumberKey)).toBe(true);
    expect(isRefusedNumberKey('5')).toBe(false);
  });
});

describe('acceptNumberInput keeps junk out, keystroke by keystroke', () => {
  it('typing the reported junk one character at a time leaves only its plain digits', () => {
    const typed = (text: string, dp: number) =>
      [...text].reduce((v, ch) => acceptNumberInput(v + ch, v, dp), '');
    expect(typed('1e4', 6)).toBe('14');
    expect(typed('abc-1e5', 6)).toBe('15');
    expect(typed('12abc', 6)).toBe('12');
    expect(typed('1e3abc', 2)).toBe('13');
    expect(typed('5e1abc', 8)).toBe('51');
    expect(typed('1.1234567', 6)).toBe('1.123456');
  });

  it('whatever is pasted, the field holds digits with at most the decimals allowed', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.integer({ min: 0, max: 8 }), (prev, next, dp) => {
        const start = acceptNumberInput(prev, '', dp);
        const v = acceptNumberInput(next, start, dp);
        expect(v === '' || /^\d+(\.\d*)?$/.test(v)).toBe(true);
        expect((v.split('.')[1] ?? '').length).toBeLessThanOrEqual(dp);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('amountForInput ("all")', () => {
  it("never gives more than there is, in the currency's decimals", () => {
    expect(amountForInput('15999.999999999', 6)).toBe('15999.999999');
    expect(amountForInput('15999.999999999', 2)).toBe('15999.99');
    expect(amountForInput('0.00000001', 6)).toBe('0');
    expect(amountForInput('12', 0)).toBe('12');
    expect(amountForInput('junk', 6)).toBe('0');
  });
});
