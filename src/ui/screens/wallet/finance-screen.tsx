// /new_account/finance: the asset overview. The four accounts' totals (each a link to its
// page), then every account's coins under them with the actions of its own page (issue 41:
// the overview listed the second-contract account alone, and a user's spot coins never showed).
import { Link } from 'react-router';
import type { AccountName } from '../../../engine/api.ts';
import { Decimal } from '../../../shared/decimal.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { AccountShell, WALLET_PATH } from '../../kit/account-shell.tsx';
import { AccountAssetTable } from './account-assets.tsx';
import { AccountSummary, UNKNOWN } from '../../kit/asset-table.tsx';
import { balancesKnown, useWallet } from '../../kit/use-wallet.ts';

const CARDS: readonly { account: AccountName; to: string }[] = [
  { account: 'change', to: WALLET_PATH.change },
  { account: 'legal', to: WALLET_PATH.legal },
  { account: 'lever', to: WALLET_PATH.lever },
  { account: 'micro', to: '#micro' },
];

export default function FinanceScreen() {
  const { t, fmt } = useI18n();
  const wallet = useWallet();
  const sum = (key: 'totalUsdt' | 'totalCny') =>
    CARDS.reduce((acc, c) => acc.plus(wallet.accounts[c.account][key]), new Decimal(0)).toFixed();
  const known = balancesKnown(wallet);
  return (
    <AccountShell
      title={t('wallet.nav.overview')}
      testId="assets-finance"
      actions={
        <>
          <Link className="btn btn--primary btn--sm" to={WALLET_PATH.recharge}>
            {t('wallet.action.deposit')}
          </Link>
          <Link className="btn btn--ghost btn--sm" to={WALLET_PATH.transfer}>
            {t('wallet.nav.transfer')}
          </Link>
        </>
      }
    >
      <AccountSummary
        label={t('wallet.finance.total')}
        usdt={sum('totalUsdt')}
        cny={sum('totalCny')}
        loaded={known}
      />
      <div className="account-cards">
        {CARDS.map((c) => (
          <Link key={c.account} className="account-card" to={c.to} data-account={c.account}>
            <span className="account-card__name">{t(`wallet.account.${c.account}`)}</span>
            <span className="account-card__value num">
              {known ? fmt.fixed(wallet.accounts[c.account].totalUsdt, 8) : UNKNOWN} USDT
            </span>
            <span className="account-card__sub num">
              ≈{' '}
              {t('wallet.assets.cny', {
                value: known ? fmt.fixed(wallet.accounts[c.account].totalCny, 2) : UNKNOWN,
              })}
            </span>
          </Link>
        ))}
      </div>
      {CARDS.map((c) => (
        <section
          key={c.account}
          className="panel"
          id={c.account}
          aria-labelledby={`finance-${c.account}`}
        >
          <div className="panel__head">
            <h2 className="panel__title" id={`finance-${c.account}`}>
              {t(`wallet.account.${c.account}`)}
            </h2>
          </div>
          <AccountAssetTable account={c.account} wallet={wallet} />
        </section>
      ))}
    </AccountShell>
  );
}
