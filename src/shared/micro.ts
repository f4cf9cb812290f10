// Second contracts (api-contract §6; wallet-account-earn.md §5, §9): the order form's rules
// and the settlement arithmetic, shared by the page, the engine and the reference server.
import { Decimal } from './decimal.ts';

export type MicroValidationId =
  | 'validation.micro.numberRequired'
  | 'validation.micro.secondsRequired'
  | 'validation.micro.numberStep'
  | 'validation.micro.numberBelowMin'
  | 'validation.micro.numberAboveMax';

/** Spec §9: the order list refreshes its countdowns every 200 ms; a settled order leaves after 500 ms. */
export const MICRO_COUNTDOWN_MS = 200;
export const MICRO_REMOVE_AFTER_MS = 500;
export const MICRO_PAGE_SIZE = 20;

/** Win: stake × (1 + ratio / 100); draw: the stake; loss: nothing (the fee is never returned). */
export function microCredit(
  stake: Decimal.Value,
  ratioPct: Decimal.Value,
  result: -1 | 0 | 1,
): Decimal {
  if (result === 1) return new Decimal(stake).times(new Decimal(ratioPct).dividedBy(100).plus(1));
  return result === 0 ? new Decimal(stake) : new Decimal(0);
}

/**
 * Spec §5: an amount must be chosen; the contract's: within the range (a maximum of 0: none)
 * and a whole multiple of the minimum, each broken rule with its own message, the range first.
 */
export function validateMicro(v: {
  number: string;
  seconds: number | null;
  min: string;
  max: string;
}): Partial<Record<'number' | 'seconds', MicroValidationId>> {
  const errors: Partial<Record<'number' | 'seconds', MicroValidationId>> = {};
  if (v.seconds === null) errors.seconds = 'validation.micro.secondsRequired';
  const n = v.number.trim();
  if (!/^\d+$/.test(n) || Number(n) <= 0) errors.number = 'validation.micro.numberRequired';
  else {
    const d = new Decimal(n);
    const min = new Decimal(v.min);
    if (d.lessThan(min)) errors.number = 'validation.micro.numberBelowMin';
    else if (new Decimal(v.max).greaterThan(0) && d.greaterThan(v.max))
      errors.number = 'validation.micro.numberAboveMax';
    else if (min.greaterThan(0) && !d.modulo(min).isZero())
      errors.number = 'validation.micro.numberStep';
  }
  return errors;
}
