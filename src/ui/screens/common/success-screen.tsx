// /success (trading-c2c-market.md §2 names it without a screen): the confirmation page a flow
// can end on. It shows a fixed text (never text from the address, which anyone could craft)
// and the ways on: the assets, the orders, home.
import { Link } from 'react-router';
import { LineIcon } from '../../components/line-icon.tsx';
import { useI18n } from '../../i18n/i18n-context.tsx';

export default function SuccessScreen() {
  const { t } = useI18n();
  return (
    <section className="page page--center">
      <div className="notice-card" data-testid="success">
        <span className="success-icon">
          <LineIcon size={48}>
            <circle cx="12" cy="12" r="9" />
            <path d="M8 12.5l2.5 2.5L16 9.5" />
          </LineIcon>
        </span>
        <h1 className="notice-card__title">{t('success.title')}</h1>
        <p className="muted">{t('success.body')}</p>
        <div className="notice-card__actions">
          <Link to="/finance" className="btn btn--primary">
            {t('success.assets')}
          </Link>
          <Link to="/" className="btn btn--ghost">
            {t('common.backHome')}
          </Link>
        </div>
      </div>
    </section>
  );
}
