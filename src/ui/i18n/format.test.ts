import { describe, expect, it } from 'vitest';
import {
  changeDirection,
  formatAmount,
  formatChange,
  formatCompact,
  formatDateTime,
  formatFixed,
  formatPercent,
  formatTime,
} from './format.ts';

describe('formatAmount (issue 20 item 3: balances never shown larger than they are)', () => {
  it('rounds toward zero where formatFixed rounds half up', () => {
    expect(formatFixed('15999.999999999', 2, 'en')).toBe('16,000.00');
    expect(formatAmount('15999.999999999', 2, 'en')).toBe('15,999.99');
    expect(formatAmount('15999.999999999', 6, 'de')).toBe('15.999,999999');
    expect(formatAmount('0.000000999', 6, 'en')).toBe('0.000000');
    expect(formatAmount('12', 2, 'ru')).toBe('12,00');
    expect(formatAmount('junk', 2, 'en')).toBe('--');
  });
});

describe('formatFixed', () => {
  it('rounds half up to the given decimals and groups per locale', () => {
    expect(formatFixed('27123.45678', 4, 'en')).toBe('27,123.4568');
    expect(formatFixed('0.000015', 5, 'en')).toBe('0.00002');
    expect(formatFixed('1234.5', 2, 'de')).toBe('1.234,50');
  });
  it('keeps precision beyond floats', () => {
    expect(formatFixed('12345678901234567.1234', 4, 'en')).toBe('12,345,678,901,234,567.1234');
  });
  it('shows -- for non-numbers', () => {
    expect(formatFixed('', 4, 'en')).toBe('--');
    expect(formatFixed('abc', 2, 'en')).toBe('--');
  });
});

describe('formatChange', () => {
  it('signs the percent change', () => {
    expect(formatChange('1.23', 'en')).toBe('+1.23%');
    expect(formatChange('-0.5', 'en')).toBe('-0.50%');
    expect(formatChange('0', 'en')).toBe('0.00%');
  });
  it('gives the direction', () => {
    expect(changeDirection('1.2')).toBe('up');
    expect(changeDirection('-0.01')).toBe('down');
    expect(changeDirection('0.00')).toBe('flat');
  });
});

describe('formatDateTime', () => {
  it('parses the server format and falls back to the raw text', () => {
    expect(formatDateTime('2026-01-02 03:04:05', 'en')).toContain('2026');
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});

describe('formatTime', () => {
  it('shows hours, minutes and seconds on a 24-hour clock', () => {
    const ms = new Date(2026, 0, 2, 15, 4, 5).getTime();
    expect(formatTime(ms, 'en')).toBe('15:04:05');
    expect(formatTime(Number.NaN, 'en')).toBe('--');
  });
});

describe('formatCompact', () => {
  it('shortens a large exact decimal per locale, and keeps small ones readable', () => {
    expect(formatCompact('147890123.45', 'en-US')).toBe('147.89M');
    expect(formatCompact('2110.01', 'en-US')).toBe('2.11K');
    expect(formatCompact('9.5', 'en-US')).toBe('9.5');
    expect(formatCompact('147890123.45', 'ru-RU')).toMatch(/^147,89\s?млн$/);
    expect(formatCompact('x', 'en-US')).toBe('--');
  });
});

describe('formatPercent (issue 41: rates were shown with "." in Russian)', () => {
  it('writes a rate in percent units in the locale’s percent format', () => {
    expect(formatPercent('1.5', 2, 'en-US')).toBe('1.50%');
    expect(formatPercent('1.5', 2, 'ru-RU')).toBe('1,50\u00a0%');
    expect(formatPercent('0.125', 3, 'de-DE')).toBe('0,125\u00a0%');
    expect(formatPercent('x', 2, 'en-US')).toBe('--');
  });
});
