// The one decimal module (CONVENTIONS 5). Money and quantities are never binary floats in
// logic: they are parsed at the edge into `Decimal` and cross thread boundaries as canonical
// decimal strings (`DecStr`). Floats appear only when a value is turned into pixels.
import Decimal from 'decimal.js';

export { Decimal };

/**
 * Significant digits of every decimal.js result (its default is 20, which rounds a balance of
 * 123456789012345.12345678 plus 0.00000001 back to itself: money created on one side, nothing
 * lost on the other). A NUMERIC(36,18) value has at most 36 digits and the product of two at
 * most 72, so with 80 every sum, difference and product of stored values is exact; only a
 * division rounds, and its caller rounds the quotient to a scale it names.
 */
export const DECIMAL_PRECISION = 80;
Decimal.set({ precision: DECIMAL_PRECISION });

declare const decStrBrand: unique symbol;
/** A canonical decimal string, e.g. "27123.45". Safe to structured-clone and to compare by value. */
export type DecStr = string & { readonly [decStrBrand]: true };

const DECIMAL_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Longest decimal text accepted. A JS number's text is at most 24 characters and a
 * NUMERIC(36,18) at most 38; anything longer is hostile input (a 1 MB digit string).
 */
export const MAX_DECIMAL_TEXT = 64;
/**
 * Largest |exponent| accepted ("1e64"). "1e1000000000" parses in a microsecond, but its plain
 * text (`toDecStr`) is a gigabyte: it would take the engine or the server down.
 */
export const MAX_DECIMAL_EXPONENT = 64;

/**
 * Parse a wire value (string or number, per api-contract decision 8) into a Decimal, or null.
 * Null too beyond MAX_DECIMAL_TEXT characters or MAX_DECIMAL_EXPONENT.
 */
export function parseDecimal(value: unknown): Decimal | null {
  let d: Decimal;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    d = new Decimal(value);
  } else {
    if (typeof value !== 'string' || value.length > MAX_DECIMAL_TEXT) return null;
    const s = value.trim();
    if (!DECIMAL_RE.test(s)) return null;
    d = new Decimal(s);
  }
  return d.isFinite() && Math.abs(d.e) <= MAX_DECIMAL_EXPONENT ? d : null;
}

/** Canonical string form of a decimal (no exponent, no trailing zeros, no "+"). */
export function toDecStr(d: Decimal): DecStr {
  return d.toFixed() as DecStr;
}

/** The longest text `toDecStr` makes of a parsed decimal (its exponent is bounded too). */
const MAX_DEC_STR = MAX_DECIMAL_TEXT + 2 * MAX_DECIMAL_EXPONENT;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

/**
 * Whether a value already is a canonical decimal string, exactly what `decStr` returns: digits
 * with at most one dot, no leading zero but the one before a dot, no trailing fraction zero, a
 * minus only on a non-zero value, no exponent, no "+". A check for values read back from a log,
 * which were canonicalised when they came in; one pass over the characters (a replay checks
 * tens of millions of book prices, BUDGETS B9).
 */
export function isDecStr(value: unknown): value is DecStr {
  if (typeof value !== 'string') return false;
  const n = value.length;
  if (n === 0 || n > MAX_DEC_STR) return false;
  const start = value.charCodeAt(0) === MINUS ? 1 : 0;
  const dot = integerEnd(value, start);
  if (dot === n) return true;
  return dot > 0 && isFractionFrom(value, dot);
}

/**
 * Where the integer digits from `start` end (the dot's index, or the length when there is no
 * fraction), or -1 when they are not canonical: empty, a leading zero before another digit, a
 * lone "-0", or a character that is not a digit.
 */
function integerEnd(value: string, start: number): number {
  const n = value.length;
  if (start === n) return -1;
  if (value.charCodeAt(start) === ZERO) {
    if (start + 1 === n) return start === 0 ? n : -1;
    return value.charCodeAt(start + 1) === DOT ? start + 1 : -1;
  }
  let i = start;
  for (; i < n; i += 1) {
    const c = value.charCodeAt(i);
    if (c === DOT) break;
    if (c < ZERO || c > NINE) return -1;
  }
  return i === start ? -1 : i;
}

/** After the dot at `dot`: at least one digit, only digits, and the last one not zero. */
function isFractionFrom(value: string, dot: number): boolean {
  const n = value.length;
  if (dot + 1 === n || value.charCodeAt(n - 1) === ZERO) return false;
  for (let i = dot + 1; i < n; i += 1) {
    const c = value.charCodeAt(i);
    if (c < ZERO || c > NINE) return false;
  }
  return true;
}

/** Parse and canonicalise in one step; null when the value is not a decimal. */
export function decStr(value: unknown): DecStr | null {
  const d = parseDecimal(value);
  return d === null ? null : toDecStr(d);
}

/** Fixed decimals for display (round half up), e.g. fixed("1.23456", 4) === "1.2346". */
export function fixed(value: DecStr | string, dp: number): string {
  return fixedPlain(value, dp) ?? new Decimal(value).toFixed(dp, Decimal.ROUND_HALF_UP);
}

const PLAIN_RE = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * `fixed` on a plain `-?\d+(\.\d+)?` with string operations (the book, the trades and every
 * ticker go through it many times a frame), else null. Equal to decimal.js's
 * `toFixed(dp, ROUND_HALF_UP)`: ties away from zero, a minus sign only on a non-zero value.
 */
function fixedPlain(value: string, dp: number): string | null {
  const m = PLAIN_RE.exec(value);
  if (m === null || !Number.isInteger(dp) || dp < 0) return null;
  const [, sign = '', whole = '', frac = ''] = m;
  let digits = whole + frac.slice(0, dp).padEnd(dp, '0');
  if (frac.length > dp && frac.charCodeAt(dp) >= FIVE) digits = incrementDigits(digits);
  const cut = digits.length - dp;
  const intPart = digits.slice(0, cut).replace(LEADING_ZEROS, '') || '0';
  const text = dp === 0 ? intPart : `${intPart}.${digits.slice(cut)}`;
  return sign !== '' && NON_ZERO.test(value) ? `-${text}` : text;
}

const FIVE = 53;
const LEADING_ZEROS = /^0+/;
const NON_ZERO = /[1-9]/;

/** A digit string plus one ("199" → "200", "99" → "100"). */
function incrementDigits(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i -= 1;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${String.fromCharCode(digits.charCodeAt(i) + 1)}${'0'.repeat(digits.length - i - 1)}`;
}

/** Percent change (close − open) / open × 100, to 2 decimals; "0" when open is 0. */
export function percentChange(open: Decimal, close: Decimal): Decimal {
  if (open.isZero()) return new Decimal(0);
  return close.minus(open).div(open).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Only for drawing: a float for pixel maths. Never use the result for money. */
export function toPixelNumber(value: DecStr | string): number {
  return Number(value);
}
