// Bind e-mail (wallet-account-earn.md §2, §5): e-mail + code (sent with purpose 'bind').
import { useNavigate } from 'react-router';
import { hasErrors, validateBindEmail } from '../../../shared/validation.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ROUTE_PATH } from '../../route-paths.ts';
import { toast } from '../../toast/toast.ts';
import { AuthCard } from './auth-card.tsx';
import { Field } from '../../kit/field.tsx';
import { SendCodeButton } from './send-code-button.tsx';
import { useForm } from '../../kit/use-form.ts';
import { sendCode } from './use-send-code.ts';
import { busyProps } from '../../components/busy-button.ts';

export default function BindEmailScreen() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const form = useForm({ email: '', code: '' });
  const { values } = form;
  const email = values.email.trim();

  const submit = async (): Promise<void> => {
    if (form.busy) return;
    const invalid = validateBindEmail(values);
    form.setErrors(invalid);
    if (hasErrors(invalid)) return;
    const result = await form.run(() => engine.bindEmail({ email, code: values.code.trim() }));
    if (!result.ok) return;
    toast.success(result.message !== '' ? result.message : t('auth.bindEmail.success'));
    void navigate(ROUTE_PATH.accountSet);
  };

  return (
    <AuthCard
      title={t('auth.bindEmail.title')}
      subtitle={t('auth.bindEmail.subtitle')}
      onSubmit={() => void submit()}
      error={form.formError}
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
      <button type="submit" className="btn btn--primary btn--block" {...busyProps(form.busy)}>
        {form.busy ? t('auth.bindEmail.submitting') : t('auth.bindEmail.submit')}
      </button>
    </AuthCard>
  );
}
