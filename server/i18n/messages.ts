// Server messages in the nine languages: locales/server/<lang>.json, flat id → ICU message.
// Loaded once at start; a missing id falls back to English, then to the id itself.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { Decimal, fixed } from '../../src/shared/decimal.ts';
import { BCP47, LANGS } from '../../src/shared/locales.ts';
import type { Lang } from '../../src/shared/locales.ts';

/**
 * A decimal a message shows in the reader's language, as the page shows numbers
 * (src/ui/i18n/format.ts): the locale's grouping and separator, exactly `dp` decimals, handed
 * to Intl as an exact string (never through a binary float). Made with `localDecimal`.
 */
export interface LocalDecimal {
  readonly decimal: string;
  readonly dp: number;
}

export type MessageValues = Record<string, string | number | LocalDecimal>;

/** `value` with `dp` decimals (rounded half up), or with all of its own when `dp` is absent. */
export function localDecimal(value: Decimal.Value, dp?: number): LocalDecimal {
  const d = new Decimal(value);
  return { decimal: d.toFixed(), dp: dp ?? d.decimalPlaces() };
}

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

/** Whether the catalogues define `id` (English holds every id). */
export const hasMessage = (id: string): boolean => catalogs.get('en')?.[id] !== undefined;

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
  const out = fmt.format(localized(lang, values));
  return typeof out === 'string' ? out : String(out);
}

/** A decimal as a message shows it in `lang` (grouping, separator, exactly `dp` decimals). */
export function localNumber(lang: Lang, v: LocalDecimal): string {
  const formatKey = `${lang}|${v.dp}`;
  let nf = numberFormats.get(formatKey);
  if (nf === undefined) {
    nf = new Intl.NumberFormat(BCP47[lang], {
      minimumFractionDigits: v.dp,
      maximumFractionDigits: v.dp,
    });
    numberFormats.set(formatKey, nf);
  }
  return nf.format(fixed(v.decimal, v.dp) as Intl.StringNumericLiteral);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function localized(lang: Lang, values: MessageValues): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, v] of Object.entries(values))
    out[key] = typeof v === 'object' ? localNumber(lang, v) : v;
  return out;
}
