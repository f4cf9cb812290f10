// Payment form (spec §2 "Payment form page", §5: account and amount above 0; §9: CNY). The
// legacy page posted hidden fields to an external payment host; the reference exchange has
// none configured, so a valid form shows the spec's "not open" message and sends nothing (the
// page says so up front).
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { session } from '../../engine-bridge/signals.ts';
import { validatePayment } from '../../../shared/wallet.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { toast } from '../../toast/toast.ts';
import { Field } from '../../kit/field.tsx';
import { AmountField } from '../../kit/amount-field.tsx';
import { KitForm } from '../../kit/form.tsx';
import { useForm } from '../../kit/use-form.ts';
import { AccountShell } from '../../kit/account-shell.tsx';
import '../../styles/account-settings.css';
import { anyAmountIssue, FIAT_DECIMALS } from '../../forms/amount-text.ts';

export default function PaymentScreen() {
  const { t } = useI18n();
  const user = useSignalValue(session);
  const form = useForm({ account: user.account ?? '', amount: '' });
  const { values } = form;

  const submit = (): void => {
    const invalid = validatePayment(values);
    form.setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    if (anyAmountIssue([values.amount, FIAT_DECIMALS])) return;
    toast.info(t('notOpen.title'));
  };

  return (
    <AccountShell title={t('account.payment.title')} testId="payment">
      <KitForm
        className="panel acct-form"
        testId="payment-form"
        state={form}
        onSubmit={submit}
        submit={{ label: t('account.payment.submit'), testId: 'payment-submit' }}
        actionsClassName="form-actions"
      >
        <p className="notice-bar" role="note" data-testid="payment-unavailable">
          {t('account.payment.unavailable')}
        </p>
        <Field
          name="account"
          autoComplete="username"
          maxLength={120}
          label={t('account.payment.account')}
          placeholder={t('account.payment.accountPlaceholder')}
          value={values.account}
          onValue={(v) => form.setValue('account', v)}
          error={form.message('account')}
        />
        <AmountField
          name="amount"
          decimals={FIAT_DECIMALS}
          maxLength={20}
          label={t('account.payment.amount')}
          placeholder={t('account.payment.amountPlaceholder')}
          value={values.amount}
          onValue={(v) => form.setValue('amount', v)}
          error={form.message('amount')}
          addon={<span className="field__unit">{t('account.unit.cny')}</span>}
        />
      </KitForm>
    </AccountShell>
  );
}
