// /new_account/transfer: the lever transfer page (spec §2, §5, §9) between the legal and the
// contract (lever) account, USDT, at least 100, with a confirmation before it is sent.
import { useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { AccountShell, WALLET_PATH } from '../../kit/account-shell.tsx';
import { TransferDialog, type TransferTarget } from './transfer-dialog.tsx';
import { useWallet } from '../../kit/use-wallet.ts';

export default function LeverTransferScreen() {
  const { t, fmt } = useI18n();
  const wallet = useWallet();
  const [target, setTarget] = useState<TransferTarget | null>(null);
  const usdt = (a: 'legal' | 'lever') => wallet.accounts[a].rows.find((r) => r.name === 'USDT');
  const legal = usdt('legal');
  const lever = usdt('lever');
  const open = (from: 'legal' | 'lever') =>
    legal !== undefined &&
    setTarget({
      currencyId: legal.currencyId,
      currency: 'USDT',
      from,
      to: from === 'legal' ? 'lever' : 'legal',
    });
  return (
    <AccountShell
      title={t('wallet.leverTransfer.title')}
      testId="lever-transfer"
      actions={
        <Link className="btn btn--ghost btn--sm" to={WALLET_PATH.leverRecords}>
          {t('wallet.transfer.history')}
        </Link>
      }
    >
      <div className="account-cards account-cards--two">
        {(['legal', 'lever'] as const).map((a) => {
          const row = a === 'legal' ? legal : lever;
          return (
            <div key={a} className="account-card" data-account={a}>
              <span className="account-card__name">{t(`wallet.account.${a}`)}</span>
              <span className="account-card__value num">
                {fmt.amount(row?.available ?? '0', 2)} USDT
              </span>
              <span className="account-card__sub num">
                {t('wallet.assets.frozen')} {fmt.amount(row?.locked ?? '0', 2)}
              </span>
              <button
                type="button"
                className="btn btn--primary btn--sm"
                disabled={legal === undefined}
                onClick={() => open(a)}
                data-testid={`lever-transfer-from-${a}`}
              >
                {t(a === 'legal' ? 'wallet.leverTransfer.toLever' : 'wallet.leverTransfer.toLegal')}
              </button>
            </div>
          );
        })}
      </div>
      <p className="notice-bar">{t('wallet.transfer.leverRule')}</p>
      <TransferDialog target={target} leverPage onClose={() => setTarget(null)} />
    </AccountShell>
  );
}
