// The chart's period buttons (spec §2 "Chart widget", §9): realtime and eight kline periods.
// "realtime" is a line of the one-minute closes, so it asks the engine for '1min'.
import { KLINE_PERIODS, type KlinePeriod } from '../../../../shared/constants.ts';

export type ChartPeriod = 'realtime' | KlinePeriod;

/** Button order of the toolbar. */
export const CHART_PERIODS: readonly ChartPeriod[] = ['realtime', ...KLINE_PERIODS];

/** Spec §2: the chart opens on one minute when nothing is stored. */
export const DEFAULT_CHART_PERIOD: ChartPeriod = '1min';

/** The stored choice (storage key 'chart_period'), or the default when unknown or absent. */
export function parseChartPeriod(stored: string | null): ChartPeriod {
  return CHART_PERIODS.find((p) => p === stored) ?? DEFAULT_CHART_PERIOD;
}

/** The kline period the engine must load for a button. */
export function enginePeriod(period: ChartPeriod): KlinePeriod {
  return period === 'realtime' ? '1min' : period;
}
