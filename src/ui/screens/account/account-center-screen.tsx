// Account overview (spec §2 "Account overview: wallet list"): who is logged in, the total of
// the four accounts (exact decimal sums of each account's USDT and CNY totals), one card per
// account linking to its list, and quick links.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AccountName, WalletView } from '../../../engine/api.ts';
import { Decimal } from '../../../shared/decimal.ts';
import { ACCOUNTS } from '../../../shared/wallet.ts';
import { LineIcon } from '../../components/line-icon.tsx';
import { session } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { AccountShell, WALLET_PATH } from '../../kit/account-shell.tsx';
import { WalletError } from '../../kit/asset-table.tsx';
import { balancesKnown, useWallet } from '../../kit/use-wallet.ts';
import { IdentityChip } from './authentication-screen.tsx';
import '../../styles/account-settings.css';

const CARDS: Record<AccountName, { label: MessageId; to: string }> = {
  legal: { label: 'wallet.account.legal', to: WALLET_PATH.legal },
  change: { label: 'wallet.account.change', to: WALLET_PATH.change },
  lever: { label: 'wallet.account.lever', to: WALLET_PATH.lever },
  micro: { label: 'wallet.account.micro', to: WALLET_PATH.micro },
};

const LINKS: readonly { to: string; label: MessageId; icon: ReactNode; testId: string }[] = [
  {
    to: WALLET_PATH.recharge,
    label: 'account.center.deposit',
    testId: 'link-deposit',
    icon: <path d="M12 4v12M6 10l6 6 6-6M5 20h14" />,
  },
  {
    to: WALLET_PATH.transfer,
    label: 'account.center.transfer',
    testId: 'link-transfer',
    icon: <path d="M4 8h14l-4-4M20 16H6l4 4" />,
  },
  {
    to: WALLET_PATH.authentication,
    label: 'account.center.identity',
    testId: 'link-identity',
    icon: (
      <>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <circle cx="9" cy="11" r="2.5" />
        <path d="M14 10h4M14 14h4M5.5 16.5c.8-1.6 2-2.3 3.5-2.3s2.7.7 3.5 2.3" />
      </>
    ),
  },
  {
    to: WALLET_PATH.accountSet,
    label: 'account.center.security',
    testId: 'link-security',
    icon: <path d="M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6l7-3z" />,
  },
];

/** Sum of the four accounts' totals, exact; null before the first list arrived. */
function totals(w: WalletView): { usdt: string; cny: string } | null {
  if (!balancesKnown(w)) return null;
  let usdt = new Decimal(0);
  let cny = new Decimal(0);
  for (const a of ACCOUNTS) {
    usdt = usdt.plus(w.accounts[a].totalUsdt);
    cny = cny.plus(w.accounts[a].totalCny);
  }
  return { usdt: usdt.toFixed(), cny: cny.toFixed() };
}

export default function AccountCenterScreen() {
  const { t, fmt } = useI18n();
  const user = useSignalValue(session);
  const wallet = useWallet();
  const sum = totals(wallet);
  const account = user.maskedAccount ?? '';

  return (
    <AccountShell title={t('account.center.title')} testId="account-center">
      <section className="panel acct-user" data-testid="account-user">
        <span className="acct-user__avatar" aria-hidden="true">
          {account.slice(0, 1)}
        </span>
        <div className="acct-user__who">
          <span className="acct-user__account" data-testid="account-masked">
            {account}
          </span>
          <span className="acct-user__meta">
            <span className="num" data-testid="account-uid">
              {t('account.center.uid', { uid: String(user.userId ?? '') })}
            </span>
            <IdentityChip status={user.reviewStatus} />
          </span>
        </div>
        <Link className="btn btn--ghost btn--sm acct-user__side" to={WALLET_PATH.accountSet}>
          {t('account.center.settings')}
        </Link>
      </section>

      <WalletError wallet={wallet} />

      <section className="panel summary" data-testid="account-total">
        <div>
          <div className="summary__label">{t('account.center.total')}</div>
          <div className="summary__value num" data-testid="total-usdt">
            {sum === null ? '--' : fmt.fixed(sum.usdt, 2)}
            <span className="summary__unit">{t('account.unit.usdt')}</span>
          </div>
          <div className="summary__sub num" data-testid="total-cny">
            {t('account.center.cny', { value: sum === null ? '--' : fmt.fixed(sum.cny, 2) })}
          </div>
        </div>
      </section>

      <section aria-label={t('account.center.accounts')} className="account-cards">
        {ACCOUNTS.map((name) => {
          const a = wallet.accounts[name];
          return (
            <Link
              key={name}
              to={CARDS[name].to}
              className="account-card"
              data-testid={`account-card-${name}`}
            >
              <span className="account-card__name">{t(CARDS[name].label)}</span>
              <span className="account-card__value num">
                {sum === null ? '--' : fmt.fixed(a.totalUsdt, 2)}
                <span className="summary__unit">{t('account.unit.usdt')}</span>
              </span>
              <span className="account-card__sub num">
                {t('account.center.cny', {
                  value: sum === null ? '--' : fmt.fixed(a.totalCny, 2),
                })}
              </span>
            </Link>
          );
        })}
      </section>

      <nav aria-label={t('account.center.quick')} className="acct-links">
        {LINKS.map((l) => (
          <Link key={l.to} to={l.to} className="acct-link" data-testid={l.testId}>
            <LineIcon size={20}>{l.icon}</LineIcon>
            {t(l.label)}
          </Link>
        ))}
      </nav>
    </AccountShell>
  );
}
