// The book's cancel dialog (issue 41): it named the level's price, not the order's, and said
// "their" of a single order.
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import { formatFixed } from '../i18n/format.ts';
import { orderPricesText } from './book-cancel-text.ts';

const fixed = (locale: string) => (v: string, dp: number) => formatFixed(v, dp, locale);

describe('the orders the book cancels', () => {
  it('are named by their own prices, in the reader’s format', () => {
    expect(orderPricesText(['69512.3'], 2, fixed('en'), 'en')).toBe('69,512.30');
    expect(orderPricesText(['69512.345'], 2, fixed('en'), 'en')).toBe('69,512.345');
    expect(orderPricesText(['100.03', '100.09'], 2, fixed('en'), 'en')).toBe('100.03 and 100.09');
    expect(orderPricesText(['100.03', '100.09'], 2, fixed('ru'), 'ru')).toBe('100,03 и 100,09');
    expect(orderPricesText(['1', '2', '3', '4'], 2, fixed('en'), 'en')).toBe('1.00–4.00');
  });

  it('one order is "its", never "their" (ICU plural)', () => {
    const text = (count: number) =>
      String(
        new IntlMessageFormat(en['spot.book.cancelLevel'], 'en').format({
          count,
          price: '100.03',
          amount: '0.5',
          base: 'BTC',
        }),
      );
    expect(text(1)).toBe(
      'Cancel your order at 100.03 (0.5 BTC)? Its locked funds return to your available balance.',
    );
    expect(text(2)).toMatch(/^Cancel your 2 orders at .* Their locked funds return/);
    expect(
      String(
        new IntlMessageFormat(ru['lever.book.revokeLevel'], 'ru').format({ count: 1, price: '1' }),
      ),
    ).toMatch(/^Отозвать ваш лимитный ордер по 1\?/);
  });
});
