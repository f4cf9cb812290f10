// /account/recharge (spec §2 "Recharge page: deposit address and QR code, link to coinRecord"):
// choose a currency that takes deposits, then its deposit panel.
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState, Loading } from '../../components/states.tsx';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { AccountShell, WALLET_PATH } from '../../kit/account-shell.tsx';
import { DepositPanel } from './deposit-panel.tsx';
import { useAccountQuery } from '../../kit/use-account-query.ts';
import { useWallet } from '../../kit/use-wallet.ts';

export default function DepositScreen() {
  const { t } = useI18n();
  const wallet = useWallet();
  const { state, reload } = useAccountQuery('currencies', { withdrawable: false });
  const coins = (state.data ?? []).filter((c) => c.canDeposit);
  const [chosen, setChosen] = useState<number | null>(null);
  const coin = coins.find((c) => c.id === chosen) ?? coins[0] ?? null;
  return (
    <AccountShell
      title={t('wallet.nav.deposit')}
      testId="recharge"
      actions={
        <Link className="btn btn--ghost btn--sm" to={WALLET_PATH.coinRecord}>
          {t('wallet.recharge.records')}
        </Link>
      }
    >
      {state.data === null && state.status === 'error' && (
        <ErrorState
          text={t('wallet.list.error', { message: state.message })}
          onRetry={reload}
          retryable={state.retryable}
        />
      )}
      {state.data === null && state.status === 'loading' && <Loading />}
      {coin !== null && (
        <div className="panel">
          <div className="panel__head">
            <div className="net-tabs" role="tablist" aria-label={t('wallet.assets.currency')}>
              {coins.map((c) => (
                <button
                  key={c.id}
                  type="button"
                  role="tab"
                  aria-selected={c === coin}
                  className={`net-tab${c === coin ? ' net-tab--active' : ''}`}
                  onClick={() => setChosen(c.id)}
                >
                  {c.name}
                </button>
              ))}
            </div>
          </div>
          {wallet.loaded && !wallet.fundingOpen ? (
            <p className="notice-bar">{t('wallet.funding.notOpen')}</p>
          ) : (
            <DepositPanel key={coin.id} currencyId={coin.id} currency={coin.name} />
          )}
        </div>
      )}
    </AccountShell>
  );
}
