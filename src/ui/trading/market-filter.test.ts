import { describe, expect, it } from 'vitest';
import { filterSymbols } from './market-filter.ts';

describe('filterSymbols', () => {
  const all = ['BTC/USDT', 'ETH/USDT', 'BCH/USDT'];
  it('matches names, either case, with or without the slash', () => {
    expect(filterSymbols(all, '')).toEqual(all);
    expect(filterSymbols(all, 'bc')).toEqual(['BCH/USDT']);
    expect(filterSymbols(all, 'btcusdt')).toEqual(['BTC/USDT']);
    expect(filterSymbols(all, 'eth/u')).toEqual(['ETH/USDT']);
    expect(filterSymbols(all, 'xyz')).toEqual([]);
  });
});
