// What the second-contract panel says about the amount (issue 20): below the minimum, above
// the maximum and not a multiple of the minimum are three messages, each naming its bound in
// the reader's number format (`fixed` is the page's `fmt.fixed`).
import { parseDecimal } from '../../../shared/decimal.ts';
import type { MicroValidationId } from '../../../shared/micro.ts';
import type { MessageId } from '../../i18n/i18n.ts';

/** The payment currency's amount rules. */
export interface MicroLimits {
  min: string;
  max: string;
  name: string;
}

type Fixed = (value: string, dp: number) => string;

/** A bound with its own decimals, grouped: "10", "10,000". */
export function microAmountText(value: string, fixed: Fixed): string {
  return fixed(value, parseDecimal(value)?.decimalPlaces() ?? 0);
}

/** The message (id and values) of a broken amount or duration rule. */
export function microRuleMessage(
  id: MicroValidationId,
  limits: MicroLimits,
  fixed: Fixed,
): { id: MessageId; values: Record<string, string> } {
  const currency = limits.name;
  switch (id) {
    case 'validation.micro.numberBelowMin':
      return {
        id: 'micro.error.belowMin',
        values: { min: microAmountText(limits.min, fixed), currency },
      };
    case 'validation.micro.numberAboveMax':
      return {
        id: 'micro.error.aboveMax',
        values: { max: microAmountText(limits.max, fixed), currency },
      };
    case 'validation.micro.numberStep':
      return {
        id: 'micro.error.step',
        values: { step: microAmountText(limits.min, fixed), currency },
      };
    default:
      return { id, values: {} };
  }
}
