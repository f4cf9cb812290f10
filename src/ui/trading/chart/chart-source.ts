// The chart's one link to the engine bridge: the `chart` signal and `setChartPeriod`. Kept in
// one small file so the rest of the chart depends only on this contract.
import type { KlinePeriod } from '../../../shared/constants.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { chart, type ChartState } from '../../engine-bridge/signals.ts';

export type { ChartState };

/** The watched pair's bars of the chosen period (null until the engine has sent any). */
export const chartState = chart;

export function requestChartPeriod(period: KlinePeriod): Promise<void> {
  return engine.setChartPeriod(period);
}
