// Every notification kind, from the wire to the words of a toast (issue 25): a row of each kind,
// with every value its enums allow, passes the engine's edge as the server sends it, folds into
// the projection, and reads in all nine languages as a title and a line that carry its exact
// amounts (every decimal the server gave, in the language's digits) and no ICU left over. The
// "while you were away" summary counts each kind in every language. (The server's side — each
// kind written by its real action, in its transaction — is server/notify/kinds-*.test.ts.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { ingestPush } from '../src/engine/ingest/ingest.ts';
import { foldNotices, initialNoticesState } from '../src/engine/projections/notices.ts';
import type { NoticesEvent } from '../src/engine/projections/notices.ts';
import { BCP47, LANGS, type Lang } from '../src/shared/locales.ts';
import {
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  paramsIssue,
  type NotificationKind,
  type NotificationRow,
} from '../src/shared/notifications.ts';
import { formatFixed } from '../src/ui/i18n/format.ts';
import type { MessageId } from '../src/ui/i18n/i18n.ts';
import { awaySummary, noticeWords } from '../src/ui/notices/notice-text.ts';

const root = join(import.meta.dirname, '..');
const catalogue = (lang: Lang) =>
  JSON.parse(readFileSync(join(root, 'locales', `${lang}.json`), 'utf8')) as Record<string, string>;

/** Each kind with each value of its enums (the other parameters fixed). */
function samples(kind: NotificationKind): Record<string, string>[] {
  const spec: Record<string, unknown> = NOTIFICATION_KINDS[kind];
  const base: Record<string, string> = {};
  for (const [key, type] of Object.entries(spec))
    base[key] =
      type === 'dec'
        ? key === 'profit'
          ? '-1234.5678'
          : '1234.5678'
        : type === 'text'
          ? key === 'symbol'
            ? 'BTC/USDT'
            : 'USDT'
          : String((type as readonly string[])[0]);
  const out = [base];
  for (const [key, type] of Object.entries(spec))
    if (Array.isArray(type)) for (const v of type.slice(1)) out.push({ ...base, [key]: String(v) });
  return out;
}

const rows: NotificationRow[] = NOTIFICATION_KIND_NAMES.flatMap((kind) =>
  samples(kind).map((params) => ({
    id: 0,
    kind,
    params,
    created_at: 1_800_000_000_000,
    read: false,
  })),
).map((r, i) => ({ ...r, id: i + 1 }));

describe('every notification kind', () => {
  it('has parameters the shared table accepts, for every enum value', () => {
    for (const r of rows) expect(paramsIssue(r.kind, r.params), r.kind).toBeNull();
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(NOTIFICATION_KIND_NAMES));
  });

  it('passes the engine’s edge as a push and folds into the centre, newest first', () => {
    let state = initialNoticesState;
    for (const r of rows) {
      const event = ingestPush('notification', { type: 'notification', notification: r }, 1);
      expect(event.name, `${r.kind} ${JSON.stringify(r.params)}`).toBe('notices.pushed');
      state = foldNotices(state, { ...event, seq: 0 } as NoticesEvent);
    }
    expect(state.view.items.map((n) => n.id)).toEqual(rows.map((r) => r.id).reverse());
    expect(state.view.unread).toBe(rows.length);
  });

  for (const lang of LANGS)
    it(`reads in ${lang}: a title and a line with the exact amounts, no ICU left`, () => {
      const messages = catalogue(lang);
      const locale = BCP47[lang];
      const t = (id: MessageId, values?: Record<string, string | number>) => {
        const text = messages[id];
        if (text === undefined) throw new Error(`${lang}: ${id} missing`);
        return String(new IntlMessageFormat(text, locale).format(values));
      };
      const fmt = { fixed: (value: string, dp: number) => formatFixed(value, dp, locale) };
      const amount = formatFixed('1234.5678', 4, locale);
      for (const r of rows) {
        const words = noticeWords(r, t, fmt);
        expect(words.title.trim(), r.kind).not.toBe('');
        expect(words.line.trim(), r.kind).not.toBe('');
        expect(`${words.title} ${words.line}`, r.kind).not.toMatch(/[{}]/);
        const hasAmount = Object.values(NOTIFICATION_KINDS[r.kind]).some((type) => type === 'dec');
        if (hasAmount)
          expect(`${words.title} ${words.line}`, `${lang} ${r.kind}`).toMatch(
            new RegExp(`${amount.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
          );
      }
      const summary = awaySummary(rows, t, locale);
      expect(summary).not.toMatch(/[{}]/);
      expect(summary.length).toBeGreaterThan(10);
    });
});
