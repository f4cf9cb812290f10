// An account's assets page (spec §2: legal, change, lever): its total, its rows and each row's
// actions. Legal and lever move funds to and from the spot (change) account in a dialog; the
// spot account opens deposit and withdraw panels under the row (BTC, USDT, ETH deposit), both
// blocked with the not-open message unless deposits and withdrawals are open.
import { useState } from 'react';
import { Link } from 'react-router';
import type { AccountName, BalanceRowView, WalletView } from '../../../engine/api.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { toast } from '../../toast/toast.ts';
import { AccountShell, WALLET_PATH } from '../../kit/account-shell.tsx';
import { DEPOSIT_CURRENCIES } from '../../../shared/wallet.ts';
import { AccountSummary, AssetTable } from '../../kit/asset-table.tsx';
import { DepositPanel } from './deposit-panel.tsx';
import { TransferDialog, type TransferTarget } from './transfer-dialog.tsx';
import { balancesKnown, useWallet } from '../../kit/use-wallet.ts';
import { WithdrawPanel } from './withdraw-panel.tsx';

const TITLES: Record<Exclude<AccountName, 'micro'>, MessageId> = {
  legal: 'wallet.account.legal',
  change: 'wallet.account.change',
  lever: 'wallet.account.lever',
};

/** The rows an account lists (spec §2): the spot account its `is_match` currencies, the
 *  second-contract account its `is_legal` and `is_micro` ones, the others all of theirs. */
export function accountRows(wallet: WalletView, account: AccountName): readonly BalanceRowView[] {
  const rows = wallet.accounts[account].rows;
  if (account === 'change') return rows.filter((r) => r.isMatch);
  if (account === 'micro') return rows.filter((r) => r.isLegal && r.isMicro);
  return rows;
}

export function AccountAssets({ account }: { account: Exclude<AccountName, 'micro'> }) {
  const { t } = useI18n();
  const wallet = useWallet();
  const view = wallet.accounts[account];
  return (
    <AccountShell
      title={t(TITLES[account])}
      testId={`assets-${account}`}
      actions={
        <Link className="btn btn--ghost btn--sm" to={WALLET_PATH.transfer}>
          {t('wallet.nav.transfer')}
        </Link>
      }
    >
      <AccountSummary
        label={account === 'lever' ? t('wallet.assets.netAssets') : t('wallet.assets.total')}
        usdt={view.totalUsdt}
        cny={view.totalCny}
        loaded={balancesKnown(wallet)}
      />
      <div className="panel">
        <AccountAssetTable account={account} wallet={wallet} />
      </div>
    </AccountShell>
  );
}

/**
 * One account's coins with each row's actions: the spot account opens deposit and withdraw
 * panels under the row; the others move funds to and from the spot account in a dialog. The
 * account's page and the overview (/finance, every account) show it.
 */
export function AccountAssetTable({
  account,
  wallet,
}: {
  account: AccountName;
  wallet: WalletView;
}) {
  const { t } = useI18n();
  const [transfer, setTransfer] = useState<TransferTarget | null>(null);
  const [panel, setPanel] = useState<{ currencyId: number; kind: 'deposit' | 'withdraw' } | null>(
    null,
  );
  const rows = accountRows(wallet, account);

  const move = (r: BalanceRowView, direction: 'in' | 'out') =>
    setTransfer({
      currencyId: r.currencyId,
      currency: r.name,
      from: direction === 'in' ? 'change' : account,
      to: direction === 'in' ? account : 'change',
    });

  const toggle = (r: BalanceRowView, kind: 'deposit' | 'withdraw') => {
    if (!wallet.fundingOpen) {
      toast.info(t('wallet.funding.notOpen'));
      return;
    }
    setPanel((p) =>
      p?.currencyId === r.currencyId && p.kind === kind ? null : { currencyId: r.currencyId, kind },
    );
  };

  const actions = (r: BalanceRowView) =>
    account === 'change' ? (
      <>
        {DEPOSIT_CURRENCIES.includes(r.name) && (
          <button
            type="button"
            className={`link-btn${panel?.currencyId === r.currencyId && panel.kind === 'deposit' ? ' link-btn--on' : ''}`}
            onClick={() => toggle(r, 'deposit')}
            data-testid="deposit"
          >
            {t('wallet.action.deposit')}
          </button>
        )}
        <button
          type="button"
          className={`link-btn${panel?.currencyId === r.currencyId && panel.kind === 'withdraw' ? ' link-btn--on' : ''}`}
          onClick={() => toggle(r, 'withdraw')}
          data-testid="withdraw"
        >
          {t('wallet.action.withdraw')}
        </button>
        <Link className="link-btn" to={`${WALLET_PATH.changeAccount}?currency_id=${r.currencyId}`}>
          {t('wallet.action.record')}
        </Link>
      </>
    ) : (
      <>
        <button
          type="button"
          className="link-btn"
          onClick={() => move(r, 'in')}
          data-testid="transfer-in"
        >
          {t('wallet.action.transferIn')}
        </button>
        <button
          type="button"
          className="link-btn"
          onClick={() => move(r, 'out')}
          data-testid="transfer-out"
        >
          {t('wallet.action.transferOut')}
        </button>
        <Link className="link-btn" to={recordPath(account, r.currencyId)}>
          {t('wallet.action.record')}
        </Link>
      </>
    );

  const open = panel === null ? undefined : rows.find((r) => r.currencyId === panel.currencyId);
  return (
    <>
      <AssetTable
        rows={rows}
        loaded={balancesKnown(wallet)}
        error={wallet.error}
        valuation={account === 'lever' ? 'cny' : 'usdt'}
        actions={actions}
        testId={`asset-table-${account}`}
        panel={
          panel === null || open === undefined
            ? null
            : {
                currencyId: panel.currencyId,
                content:
                  panel.kind === 'deposit' ? (
                    <DepositPanel currencyId={open.currencyId} currency={open.name} />
                  ) : (
                    <WithdrawPanel
                      currencyId={open.currencyId}
                      currency={open.name}
                      onDone={() => undefined}
                    />
                  ),
              }
        }
      />
      <TransferDialog target={transfer} onClose={() => setTransfer(null)} />
    </>
  );
}

/** Where a row's "Record" leads: the account's own log of that currency. */
function recordPath(account: Exclude<AccountName, 'change'>, currencyId: number): string {
  if (account === 'legal') return `${WALLET_PATH.legalAccount}?currency_id=${currencyId}`;
  if (account === 'lever') return `${WALLET_PATH.leverRecords}?currency_id=${currencyId}`;
  return `${WALLET_PATH.finanrec}?account=micro`;
}
