// /new_account/transferLegal, the unified transfer (spec §2, §5): coin, from and to accounts
// (they must differ; the swap button exchanges them), amount (max 99,999,999) with "all", and
// the source's available amount (2 decimals on transfer pages). Values stay on an error.
import { useState } from 'react';
import { Link } from 'react-router';
import type { AccountName } from '../../../engine/api.ts';
import { ACCOUNTS, validateTransfer } from '../../../shared/wallet.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { AmountField } from '../../kit/amount-field.tsx';
import { KitForm } from '../../kit/form.tsx';
import { useForm } from '../../kit/use-form.ts';
import { AccountShell, WALLET_PATH } from '../../kit/account-shell.tsx';
import { useWallet } from '../../kit/use-wallet.ts';
import { TransferAvailable } from './transfer-dialog.tsx';
import { FALLBACK_DECIMALS } from '../../forms/currency-decimals.ts';
import { anyAmountIssue } from '../../forms/amount-text.ts';

/** Which accounts can hold a currency (legal: is_legal, lever: is_lever, micro: is_micro). */
function holds(
  wallet: ReturnType<typeof useWallet>,
  account: AccountName,
  currencyId: number,
): boolean {
  return wallet.accounts[account].rows.some((r) => r.currencyId === currencyId);
}

/** The accounts that can hold a currency (none while no currency is chosen). */
function accountsHolding(
  wallet: ReturnType<typeof useWallet>,
  coin: { currencyId: number } | null,
): AccountName[] {
  return coin === null ? [] : ACCOUNTS.filter((a) => holds(wallet, a, coin.currencyId));
}

/** What an account holds of a currency, available to move ('0' when it holds none). */
function availableIn(
  wallet: ReturnType<typeof useWallet>,
  account: AccountName,
  currencyId: number | null,
): string {
  return wallet.accounts[account].rows.find((r) => r.currencyId === currencyId)?.available ?? '0';
}

export default function TransferScreen() {
  const { t } = useI18n();
  const wallet = useWallet();
  const coins = wallet.accounts.change.rows;
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const coin = coins.find((c) => c.currencyId === currencyId) ?? coins[0] ?? null;
  const decimals = coin?.decimals ?? FALLBACK_DECIMALS;
  const [from, setFrom] = useState<AccountName>('change');
  const [to, setTo] = useState<AccountName>('legal');
  const form = useForm({ amount: '' });
  // held balances (a page opened offline) are not what a transfer may move: unknown until loaded
  const known = wallet.loaded;
  const targets = accountsHolding(wallet, coin);
  const available = availableIn(wallet, from, coin?.currencyId ?? null);

  const submit = async () => {
    if (coin === null) return;
    const errors = validateTransfer({ amount: form.values.amount, from, to, available });
    const first = errors.amount ?? errors.to;
    if (first !== undefined) {
      form.setErrors({ amount: first });
      return;
    }
    if (anyAmountIssue([form.values.amount, decimals])) return;
    const r = await form.run(
      () =>
        engine.accountCommand('transfer', {
          currencyId: coin.currencyId,
          from,
          to,
          amount: form.values.amount,
          available,
        }),
      t('wallet.transfer.done'),
    );
    if (r.ok) form.setValue('amount', '');
  };

  const accountSelect = (
    label: string,
    value: AccountName,
    onChange: (a: AccountName) => void,
    testId: string,
  ) => (
    <label className="field">
      <span className="field__label">{label}</span>
      {/* the app's select: a bordered row like the amount's (issue 41: it read as plain text) */}
      <span className="field__row">
        <select
          className="field__select-input"
          value={value}
          onChange={(e) => onChange(e.target.value as AccountName)}
          data-testid={testId}
        >
          {ACCOUNTS.map((a) => (
            <option key={a} value={a} disabled={!targets.includes(a)}>
              {t(`wallet.account.${a}`)}
            </option>
          ))}
        </select>
      </span>
    </label>
  );

  return (
    <AccountShell
      title={t('wallet.nav.transfer')}
      testId="transfer-screen"
      actions={
        <Link className="btn btn--ghost btn--sm" to={WALLET_PATH.transferLog}>
          {t('wallet.transfer.history')}
        </Link>
      }
    >
      <div className="panel panel--pad transfer-card">
        <KitForm
          className="form-grid"
          testId="transfer-form"
          state={form}
          onSubmit={submit}
          submit={{
            label: t('wallet.transfer.submit'),
            className: 'btn btn--primary btn--block',
            testId: 'transfer-submit',
            disabled: coin === null || !known,
          }}
          actionsClassName="form-actions"
        >
          <label className="field">
            <span className="field__label">{t('wallet.assets.currency')}</span>
            <span className="field__row">
              <select
                className="field__select-input"
                value={coin?.currencyId ?? ''}
                onChange={(e) => setCurrencyId(Number(e.target.value))}
                data-testid="transfer-coin"
              >
                {coins.map((c) => (
                  <option key={c.currencyId} value={c.currencyId}>
                    {c.name}
                  </option>
                ))}
              </select>
            </span>
          </label>
          <div className="transfer-card__accounts">
            {accountSelect(t('wallet.transfer.from'), from, setFrom, 'transfer-from')}
            <button
              type="button"
              className="btn btn--ghost btn--sm transfer-card__swap"
              aria-label={t('wallet.transfer.swap')}
              title={t('wallet.transfer.swap')}
              onClick={() => {
                setFrom(to);
                setTo(from);
              }}
            >
              ⇄
            </button>
            {accountSelect(t('wallet.transfer.to'), to, setTo, 'transfer-to')}
          </div>
          <AmountField
            name="amount"
            label={t('wallet.transfer.amount')}
            value={form.values.amount}
            decimals={decimals}
            onValue={(v) => form.setValue('amount', v)}
            error={form.message('amount')}
            available={known ? available : null}
          />
          <TransferAvailable available={available} known={known} currency={coin?.name ?? ''} />
        </KitForm>
      </div>
    </AccountShell>
  );
}
