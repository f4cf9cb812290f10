// Forgot password (wallet-account-earn.md §2, §5), two steps: (1) account + code, checked with
// engine.checkCode; (2) new password + confirmation → engine.forget → the login page. At
// /resetPwd (the set-password page) the same flow, titled so, with the account of the logged-in
// user filled in.
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  hasErrors,
  isEmail,
  validateForgetStep1,
  validateForgetStep2,
  type AccountKind,
} from '../../../shared/validation.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { session } from '../../engine-bridge/signals.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ROUTE_PATH } from '../../route-paths.ts';
import { toast } from '../../toast/toast.ts';
import { AuthCard } from './auth-card.tsx';
import { Field } from '../../kit/field.tsx';
import { SendCodeButton } from './send-code-button.tsx';
import { useForm } from '../../kit/use-form.ts';
import { sendCode } from './use-send-code.ts';

type Fields = 'account' | 'code' | 'password' | 'confirm';

const kindOf = (account: string): AccountKind => (isEmail(account) ? 'email' : 'mobile');

export default function ForgetScreen() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const setMode = useLocation().pathname === '/resetPwd';
  const mine = setMode ? (session.peek().account ?? '') : '';
  const form = useForm<Fields>({ account: mine, code: '', password: '', confirm: '' });
  const { values } = form;
  const account = values.account.trim();

  const verify = async (): Promise<void> => {
    const invalid = validateForgetStep1(values);
    form.setErrors(invalid);
    if (hasErrors(invalid)) return;
    const result = await form.run(() =>
      engine.checkCode({ kind: kindOf(account), account, code: values.code.trim() }),
    );
    if (result.ok) setStep(2);
  };

  const reset = async (): Promise<void> => {
    const invalid = validateForgetStep2(values);
    form.setErrors(invalid);
    if (hasErrors(invalid)) return;
    const result = await form.run(() =>
      engine.forget({
        account,
        code: values.code.trim(),
        password: values.password,
        confirm: values.confirm,
      }),
    );
    if (!result.ok) return;
    toast.success(t('auth.forget.success'));
    void navigate(ROUTE_PATH.login);
  };

  const back = (
    <button
      type="button"
      className="btn btn--ghost"
      onClick={() => {
        if (!form.busy) setStep(1);
      }}
      // not `disabled`, which would drop the focus (ADR 0046); not the one busy either
      aria-disabled={form.busy}
    >
      {t('auth.forget.back')}
    </button>
  );

  return (
    <AuthCard
      title={setMode ? t('auth.reset.title') : t('auth.forget.title')}
      subtitle={t('auth.forget.progress', { index: step, count: 2 })}
      state={form}
      onSubmit={step === 1 ? verify : reset}
      submit={
        step === 1
          ? { label: t('auth.forget.next'), busyLabel: t('auth.forget.checking') }
          : { label: t('auth.forget.submit'), busyLabel: t('auth.forget.submitting') }
      }
      // the second step goes back to the first beside its submit
      actions={step === 2 ? back : undefined}
      actionsClassName={step === 2 ? 'auth__actions' : undefined}
      footer={
        <p className="auth__alt">
          <Link to={ROUTE_PATH.login}>{t('auth.forget.toLogin')}</Link>
        </p>
      }
    >
      <ol className="stepper" aria-label={t('auth.forget.title')}>
        <li
          className={
            step === 1 ? 'stepper__step stepper__step--active' : 'stepper__step stepper__step--done'
          }
        >
          {t('auth.forget.stepVerify')}
        </li>
        <li className={step === 2 ? 'stepper__step stepper__step--active' : 'stepper__step'}>
          {t('auth.forget.stepPassword')}
        </li>
      </ol>
      {step === 1 ? (
        <>
          <Field
            name="account"
            autoComplete="username"
            label={t('auth.forget.account')}
            placeholder={t('auth.forget.accountPlaceholder')}
            value={values.account}
            onValue={(v) => form.setValue('account', v)}
            error={form.message('account')}
          />
          <Field
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            label={t('auth.forget.code')}
            placeholder={t('auth.forget.codePlaceholder')}
            value={values.code}
            onValue={(v) => form.setValue('code', v)}
            error={form.message('code')}
            addon={
              <SendCodeButton
                onSend={() =>
                  sendCode(
                    { kind: kindOf(account), account, areaCode: '', purpose: 'forget' },
                    (id) => form.setError('account', id),
                  )
                }
              />
            }
          />
        </>
      ) : (
        <>
          <Field
            name="password"
            type="password"
            autoComplete="new-password"
            label={t('auth.forget.password')}
            placeholder={t('auth.forget.passwordPlaceholder')}
            value={values.password}
            onValue={(v) => form.setValue('password', v)}
            error={form.message('password')}
          />
          <Field
            name="confirm"
            type="password"
            autoComplete="new-password"
            label={t('auth.forget.confirm')}
            placeholder={t('auth.forget.confirmPlaceholder')}
            value={values.confirm}
            onValue={(v) => form.setValue('confirm', v)}
            error={form.message('confirm')}
          />
        </>
      )}
    </AuthCard>
  );
}
