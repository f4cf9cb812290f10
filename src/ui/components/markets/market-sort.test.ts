// Market sorting: exact decimal order (not float, not text), missing figures last in both
// directions, ties in the exchange's order, and the header's cycle.
import { describe, expect, it } from 'vitest';
import type { Ticker } from '../../../engine/api.ts';
import type { DecStr } from '../../../shared/decimal.ts';
import { nextSort, sortSymbols } from './market-sort.ts';

const ticker = (symbol: string, price: string, extra: Partial<Ticker> = {}): Ticker => ({
  matchId: 1,
  symbol,
  legalId: 1,
  currencyId: 1,
  legalName: 'USDT',
  currencyName: symbol.split('/')[0] ?? '',
  logo: '',
  price: price as DecStr,
  change: '0.00' as DecStr,
  high: price as DecStr,
  low: price as DecStr,
  volume: '1' as DecStr,
  isDisplay: true,
  sort: 0,
  at: 0,
  pricePrecision: 2,
  amountPrecision: 4,
  ...extra,
});

const tickers: Record<string, Ticker> = {
  'BTC/USDT': ticker('BTC/USDT', '70000.5', { change: '-1.20' as DecStr, turnover: '9' as DecStr }),
  'ETH/USDT': ticker('ETH/USDT', '9.5', { change: '2.00' as DecStr }),
  'XRP/USDT': ticker('XRP/USDT', '0.00000001', {
    change: '-1.20' as DecStr,
    turnover: '10' as DecStr,
  }),
  'LTC/USDT': ticker('LTC/USDT', '10', { change: '0.50' as DecStr }),
};
const of = (s: string): Ticker | null => tickers[s] ?? null;
const order = ['BTC/USDT', 'ETH/USDT', 'XRP/USDT', 'LTC/USDT', 'NEW/USDT'];

describe('sortSymbols', () => {
  it('orders prices as decimals, and a pair with no ticker last in both directions', () => {
    expect(sortSymbols(order, of, { key: 'price', dir: 'desc' })).toEqual([
      'BTC/USDT',
      'LTC/USDT',
      'ETH/USDT',
      'XRP/USDT',
      'NEW/USDT',
    ]);
    expect(sortSymbols(order, of, { key: 'price', dir: 'asc' })).toEqual([
      'XRP/USDT',
      'ETH/USDT',
      'LTC/USDT',
      'BTC/USDT',
      'NEW/USDT',
    ]);
  });

  it('keeps the exchange order for ties and for no sort; a missing turnover goes last', () => {
    expect(sortSymbols(order, of, { key: 'change', dir: 'asc' }).slice(0, 2)).toEqual([
      'BTC/USDT',
      'XRP/USDT',
    ]);
    expect(sortSymbols(order, of, null)).toBe(order);
    expect(sortSymbols(order, of, { key: 'turnover', dir: 'desc' })).toEqual([
      'XRP/USDT',
      'BTC/USDT',
      'ETH/USDT',
      'LTC/USDT',
      'NEW/USDT',
    ]);
    expect(sortSymbols(order, of, { key: 'pair', dir: 'asc' })[0]).toBe('BTC/USDT');
    expect(sortSymbols(order, of, { key: 'pair', dir: 'desc' })[0]).toBe('XRP/USDT');
  });

  it('cycles a header: its usual direction, the other, then the exchange order', () => {
    expect(nextSort(null, 'volume')).toEqual({ key: 'volume', dir: 'desc' });
    expect(nextSort({ key: 'volume', dir: 'desc' }, 'volume')).toEqual({
      key: 'volume',
      dir: 'asc',
    });
    expect(nextSort({ key: 'volume', dir: 'asc' }, 'volume')).toBeNull();
    expect(nextSort({ key: 'volume', dir: 'asc' }, 'pair')).toEqual({ key: 'pair', dir: 'asc' });
  });
});
