import { describe, expect, it } from 'vitest';
import {
  fitGrouping,
  groupingDecimals,
  groupingLabel,
  groupingOptions,
  groupingStep,
  sameWindow,
  spreadPercent,
} from './book-math.ts';
import { formatFixed } from '../../i18n/format.ts';

describe('grouping', () => {
  it('steps are multiples of the tick', () => {
    expect(groupingStep(2, 1)).toBe('0.01');
    expect(groupingStep(2, 10)).toBe('0.1');
    expect(groupingStep(2, 1000)).toBe('10');
    expect(groupingStep(5, 100)).toBe('0.001');
  });

  it('decimals drop with the grouping, never below 0', () => {
    expect(groupingDecimals(2, 1)).toBe(2);
    expect(groupingDecimals(2, 10)).toBe(1);
    expect(groupingDecimals(2, 1000)).toBe(0);
    expect(groupingDecimals(2, 5000)).toBe(0);
    expect(groupingDecimals(4, 5000)).toBe(1); // 0.5
    expect(groupingDecimals(5, 500)).toBe(3); // 0.005
  });

  it('a high-priced pair offers larger steps: BTC/USDT goes on to 50 and 100 (issue 20)', () => {
    const steps = (precision: number, price: string | null) =>
      groupingOptions(precision, price).map((g) => groupingStep(precision, g));
    expect(steps(2, '70517.50')).toEqual(['0.01', '0.1', '1', '10', '50', '100']);
    expect(steps(2, '3739.75')).toEqual(['0.01', '0.1', '1', '10']);
    expect(steps(2, '1250000')).toEqual(['0.01', '0.1', '1', '10', '50', '100', '500', '1000']);
    expect(steps(5, '0.16320')).toEqual(['0.00001', '0.0001', '0.001', '0.01']);
    expect(steps(2, null)).toEqual(['0.01', '0.1', '1', '10']);
    expect(steps(2, '0')).toEqual(['0.01', '0.1', '1', '10']);
  });

  it('a stored grouping the pair does not offer falls to the nearest offered below', () => {
    const btc = groupingOptions(2, '70000');
    const eth = groupingOptions(2, '3700');
    expect(fitGrouping(10000, btc)).toBe(10000);
    expect(fitGrouping(10000, eth)).toBe(1000);
    expect(fitGrouping(5000, eth)).toBe(1000);
    expect(fitGrouping(10, eth)).toBe(10);
  });
});

describe('spreadPercent', () => {
  it('is spread / best ask in percent', () => {
    expect(spreadPercent('1', '200')).toBe('0.50');
    expect(spreadPercent(null, '200')).toBeNull();
    expect(spreadPercent('1', '0')).toBeNull();
  });
});

describe('sameWindow', () => {
  it('compares windows by value', () => {
    const w = { bidStart: 0, bidCount: 1, askStart: 2, askCount: 3 };
    expect(sameWindow(w, { ...w })).toBe(true);
    expect(sameWindow(w, { ...w, askCount: 4 })).toBe(false);
  });
});

describe('groupingLabel (issue 41: the select spoke English numbers in German and Russian)', () => {
  const fmt = (locale: string) => ({
    fixed: (value: string, dp: number) => formatFixed(value, dp, locale),
  });
  it('writes the step in the locale’s format', () => {
    expect(groupingLabel(2, 1, fmt('de-DE'))).toBe('0,01');
    expect(groupingLabel(2, 10, fmt('ru-RU'))).toBe('0,1');
    expect(groupingLabel(2, 100000, fmt('de-DE'))).toBe('1.000');
    expect(groupingLabel(2, 100000, fmt('ru-RU'))).toBe('1\u00a0000');
    expect(groupingLabel(2, 1, fmt('en-US'))).toBe('0.01');
  });
});
