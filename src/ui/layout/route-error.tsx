// Error boundary of the layout route: a lazy chunk that fails to load, or a render error.
import { useI18n } from '../i18n/i18n-context.tsx';

export function RouteError() {
  const { t } = useI18n();
  return (
    <main className="page page--center">
      <div className="notice-card" role="alert">
        <h1 className="notice-card__title">{t('app.chunkFailed')}</h1>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('app.reload')}
        </button>
      </div>
    </main>
  );
}
