// The withdraw panel (spec §2, §5, §9): network tabs (erc20, trc20, omni, bank; BTC on its own
// chain), the address or the bank fields, the amount with "all", the fee and the amount
// received computed exactly from the server's rate, and the limits. A chain address can be
// picked from the user's address book for the currency (saved-address-select.tsx). An
// unverified identity (998) is answered with a link to the verification page.
import { useState } from 'react';
import { Link } from 'react-router';
import type { WithdrawInfoView, WithdrawInput } from '../../../engine/api.ts';
import { Decimal } from '../../../shared/decimal.ts';
import {
  positiveAmount,
  validateWithdraw,
  WITHDRAW_NETWORKS,
  withdrawFee,
} from '../../../shared/wallet.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Field } from '../../kit/field.tsx';
import { AmountField } from '../../kit/amount-field.tsx';
import { KitForm } from '../../kit/form.tsx';
import { useForm } from '../../kit/use-form.ts';
import { WALLET_PATH } from '../../kit/account-shell.tsx';
import { SavedAddressPicker } from './saved-address-select.tsx';
import { useAccountQuery } from '../../kit/use-account-query.ts';
import { useCurrencyDecimals } from '../../forms/currency-decimals.ts';
import { anyAmountIssue, plainAmountText } from '../../forms/amount-text.ts';

type Network = WithdrawInput['network'];

