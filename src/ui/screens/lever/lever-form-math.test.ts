// The lever order confirmation says hands, multiple and price as the reader reads numbers
// (issue 20: it showed "3 hands at 20× (71322)" and "(1 hands)").
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import de from '../../../../locales/de.json';
import en from '../../../../locales/en.json';
import ru from '../../../../locales/ru.json';
import zh from '../../../../locales/zh.json';
import { Decimal } from '../../../shared/decimal.ts';
import { formatFixed } from '../../i18n/format.ts';
import type { LeverDealView } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import { confirmValues, formFigures, handsCount } from './lever-form-math.ts';

const catalogues = { en, de, ru, zh } as const;
type Lang = keyof typeof catalogues;
const BCP47: Record<Lang, string> = { en: 'en', de: 'de', ru: 'ru', zh: 'zh-CN' };

function confirmText(lang: Lang, share: string, price: string | null): string {
  const values = confirmValues(
    {
      share,
      multiple: 20,
      price,
      pricePrecision: 2,
      figures:
        price === null
          ? null
          : {
              price: new Decimal(price),
              number: new Decimal('0.03'),
              value: new Decimal('2139.66'),
              margin: new Decimal('106.983'),
              fee: new Decimal('2.13966'),
            },
      currency: 'USDT',
    },
    (value, dp) => formatFixed(value, dp, BCP47[lang]),
    'Market price',
  );
  return String(
    new IntlMessageFormat(catalogues[lang]['lever.form.confirmBody'], BCP47[lang]).format(values),
  );
}

describe('the lever order confirmation', () => {
  it('groups the limit price in the pair’s decimals and says hands with a plural', () => {
    expect(confirmText('en', '3', '71322')).toBe(
      '3 hands at 20× (71,322.00). Margin 106.9830 USDT, fee 2.1397 USDT.',
    );
    expect(confirmText('en', '1', '71322.5')).toMatch(/^1 hand at 20× \(71,322\.50\)/);
    expect(confirmText('de', '1', '71322')).toMatch(/^1 Lot mit 20× Hebel \(71\.322,00\)/);
    expect(confirmText('de', '3', '71322')).toMatch(/^3 Lots mit 20× Hebel/);
    expect(confirmText('zh', '1200', '71322')).toMatch(/^1,200 手，20 倍（71,322\.00）/);
    expect(confirmText('ru', '1200', '71322')).toMatch(
      /^1\u00a0200 лотов, плечо 20× \(71\u00a0322,00\)/,
    );
  });

  it('says “market price” for a market order', () => {
    expect(confirmText('en', '2', null)).toBe(
      '2 hands at 20× (Market price). Margin -- USDT, fee -- USDT.',
    );
  });

  it('counts hands only from whole numbers', () => {
    expect(handsCount(' 12 ')).toBe(12);
    expect(handsCount('1.5')).toBe(0);
    expect(handsCount('')).toBe(0);
  });
});

describe('an order beyond the available margin (issue 41)', () => {
  // BTC/USDT at 69,540: 0.01 BTC a hand, 20×, 0.1 % spread, 0.1 % fee; 1,000 USDT free
  const deal: LeverDealView = {
    symbol: 'BTC/USDT',
    legalId: 1,
    currencyId: 2,
    multiples: [10, 20],
    shares: [1, 5],
    minShare: 1,
    maxShare: 1000,
    shareNum: '0.01' as DecStr,
    spreadPct: '0.1' as DecStr,
    feePct: '0.1' as DecStr,
    overnightPct: '0' as DecStr,
    pricePrecision: 2,
    burstLine: '20' as DecStr,
    entrustOpen: true,
    lastPrice: '69540' as DecStr,
    balance: '1000' as DecStr,
    longs: [],
    shorts: [],
    recent: [],
  };
  const figuresOf = (share: string, side: 1 | 2 = 1) =>
    formFigures({ side, reference: '69540', share, multiple: 20, deal, risk: null });

  it('is short of margin, with no liquidation price (it was above a long’s entry)', () => {
    const f = figuresOf('15');
    expect(f.figures?.margin.toFixed()).toBe('522.07155');
    expect(f.short).toBeNull();
    const over = figuresOf('30');
    expect(over.short?.toFixed()).toBe(
      over.figures?.margin.plus(over.figures.fee).toFixed() ?? 'none',
    );
    expect(over.short?.greaterThan(deal.balance)).toBe(true);
    expect(over.liquidation).toBeNull();
    expect(figuresOf('30', 2).liquidation).toBeNull();
  });

  it('never gives a long a liquidation price at or above its entry, nor a short one below', () => {
    for (let hands = 1; hands <= 1000; hands += 7)
      for (const side of [1, 2] as const) {
        const f = figuresOf(String(hands), side);
        if (f.liquidation === null || f.figures === null) continue;
        if (side === 1) expect(f.liquidation.lessThan(f.figures.price)).toBe(true);
        else expect(f.liquidation.greaterThan(f.figures.price)).toBe(true);
      }
  });

  it('takes "1.5" hands as no hands, never as 15', () => {
    expect(figuresOf('1.5').figures).toBeNull();
    expect(handsCount('1.5')).toBe(0);
  });
});
