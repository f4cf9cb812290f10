// The frame of every assets and account screen: a side navigation (assets, then account) and
// the screen's content. Mounting it keeps the wallet list fresh (useWallet).
import { useState, type ReactNode } from 'react';
import { AsOfNote } from '../components/as-of-note.tsx';
import { NavLink, useLocation } from 'react-router';
import { PHONE, useMedia } from '../components/use-media.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { ROUTE_PATH } from '../route-paths.ts';
import { useWallet } from './use-wallet.ts';
import '../styles/account.css';

export const WALLET_PATH = {
  finance: '/new_account/finance',
  change: '/new_account/change',
  legal: '/new_account/legal',
  lever: '/new_account/lever',
  micro: '/new_account/finance#micro',
  legalAccount: '/new_account/legalAccount',
  changeAccount: '/new_account/changeAccount',
  leverTransfer: '/new_account/transfer',
  leverRecords: '/new_account/letransactions',
  transfer: ROUTE_PATH.transferLegal,
  finanrec: '/finanrec',
  leverManager: '/lever_manger',
  withdrawAddress: '/withdraw_address',
  setCash: '/setCash',
  accountCenter: '/account/accountCenter',
  accountSet: ROUTE_PATH.accountSet,
  userSetting: '/account/userSetting',
  authentication: ROUTE_PATH.authentication,
  recharge: '/account/recharge',
  coinRecord: '/account/coinRecord',
  rechargeMoney: '/account/rechargeMoney',
  aceite: '/account/aceite',
  chargeRecord: '/account/chargeRecord',
  transferLog: ROUTE_PATH.transferLog,
  entrust: '/account/accountEntrust',
  message: '/account/accountMessage',
  region: '/account/region',
  payment: '/account/payment',
} as const;

const GROUPS: readonly { title: MessageId; links: readonly { to: string; label: MessageId }[] }[] =
  [
    {
      title: 'wallet.nav.assets',
      links: [
        { to: WALLET_PATH.finance, label: 'wallet.nav.overview' },
        { to: WALLET_PATH.change, label: 'wallet.account.change' },
        { to: WALLET_PATH.legal, label: 'wallet.account.legal' },
        { to: WALLET_PATH.lever, label: 'wallet.account.lever' },
        { to: WALLET_PATH.transfer, label: 'wallet.nav.transfer' },
        { to: WALLET_PATH.recharge, label: 'wallet.nav.deposit' },
        { to: WALLET_PATH.finanrec, label: 'wallet.nav.records' },
        { to: WALLET_PATH.withdrawAddress, label: 'wallet.nav.addresses' },
      ],
    },
    {
      title: 'wallet.nav.account',
      links: [
        { to: WALLET_PATH.accountCenter, label: 'wallet.nav.accountCenter' },
        { to: WALLET_PATH.accountSet, label: 'wallet.nav.security' },
        { to: WALLET_PATH.authentication, label: 'wallet.nav.identity' },
        { to: WALLET_PATH.entrust, label: 'wallet.nav.entrust' },
        { to: WALLET_PATH.aceite, label: 'wallet.nav.acceptors' },
        { to: WALLET_PATH.chargeRecord, label: 'wallet.nav.acceptorDeals' },
        { to: WALLET_PATH.transferLog, label: 'wallet.nav.log' },
        { to: WALLET_PATH.message, label: 'wallet.nav.messages' },
        { to: WALLET_PATH.setCash, label: 'wallet.nav.payout' },
        { to: WALLET_PATH.region, label: 'wallet.nav.region' },
      ],
    },
  ];

interface ShellProps {
  title: string;
  /** Buttons or links at the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  /**
   * The time the page's own figures are as of, when they are held (null: live). A page that shows
   * no balances (the notification centre) says this instead of the wallet's.
   */
  asOf?: number | null;
}

export function AccountShell({ title, actions, children, testId, asOf }: ShellProps) {
  const wallet = useWallet();
  const phone = useMedia(PHONE);
  const heldAt = asOf === undefined ? (wallet.held ? wallet.at : null) : asOf;
  return (
    <div className={`account page${heldAt !== null ? ' account--held' : ''}`} data-testid={testId}>
      {phone ? <PhoneSectionMenu /> : <SectionNav />}
      <section className="account__main">
        <header className="account__head">
          <h1 className="account__title">{title}</h1>
          {actions !== undefined && <div className="account__actions">{actions}</div>}
        </header>
        {heldAt !== null && <AsOfNote at={heldAt} />}
        {children}
      </section>
    </div>
  );
}

function SectionNav({ onFollow }: { onFollow?: () => void }) {
  const { t } = useI18n();
  return (
    <nav className="account__nav" aria-label={t('wallet.nav.label')}>
      {GROUPS.map((g) => (
        <div key={g.title} className="account__group">
          <h2 className="account__group-title">{t(g.title)}</h2>
          <ul>
            {g.links.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end
                  onClick={onFollow}
                  className={({ isActive }) =>
                    `account__link${isActive ? ' account__link--active' : ''}`
                  }
                >
                  {t(l.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** On a phone the section links fold into one disclosure named after the current page. */
function PhoneSectionMenu() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const group = GROUPS.find((g) => g.links.some((l) => l.to === pathname));
  const here = group?.links.find((l) => l.to === pathname);
  return (
    <details
      className="account__menu"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      data-testid="section-menu"
    >
      <summary className="account__menu-summary">
        <span className="account__menu-group">{t(group?.title ?? 'wallet.nav.label')}</span>
        {here !== undefined && <span className="account__menu-here">{t(here.label)}</span>}
      </summary>
      <SectionNav onFollow={() => setOpen(false)} />
    </details>
  );
}
