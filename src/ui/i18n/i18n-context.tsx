// React access to i18n: components call useI18n() instead of importing the module state, so
// a test or a story can provide another catalogue.
import { createContext, useContext, useState, type ReactNode } from 'react';
import { currentLang, fmt, t, tv } from './i18n.ts';

export interface I18n {
  t: typeof t;
  tv: typeof tv;
  fmt: typeof fmt;
  lang: ReturnType<typeof currentLang>;
}

const I18nContext = createContext<I18n>({ t, tv, fmt, lang: 'en' });

export function I18nProvider({ children }: { children: ReactNode }) {
  const [value] = useState<I18n>(() => ({ t, tv, fmt, lang: currentLang() }));
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}
