// Set trade password (/account/tradePassword; wallet-account-earn.md §2 "Set trade password
// page: not functional (not open message)", §5 "fund password 6 digits"). The form checks what
// the user typed (six digits, twice the same) and then answers that the feature is not open:
// the exchange has no trade password yet, and the page says so before anyone types.
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { toast } from '../../toast/toast.ts';
import { Field } from '../../kit/field.tsx';
import { AccountShell } from '../../kit/account-shell.tsx';
import { KitForm } from '../../kit/form.tsx';

const SIX_DIGITS = /^\d{6}$/;

export default function TradePasswordScreen() {
  const { t } = useI18n();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: MessageId; confirm?: MessageId }>({});

  const submit = () => {
    const next: typeof errors = {};
    if (!SIX_DIGITS.test(password)) next.password = 'tradePassword.sixDigits';
    if (confirm !== password) next.confirm = 'tradePassword.mismatch';
    setErrors(next);
    if (next.password === undefined && next.confirm === undefined) toast.info(t('notOpen.title'));
  };

  return (
    <AccountShell title={t('tradePassword.title')} testId="trade-password">
      <KitForm
        className="panel panel--pad form-narrow"
        onSubmit={submit}
        submit={{ label: t('tradePassword.submit'), testId: 'trade-password-submit' }}
      >
        <p className="notice-bar" data-testid="trade-password-not-open">
          {t('tradePassword.notOpen')}
        </p>
        <Field
          name="tradePassword"
          type="password"
          inputMode="numeric"
          maxLength={6}
          autoComplete="new-password"
          label={t('tradePassword.password')}
          value={password}
          onValue={setPassword}
          error={errors.password === undefined ? undefined : t(errors.password)}
        />
        <Field
          name="tradePasswordConfirm"
          type="password"
          inputMode="numeric"
          maxLength={6}
          autoComplete="new-password"
          label={t('tradePassword.confirm')}
          value={confirm}
          onValue={setConfirm}
          error={errors.confirm === undefined ? undefined : t(errors.confirm)}
        />
      </KitForm>
    </AccountShell>
  );
}