export function WithdrawPanel({
  currencyId,
  currency,
  onDone,
}: {
  currencyId: number;
  currency: string;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const { state, reload } = useAccountQuery('withdraw-info', { currencyId });
  if (state.data === null)
    return state.status === 'error' ? (
      <ErrorState
        text={t('wallet.list.error', { message: state.message })}
        onRetry={reload}
        retryable={state.retryable}
      />
    ) : (
      <Loading />
    );
  const info = state.data;
  const networks = (info.networks ?? [...WITHDRAW_NETWORKS]) as Network[];
  return (
    <WithdrawForm
      currencyId={currencyId}
      currency={currency}
      info={info}
      networks={networks}
      onDone={onDone}
      reload={reload}
    />
  );
}

interface FormProps {
  currencyId: number;
  currency: string;
  info: WithdrawInfoView;
  networks: Network[];
  onDone: () => void;
  reload: () => void;
}

function WithdrawForm({ currencyId, currency, info, networks, onDone, reload }: FormProps) {
  const { t, fmt } = useI18n();
  const [network, setNetwork] = useState<Network>(networks[0] ?? 'erc20');
  const [needsIdentity, setNeedsIdentity] = useState(false);
  const walletDecimals = useCurrencyDecimals(currencyId);
  const decimals = info.decimals ?? walletDecimals;
  const form = useForm({ amount: '', address: '', realName: '', bankName: '', bankAddress: '' });
  const amount = positiveAmount(plainAmountText(form.values.amount, decimals));
  const { fee, received } = withdrawFee(amount ?? new Decimal(0), info.rate, decimals);
  const bank = network === 'bank';
  /** A limit as the server gives it, with its own decimals and the locale's grouping. */
  const plain = (v: string) => fmt.fixed(v, (v.split('.')[1] ?? '').length);
  const input: WithdrawInput = {
    currencyId,
    network,
    amount: form.values.amount,
    address: form.values.address,
    realName: form.values.realName,
    bankName: form.values.bankName,
    bankAddress: form.values.bankAddress,
    rules: { min: info.min, max: info.max, rate: info.rate },
    available: info.available,
  };

  const submit = async () => {
    const errors = validateWithdraw({ ...input, bankAccount: input.address });
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    if (anyAmountIssue([form.values.amount, decimals])) return;
    // announced: the server's message only
    const r = await form.run(() => engine.accountCommand('withdraw', input), '');
    setNeedsIdentity(!r.ok && r.code === 'server' && r.type === '998');
    if (r.ok) {
      reload();
      onDone();
    }
  };

  return (
    <div className="fund-panel" data-testid="withdraw-panel">
      <KitForm
        className="form-grid"
        testId="withdraw-form"
        // an unverified identity is said once, by the notice that links to the verification
        state={{ busy: form.busy, formError: needsIdentity ? null : form.formError }}
        onSubmit={submit}
        submit={{ label: t('wallet.withdraw.submit'), testId: 'withdraw-submit' }}
        actionsClassName="form-actions"
      >
        {networks.length > 1 && (
          <div className="net-tabs" role="tablist" aria-label={t('wallet.withdraw.network')}>
            {networks.map((n) => (
              <button
                key={n}
                type="button"
                role="tab"
                aria-selected={n === network}
                className={`net-tab${n === network ? ' net-tab--active' : ''}`}
                onClick={() => setNetwork(n)}
                data-network={n}
              >
                {n === 'bank' ? t('wallet.withdraw.bank') : n}
              </button>
            ))}
          </div>
        )}
        {bank && (
          <>
            <Field
              name="realName"
              label={t('wallet.withdraw.realName')}
              value={form.values.realName}
              onValue={(v) => form.setValue('realName', v)}
              error={form.message('realName')}
            />
            <Field
              name="bankName"
              label={t('wallet.withdraw.bankName')}
              value={form.values.bankName}
              onValue={(v) => form.setValue('bankName', v)}
              error={form.message('bankName')}
            />
            <Field
              name="bankAddress"
              label={t('wallet.withdraw.bankAddress')}
              value={form.values.bankAddress}
              onValue={(v) => form.setValue('bankAddress', v)}
            />
          </>
        )}
        {!bank && (
          <SavedAddressPicker
            currencyId={currencyId}
            currency={currency}
            address={form.values.address}
            onPick={(a) => form.setValue('address', a)}
          />
        )}
        <Field
          name="address"
          label={bank ? t('wallet.withdraw.bankAccount') : t('wallet.withdraw.address')}
          value={form.values.address}
          autoComplete="off"
          onValue={(v) => form.setValue('address', v)}
          error={form.message('address')}
        />
        <AmountField
          name="amount"
          label={t('wallet.withdraw.amount', { currency })}
          value={form.values.amount}
          decimals={decimals}
          onValue={(v) => form.setValue('amount', v)}
          error={form.message('amount')}
          available={info.available}
        />
        <div className="form-row">
          <span>{t('wallet.withdraw.available')}</span>
          <strong className="num">
            {fmt.amount(info.available, decimals)} {currency}
          </strong>
        </div>
        <div className="form-row">
          <span>{t('wallet.withdraw.fee', { rate: plain(info.rate) })}</span>
          <strong className="num" data-testid="withdraw-fee">
            {fmt.fixed(fee.toFixed(decimals), decimals)} {currency}
          </strong>
        </div>
        <div className="form-row">
          <span>{t('wallet.withdraw.received')}</span>
          <strong className="num" data-testid="withdraw-received">
            {fmt.fixed(Decimal.max(received, 0).toFixed(decimals), decimals)} {currency}
          </strong>
        </div>
        {needsIdentity && (
          <p className="notice-bar" role="alert">
            {t('wallet.withdraw.identityFirst')}{' '}
            <Link to={WALLET_PATH.authentication}>{t('wallet.withdraw.verifyNow')}</Link>
          </p>
        )}
      </KitForm>
      <div>
        <h3 className="fund-panel__title">{t('wallet.withdraw.limits')}</h3>
        <ul className="fund-panel__notes">
          <li>{t('wallet.withdraw.min', { min: plain(info.min), currency })}</li>
          {new Decimal(info.max).greaterThan(0) && (
            <li>{t('wallet.withdraw.max', { max: plain(info.max), currency })}</li>
          )}
          {new Decimal(info.dayLimit).greaterThan(0) && (
            <li>
              {t('wallet.withdraw.dayLimit', { limit: plain(info.dayLimit), currency })}
              {info.dayLeft !== null &&
                ` ${t('wallet.withdraw.dayLeft', { left: plain(info.dayLeft), currency })}`}
            </li>
          )}
          <li>{t('wallet.withdraw.frozenNote')}</li>
        </ul>
      </div>
    </div>
  );
}
