// The one rule of every amount field (issue 20, issue 41): the field holds exactly what was
// typed, and a text that is not a plain amount of the field's decimals is an issue the field
// names and the form never sends. Before issue 41 the junk was taken out keystroke by
// keystroke, so "1e4" read 14, "1.5" hands 15, "2.00" a stake of 200 and "12.345" 12345.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../shared/decimal.ts';
import {
  acceptNumberInput,
  amountForInput,
  amountTextIssue,
  anyAmountIssue,
  decimalMarkIsComma,
  plainAmountText,
} from './amount-text.ts';

/** What a field of `dp` decimals holds after `text` is typed one key at a time. */
const typed = (text: string, comma = false): string =>
  [...text].reduce((v, ch) => acceptNumberInput(v + ch, comma), '');

/** The number a field would let its form send, or null when it says what is wrong. */
const sent = (text: string, dp: number): string | null => {
  const v = plainAmountText(text, dp);
  return v === '' ? null : new Decimal(v).toFixed();
};

describe('the walk of issue 41: no number the user did not type', () => {
  it.each([
    ['1.5', 0, 'hands'],
    ['2.00', 0, 'a second-contract stake'],
    ['12.345', 2, 'a fiat amount'],
    ['12.345', 0, 'a whole amount'],
    ['1e4', 6, 'a deposit'],
    ['5e1abc', 8, 'a lock-up'],
    ['1e9', 2, 'a loan'],
    ['7e4x', 2, 'a price alert'],
  ])('"%s" in a field of %i decimals (%s) stays as typed and is never sent', (text, dp) => {
    const held = typed(text);
    expect(held).toBe(text);
    expect(amountTextIssue(held, dp)).not.toBeNull();
    expect(sent(held, dp)).toBeNull();
    expect(anyAmountIssue([held, dp])).toBe(true);
  });

  it('names what is wrong', () => {
    expect(amountTextIssue('1.5', 0)).toEqual({ id: 'field.number.decimals', dp: 0 });
    expect(amountTextIssue('1.', 0)).toEqual({ id: 'field.number.decimals', dp: 0 });
    expect(amountTextIssue('12.345', 2)).toEqual({ id: 'field.number.decimals', dp: 2 });
    expect(amountTextIssue('0.000000001', 8)).toEqual({ id: 'field.number.decimals', dp: 8 });
    expect(amountTextIssue('1e4', 6)).toEqual({ id: 'field.number.format' });
    expect(amountTextIssue('-1', 6)).toEqual({ id: 'field.number.format' });
    expect(amountTextIssue('+1', 6)).toEqual({ id: 'field.number.format' });
    expect(amountTextIssue('1.2.3', 6)).toEqual({ id: 'field.number.format' });
    expect(amountTextIssue('1 000', 6)).toEqual({ id: 'field.number.format' });
    expect(amountTextIssue('Infinity', 6)).toEqual({ id: 'field.number.format' });
    expect(amountTextIssue('0x10', 6)).toEqual({ id: 'field.number.format' });
    expect(amountTextIssue('１２', 6)).toEqual({ id: 'field.number.format' });
    expect(amountTextIssue('1000000000001', 2)).toEqual({
      id: 'field.number.tooLarge',
      max: 1e12,
    });
    expect(amountTextIssue('9'.repeat(400), 2)?.id).toBe('field.number.tooLarge');
  });

  it('takes what is a plain amount as it is', () => {
    expect(amountTextIssue('', 0)).toBeNull();
    expect(amountTextIssue('15', 0)).toBeNull();
    expect(amountTextIssue(' 12.5 ', 2)).toBeNull();
    expect(amountTextIssue('1.', 2)).toBeNull();
    expect(amountTextIssue('0.00000001', 8)).toBeNull();
    expect(amountTextIssue('1000000000000', 0)).toBeNull();
    expect(sent('12.50', 2)).toBe('12.5');
  });

  it('keeps a comma as typed where it is not the decimal mark ("1,000" is never 1)', () => {
    expect(typed('1,000')).toBe('1,000');
    expect(amountTextIssue('1,000', 6)).toEqual({ id: 'field.number.format' });
    expect(typed('1,5', true)).toBe('1.5');
    expect(decimalMarkIsComma('en')).toBe(false);
    expect(decimalMarkIsComma('zh-CN')).toBe(false);
    expect(decimalMarkIsComma('de')).toBe(true);
    expect(decimalMarkIsComma('ru')).toBe(true);
  });

  it('gives a lone leading point its zero, the same number', () => {
    expect(typed('.5')).toBe('0.5');
    expect(acceptNumberInput('.', false)).toBe('0.');
    expect(acceptNumberInput('.5', false)).toBe('0.5');
  });
});

/** Hostile keys: digits, points, commas, exponents, signs, letters, spaces, full-width digits. */
const hostile = fc
  .array(fc.constantFrom(...'0123456789..,eE+-xab 　１'.split(''), '1e4', '.5', '1.'), {
    maxLength: 30,
  })
  .map((parts) => parts.join(''));

describe('whatever is typed or pasted', () => {
  it('the field holds exactly what was typed (a leading point gets its zero)', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string()), (text) => {
        expect(typed(text)).toBe(text.startsWith('.') ? `0${text}` : text);
        // a paste is one keystroke
        expect(acceptNumberInput(text, false)).toBe(/^\.\d*$/.test(text) ? `0${text}` : text);
      }),
      { numRuns: 3000 },
    );
  });

  it('only a plain amount of the decimals allowed and within the bound is ever sent', () => {
    fc.assert(
      fc.property(
        fc.oneof(hostile, fc.string(), fc.stringMatching(/^\d{0,20}\.?\d{0,12}$/)),
        fc.integer({ min: 0, max: 8 }),
        (text, dp) => {
          const out = sent(text, dp);
          if (out === null) return;
          const s = text.trim();
          expect(s).toMatch(/^\d+\.?\d*$/);
          const [, decimals = ''] = s.split('.');
          expect(decimals.length).toBeLessThanOrEqual(dp);
          if (dp === 0) expect(s).not.toContain('.');
          // the number sent is the number typed, digit for digit
          expect(new Decimal(s).equals(out)).toBe(true);
          expect(new Decimal(out).lessThanOrEqualTo('1e12')).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('never turns a text with a point in a whole-number field into a number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,6}\.\d{0,6}$/), (text) => {
        expect(sent(typed(text), 0)).toBeNull();
      }),
      { numRuns: 1000 },
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
