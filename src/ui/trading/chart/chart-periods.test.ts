import { describe, expect, it } from 'vitest';
import { parseWorkspace } from '../../../shared/workspace.ts';
import { CHART_PERIODS, enginePeriod } from './chart-periods.ts';

const periodOf = (period: unknown) => parseWorkspace({ chart: { period } }).chart.period;

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
    expect(periodOf(null)).toBe('1min');
    expect(periodOf('bogus')).toBe('1min');
    expect(periodOf('1week')).toBe('1week');
    expect(periodOf('realtime')).toBe('realtime');
  });
  it('realtime loads the one-minute bars', () => {
    expect(enginePeriod('realtime')).toBe('1min');
    expect(enginePeriod('1day')).toBe('1day');
  });
});
