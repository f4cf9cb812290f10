import { Link, NavLink } from 'react-router';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { AppDownload } from './app-download.tsx';
import { CustomerService } from './customer-service.tsx';
import { LangPicker } from './lang-picker.tsx';
import { Logo } from './logo.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserArea } from './user-area.tsx';

const NAV: readonly { to: string; label: MessageId }[] = [
  { to: '/home', label: 'header.nav.home' },
  { to: '/dealCenter', label: 'header.nav.spot' },
  { to: '/legalTrade', label: 'header.nav.c2c' },
  { to: '/leverdealCenter', label: 'header.nav.contracts' },
  { to: '/secondDealCenter', label: 'header.nav.second' },
  { to: '/lock', label: 'header.nav.lock' },
  { to: '/loan', label: 'header.nav.loan' },
  { to: '/finance', label: 'header.nav.assets' },
  { to: '/upstart', label: 'header.nav.upstart' },
];

export function Header() {
  const { t } = useI18n();
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
        <UserArea />
        <AppDownload />
        <CustomerService />
        <LangPicker />
        <ThemeToggle />
      </div>
    </header>
  );
}
