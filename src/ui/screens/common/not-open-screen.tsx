// Shared screen of the routes whose screens come in later issues (spec: "not open" message).
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';

export default function NotOpenScreen() {
  const { t } = useI18n();
  return (
    <section className="page page--center">
      <div className="notice-card" data-testid="not-open">
        <ToolsIcon />
        <h1 className="notice-card__title">{t('notOpen.title')}</h1>
        <p className="muted">{t('notOpen.body')}</p>
        <Link to="/" className="btn btn--primary">
          {t('common.backHome')}
        </Link>
      </div>
    </section>
  );
}

function ToolsIcon() {
  return (
    <svg
      width="48"
      height="48"
      viewBox="0 0 48 48"
      aria-hidden="true"
      className="notice-card__icon"
    >
      <circle
        cx="24"
        cy="24"
        r="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        opacity="0.4"
      />
      <path d="M24 14v12M24 31v3" stroke="var(--accent)" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
