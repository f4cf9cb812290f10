// The second-contract panel's amount messages (issue 20): an amount below the minimum or above
// the maximum said "must be a multiple of the minimum"; each case now has its own message,
// naming its bound in the reader's number format.
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import de from '../../../../locales/de.json';
import en from '../../../../locales/en.json';
import { validateMicro } from '../../../shared/micro.ts';
import { formatFixed } from '../../i18n/format.ts';
import { microAmountText, microRuleMessage } from './micro-amount.ts';

const catalogues = { en, de } as const;
type Lang = keyof typeof catalogues;
const limits = { min: '10', max: '10000', name: 'USDT' };

/** What the panel shows under the amount field for `number`, or null when it is accepted. */
function shown(lang: Lang, number: string): string | null {
  const id = validateMicro({ number, seconds: 30, min: limits.min, max: limits.max }).number;
  if (id === undefined) return null;
  const fixed = (value: string, dp: number) => formatFixed(value, dp, lang);
  const m = microRuleMessage(id, limits, fixed);
  const source = (catalogues[lang] as Record<string, string>)[m.id] ?? m.id;
  return String(new IntlMessageFormat(source, lang).format(m.values));
}

describe('the second-contract amount messages', () => {
  it('say below the minimum, above the maximum and not a multiple apart', () => {
    expect(shown('en', '5')).toBe('The minimum amount is 10 USDT.');
    expect(shown('en', '10010')).toBe('The maximum amount is 10,000 USDT.');
    expect(shown('en', '10005')).toBe('The maximum amount is 10,000 USDT.');
    expect(shown('en', '15')).toBe('The amount must be a multiple of 10 USDT.');
    expect(shown('en', '')).toBe('Please choose an amount.');
    expect(shown('en', '20')).toBeNull();
    expect(shown('de', '20000')).toBe('Der Höchstbetrag beträgt 10.000 USDT.');
  });

  it('shows a bound with its own decimals', () => {
    const fixed = (value: string, dp: number) => formatFixed(value, dp, 'en');
    expect(microAmountText('10000', fixed)).toBe('10,000');
    expect(microAmountText('0.5', fixed)).toBe('0.5');
  });
});
