// Server messages in the nine languages: locales/server/<lang>.json, flat id → ICU message.
// Loaded once at start; a missing id falls back to English, then to the id itself.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { BCP47, LANGS } from '../../src/shared/locales.ts';
import type { Lang } from '../../src/shared/locales.ts';

export type MessageValues = Record<string, string | number>;

const LOCALES_DIR = fileURLToPath(new URL('../../locales/server/', import.meta.url));

export function loadCatalog(lang: Lang): Record<string, string> {
  const raw: unknown = JSON.parse(readFileSync(`${LOCALES_DIR}${lang}.json`, 'utf8'));
  if (typeof raw !== 'object' || raw === null) throw new Error(`locales/server/${lang}.json`);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') out[k] = v;
  return out;
}

const catalogs = new Map<Lang, Record<string, string>>(LANGS.map((l) => [l, loadCatalog(l)]));
const cache = new Map<string, IntlMessageFormat>();

/** The message `id` in `lang`, with `values` substituted. */
export function t(lang: Lang, id: string, values: MessageValues = {}): string {
  const source = catalogs.get(lang)?.[id] ?? catalogs.get('en')?.[id];
  if (source === undefined) return id;
  const key = `${lang}\u0000${id}`;
  let fmt = cache.get(key);
  if (fmt === undefined) {
    fmt = new IntlMessageFormat(source, BCP47[lang]);
    cache.set(key, fmt);
  }
  const out = fmt.format(values);
  return typeof out === 'string' ? out : String(out);
}
