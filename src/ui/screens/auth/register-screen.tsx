// Register (wallet-account-earn.md §2, §5): e-mail or phone tab, area code for phones, code
// with a 60 s resend countdown, password, confirmation, invite code (query extension_code),
// e-mail prefill (query email), agreement. Success → toast and the login page, its account
// filled in with the one just registered.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { hasErrors, validateRegister, type AccountKind } from '../../../shared/validation.ts';
import type { CountryItem } from '../../../shared/wire.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ROUTE_PATH } from '../../route-paths.ts';
import { toast } from '../../toast/toast.ts';
import { AuthCard } from './auth-card.tsx';
import type { LoginPrefill } from './login-prefill.ts';
import { AreaCodeSelect } from './area-code-select.tsx';
import { Field } from '../../kit/field.tsx';
import { SendCodeButton } from './send-code-button.tsx';
import { useForm } from '../../kit/use-form.ts';
import { sendCode } from './use-send-code.ts';

type Fields = 'account' | 'code' | 'password' | 'confirm' | 'invite' | 'agreement';

export default function RegisterScreen() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const prefillEmail = query.get('email') ?? '';
  const [kind, setKind] = useState<AccountKind>('email');
  const [country, setCountry] = useState<CountryItem | null>(null);
  const [agreed, setAgreed] = useState(false);
  const form = useForm<Fields>({
    account: prefillEmail,
    code: '',
    password: '',
    confirm: '',
    invite: query.get('extension_code') ?? '',
    agreement: '',
  });
  const { values } = form;
  const areaCode = kind === 'mobile' ? (country?.area_code ?? '') : '';

  const switchKind = (next: AccountKind): void => {
    if (next === kind) return;
    setKind(next);
    // The account of the other tab is kept per tab: e-mail prefill returns with the e-mail tab.
    form.setValue('account', next === 'email' ? prefillEmail : '');
  };

  const submit = async (): Promise<void> => {
    const input = {
      kind,
      account: values.account,
      code: values.code,
      password: values.password,
      confirm: values.confirm,
      agreement: agreed,
    };
    const invalid = validateRegister(input);
    form.setErrors(invalid);
    if (hasErrors(invalid)) return;
    const result = await form.run(() =>
      engine.register({
        ...input,
        account: values.account.trim(),
        code: values.code.trim(),
        extensionCode: values.invite.trim(),
        areaCode,
        countryId: kind === 'mobile' ? (country?.country_id ?? null) : null,
      }),
    );
    if (!result.ok) return;
    toast.success(t('auth.register.success'));
    // the login form opens with the account just registered (issue 41)
    const state: LoginPrefill = { account: values.account.trim() };
    void navigate(ROUTE_PATH.login, { state });
  };

  const isEmail = kind === 'email';
  return (
    <AuthCard
      title={t('auth.register.title')}
      state={form}
      onSubmit={submit}
      submit={{ label: t('auth.register.submit'), busyLabel: t('auth.register.submitting') }}
      footer={
        <p className="auth__alt">
          {t('auth.register.hasAccount')}{' '}
          <Link to={ROUTE_PATH.login}>{t('auth.register.toLogin')}</Link>
        </p>
      }
    >
      <div className="tabs tabs--stretch" role="tablist" aria-label={t('auth.register.tabs')}>
        <KindTab
          kind="email"
          current={kind}
          label={t('auth.register.tabEmail')}
          onSelect={switchKind}
        />
        <KindTab
          kind="mobile"
          current={kind}
          label={t('auth.register.tabPhone')}
          onSelect={switchKind}
        />
      </div>
      <Field
        name="account"
        {...accountProps(isEmail)}
        label={t(isEmail ? 'auth.register.email' : 'auth.register.phone')}
        placeholder={t(
          isEmail ? 'auth.register.emailPlaceholder' : 'auth.register.phonePlaceholder',
        )}
        value={values.account}
        onValue={(v) => form.setValue('account', v)}
        error={form.message('account')}
        lead={isEmail ? undefined : <AreaCodeSelect value={country} onChange={setCountry} />}
      />
      <Field
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        label={t('auth.register.code')}
        placeholder={t('auth.register.codePlaceholder')}
        value={values.code}
        onValue={(v) => form.setValue('code', v)}
        error={form.message('code')}
        addon={
          <SendCodeButton
            onSend={() =>
              sendCode(
                { kind, account: values.account.trim(), areaCode, purpose: 'register' },
                (id) => form.setError('account', id),
              )
            }
          />
        }
      />
      <Field
        name="password"
        type="password"
        autoComplete="new-password"
        label={t('auth.register.password')}
        placeholder={t('auth.register.passwordPlaceholder')}
        value={values.password}
        onValue={(v) => form.setValue('password', v)}
        error={form.message('password')}
      />
      <Field
        name="confirm"
        type="password"
        autoComplete="new-password"
        label={t('auth.register.confirm')}
        placeholder={t('auth.register.confirmPlaceholder')}
        value={values.confirm}
        onValue={(v) => form.setValue('confirm', v)}
        error={form.message('confirm')}
      />
      <Field
        name="invite"
        label={t('auth.register.invite')}
        placeholder={t('auth.register.invitePlaceholder')}
        value={values.invite}
        onValue={(v) => form.setValue('invite', v)}
      />
      <AgreementCheck
        checked={agreed}
        error={form.message('agreement')}
        onChange={(checked) => {
          setAgreed(checked);
          form.setValue('agreement', checked ? '1' : '');
        }}
      />
    </AuthCard>
  );
}

interface KindTabProps {
  kind: AccountKind;
  current: AccountKind;
  label: string;
  onSelect: (kind: AccountKind) => void;
}

function KindTab({ kind, current, label, onSelect }: KindTabProps) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={kind === current}
      className={`tabs__tab ${kind === current ? 'tabs__tab--active' : ''}`}
      onClick={() => onSelect(kind)}
      data-testid={`tab-${kind}`}
    >
      {label}
    </button>
  );
}

function accountProps(isEmail: boolean) {
  return isEmail
    ? ({ type: 'email', inputMode: 'email', autoComplete: 'email' } as const)
    : ({ type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' } as const);
}

interface AgreementCheckProps {
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}

function AgreementCheck({ checked, error, onChange }: AgreementCheckProps) {
  const { t } = useI18n();
  return (
    <div className={`check ${error ? 'check--invalid' : ''}`}>
      <label className="check__label">
        <input
          type="checkbox"
          name="agreement"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{t('auth.register.agreement')}</span>
      </label>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
