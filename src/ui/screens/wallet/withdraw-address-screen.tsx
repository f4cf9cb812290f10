// Withdrawal address book (spec §2 "Withdraw address management: pick currency, add address
// with note, list, delete"; §5 "Add address: currency selected, address non-empty, no spaces;
// label letters/digits, no spaces"). Errors stay under their fields with what was typed; an
// address already saved for the currency is refused here when the list is known, and by the
// server in any case (its message is shown in the form).
import { useId, useState } from 'react';
import type { CurrencyView, WithdrawAddressView } from '../../../engine/api.ts';
import { validateAddressEntry } from '../../../shared/wallet.ts';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { toast } from '../../toast/toast.ts';
import { arrayList, isStale } from '../../kit/record-parts.tsx';
import { Field } from '../../kit/field.tsx';
import { KitForm } from '../../kit/form.tsx';
import { useForm } from '../../kit/use-form.ts';
import { AccountShell } from '../../kit/account-shell.tsx';
import { RecordTable } from '../../kit/record-table.tsx';
import { useAccountQuery } from '../../kit/use-account-query.ts';
import '../../styles/account-records.css';

export default function WithdrawAddressScreen() {
  const { t } = useI18n();
  const { state, reload } = useAccountQuery('currencies', { withdrawable: true });
  return (
    <AccountShell title={t('account.address.title')} testId="withdraw-address-screen">
      {state.data === null ? (
        <div className="panel">
          {state.status === 'error' ? (
            <ErrorState
              text={t('wallet.list.error', { message: state.message })}
              onRetry={reload}
              retryable={state.retryable}
            />
          ) : (
            <Loading />
          )}
        </div>
      ) : (
        <AddressBook currencies={state.data} />
      )}
    </AccountShell>
  );
}

function AddressBook({ currencies }: { currencies: readonly CurrencyView[] }) {
  const [chosen, setChosen] = useState<number | null>(null);
  // The first currency until the user picks one (and again if the choice is no longer offered).
  const currency = currencies.find((c) => c.id === chosen) ?? currencies[0] ?? null;
  const addresses = useAccountQuery(
    'addresses',
    currency === null ? null : { currencyId: currency.id },
  );
  return (
    <>
      <AddForm
        currencies={currencies}
        currency={currency}
        saved={addresses.state.data}
        onCurrency={setChosen}
        onAdded={addresses.reload}
      />
      <AddressList currency={currency} query={addresses} />
    </>
  );
}

type Fields = 'currency' | 'address' | 'notes';

function AddForm({
  currencies,
  currency,
  saved,
  onCurrency,
  onAdded,
}: {
  currencies: readonly CurrencyView[];
  currency: CurrencyView | null;
  /** The saved addresses of `currency`, once loaded. */
  saved: readonly WithdrawAddressView[] | null;
  onCurrency: (id: number) => void;
  onAdded: () => void;
}) {
  const { t } = useI18n();
  const form = useForm<Fields>({ currency: '', address: '', notes: '' });

  const submit = async () => {
    const input = {
      currencyId: currency?.id ?? null,
      address: form.values.address.trim(),
      notes: form.values.notes.trim(),
    };
    const errors = validateAddressEntry({
      ...input,
      ...(saved !== null && saved.every((a) => a.currencyId === input.currencyId)
        ? { saved: saved.map((a) => a.address) }
        : {}),
    });
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    const r = await form.run(() => engine.accountCommand('address-add', input));
    if (r.ok) {
      toast.success(r.message);
      form.setValue('address', '');
      form.setValue('notes', '');
      onAdded();
    }
  };

  return (
    <section className="panel" aria-labelledby="address-add-title">
      <div className="records__head">
        <h2 id="address-add-title" className="records__title">
          {t('account.address.add')}
        </h2>
      </div>
      <KitForm
        className="addr-form"
        testId="address-form"
        state={form}
        onSubmit={submit}
        submit={{
          label: t('account.address.addButton'),
          busyLabel: t('common.loading'),
          className: 'btn btn--primary addr-form__submit',
          testId: 'address-add',
        }}
      >
        <CurrencySelect
          currencies={currencies}
          value={currency?.id ?? null}
          error={form.message('currency')}
          onChange={(id) => {
            onCurrency(id);
            form.setValue('currency', String(id));
          }}
        />
        <Field
          name="address"
          autoComplete="off"
          spellCheck={false}
          label={t('account.address.address')}
          value={form.values.address}
          onValue={(v) => form.setValue('address', v)}
          error={form.message('address')}
        />
        <Field
          name="notes"
          autoComplete="off"
          maxLength={40}
          label={t('account.address.notes')}
          placeholder={t('account.address.notesHint')}
          value={form.values.notes}
          onValue={(v) => form.setValue('notes', v)}
          error={form.message('notes')}
        />
      </KitForm>
    </section>
  );
}

