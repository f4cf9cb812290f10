// What an amount field accepts (issue 20): digits and one point, at most the currency's or the
// pair's decimals; a letter, a sign, an exponent ("1e4") or a second point never gets in — the
// field keeps what the user had typed. One rule for every amount input of the page (the spot,
// contract and second-contract forms, transfers, deposits, withdrawals, c2c, savings, loans,
// acceptor deals, stop levels), the same the reference server holds (src/shared/amount.ts).
import { Decimal } from '../../shared/decimal.ts';

/** Decimals of a fiat (CNY) amount: cents. */
export const FIAT_DECIMALS = 2;

/**
 * The value an amount field holds after a keystroke or a paste: digits and one point (a comma
 * is taken as the point), at most `maxDecimals` decimals (0 = whole numbers). Anything else
 * keeps the previous value.
 */
export function acceptNumberInput(next: string, previous: string, maxDecimals: number): string {
  const s = next.replace(/,/g, '.').trim();
  if (s === '') return '';
  if (!/^\d*\.?\d*$/.test(s)) return previous;
  const [, decimals = ''] = s.split('.');
  if (s.includes('.') && maxDecimals <= 0) return previous;
  if (decimals.length > maxDecimals) return previous;
  return s.startsWith('.') ? `0${s}` : s;
}

/** Keys an amount field refuses outright (spec §5: the letter e; also signs). */
export function isRefusedNumberKey(key: string): boolean {
  return key === 'e' || key === 'E' || key === '+' || key === '-';
}

/**
 * An amount the user has, as an "all" button puts it into a field: at most `maxDecimals`
 * decimals, rounded toward zero — never more than there is ("0" for anything unparsable).
 */
export function amountForInput(value: string, maxDecimals: number): string {
  const d = /^\d+(\.\d+)?$/.test(value.trim()) ? new Decimal(value.trim()) : new Decimal(0);
  return d.toDecimalPlaces(Math.max(0, maxDecimals), Decimal.ROUND_DOWN).toFixed();
}
