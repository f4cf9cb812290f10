// How notifications read (issue 41): figures with their pair's or currency's decimals in the
// locale's format, and a catch-up summary that reads as a list of its own words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import type { NotificationKind, NotificationRow } from '../../shared/notifications.ts';
import { formatFixed } from '../i18n/format.ts';
import type { MessageId } from '../i18n/i18n.ts';
import { awaySummary, noticeWords, type NoticeDecimals } from './notice-text.ts';

const root = join(import.meta.dirname, '..', '..', '..', 'locales');

function speaker(lang: string, locale: string) {
  const messages = JSON.parse(readFileSync(join(root, `${lang}.json`), 'utf8')) as Record<
    string,
    string
  >;
  const t = (id: MessageId, values?: Record<string, string | number>) =>
    String(new IntlMessageFormat(messages[id] ?? '', locale).format(values));
  const fmt = { fixed: (value: string, dp: number) => formatFixed(value, dp, locale) };
  return { t, fmt };
}

const row = (id: number, kind: NotificationKind, params: Record<string, string>) =>
  ({ id, kind, params, created_at: 1_800_000_000_000, read: false }) satisfies NotificationRow;

const known: NoticeDecimals = {
  pair: (symbol) => (symbol === 'BTC/USDT' ? { price: 2, amount: 4 } : null),
  currency: (name) => ({ USDT: 6, BTC: 8 })[name] ?? null,
};

describe('notification figures', () => {
  it('take the pair’s price and amount decimals and the locale’s separators', () => {
    const { t, fmt } = speaker('de', 'de-DE');
    const filled = row(1, 'spot.filled', {
      order_id: '7',
      symbol: 'BTC/USDT',
      side: 'buy',
      amount: '0.5',
      price: '70048.5',
    });
    const words = noticeWords(filled, t, fmt, known);
    expect(words.line).toContain('0,5000');
    expect(words.line).toContain('70.048,50');
  });

  it('take a currency’s decimals, and never drop a digit the server gave', () => {
    const { t, fmt } = speaker('ru', 'ru-RU');
    const deposit = row(2, 'wallet.deposit', {
      currency: 'USDT',
      amount: '500',
      result: 'approved',
    });
    expect(noticeWords(deposit, t, fmt, known).line).toContain('500,000000');
    const settled = row(3, 'micro.settled', {
      symbol: 'BTC/USDT',
      coin: 'BTC',
      amount: '0.001',
      payout: '0.0012345678912',
      outcome: 'win',
    });
    const line = noticeWords(settled, t, fmt, known).line;
    expect(line).toContain('0,00100000');
    expect(line).toContain('0,0012345678912');
  });
});

describe('while you were away', () => {
  it('lists the counts with the language’s "and", a repayment in words of its own', () => {
    const { t } = speaker('en', 'en-US');
    const rows = [
      row(1, 'wallet.deposit', { currency: 'USDT', amount: '1', result: 'approved' }),
      row(2, 'wallet.withdrawal', { currency: 'USDT', amount: '1', result: 'approved' }),
      row(3, 'loan.repayment', { currency: 'USDT', amount: '1', result: 'approved' }),
    ];
    expect(awaySummary(rows, t, 'en-US')).toBe(
      'While you were away: 2 deposit or withdrawal decisions and 1 loan repayment',
    );
    const ru = speaker('ru', 'ru-RU');
    expect(awaySummary(rows, ru.t, 'ru-RU')).toMatch(/ и 1 погашение займа$/);
  });
});