function CurrencySelect({
  currencies,
  value,
  error,
  onChange,
}: {
  currencies: readonly CurrencyView[];
  value: number | null;
  error: string | undefined;
  onChange: (id: number) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className={`field${error === undefined ? '' : ' field--invalid'}`}>
      <label className="field__label" htmlFor={id}>
        {t('account.col.currency')}
      </label>
      <div className="field__row">
        <select
          id={id}
          name="currency"
          className="field__select-input"
          value={value === null ? '' : String(value)}
          onChange={(e) => onChange(Number(e.target.value))}
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={error === undefined ? undefined : `${id}-error`}
          data-testid="address-currency"
        >
          {value === null && <option value="">{t('account.address.choose')}</option>}
          {currencies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {error !== undefined && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function AddressList({
  currency,
  query,
}: {
  currency: CurrencyView | null;
  query: ReturnType<typeof useAccountQuery<'addresses'>>;
}) {
  const { t } = useI18n();
  const list = arrayList(query.state, query.reload);
  const [deleting, setDeleting] = useState<WithdrawAddressView | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (deleting === null) return;
    setBusy(true);
    const r = await engine.accountCommand('address-delete', { id: deleting.id });
    setBusy(false);
    setDeleting(null);
    if (r.ok) toast.success(r.message);
    else toast.error(failureMessage(r));
    query.reload();
  };

  return (
    <section className="panel" aria-labelledby="address-list-title">
      <div className="records__head">
        <h2 id="address-list-title" className="records__title">
          {currency === null
            ? t('account.address.title')
            : t('account.address.listTitle', { currency: currency.name })}
        </h2>
      </div>
      {currency === null ? (
        <Empty text={t('account.address.noCurrencies')} />
      ) : (
        <div className={isStale(list) ? 'records--stale' : undefined} aria-busy={isStale(list)}>
          <RecordTable
            list={list}
            columns={[
              { header: t('account.address.address'), cellClass: 'mono', cell: (a) => a.address },
              {
                header: t('account.address.notes'),
                cell: (a) =>
                  a.notes === '' ? <span className="muted">{t('account.none')}</span> : a.notes,
              },
              {
                header: t('account.col.action'),
                headerClass: 'cell-actions',
                cellClass: 'cell-actions',
                cell: (a) => (
                  <button
                    type="button"
                    className="link-btn"
                    onClick={() => setDeleting(a)}
                    aria-label={t('account.address.deleteLabel', { address: a.address })}
                    data-testid="address-delete"
                  >
                    {t('account.address.delete')}
                  </button>
                ),
              },
            ]}
            rowKey={(a) => a.id}
            rowData={(a) => ({ 'data-address-id': a.id })}
            testId="addresses"
            empty={t('account.address.empty')}
          />
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('account.address.deleteTitle')}
        body={
          deleting === null ? '' : t('account.address.deleteBody', { address: deleting.address })
        }
        confirmLabel={t('account.address.delete')}
        cancelLabel={t('account.cancel')}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => {
          if (!busy) setDeleting(null);
        }}
      />
    </section>
  );
}
