// Login (wallet-account-earn.md §2, §5): account + password; on success the spec's keys are
// stored and the user goes to /. Coming from registration, the account is filled in.
import { Link, useLocation, useNavigate } from 'react-router';
import { hasErrors, validateLogin } from '../../../shared/validation.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { PATH, ROUTE_PATH } from '../../route-paths.ts';
import { storage } from '../../storage.ts';
import { AuthCard } from './auth-card.tsx';
import { Field } from '../../kit/field.tsx';
import { prefilledAccount } from './login-prefill.ts';
import { useForm } from '../../kit/use-form.ts';

export default function LoginScreen() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const form = useForm({ account: prefilledAccount(useLocation().state), password: '' });
  const { values } = form;

  const submit = async (): Promise<void> => {
    const invalid = validateLogin(values);
    form.setErrors(invalid);
    if (hasErrors(invalid)) return;
    const account = values.account.trim();
    const result = await form.run(
      () => engine.login({ account, password: values.password, areaCodeId: null }),
      t('auth.login.success'),
    );
    if (!result.ok) return;
    storage.set('user_id', result.data.userId);
    storage.set('accountNum', account);
    void navigate(PATH.home);
  };

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      state={form}
      onSubmit={submit}
      submit={{ label: t('auth.login.submit'), busyLabel: t('auth.login.submitting') }}
      footer={
        <p className="auth__alt">
          {t('auth.login.noAccount')}{' '}
          <Link to={ROUTE_PATH.register}>{t('auth.login.toRegister')}</Link>
        </p>
      }
    >
      <Field
        name="account"
        label={t('auth.login.account')}
        placeholder={t('auth.login.accountPlaceholder')}
        autoComplete="username"
        value={values.account}
        onValue={(v) => form.setValue('account', v)}
        error={form.message('account')}
      />
      <Field
        name="password"
        type="password"
        label={t('auth.login.password')}
        placeholder={t('auth.login.passwordPlaceholder')}
        autoComplete="current-password"
        value={values.password}
        onValue={(v) => form.setValue('password', v)}
        error={form.message('password')}
      />
      <div className="auth__links">
        <Link to={PATH.forgetPwd}>{t('auth.login.forgot')}</Link>
      </div>
    </AuthCard>
  );
}
