import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';

export default function NotFoundScreen() {
  const { t } = useI18n();
  return (
    <section className="page page--center">
      <div className="notice-card" data-testid="not-found">
        <h1 className="notice-card__title">{t('notFound.title')}</h1>
        <p className="muted">{t('notFound.body')}</p>
        <Link to="/" className="btn btn--primary">
          {t('common.backHome')}
        </Link>
      </div>
    </section>
  );
}
