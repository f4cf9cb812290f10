// Header user area: login/register for visitors; for users a menu with [ID:user_id], the
// masked account and the account links (spec §2 header).
import { Link, useNavigate } from 'react-router';
import { Popover } from '../components/popover.tsx';
import { bridgeStatus, session } from '../engine-bridge/signals.ts';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { ROUTE_PATH } from '../route-paths.ts';
import { logout } from '../session/session-actions.ts';
import { LineIcon } from '../components/line-icon.tsx';
import { replayInfo } from '../engine-bridge/replay-bridge.ts';
import { ReportProblemButton } from './report-problem.tsx';

const LINKS: readonly { to: string; label: MessageId }[] = [
  { to: ROUTE_PATH.accountSet, label: 'header.user.accountSet' },
  { to: ROUTE_PATH.transferLog, label: 'header.user.transferLog' },
  { to: ROUTE_PATH.authentication, label: 'header.user.authentication' },
  { to: '/bindEmail', label: 'header.user.bindEmail' },
];

/** `visitorOnly`: the phone header's bar, which shows log in and sign up to a visitor and
 *  nothing to a user (whose menu is in the drawer). */
export function UserArea({ visitorOnly = false }: { visitorOnly?: boolean }) {
  const { t } = useI18n();
  const s = useSignalValue(session);
  const status = useSignalValue(bridgeStatus);

  if (!s.loggedIn) {
    if (status === 'starting')
      return <span className="header__user-placeholder" aria-hidden="true" />;
    return <VisitorLinks />;
  }
  if (visitorOnly) return null;

  return (
    <Popover
      className="user-menu"
      testId="user-menu"
      ariaLabel={t('header.user.menu')}
      label={
        <>
          <UserIcon />
          <span className="header__tool-text">{s.maskedAccount ?? ''}</span>
        </>
      }
    >
      {(close) => (
        <div className="user-menu__panel">
          <UserMenu onDone={close} />
        </div>
      )}
    </Popover>
  );
}

/** The logged-in user's id, account and links (the header's menu, the phone's drawer). */
export function UserMenu({ onDone }: { onDone: () => void }) {
  const { t } = useI18n();
  const s = useSignalValue(session);
  const navigate = useNavigate();
  const replaying = useSignalValue(replayInfo) !== null;
  return (
    <>
      <div className="user-menu__who">
        <span className="user-menu__id num">{t('header.user.id', { id: s.userId ?? '' })}</span>
        <span className="user-menu__account">{s.maskedAccount ?? ''}</span>
      </div>
      <ul className="menu">
        {LINKS.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="menu__item" onClick={onDone}>
              {t(l.label)}
            </Link>
          </li>
        ))}
        {replaying ? null : (
          <li>
            <ReportProblemButton onDone={onDone} />
          </li>
        )}
        <li>
          <Link to="/replay" className="menu__item" onClick={onDone} data-testid="open-replay">
            {t('replay.open')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="menu__item menu__item--danger"
            data-testid="logout"
            onClick={() => {
              onDone();
              void logout((path) => void navigate(path));
            }}
          >
            {t('header.user.logout')}
          </button>
        </li>
      </ul>
    </>
  );
}

/** Log in and sign up, for a visitor. */
export function VisitorLinks({ onDone }: { onDone?: () => void }) {
  const { t } = useI18n();
  return (
    <div className="header__auth">
      <Link to={ROUTE_PATH.login} className="btn btn--ghost btn--sm" onClick={onDone}>
        {t('header.login')}
      </Link>
      <Link to={ROUTE_PATH.register} className="btn btn--primary btn--sm" onClick={onDone}>
        {t('header.register')}
      </Link>
    </div>
  );
}

function UserIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </LineIcon>
  );
}
