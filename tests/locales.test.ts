// Every locale file has every message id of en.json, each message parses as ICU, uses the same
// arguments as English, and is really translated (not a copy of the English text).
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../src/shared/locales.ts';

const root = join(import.meta.dirname, '..');

function load(file: string): Record<string, string> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    }
    if (el.type === TYPE.tag) argumentsOf(el.children, into);
  }
  return into;
}

/** Ids whose text is legitimately the same in every language (brand names, symbols). */
const SAME_EVERYWHERE = /^(brand\.|.*\.symbol$|.*\.example$)/;

for (const dir of ['locales', 'locales/server']) {
  const enFile = join(root, dir, 'en.json');
  describe(`${dir}`, () => {
    it('has an English catalogue', () => {
      expect(existsSync(enFile)).toBe(true);
    });
    if (!existsSync(enFile)) return;
    const en = load(enFile);
    const ids = Object.keys(en);
    for (const lang of LANGS) {
      it(`${lang}: every id present, ICU-valid, same arguments, translated`, () => {
        const file = join(root, dir, `${lang}.json`);
        expect(existsSync(file), `${file} exists`).toBe(true);
        const messages = load(file);
        const missing = ids.filter((id) => typeof messages[id] !== 'string' || messages[id] === '');
        expect(missing, `missing in ${lang}`).toEqual([]);
        const extra = Object.keys(messages).filter((id) => !(id in en));
        expect(extra, `ids not in en.json`).toEqual([]);
        for (const id of ids) {
          const text = messages[id] ?? '';
          const ast = parse(text);
          const enArgs = [...argumentsOf(parse(en[id] ?? ''))].sort();
          expect([...argumentsOf(ast)].sort(), `${lang} ${id} arguments`).toEqual(enArgs);
        }
        if (lang !== 'en') {
          const copied = ids.filter(
            (id) =>
              !SAME_EVERYWHERE.test(id) &&
              /[a-z]{3}/i.test(en[id] ?? '') &&
              messages[id] === en[id],
          );
          // A few words (e.g. "Bourse", "USDT", "KYC") may stay as they are; whole catalogues may not.
          expect(
            copied.length / ids.length,
            `${lang} copies English: ${copied.slice(0, 10).join(', ')}`,
          ).toBeLessThan(0.05);
        }
      });
    }
  });
}
