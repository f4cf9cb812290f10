// Conditional entry orders on contracts (issue 44, ADR 0065): the rules the server stores and fires
// them by, and the ticket previews them with. The trader gives a trigger price and what it opens
// (a market or a limit order); stop or take-profit follows from where the trigger stands against
// the price the order watches. A long triggered above the price is a stop (a breakout), below it a
// take-profit (a dip); a short mirrored. A trigger at the price has been reached already: refused.
import { Decimal } from './decimal.ts';
import type { LeverSide } from './lever.ts';

export type LeverTriggerKind = 'stop' | 'tp';
export type LeverTriggerDirection = 'rises' | 'falls';

/** The stored direction (lever_transactions.stop_dir): 1 rises to the trigger, 2 falls to it. */
export const STOP_DIR = { rises: 1, falls: 2 } as const;

/** What became of a conditional order's trigger (lever_transactions.stop_state). */
export const STOP_STATE = { none: 0, waiting: 1, triggered: 2, refused: 3 } as const;

/** Which way the price must move for a `kind` trigger of `side`. */
export function directionOf(side: LeverSide, kind: LeverTriggerKind): LeverTriggerDirection {
  const up = side === 1 ? kind === 'stop' : kind === 'tp';
  return up ? 'rises' : 'falls';
}

/** The kind a trigger of `side` in `direction` is. */
export function kindOf(side: LeverSide, direction: LeverTriggerDirection): LeverTriggerKind {
  return directionOf(side, 'stop') === direction ? 'stop' : 'tp';
}

/** Whether `watched` has reached a trigger at `trigger` that waits for the price to move `direction`. */
export function triggerReached(
  direction: LeverTriggerDirection,
  trigger: Decimal.Value,
  watched: Decimal.Value,
): boolean {
  const w = new Decimal(watched);
  return direction === 'rises' ? w.greaterThanOrEqualTo(trigger) : w.lessThanOrEqualTo(trigger);
}

/**
 * The direction a trigger typed against the current price means; 'reached' at the price itself,
 * null while either is not a positive price.
 */
export function directionAgainst(
  trigger: Decimal.Value | null,
  watched: Decimal.Value | null,
): LeverTriggerDirection | 'reached' | null {
  if (trigger === null || watched === null) return null;
  const t = new Decimal(trigger);
  if (!t.isFinite() || t.lessThanOrEqualTo(0)) return null;
  const c = t.comparedTo(watched);
  if (c === 0) return 'reached';
  return c > 0 ? 'rises' : 'falls';
}
