// Pure, locale-aware formatting of the values the engine sends (decimal strings) and of times.
// Decimals are rounded with the shared decimal module first, then handed to Intl as exact
// strings (never through a binary float), so "0.1 + 0.2" problems cannot reach the screen.
import { Decimal, fixed } from '../../shared/decimal.ts';

// Building an Intl formatter costs far more than formatting with one (a trade row's time was
// the page's hottest function under F-busy, bench B4): formatters are built once per key.
function memo<T>(build: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = build(key);
      made.set(key, value);
    }
    return value;
  };
}

const numberFormats = memo((key) => {
  const [locale, options] = JSON.parse(key) as [string, Intl.NumberFormatOptions];
  return new Intl.NumberFormat(locale, options);
});
const dateTimeFormats = memo((key) => {
  const [locale, options] = JSON.parse(key) as [string, Intl.DateTimeFormatOptions];
  return new Intl.DateTimeFormat(locale, options);
});

/**
 * Formatted results remembered by key, at most `max` of them: when full, all are forgotten at
 * once (no bookkeeping per lookup; the values a frame shows come back within that frame).
 */
function bounded(max: number): (key: string, make: () => string) => string {
  const results = new Map<string, string>();
  return (key, make) => {
    let text = results.get(key);
    if (text === undefined) {
      text = make();
      if (results.size >= max) results.clear();
      results.set(key, text);
    }
    return text;
  };
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return numberFormats(JSON.stringify([locale, options]));
}

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return dateTimeFormats(JSON.stringify([locale, options]));
}

const TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

function isDecimal(value: string): boolean {
  return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(value.trim());
}

/** A decimal string with exactly `dp` decimals, grouped per locale; "--" when not a number. */
export function formatFixed(value: string, dp: number, locale: string): string {
  return fixedResults(`${locale}|${dp}`)(value, () =>
    isDecimal(value)
      ? fixedFormat(locale, dp).format(fixed(value, dp) as Intl.StringNumericLiteral)
      : '--',
  );
}

/**
 * An amount someone has (a balance, what is available), grouped per locale with exactly `dp`
 * decimals, rounded toward zero: never shown larger than it is, so that "all" of what is shown
 * can always be moved (issue 20). "--" when not a number.
 */
export function formatAmount(value: string, dp: number, locale: string): string {
  if (!isDecimal(value)) return '--';
  const down = new Decimal(value.trim()).toDecimalPlaces(dp, Decimal.ROUND_DOWN).toFixed(dp);
  return fixedFormat(locale, dp).format(down as Intl.StringNumericLiteral);
}

/**
 * The book and the trades format the same few thousand prices and amounts frame after frame:
 * results are remembered per locale and decimals (bounded; cleared when full), so that a frame
 * mostly looks them up by the value alone.
 */
const FIXED_RESULTS_MAX = 4_000;
const fixedResults = memo(() => bounded(FIXED_RESULTS_MAX));

/** The hot path (every book cell): a cheap key, no JSON per call. */
const fixedFormats = memo((key) => {
  const [locale = '', dp = '0'] = key.split('|');
  return numberFormat(locale, {
    minimumFractionDigits: Number(dp),
    maximumFractionDigits: Number(dp),
  });
});

function fixedFormat(locale: string, dp: number): Intl.NumberFormat {
  return fixedFormats(`${locale}|${dp}`);
}

/**
 * A large figure in the locale's short form ("147.9M", "1,48 млн"), from its exact decimal
 * string (no float in between); "--" when not a number. For display in narrow columns only.
 */
export function formatCompact(value: string, locale: string): string {
  if (!isDecimal(value)) return '--';
  return compactFormats(locale).format(value.trim() as Intl.StringNumericLiteral);
}

const compactFormats = memo((locale) =>
  numberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 }),
);

/** A percent change given in percent units ("1.23" → "+1.23%"), signed unless zero. */
export function formatChange(value: string, locale: string): string {
  if (!isDecimal(value)) return '--';
  // every market row shows one at every tick: remembered like the fixed results
  return changeResults(locale)(value, () => {
    const ratio = new Decimal(value).div(100).toFixed(6) as Intl.StringNumericLiteral;
    return numberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: 'exceptZero',
    }).format(ratio);
  });
}

const changeResults = memo(() => bounded(FIXED_RESULTS_MAX));

/**
 * A rate given in percent units ("1.5" → "1.50%", "1,50 %" in German and Russian) with exactly
 * `dp` decimals, in the locale's percent format; "--" when not a number.
 */
export function formatPercent(value: string, dp: number, locale: string): string {
  if (!isDecimal(value)) return '--';
  const ratio = new Decimal(value.trim()).div(100).toFixed(dp + 2) as Intl.StringNumericLiteral;
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: dp,
    maximumFractionDigits: dp,
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
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The server's "Y-m-d H:i:s" (or ms) as a localized date; the raw text if unparsable. */
export function formatDate(value: string | number, locale: string): string {
  const date = typeof value === 'number' ? new Date(value) : new Date(value.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return String(value);
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** A time of day with seconds (24-hour), e.g. a trade's time; "--" when not a valid time. */
export function formatTime(ms: number, locale: string): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return '--';
  // the trades list shows the same few seconds frame after frame: remember them by second
  return timeResults(`${locale}|${Math.floor(ms / 1000)}`, () =>
    dateTimeFormat(locale, TIME_OPTIONS).format(date),
  );
}

const timeResults = bounded(512);
