// /new_account/finance: the asset overview. The four accounts' totals (each a link to its
// page) and the second-contract (micro) account's list, whose rows move funds to and from
// the spot account (spec §2 "Micro account assets": is_legal and is_micro rows).
import { useState } from 'react';
import { Link } from 'react-router';
import type { AccountName } from '../../../engine/api.ts';
import { Decimal } from '../../../shared/decimal.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { AccountShell, WALLET_PATH } from './account-shell.tsx';
import { AccountSummary, AssetTable, UNKNOWN } from './asset-table.tsx';
import { TransferDialog, type TransferTarget } from './transfer-dialog.tsx';
import { balancesKnown, useWallet } from './use-wallet.ts';

const CARDS: readonly { account: AccountName; to: string }[] = [
  { account: 'change', to: WALLET_PATH.change },
  { account: 'legal', to: WALLET_PATH.legal },
  { account: 'lever', to: WALLET_PATH.lever },
  { account: 'micro', to: '#micro' },
];

export default function FinanceScreen() {
  const { t, fmt } = useI18n();
  const wallet = useWallet();
  const [transfer, setTransfer] = useState<TransferTarget | null>(null);
  const sum = (key: 'totalUsdt' | 'totalCny') =>
    CARDS.reduce((acc, c) => acc.plus(wallet.accounts[c.account][key]), new Decimal(0)).toFixed();
  const micro = wallet.accounts.micro.rows.filter((r) => r.isLegal && r.isMicro);
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
      <div className="panel" id="micro">
        <div className="panel__head">
          <h2 className="panel__title">{t('wallet.account.micro')}</h2>
        </div>
        <AssetTable
          rows={micro}
          loaded={known}
          error={wallet.error}
          testId="asset-table-micro"
          actions={(r) => (
            <>
              <button
                type="button"
                className="link-btn"
                onClick={() =>
                  setTransfer({
                    currencyId: r.currencyId,
                    currency: r.name,
                    from: 'change',
                    to: 'micro',
                  })
                }
              >
                {t('wallet.action.transferIn')}
              </button>
              <button
                type="button"
                className="link-btn"
                onClick={() =>
                  setTransfer({
                    currencyId: r.currencyId,
                    currency: r.name,
                    from: 'micro',
                    to: 'change',
                  })
                }
              >
                {t('wallet.action.transferOut')}
              </button>
              <Link className="link-btn" to={`${WALLET_PATH.finanrec}?account=micro`}>
                {t('wallet.action.record')}
              </Link>
            </>
          )}
        />
      </div>
      <TransferDialog target={transfer} onClose={() => setTransfer(null)} />
    </AccountShell>
  );
}
