// The live risk figures the lever screens show (contract §5.6): the risk rate of the watched
// pair's quote currency, how close it is to the liquidation line, the floating P&L and the
// margins. The figures follow the positions: with none open (the engine's rate is null) there
// is no rate, no P&L and no margin to show, never the last figures of a closed position.
import type { LeverView } from '../../../engine/api.ts';
import { Decimal, parseDecimal } from '../../../shared/decimal.ts';

/** The liquidation line when the panel (lever/deal) has not arrived: the sample 10 %. */
export const DEFAULT_BURST_LINE = '10';
/** The risk rate warns within 50 points of the line, and alarms within 20. */
const WARN_POINTS = 50;
const DANGER_POINTS = 20;

export type RiskLevel = 'none' | 'safe' | 'warn' | 'danger';

/** How close the risk rate is to the liquidation line ('none' without open positions). */
export function riskLevel(rate: string | null, line: string): RiskLevel {
  const r = rate === null ? null : parseDecimal(rate);
  if (r === null) return 'none';
  const l = parseDecimal(line) ?? new Decimal(DEFAULT_BURST_LINE);
  if (r.lte(l.plus(DANGER_POINTS))) return 'danger';
  if (r.lte(l.plus(WARN_POINTS))) return 'warn';
  return 'safe';
}

/** The live risk figures of the watched pair's quote currency (null: nothing to show). */
export function riskOf(view: LeverView) {
  const line = view.deal?.burstLine ?? DEFAULT_BURST_LINE;
  const rate = view.risk?.hazardRate ?? null;
  const open = rate !== null;
  return {
    rate,
    line,
    level: riskLevel(rate, line),
    profits: open ? (view.risk?.profitsAll ?? null) : null,
    margin: open ? (view.risk?.marginAll ?? null) : null,
  };
}
