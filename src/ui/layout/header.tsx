import { Link, NavLink } from 'react-router';
import { COMPACT_HEADER, useMedia } from '../components/use-media.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { AppDownload } from './app-download.tsx';
import { CustomerService } from './customer-service.tsx';
import { LangPicker } from './lang-picker.tsx';
import { Logo } from './logo.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import { NoticeBell } from '../notices/notice-bell.tsx';
import { NAV } from './nav-items.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserArea } from './user-area.tsx';

export function Header() {
  const { t } = useI18n();
  const compact = useMedia(COMPACT_HEADER);
  if (compact)
    return (
      <header className="header header--compact">
        <Link to="/" className="header__logo" aria-label={t('header.logoAlt')}>
          <Logo />
        </Link>
        <div className="header__phone">
          <UserArea visitorOnly />
          <NoticeBell />
          <NavDrawer />
        </div>
      </header>
    );
  return (
    <header className="header">
      <Link to="/" className="header__logo" aria-label={t('header.logoAlt')}>
        <Logo />
      </Link>
      <nav className="header__nav" aria-label={t('header.nav.label')}>
        {NAV.map((item) => (
          <NavLink key={item.to} to={item.to} className="header__link">
            {t(item.label)}
          </NavLink>
        ))}
      </nav>
      <div className="header__tools">
        <NoticeBell />
        <UserArea />
        <AppDownload />
        <CustomerService />
        <LangPicker />
        <ThemeToggle />
      </div>
    </header>
  );
}
