// Bind e-mail (wallet-account-earn.md §2, §5): e-mail + code (sent with purpose 'bind').
import { useNavigate } from 'react-router';
import { hasErrors, validateBindEmail } from '../../../shared/validation.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ROUTE_PATH } from '../../route-paths.ts';
import { AuthCard } from './auth-card.tsx';
import { Field } from '../../kit/field.tsx';
import { SendCodeButton } from './send-code-button.tsx';
import { useForm } from '../../kit/use-form.ts';
import { sendCode } from './use-send-code.ts';

export default function BindEmailScreen() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const form = useForm({ email: '', code: '' });
  const { values } = form;
  const email = values.email.trim();

  const submit = async (): Promise<void> => {
    const invalid = validateBindEmail(values);
    form.setErrors(invalid);
    if (hasErrors(invalid)) return;
    const result = await form.run(
      () => engine.bindEmail({ email, code: values.code.trim() }),
      t('auth.bindEmail.success'),
    );
    if (!result.ok) return;
    void navigate(ROUTE_PATH.accountSet);
  };

  return (
    <AuthCard
      title={t('auth.bindEmail.title')}
      subtitle={t('auth.bindEmail.subtitle')}
      state={form}
      onSubmit={submit}
      submit={{ label: t('auth.bindEmail.submit'), busyLabel: t('auth.bindEmail.submitting') }}
    >
      <Field
        name="email"
        type="email"
        autoComplete="email"
        label={t('auth.bindEmail.email')}
        placeholder={t('auth.bindEmail.emailPlaceholder')}
        value={values.email}
        onValue={(v) => form.setValue('email', v)}
        error={form.message('email')}
      />
      <Field
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        label={t('auth.bindEmail.code')}
        placeholder={t('auth.bindEmail.codePlaceholder')}
        value={values.code}
        onValue={(v) => form.setValue('code', v)}
        error={form.message('code')}
        addon={
          <SendCodeButton
            onSend={() => {
              if (email === '') {
                form.setError('email', 'validation.emailRequired');
                return Promise.resolve(false);
              }
              return sendCode(
                { kind: 'email', account: email, areaCode: '', purpose: 'bind' },
                (id) => form.setError('email', id),
              );
            }}
          />
        }
      />
    </AuthCard>
  );
}
