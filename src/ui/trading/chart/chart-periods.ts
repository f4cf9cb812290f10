// The chart's period buttons (spec §2 "Chart widget", §9): realtime and eight kline periods
// (the list and the default are the workspace's, src/shared/workspace.ts). "realtime" is a line
// of the one-minute closes, so it asks the engine for '1min'.
import type { KlinePeriod } from '../../../shared/constants.ts';
import { CHART_PERIODS, type ChartPeriod } from '../../../shared/workspace.ts';

export { CHART_PERIODS, type ChartPeriod };

/** The kline period the engine must load for a button. */
export function enginePeriod(period: ChartPeriod): KlinePeriod {
  return period === 'realtime' ? '1min' : period;
}
