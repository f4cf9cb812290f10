import { describe, expect, it } from 'vitest';
import { CHART_PERIODS, enginePeriod, parseChartPeriod } from './chart-periods.ts';

describe('chart periods', () => {
  it('has the spec buttons in order', () => {
    expect(CHART_PERIODS).toEqual([
      'realtime',
      '1min',
      '5min',
      '15min',
      '30min',
      '60min',
      '1day',
      '1week',
      '1mon',
    ]);
  });
  it('defaults to one minute', () => {
    expect(parseChartPeriod(null)).toBe('1min');
    expect(parseChartPeriod('bogus')).toBe('1min');
    expect(parseChartPeriod('1week')).toBe('1week');
    expect(parseChartPeriod('realtime')).toBe('realtime');
  });
  it('realtime loads the one-minute bars', () => {
    expect(enginePeriod('realtime')).toBe('1min');
    expect(enginePeriod('1day')).toBe('1day');
  });
});
