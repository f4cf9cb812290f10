// Footer: the latest announcements (engine.newsList) linking to the notice detail.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { NewsItem } from '../../shared/wire.ts';
import { engine } from '../engine-bridge/bridge.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { ROUTE_PATH } from '../route-paths.ts';
import { Logo } from './logo.tsx';

const FOOTER_NOTICES = 6;

export function Footer() {
  const { t } = useI18n();
  const [news, setNews] = useState<NewsItem[] | null>(null);

  useEffect(() => {
    let live = true;
    void engine.newsList().then((r) => {
      if (live) setNews(r.ok ? r.data.slice(0, FOOTER_NOTICES) : []);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo />
          <p className="footer__tagline">{t('footer.tagline')}</p>
        </div>
        <nav className="footer__notices" aria-label={t('footer.notices')}>
          <h2 className="footer__heading">{t('footer.notices')}</h2>
          {news !== null && news.length === 0 && <p className="muted">{t('footer.noNotices')}</p>}
          <ul>
            {(news ?? []).map((n) => (
              <li key={n.id}>
                <Link to={`${ROUTE_PATH.noticeDetail}?id=${n.id}`}>{n.title}</Link>
              </li>
            ))}
          </ul>
          <Link to="/noticeList" className="footer__more">
            {t('footer.allNotices')}
          </Link>
        </nav>
      </div>
      <p className="footer__copy">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
