// Payout details (/setCash; trading-c2c-market.md "Cash info"): how the user is paid in c2c
// deals. The form opens with the saved details; the rules are the shared `validateCashInfo`
// (real name, at least one way to be paid, a bank name with a bank account).
import { useState } from 'react';
import type { CashInfoView } from '../../../engine/api.ts';
import type { ValidationId } from '../../../shared/validation.ts';
import { CASH_MAX_LENGTH, validateCashInfo } from '../../../shared/wallet.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Field } from '../../kit/field.tsx';
import { KitForm } from '../../kit/form.tsx';
import { useForm } from '../../kit/use-form.ts';
import { AccountShell } from '../../kit/account-shell.tsx';
import { useAccountQuery } from '../../kit/use-account-query.ts';
import '../../styles/account-settings.css';

export default function SetCashScreen() {
  const { t } = useI18n();
  const { state, reload } = useAccountQuery('cash-info', {});
  return (
    <AccountShell title={t('account.cash.title')} testId="set-cash">
      {state.data !== null ? (
        <CashForm saved={state.data} />
      ) : (
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
      )}
    </AccountShell>
  );
}

function CashForm({ saved }: { saved: CashInfoView }) {
  const { t, tv } = useI18n();
  const form = useForm<keyof CashInfoView>({ ...saved });
  const [method, setMethod] = useState<ValidationId | null>(null);
  const { values } = form;
  const set = (field: keyof CashInfoView) => (v: string) => {
    form.setValue(field, v);
    setMethod(null);
  };

  const submit = async (): Promise<void> => {
    const { method: none, ...invalid } = validateCashInfo(values);
    form.setErrors(invalid);
    setMethod(none ?? null);
    if (none !== undefined || Object.keys(invalid).length > 0) return;
    const result = await form.run(
      () => engine.accountCommand('cash-save', values),
      t('account.cash.saved'),
    );
    if (!result.ok) return;
    // show what was stored (the engine and the server trim every field)
    for (const k of Object.keys(values) as (keyof CashInfoView)[])
      if (values[k] !== values[k].trim()) form.setValue(k, values[k].trim());
  };

  const field = (name: keyof CashInfoView, label: string, placeholder: string) => (
    <Field
      name={name}
      autoComplete="off"
      maxLength={CASH_MAX_LENGTH[name]}
      label={label}
      placeholder={placeholder}
      value={values[name]}
      onValue={set(name)}
      error={form.message(name)}
      data-testid={`cash-${name}`}
    />
  );

  return (
    <KitForm
      className="panel acct-form"
      testId="cash-form"
      // the missing way to be paid is said under the real name; the form's message waits
      state={{ busy: form.busy, formError: method === null ? form.formError : null }}
      onSubmit={submit}
      submit={{
        label: t('account.cash.save'),
        busyLabel: t('account.cash.saving'),
        testId: 'cash-save',
      }}
      actionsClassName="form-actions"
    >
      <p className="notice-bar">{t('account.cash.intro')}</p>
      {field('realName', t('account.cash.realName'), t('account.cash.realNamePlaceholder'))}
      {method !== null && (
        <p className="form-error" role="alert" data-testid="cash-method-error">
          {tv(method)}
        </p>
      )}
      <fieldset className="acct-fieldset">
        <legend>{t('account.cash.bank')}</legend>
        <div className="acct-form__grid">
          {field('bankName', t('account.cash.bankName'), t('account.cash.bankNamePlaceholder'))}
          {field(
            'bankAccount',
            t('account.cash.bankAccount'),
            t('account.cash.bankAccountPlaceholder'),
          )}
        </div>
      </fieldset>
      <fieldset className="acct-fieldset">
        <legend>{t('account.cash.alipay')}</legend>
        {field(
          'alipayAccount',
          t('account.cash.alipayAccount'),
          t('account.cash.alipayAccountPlaceholder'),
        )}
      </fieldset>
      <fieldset className="acct-fieldset">
        <legend>{t('account.cash.wechat')}</legend>
        <div className="acct-form__grid">
          {field(
            'wechatNickname',
            t('account.cash.wechatNickname'),
            t('account.cash.wechatNicknamePlaceholder'),
          )}
          {field(
            'wechatAccount',
            t('account.cash.wechatAccount'),
            t('account.cash.wechatAccountPlaceholder'),
          )}
        </div>
      </fieldset>
    </KitForm>
  );
}
