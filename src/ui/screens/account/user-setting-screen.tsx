// Security settings list (/account/userSetting and /userSetting): login password, the items
// the spec marks unavailable (trade password, Google authenticator, nickname: the "not open"
// message), e-mail binding, identity, withdrawal addresses and payout details.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LineIcon } from '../../components/line-icon.tsx';
import { session } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { PATH } from '../../route-paths.ts';
import { toast } from '../../toast/toast.ts';
import { AccountShell, WALLET_PATH } from '../../kit/account-shell.tsx';
import { IdentityChip } from './authentication-screen.tsx';
import '../../styles/account-settings.css';

export default function UserSettingScreen() {
  const { t } = useI18n();
  const user = useSignalValue(session);
  const email = user.email ?? '';
  const notOpen = () => toast.info(t('notOpen.title'));

  const go = (to: string, label: string, testId: string) => (
    <Link className="btn btn--ghost btn--sm" to={to} data-testid={testId}>
      {label}
    </Link>
  );
  const closed = (testId: string) => (
    <button type="button" className="btn btn--ghost btn--sm" onClick={notOpen} data-testid={testId}>
      {t('account.settings.set')}
    </button>
  );

  return (
    <AccountShell title={t('account.settings.title')} testId="user-setting">
      <section className="panel">
        <ul className="settings-list">
          <Item
            testId="item-password"
            ok
            icon={
              <>
                <rect x="5" y="10" width="14" height="10" rx="2" />
                <path d="M8 10V7a4 4 0 018 0v3" />
              </>
            }
            title={t('account.settings.password')}
            desc={t('account.settings.passwordDesc')}
            action={go('/resetPwd', t('account.settings.change'), 'go-password')}
          />
          <Item
            testId="item-trade-password"
            icon={
              <>
                <rect x="3" y="6" width="18" height="12" rx="2" />
                <path d="M7 12h.01M11 12h.01M15 12h.01" />
              </>
            }
            title={t('account.settings.tradePassword')}
            desc={t('account.settings.tradePasswordDesc')}
            action={go('/account/tradePassword', t('account.settings.set'), 'go-trade-password')}
          />
          <Item
            testId="item-google"
            icon={
              <>
                <circle cx="12" cy="12" r="9" />
                <path d="M12 7v5l3 2" />
              </>
            }
            title={t('account.settings.google')}
            desc={t('account.settings.googleDesc')}
            action={closed('go-google')}
          />
          <Item
            testId="item-nickname"
            icon={
              <>
                <circle cx="12" cy="8" r="4" />
                <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
              </>
            }
            title={t('account.settings.nickname')}
            desc={t('account.settings.nicknameDesc')}
            action={closed('go-nickname')}
          />
          <Item
            testId="item-email"
            ok={email !== ''}
            icon={
              <>
                <rect x="3" y="5" width="18" height="14" rx="2" />
                <path d="M3 7l9 6 9-6" />
              </>
            }
            title={t('account.settings.email')}
            desc={email !== '' ? email : t('account.settings.emailDesc')}
            action={
              email !== '' ? (
                <span className="status-chip status-chip--ok">{t('account.settings.bound')}</span>
              ) : (
                go(PATH.bindEmail, t('account.settings.bind'), 'go-email')
              )
            }
          />
          <Item
            testId="item-identity"
            ok={user.reviewStatus === 2}
            icon={<path d="M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6l7-3z" />}
            title={t('account.settings.identity')}
            desc={t('account.settings.identityDesc')}
            status={<IdentityChip status={user.reviewStatus} />}
            action={go(WALLET_PATH.authentication, t('account.settings.open'), 'go-identity')}
          />
          <Item
            testId="item-addresses"
            icon={
              <path d="M12 21s-7-6.2-7-11a7 7 0 0114 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z" />
            }
            title={t('account.settings.addresses')}
            desc={t('account.settings.addressesDesc')}
            action={go(WALLET_PATH.withdrawAddress, t('account.settings.manage'), 'go-addresses')}
          />
          <Item
            testId="item-payout"
            icon={
              <>
                <rect x="3" y="6" width="18" height="13" rx="2" />
                <path d="M3 10h18M7 15h4" />
              </>
            }
            title={t('account.settings.payout')}
            desc={t('account.settings.payoutDesc')}
            action={go(WALLET_PATH.setCash, t('account.settings.manage'), 'go-payout')}
          />
        </ul>
      </section>
    </AccountShell>
  );
}

interface ItemProps {
  testId: string;
  icon: ReactNode;
  title: string;
  desc: string;
  status?: ReactNode;
  action: ReactNode;
  ok?: boolean;
}

function Item({ testId, icon, title, desc, status, action, ok = false }: ItemProps) {
  return (
    <li className="settings-row" data-testid={testId}>
      <span className={`settings-row__icon ${ok ? 'settings-row__icon--ok' : ''}`}>
        <LineIcon>{icon}</LineIcon>
      </span>
      <div>
        <div className="settings-row__title">{title}</div>
        <div className="settings-row__desc">{desc}</div>
      </div>
      <div className="settings-row__value">{status}</div>
      <div className="settings-row__action">{action}</div>
    </li>
  );
}
