// The deposit panel (spec §2): the user's address per network (tabs), its QR code and a copy
// button; then the deposit request: amount, optional source address and hash, and a picture
// of the voucher. Blocked with the not-open message unless deposits are open.
import { useEffect, useState } from 'react';
import type { DepositAddressView } from '../../../engine/api.ts';
import { validateDeposit } from '../../../shared/wallet.ts';
import { anyAmountIssue } from '../../forms/amount-text.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Field } from '../../kit/field.tsx';
import { AmountField } from '../../kit/amount-field.tsx';
import { KitForm } from '../../kit/form.tsx';
import { useForm } from '../../kit/use-form.ts';
import { ImageUpload } from '../../kit/image-upload.tsx';
import { useAccountQuery } from '../../kit/use-account-query.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { copyText } from '../../kit/copy-text.ts';
import { useCurrencyDecimals } from '../../forms/currency-decimals.ts';

export function DepositPanel({ currencyId, currency }: { currencyId: number; currency: string }) {
  const { t } = useI18n();
  const { state, reload } = useAccountQuery('deposit-addresses', { currencyId });
  const [network, setNetwork] = useState<string | null>(null);
  const addresses = state.data ?? [];
  const chosen = addresses.find((a) => a.network === network) ?? addresses[0] ?? null;

  if (state.status === 'loading' && addresses.length === 0) return <Loading />;
  if (state.status === 'error' && addresses.length === 0)
    return (
      <ErrorState
        text={t('wallet.list.error', { message: state.message })}
        onRetry={reload}
        retryable={state.retryable}
      />
    );
  return (
    <div className="fund-panel" data-testid="deposit-panel">
      <AddressSection
        currency={currency}
        addresses={addresses}
        chosen={chosen}
        onNetwork={setNetwork}
      />
      <DepositForm currencyId={currencyId} currency={currency} network={chosen?.network ?? ''} />
    </div>
  );
}

/** The address for the chosen network, with tabs when the coin has more than one network. */
function AddressSection({
  currency,
  addresses,
  chosen,
  onNetwork,
}: {
  currency: string;
  addresses: readonly DepositAddressView[];
  chosen: DepositAddressView | null;
  onNetwork: (network: string) => void;
}) {
  const { t } = useI18n();
  return (
    <div>
      <h3 className="fund-panel__title">{t('wallet.deposit.address', { currency })}</h3>
      {addresses.length > 1 && (
        <div className="net-tabs" role="tablist" aria-label={t('wallet.deposit.network')}>
          {addresses.map((a) => (
            <button
              key={a.network}
              type="button"
              role="tab"
              aria-selected={a === chosen}
              className={`net-tab${a === chosen ? ' net-tab--active' : ''}`}
              onClick={() => onNetwork(a.network)}
            >
              {a.network}
            </button>
          ))}
        </div>
      )}
      {chosen !== null && <AddressBox address={chosen.address} />}
      <ul className="fund-panel__notes">
        <li>
          {t('wallet.deposit.noteOnly', {
            currency,
            network: (chosen?.network ?? '').toUpperCase(),
          })}
        </li>
        <li>{t('wallet.deposit.noteCredit')}</li>
      </ul>
    </div>
  );
}

function AddressBox({ address }: { address: string }) {
  const { t } = useI18n();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setQr(null);
    void engine.appQrCode(address).then((r) => {
      if (live && r.ok) setQr(r.data);
    });
    return () => {
      live = false;
    };
  }, [address]);
  return (
    <div className="address-box">
      {qr === null ? (
        <div
          className="address-box__qr qr--placeholder"
          role="status"
          aria-label={t('common.loading')}
        />
      ) : (
        <img
          className="address-box__qr"
          src={qr}
          width={120}
          height={120}
          alt={t('wallet.deposit.qrAlt')}
        />
      )}
      <div className="form-grid">
        <span className="address-box__label">{t('wallet.deposit.yourAddress')}</span>
        <span className="address-box__text" data-testid="deposit-address">
          {address}
        </span>
        <div>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => void copyText(address)}
          >
            {t('wallet.deposit.copy')}
          </button>
        </div>
      </div>
    </div>
  );
}

function DepositForm({
  currencyId,
  currency,
  network,
}: {
  currencyId: number;
  currency: string;
  network: string;
}) {
  const { t } = useI18n();
  const decimals = useCurrencyDecimals(currencyId);
  const form = useForm({ amount: '', source: '', hash: '', pic: '' });
  const submit = async () => {
    const errors = validateDeposit({ amount: form.values.amount, pic: form.values.pic });
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    // the field says what is wrong with "1e4" and the like; it is never sent (ADR 0041)
    if (anyAmountIssue([form.values.amount, decimals])) return;
    // announced: the server's message only
    const r = await form.run(
      () =>
        engine.accountCommand('deposit', {
          currencyId,
          network,
          amount: form.values.amount,
          source: form.values.source,
          hash: form.values.hash,
          pic: form.values.pic,
        }),
      '',
    );
    if (r.ok) {
      form.setValue('amount', '');
      form.setValue('hash', '');
      form.setValue('pic', '');
    }
  };
  return (
    <KitForm
      className="form-grid"
      testId="deposit-form"
      state={form}
      onSubmit={submit}
      submit={{ label: t('wallet.deposit.submit'), testId: 'deposit-submit' }}
      actionsClassName="form-actions"
    >
      <h3 className="fund-panel__title">{t('wallet.deposit.request')}</h3>
      <AmountField
        name="amount"
        label={t('wallet.deposit.amount', { currency })}
        value={form.values.amount}
        decimals={decimals}
        onValue={(v) => form.setValue('amount', v)}
        error={form.message('amount')}
      />
      <Field
        name="source"
        label={t('wallet.deposit.source')}
        value={form.values.source}
        onValue={(v) => form.setValue('source', v)}
      />
      <Field
        name="hash"
        label={t('wallet.deposit.hash')}
        value={form.values.hash}
        onValue={(v) => form.setValue('hash', v)}
      />
      <ImageUpload
        label={t('wallet.deposit.voucher')}
        value={form.values.pic}
        onValue={(url) => form.setValue('pic', url)}
        error={form.message('pic')}
        testId="deposit-voucher"
      />
    </KitForm>
  );
}
