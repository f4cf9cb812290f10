// What an amount field holds (issue 20, issue 41): exactly what the user typed. A field never
// holds a number the user did not type, so nothing is taken out of the text — not a letter, an
// exponent ("1e4"), a sign, a second point nor a decimal too many. Taking them out made "1e4"
// read 14, "1.5" hands 15 and "2.00" a stake of 200 (issue 41). A text that is not a plain
// amount of the field's decimals is kept as typed, the field says what is wrong under it
// (`amountTextIssue`, localized) and the form does not send it (ADR 0041). One rule for every
// amount input of the page (the spot, contract and second-contract forms, transfers, deposits,
// withdrawals, c2c, savings, loans, acceptor deals, price alerts, stop levels), the one the
// reference server holds (src/shared/amount.ts).
import { AMOUNT_LIMIT, amountIssue, type AmountError } from '../../shared/amount.ts';
import { Decimal } from '../../shared/decimal.ts';

/** Decimals of a fiat (CNY) amount: cents. */
export const FIAT_DECIMALS = 2;

/**
 * The text an amount field holds after a keystroke or a paste: what was typed. Two changes
 * only, neither of which changes the number: where the reader's decimal mark is a comma
 * (`decimalComma`: de, ru, pt, es) a comma is that mark and becomes the point; a lone leading
 * point gets its zero (".5" → "0.5"). Elsewhere a comma is kept (and is an error: "1,000" is a
 * thousand to an English reader, never 1).
 */
export function acceptNumberInput(next: string, decimalComma: boolean): string {
  const s = decimalComma ? next.replace(/,/g, '.') : next;
  return /^\.\d*$/.test(s) ? `0${s}` : s;
}

/** Why the text of an amount field is not an amount of `maxDecimals` decimals (0: whole). */
export type AmountTextIssue =
  | { id: 'field.number.format' }
  | { id: 'field.number.decimals'; dp: number }
  | { id: 'field.number.tooLarge'; max: number };

const PLAIN = /^\d+\.?\d*$/;

/**
 * What is wrong with `text` as an amount of at most `maxDecimals` decimals, or null when
 * nothing is (an empty field is each form's own "please enter" rule). "1." is an amount being
 * typed (1); anything but digits and one point is a format error; then the decimals; then the
 * bound every amount of the exchange has (`AMOUNT_LIMIT`).
 */
export function amountTextIssue(text: string, maxDecimals: number): AmountTextIssue | null {
  const s = text.trim();
  if (s === '') return null;
  if (!PLAIN.test(s)) return { id: 'field.number.format' };
  const dp = Math.max(0, maxDecimals);
  const [whole = '', decimals = ''] = s.split('.');
  if (decimals.length > dp || (dp === 0 && s.includes('.')))
    return { id: 'field.number.decimals', dp };
  if (whole.length > 40) return { id: 'field.number.tooLarge', max: AMOUNT_LIMIT.toNumber() };
  const issue: AmountError | null = amountIssue(new Decimal(s), dp);
  if (issue === null) return null;
  if (issue.id === 'validation.amountDecimals') return { id: 'field.number.decimals', dp };
  if (issue.id === 'validation.amountTooLarge')
    return { id: 'field.number.tooLarge', max: issue.values.max };
  return { id: 'field.number.format' };
}

/** Whether any of `fields` ([text, decimals]) holds what may not be sent. */
export function anyAmountIssue(...fields: readonly (readonly [string, number])[]): boolean {
  return fields.some(([text, dp]) => amountTextIssue(text, dp) !== null);
}

/** The text for figures computed while typing (totals, fees, the slider): '' while it has an issue. */
export function plainAmountText(text: string, maxDecimals: number): string {
  return amountTextIssue(text, maxDecimals) === null ? text.trim() : '';
}

/** Whether the decimal mark of a BCP 47 locale is a comma (as Intl, and `fmt`, write it). */
export function decimalMarkIsComma(locale: string): boolean {
  let comma = commaLocales.get(locale);
  if (comma === undefined) {
    const parts = new Intl.NumberFormat(locale).formatToParts(1.5);
    comma = parts.find((p) => p.type === 'decimal')?.value === ',';
    commaLocales.set(locale, comma);
  }
  return comma;
}
const commaLocales = new Map<string, boolean>();

/**
 * An amount the user has, as an "all" button puts it into a field: at most `maxDecimals`
 * decimals, rounded toward zero — never more than there is ("0" for anything unparsable).
 */
export function amountForInput(value: string, maxDecimals: number): string {
  const d = /^\d+(\.\d+)?$/.test(value.trim()) ? new Decimal(value.trim()) : new Decimal(0);
  return d.toDecimalPlaces(Math.max(0, maxDecimals), Decimal.ROUND_DOWN).toFixed();
}
