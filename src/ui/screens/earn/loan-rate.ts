// A loan term's daily rate as the loan page shows it, in the application form and the records.
import { parseDecimal } from '../../../shared/decimal.ts';

/** A daily rate in the locale's percent format, with its own decimals (at least 2). */
export function ratePercent(
  rate: string,
  fmt: { percent(value: string, dp: number): string },
): string {
  const d = parseDecimal(rate);
  return d === null ? rate : fmt.percent(rate, Math.max(2, d.decimalPlaces()));
}
