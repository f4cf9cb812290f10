// CSV files of the account lists (issue 25). Pure: the page builds the cells, this writes the
// text. RFC 4180 fields and CRLF lines, UTF-8 with a byte-order mark (without it Excel reads
// the file as the system's code page), the locale's separators, decimals written from their
// strings (never through a float, no grouping, every digit kept), and text that a spreadsheet
// would run as a formula defused with a leading apostrophe.
import { parseDecimal } from '../../shared/decimal.ts';

export interface CsvFormat {
  /** ";" where the decimal mark is a comma: a spreadsheet set to such a locale splits on it. */
  separator: ',' | ';';
  decimal: '.' | ',';
}

/** A decimal to write as a number, with at least `minDp` decimals (zeros added, never cut). */
export interface CsvNumber {
  readonly decimal: string;
  readonly minDp: number;
}

/** A cell: text as it is, or a number. */
export type CsvCell = string | CsvNumber;

export const CSV_BOM = '\uFEFF';
export const CSV_MIME = 'text/csv;charset=utf-8';

export const csvNumber = (decimal: string, minDp = 0): CsvNumber => ({ decimal, minDp });

/** The whole file: byte-order mark, header, rows, each line ended by CRLF. */
export function writeCsv(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  format: CsvFormat,
): string {
  const lines = [header, ...rows].map((row) => row.map((c) => csvField(c, format)));
  return CSV_BOM + lines.map((fields) => `${fields.join(format.separator)}\r\n`).join('');
}

/** The separators for a BCP 47 locale: those of its decimal mark, as Intl (and `fmt`) use it. */
export function csvFormatFor(locale: string): CsvFormat {
  const mark = new Intl.NumberFormat(locale)
    .formatToParts(1.5)
    .find((p) => p.type === 'decimal')?.value;
  return mark === ',' ? { separator: ';', decimal: ',' } : { separator: ',', decimal: '.' };
}

/**
 * The server's "Y-m-d H:i:s" (or ms) as local "YYYY-MM-DD HH:mm:ss", read as the screens read
 * it (`formatDateTime`); the text as it is when it is no time.
 */
export function csvDateTime(value: string | number): string {
  const date = typeof value === 'number' ? new Date(value) : new Date(value.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return String(value);
  const time = `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
  return `${csvDate(date)} ${time}`;
}

/**
 * The title of a time column, naming the zone its local times are in ("Time (Europe/Berlin)"):
 * a file read elsewhere, or after a clock change, still says when things happened.
 */
export function csvTimeHeader(label: string, zone = localTimeZone()): string {
  return zone === '' ? label : `${label} (${zone})`;
}

function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return '';
  }
}

/** Local "YYYY-MM-DD" (file names). */
export function csvDate(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** bourse-orders-2026-11-28.csv */
export const csvFileName = (name: string, date: Date): string =>
  `bourse-${name}-${csvDate(date)}.csv`;

/** One field as written between separators. */
export function csvField(cell: CsvCell, format: CsvFormat): string {
  if (typeof cell === 'string') return textField(cell, format);
  const number = numberText(cell, format.decimal);
  // a number is digits, a minus and the mark (never the separator): it needs no quotes
  return number ?? textField(cell.decimal, format);
}

/** Starts that a spreadsheet reads as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /["\r\n]/;

function textField(value: string, format: CsvFormat): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) || text.includes(format.separator)
    ? `"${text.replaceAll('"', '""')}"`
    : text;
}

const PLAIN = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** The decimal's own digits with the locale's mark; null when it is not a decimal. */
function numberText(cell: CsvNumber, mark: CsvFormat['decimal']): string | null {
  const m = PLAIN.exec(cell.decimal.trim()) ?? PLAIN.exec(plain(cell.decimal) ?? '');
  if (m === null) return null;
  const [, sign = '', whole = '', fraction = ''] = m;
  const digits = fraction.padEnd(cell.minDp, '0');
  return `${sign === '-' ? '-' : ''}${whole}${digits === '' ? '' : mark + digits}`;
}

/** "1e-8", ".5" and the like in plain digits (exact), or null. */
function plain(value: string): string | null {
  return parseDecimal(value)?.toFixed() ?? null;
}

const two = (n: number): string => String(n).padStart(2, '0');
