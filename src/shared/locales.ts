// The nine interface languages of the spec, with their codes as stored under `locale`/`lang`
// and sent in the `lang` header, and the BCP 47 tag used for Intl formatting.
export const LANGS = ['en', 'kr', 'jp', 'spa', 'de', 'pt', 'ru', 'zh', 'hk'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

export const BCP47: Readonly<Record<Lang, string>> = {
  en: 'en',
  kr: 'ko',
  jp: 'ja',
  spa: 'es',
  de: 'de',
  pt: 'pt',
  ru: 'ru',
  zh: 'zh-CN',
  hk: 'zh-HK',
};

/** Each language's own name, shown in the language picker (not translated on purpose). */
export const LANG_NATIVE_NAME: Readonly<Record<Lang, string>> = {
  en: 'English',
  kr: '한국어',
  jp: '日本語',
  spa: 'Español',
  de: 'Deutsch',
  pt: 'Português',
  ru: 'Русский',
  zh: '简体中文',
  hk: '繁體中文',
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** Map any header value (legacy clients send "th", "zh-CN", "es", …) to one of ours. */
export function toLang(value: unknown): Lang {
  if (isLang(value)) return value;
  if (typeof value !== 'string') return DEFAULT_LANG;
  const v = value.toLowerCase();
  const alias: Record<string, Lang> = {
    ko: 'kr',
    ja: 'jp',
    es: 'spa',
    'zh-cn': 'zh',
    'zh-hk': 'hk',
    'zh-tw': 'hk',
  };
  return alias[v] ?? (isLang(v.slice(0, 2)) ? (v.slice(0, 2) as Lang) : DEFAULT_LANG);
}
