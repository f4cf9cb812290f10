// Account settings (spec §2 "Account settings", §4 security strength bar): invite code and
// link with copy, account, VIP code, login password, phone, e-mail, real name, and the
// strength bar (25 % + 25 for each of phone, e-mail and an approved real name); below, the
// signed-in devices (sessions-panel.tsx, ADR 0042).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { securityStrength, type SecurityLevel } from '../../../shared/wallet.ts';
import { LineIcon } from '../../components/line-icon.tsx';
import { session } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { PATH, ROUTE_PATH } from '../../route-paths.ts';
import { AccountShell, WALLET_PATH } from '../../kit/account-shell.tsx';
import { useAccountQuery } from '../../kit/use-account-query.ts';
import { IdentityChip } from './authentication-screen.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import '../../styles/account-settings.css';
import { copyText } from '../../kit/copy-text.ts';

const LEVEL_LABEL: Record<SecurityLevel, MessageId> = {
  low: 'account.security.level.low',
  intermediate: 'account.security.level.intermediate',
  high: 'account.security.level.high',
  strong: 'account.security.level.strong',
};

export default function AccountSetScreen() {
  const { t } = useI18n();
  const user = useSignalValue(session);
  const center = useAccountQuery('user-center', {});
  const strength = securityStrength({
    phone: user.phone,
    email: user.email,
    reviewStatus: user.reviewStatus,
  });
  const code = user.extensionCode ?? '';
  const link =
    code === ''
      ? ''
      : `${window.location.origin}${ROUTE_PATH.register}?extension_code=${encodeURIComponent(code)}`;
  const vip =
    center.state.data !== null
      ? center.state.data.vipCode || t('account.set.none')
      : center.state.status === 'error'
        ? '--'
        : t('common.loading');
  const bound = (v: string | null) => v !== null && v !== '';

  return (
    <AccountShell title={t('account.set.title')} testId="account-set">
      <section className="panel" aria-labelledby="security-title">
        <div className="panel__head">
          <h2 className="panel__title" id="security-title">
            {t('account.security.title')}
          </h2>
          <Link className="link-btn" to={WALLET_PATH.userSetting}>
            {t('account.set.allSettings')}
          </Link>
        </div>
        <div className="security">
          <span className="security__label">{t('account.security.strength')}</span>
          <div
            className="security-bar"
            data-testid="security-bar"
            data-level={strength.level}
            role="meter"
            aria-label={t('account.security.strength')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={strength.percent}
            aria-valuetext={t(LEVEL_LABEL[strength.level])}
          >
            <span className="security-bar__fill" style={{ width: `${strength.percent}%` }} />
          </div>
          <span
            className={`security__level security__level--${strength.level}`}
            data-testid="security-level"
          >
            {t(LEVEL_LABEL[strength.level])}
          </span>
          <span className="muted num">{`${strength.percent}%`}</span>
        </div>
        <ul className="settings-list">
          <Row
            testId="set-invite"
            icon={<path d="M4 12h16M12 4v16" />}
            title={t('account.set.invite')}
            value={<span className="mono">{code || '--'}</span>}
            action={
              <button
                type="button"
                className="link-btn"
                disabled={code === ''}
                onClick={() => void copyText(code)}
                data-testid="copy-invite"
              >
                {t('account.set.copy')}
              </button>
            }
          />
          <Row
            testId="set-invite-link"
            icon={
              <path d="M10 14l4-4M8 16l-2 2a3 3 0 01-4-4l4-4a3 3 0 014 0M16 8l2-2a3 3 0 014 4l-4 4a3 3 0 01-4 0" />
            }
            title={t('account.set.inviteLink')}
            value={
              <span className="mono" title={link}>
                {link || '--'}
              </span>
            }
            action={
              <button
                type="button"
                className="link-btn"
                disabled={link === ''}
                onClick={() => void copyText(link)}
                data-testid="copy-invite-link"
              >
                {t('account.set.copy')}
              </button>
            }
          />
          <Row
            testId="set-account"
            icon={
              <>
                <circle cx="12" cy="8" r="4" />
                <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
              </>
            }
            title={t('account.set.account')}
            value={user.account ?? '--'}
          />
          <Row
            testId="set-vip"
            icon={<path d="M3 7l4 10h10l4-10-6 4-3-6-3 6-6-4z" />}
            title={t('account.set.vip')}
            value={<span className="mono">{vip}</span>}
          />
          <Row
            testId="set-password"
            ok
            icon={
              <>
                <rect x="5" y="10" width="14" height="10" rx="2" />
                <path d="M8 10V7a4 4 0 018 0v3" />
              </>
            }
            title={t('account.set.password')}
            desc={t('account.set.passwordDesc')}
            value={t('account.set.passwordSet')}
            action={
              <Link className="link-btn" to={PATH.forgetPwd}>
                {t('account.set.change')}
              </Link>
            }
          />
          <Row
            testId="set-phone"
            ok={bound(user.phone)}
            icon={<rect x="7" y="3" width="10" height="18" rx="2" />}
            title={t('account.set.phone')}
            value={bound(user.phone) ? user.phone : t('account.set.notBound')}
          />
          <Row
            testId="set-email"
            ok={bound(user.email)}
            icon={
              <>
                <rect x="3" y="5" width="18" height="14" rx="2" />
                <path d="M3 7l9 6 9-6" />
              </>
            }
            title={t('account.set.email')}
            value={bound(user.email) ? user.email : t('account.set.notBound')}
            action={
              bound(user.email) ? undefined : (
                <Link className="link-btn" to={PATH.bindEmail} data-testid="bind-email">
                  {t('account.set.bind')}
                </Link>
              )
            }
          />
          <Row
            testId="set-identity"
            ok={user.reviewStatus === 2}
            icon={<path d="M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6l7-3z" />}
            title={t('account.set.identity')}
            value={<IdentityChip status={user.reviewStatus} />}
            action={
              <Link className="link-btn" to={WALLET_PATH.authentication}>
                {user.reviewStatus === 0 ? t('account.set.verify') : t('account.set.view')}
              </Link>
            }
          />
        </ul>
      </section>
      <SessionsPanel />
    </AccountShell>
  );
}

interface RowProps {
  testId: string;
  icon: ReactNode;
  title: string;
  desc?: string;
  value: ReactNode;
  action?: ReactNode;
  /** The item is set up (a green icon). */
  ok?: boolean;
}

function Row({ testId, icon, title, desc, value, action, ok = false }: RowProps) {
  return (
    <li className="settings-row" data-testid={testId}>
      <span className={`settings-row__icon ${ok ? 'settings-row__icon--ok' : ''}`}>
        <LineIcon>{icon}</LineIcon>
      </span>
      <div>
        <div className="settings-row__title">{title}</div>
        {desc !== undefined && <div className="settings-row__desc">{desc}</div>}
      </div>
      <div className="settings-row__value">{value}</div>
      <div className="settings-row__action">{action}</div>
    </li>
  );
}
