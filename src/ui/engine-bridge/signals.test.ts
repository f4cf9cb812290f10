import { effect } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import type { Ticker } from '../../engine/api.ts';
import type { DecStr } from '../../shared/decimal.ts';
import type { Bar } from '../../engine/api.ts';
import {
  applyFrame,
  chart,
  market,
  orders,
  sparklineSignal,
  spot,
  tickerSignal,
} from './signals.ts';

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
  pricePrecision: 2,
  amountPrecision: 4,
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

  it('chart: a reset replaces the bars; other diffs upsert by time, sorted, and bump the version', () => {
    const bar = (time: number, close: string): Bar => ({
      time,
      open: close as DecStr,
      high: close as DecStr,
      low: close as DecStr,
      close: close as DecStr,
      volume: '1' as DecStr,
    });
    const base = { symbol: 'BTC/USDT', period: '1min' as const, loading: false, error: null };
    applyFrame({ frame: 4, chart: { ...base, reset: true, bars: [bar(120, '2'), bar(60, '1')] } });
    expect(chart.value?.bars.map((b) => b.time)).toEqual([60, 120]);
    const v = chart.value?.version ?? 0;
    applyFrame({
      frame: 5,
      chart: { ...base, reset: false, bars: [bar(120, '3'), bar(180, '4'), bar(0, '0')] },
    });
    expect(chart.value?.bars.map((b) => [b.time, b.close])).toEqual([
      [0, '0'],
      [60, '1'],
      [120, '3'],
      [180, '4'],
    ]);
    expect(chart.value?.version).toBe(v + 1);
    applyFrame({
      frame: 6,
      chart: { ...base, period: '5min', reset: false, bars: [bar(300, '5')] },
    });
    expect(chart.value).toMatchObject({ period: '5min', bars: [{ time: 300 }] });
    applyFrame({ frame: 7, chart: null, spot: null });
    expect(chart.value).toBeNull();
    expect(spot.value).toBeNull();
    expect(orders.value.open).toEqual([]);
  });
});
