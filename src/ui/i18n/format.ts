// Pure, locale-aware formatting of the values the engine sends (decimal strings) and of times.
// Decimals are rounded with the shared decimal module first, then handed to Intl as exact
// strings (never through a binary float), so "0.1 + 0.2" problems cannot reach the screen.
import { Decimal, fixed } from '../../shared/decimal.ts';

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let nf = cache.get(key);
  if (nf === undefined) {
    nf = new Intl.NumberFormat(locale, options);
    cache.set(key, nf);
  }
  return nf;
}

function isDecimal(value: string): boolean {
  return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(value.trim());
}

/** A decimal string with exactly `dp` decimals, grouped per locale; "--" when not a number. */
export function formatFixed(value: string, dp: number, locale: string): string {
  if (!isDecimal(value)) return '--';
  const exact = fixed(value, dp) as Intl.StringNumericLiteral;
  return numberFormat(locale, { minimumFractionDigits: dp, maximumFractionDigits: dp }).format(
    exact,
  );
}

/** A percent change given in percent units ("1.23" → "+1.23%"), signed unless zero. */
export function formatChange(value: string, locale: string): string {
  if (!isDecimal(value)) return '--';
  const ratio = new Decimal(value).div(100).toFixed(6) as Intl.StringNumericLiteral;
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(ratio);
}

/** Direction of a change for colouring: up, down or flat. */
export function changeDirection(value: string): 'up' | 'down' | 'flat' {
  if (!isDecimal(value)) return 'flat';
  const d = new Decimal(value);
  if (d.isZero()) return 'flat';
  return d.isNegative() ? 'down' : 'up';
}

/** The server's "Y-m-d H:i:s" (or ms) as a localized date and time; the raw text if unparsable. */
export function formatDateTime(value: string | number, locale: string): string {
  const date = typeof value === 'number' ? new Date(value) : new Date(value.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A time of day with seconds (24-hour), e.g. a trade's time; "--" when not a valid time. */
export function formatTime(ms: number, locale: string): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return '--';
  return new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
