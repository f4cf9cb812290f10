import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { BCP47, LANGS } from '../../src/shared/locales.ts';
import { loadCatalog, localDecimal, t } from './messages.ts';

const en = loadCatalog('en');

describe('server locales', () => {
  it.each(LANGS)('%s has every id of en.json, each a valid ICU message', (lang) => {
    const catalog = loadCatalog(lang);
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
    for (const [id, message] of Object.entries(catalog)) {
      expect(() => new IntlMessageFormat(message, BCP47[lang]), `${lang} ${id}`).not.toThrow();
    }
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s is really translated', (lang) => {
    const catalog = loadCatalog(lang);
    const same = Object.keys(en).filter((id) => catalog[id] === en[id]);
    expect(same).toEqual([]);
  });

  it('formats values and plurals', () => {
    expect(t('en', 'code.resendWait', { seconds: 1 })).toBe(
      'Please wait 1 second before requesting a new code.',
    );
    expect(t('ru', 'code.resendWait', { seconds: 5 })).toBe(
      'Подождите 5 секунд, прежде чем запросить новый код.',
    );
    expect(t('kr', 'market.symbolUnknown', { symbol: 'X/Y' })).toBe('알 수 없는 거래쌍: X/Y');
    expect(t('en', 'no.such.id')).toBe('no.such.id');
  });

  it('shows decimals as the page does: the reader’s separators, the decimals asked, exactly', () => {
    const price = { price: localDecimal('65750', 2), currency: 'USDT' };
    expect(t('en', 'lever.limitBuyAbove', price)).toBe(
      'A limit long must be below the mark price (65,750.00 USDT).',
    );
    expect(t('de', 'lever.limitBuyAbove', price)).toContain('(65.750,00 USDT)');
    expect(t('ru', 'lever.limitBuyAbove', price)).toContain('(65\u00a0750,00 USDT)');
    // no binary float on the way: every digit stays
    expect(localDecimal('12345678901234567.123456789')).toEqual({
      decimal: '12345678901234567.123456789',
      dp: 9,
    });
    expect(
      t('en', 'micro.numberAboveMax', { max: localDecimal('12345678901234567.123456789') }),
    ).toBe('The maximum amount is 12,345,678,901,234,567.123456789.');
  });
});
