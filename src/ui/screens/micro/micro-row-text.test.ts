// A second contract's row speaks its pair's decimals in the locale's format (issue 41): a BTC
// contract's prices had 4 decimals, its seconds a "." in every language.
import { describe, expect, it } from 'vitest';
import type { MicroOrderView, Ticker } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import { formatFixed } from '../../i18n/format.ts';
import { microRowText, secondsLeft } from './micro-row-text.ts';

const de = { fixed: (value: string, dp: number) => formatFixed(value, dp, 'de-DE') };
const d = (v: string) => v as DecStr;

const order = {
  id: 1,
  showId: 10001,
  symbol: 'BTC/USDT',
  matchId: 1,
  currency: 'USDT',
  side: 1,
  seconds: 30,
  number: d('100'),
  openPrice: d('70048.5'),
  endPrice: d('70050.25'),
  profitRatio: d('80'),
  fee: d('1'),
  status: 3,
  result: 1,
  profit: d('80'),
  createdAt: '2026-11-29 04:00:00',
  deadline: 0,
  removeAt: null,
} satisfies MicroOrderView;

const ticker = { pricePrecision: 2, price: d('70100'), markPrice: d('70090.5') } as Ticker;

describe('second contract rows', () => {
  it('show prices with the pair’s decimals, in the locale’s format', () => {
    expect(microRowText(order, ticker, de)).toEqual({
      stake: '100,00',
      open: '70.048,50',
      now: '70.050,25',
      profit: '80,00',
    });
    // an open one: the mark it settles at
    expect(microRowText({ ...order, status: 1 }, ticker, de).now).toBe('70.090,50');
  });

  it('count the seconds with the locale’s decimal separator', () => {
    expect(secondsLeft(12_345, de)).toBe('12,3');
  });
});
