// The phone and tablet header (issue 23): below 1024 px the navigation bar and the header's
// tools do not fit, so one menu button opens a drawer holding all of them — every header link,
// the user's menu (or log in / sign up), the nine languages, day/night, support and the app's
// QR code. The drawer is a native modal <dialog>: it traps focus, closes on Escape, and gives
// focus back to the menu button when it closes. Its content exists only while it is open, so
// the desktop header's test ids stay unique.
import { useState } from 'react';
import { NavLink } from 'react-router';
import { CloseButton } from '../components/close-button.tsx';
import { LineIcon } from '../components/line-icon.tsx';
import { closeOnBackdrop, useModal } from '../components/use-modal.ts';
import { session } from '../engine-bridge/signals.ts';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { AppDownload } from './app-download.tsx';
import { CustomerService } from './customer-service.tsx';
import { LangList } from './lang-picker.tsx';
import { NAV } from './nav-items.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu, VisitorLinks } from './user-area.tsx';

export function NavDrawer() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const dialog = useModal(open, () => setOpen(false));

  return (
    <>
      <button
        type="button"
        className="icon-btn header__menu-btn"
        data-testid="nav-menu"
        aria-label={t('header.menu.open')}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <LineIcon size={22}>
          <path d="M4 7h16M4 12h16M4 17h16" />
        </LineIcon>
      </button>
      <dialog
        ref={dialog.ref}
        className="drawer"
        aria-label={t('header.menu.label')}
        {...dialog.dialogProps}
        onClick={closeOnBackdrop(dialog.close)}
      >
        {open && <DrawerContent onDone={dialog.close} />}
      </dialog>
    </>
  );
}

function DrawerContent({ onDone }: { onDone: () => void }) {
  const { t } = useI18n();
  const loggedIn = useSignalValue(session).loggedIn;
  return (
    <div className="drawer__panel" data-testid="nav-drawer">
      <div className="drawer__head">
        <span className="drawer__title">{t('header.menu.label')}</span>
        <CloseButton label={t('header.menu.close')} onClick={onDone} />
      </div>
      <nav className="drawer__nav" aria-label={t('header.nav.label')}>
        {NAV.map((item) => (
          <NavLink key={item.to} to={item.to} className="drawer__link" onClick={onDone}>
            {t(item.label)}
          </NavLink>
        ))}
      </nav>
      <section className="drawer__section">
        {loggedIn ? <UserMenu onDone={onDone} /> : <VisitorLinks onDone={onDone} />}
      </section>
      <section className="drawer__section" aria-labelledby="drawer-lang">
        <h2 className="drawer__heading" id="drawer-lang">
          {t('header.lang.label')}
        </h2>
        <LangList onDone={onDone} className="drawer__langs" />
      </section>
      <div className="drawer__section drawer__tools">
        <ThemeToggle withText />
        <CustomerService withText />
        <AppDownload />
      </div>
    </div>
  );
}
