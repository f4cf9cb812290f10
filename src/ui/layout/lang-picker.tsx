import { LANGS, LANG_NATIVE_NAME, type Lang } from '../../shared/locales.ts';
import { Popover } from '../components/popover.tsx';
import { useI18n } from '../i18n/i18n-context.tsx';
import { switchLanguage } from '../i18n/switch-language.ts';
import { LineIcon } from '../components/line-icon.tsx';

export function LangPicker() {
  const { t, lang } = useI18n();
  return (
    <Popover
      className="lang-picker"
      testId="lang-picker"
      ariaLabel={t('header.lang.label')}
      label={
        <>
          <GlobeIcon />
          <span className="lang-picker__current">{LANG_NATIVE_NAME[lang]}</span>
        </>
      }
    >
      {(close) => <LangList onDone={close} />}
    </Popover>
  );
}

/** The nine languages, each in its own name; the current one marked. */
export function LangList({ onDone, className }: { onDone: () => void; className?: string }) {
  const { t, lang } = useI18n();
  return (
    <ul className={`menu ${className ?? ''}`} role="listbox" aria-label={t('header.lang.label')}>
      {LANGS.map((l: Lang) => (
        <li key={l} role="option" aria-selected={l === lang}>
          <button
            type="button"
            lang={l}
            className={`menu__item ${l === lang ? 'menu__item--active' : ''}`}
            onClick={() => {
              onDone();
              if (l !== lang) void switchLanguage(l);
            }}
          >
            {LANG_NATIVE_NAME[l]}
          </button>
        </li>
      ))}
    </ul>
  );
}

function GlobeIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </LineIcon>
  );
}
