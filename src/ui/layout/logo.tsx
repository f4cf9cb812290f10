import { useI18n } from '../i18n/i18n-context.tsx';

export function Logo() {
  const { t } = useI18n();
  return (
    <span className="logo">
      <svg width="26" height="26" viewBox="0 0 26 26" aria-hidden="true" className="logo__mark">
        <rect x="1" y="1" width="24" height="24" rx="6" fill="var(--accent)" />
        <path
          d="M7 17l4-5 3 3 5-7"
          fill="none"
          stroke="var(--accent-ink)"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo__text">{t('app.title')}</span>
    </span>
  );
}
