// Which conditional order a ticket means (issue 44, ADR 0052): the user gives a trigger price and
// whether the order it places is a limit or a market order; stop or take-profit follows from
// where the trigger stands against the last price. A buy triggered above the price is a stop (a
// breakout), below it a take-profit (a dip); a sell triggered below the price is a stop (a
// stop-loss), above it a take-profit. A trigger at the last price has been reached already: the
// server refuses it, and so does the ticket.
import { parseDecimal, type DecStr } from '../../shared/decimal.ts';
import type { SpotSide } from '../../shared/spot.ts';
import type { SpotTriggerKind, SpotTriggerView } from '../../engine/api.ts';

export type TriggerDirection = 'rises' | 'falls';

/** The kind, and which way the price must move to reach the trigger; null when not known yet. */
export function triggerKind(
  side: SpotSide,
  trigger: string,
  last: DecStr | null,
  limit: boolean,
): { kind: SpotTriggerKind; direction: TriggerDirection } | 'reached' | null {
  const t = parseDecimal(trigger);
  if (t === null || last === null || t.lessThanOrEqualTo(0)) return null;
  const c = t.comparedTo(last);
  if (c === 0) return 'reached';
  const direction: TriggerDirection = c > 0 ? 'rises' : 'falls';
  const stop = side === 'buy' ? direction === 'rises' : direction === 'falls';
  const kind = `${stop ? 'stop' : 'tp'}_${limit ? 'limit' : 'market'}` as const;
  return { kind, direction };
}

/**
 * What became of a conditional order, as the user reads it: waiting; triggered and its order
 * open, filled, partly filled, or not filled; cancelled; refused.
 */
export type TriggerState =
  'waiting' | 'open' | 'filled' | 'partial' | 'unfilled' | 'cancelled' | 'refused';

export function stateOf(r: SpotTriggerView): TriggerState {
  if (r.status !== 'triggered') return r.status;
  const filled = r.filled !== null && !isZero(r.filled);
  if (r.orderStatus === 'filled') return 'filled';
  if (r.orderStatus === 'cancelled') return filled ? 'partial' : 'unfilled';
  return filled ? 'partial' : 'open';
}

const isZero = (v: DecStr): boolean => parseDecimal(v)?.isZero() ?? true;
