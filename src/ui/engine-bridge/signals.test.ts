import { effect } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import type { Ticker } from '../../engine/api.ts';
import type { DecStr } from '../../shared/decimal.ts';
import { applyFrame, market, sparklineSignal, tickerSignal } from './signals.ts';

const ticker = (symbol: string, price: string): Ticker => ({
  matchId: 1,
  symbol,
  legalId: 1,
  currencyId: 2,
  legalName: 'USDT',
  currencyName: symbol.split('/')[0] ?? '',
  logo: '',
  price: price as DecStr,
  change: '1.00' as DecStr,
  high: price as DecStr,
  low: price as DecStr,
  volume: '10' as DecStr,
  isDisplay: true,
  sort: 1,
  at: 0,
});

describe('applyFrame', () => {
  it('notifies only the subscribers of the symbols that changed, once per frame', () => {
    const btc: string[] = [];
    const eth: string[] = [];
    const stopBtc = effect(() => void btc.push(tickerSignal('BTC/USDT').value?.price ?? '-'));
    const stopEth = effect(() => void eth.push(tickerSignal('ETH/USDT').value?.price ?? '-'));
    applyFrame({ frame: 1, tickers: { 'BTC/USDT': ticker('BTC/USDT', '100') } });
    applyFrame({
      frame: 2,
      tickers: { 'BTC/USDT': ticker('BTC/USDT', '101') },
      market: {
        groups: [{ legalId: 1, name: 'USDT', symbols: ['BTC/USDT'] }],
        loaded: true,
        error: null,
      },
    });
    stopBtc();
    stopEth();
    expect(btc).toEqual(['-', '100', '101']);
    expect(eth).toEqual(['-']);
    expect(market.value.loaded).toBe(true);
  });

  it('keeps one stable signal per symbol', () => {
    expect(tickerSignal('X/Y')).toBe(tickerSignal('X/Y'));
    applyFrame({ frame: 3, sparklines: { 'X/Y': ['1', '2'] as DecStr[] } });
    expect(sparklineSignal('X/Y').value).toEqual(['1', '2']);
  });
});
