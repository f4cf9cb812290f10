// The loan application form of /loan (wallet-account-earn.md §2 "Loan page", §3 "Loan config",
// §4; ADR 0017): the amount within the configured bounds, the term with its daily rate, the
// interest and the amount owed computed exactly, the applicant's details (every field required;
// the fields are in loan-fields.tsx), and the agreement from the server shown sanitized in a
// dialog.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoanConfigView } from '../../../engine/api.ts';
import { parseDecimal } from '../../../shared/decimal.ts';
import {
  LOAN_MONEY_DECIMALS,
  repaymentAmount,
  validateLoanApplication,
  type LoanApplication,
  type LoanField,
  type LoanValidationId,
} from '../../../shared/lending.ts';
import { SafeHtml } from '../../components/safe-html.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { toast } from '../../toast/toast.ts';
import { useAmount } from './earn-parts.tsx';
import { Modal } from '../../kit/modal.tsx';
import {
  LoanAmountField,
  DetailField,
  ErrorText,
  TermPicker,
  type DetailName,
  type LoanTerm,
} from './loan-fields.tsx';
import { anyAmountIssue, plainAmountText } from '../../forms/amount-text.ts';
import { KitForm } from '../../kit/form.tsx';

/** Spec §8: the pause between a message and the page it leads to. */
const REDIRECT_MS = 500;

const EMPTY: LoanApplication = {
  amount: '',
  day: null,
  tel: '',
  address: '',
  age: '',
  income: '',
  country: '',
  // spec §3: isAgree defaults to true
  agree: true,
};

type LoanErrors = Partial<Record<LoanField, LoanValidationId>>;

export function LoanApplyForm({ config, onDone }: { config: LoanConfigView; onDone: () => void }) {
  const { t } = useI18n();
  const { form, errors, formError, busy, term, set, submit } = useLoanApplication(config, onDone);
  const [reading, setReading] = useState(false);
  const title = config.agreementTitle || t('loan.agree.title');
  const detail = (k: DetailName) => ({
    name: k,
    value: form[k],
    error: errors[k],
    onValue: (v: string) => set(k, v),
  });

  return (
    <KitForm
      className="loan-form"
      testId="loan-apply"
      state={{ busy, formError }}
      onSubmit={submit}
      submit={{ label: t('loan.apply.submit'), testId: 'loan-apply-submit' }}
      footer={
        <AgreementDialog
          open={reading}
          title={title}
          html={config.agreementHtml}
          onAccept={() => {
            set('agree', true);
            setReading(false);
          }}
          onClose={() => setReading(false)}
        />
      }
    >
      <LoanAmountField
        config={config}
        value={form.amount}
        error={errors.amount}
        onValue={(v) => set('amount', v)}
      />
      <TermPicker
        terms={config.terms}
        day={form.day}
        error={errors.day}
        onDay={(day) => set('day', day)}
      />
      <OwedReadout
        amount={plainAmountText(form.amount, LOAN_MONEY_DECIMALS)}
        term={term}
        currency={config.currency}
      />
      <div className="loan-fields">
        <DetailField
          label={'loan.field.tel'}
          hints={{ inputMode: 'tel', autoComplete: 'tel' }}
          {...detail('tel')}
        />
        <DetailField label={'loan.field.age'} hints={{ inputMode: 'numeric' }} {...detail('age')} />
        <DetailField
          label={'loan.field.country'}
          hints={{ autoComplete: 'country-name' }}
          {...detail('country')}
        />
        <DetailField
          label={'loan.field.income'}
          hints={{ decimals: LOAN_MONEY_DECIMALS }}
          {...detail('income')}
        />
      </div>
      <DetailField
        label={'loan.field.address'}
        hints={{ autoComplete: 'street-address' }}
        {...detail('address')}
      />
      <AgreeCheck
        checked={form.agree}
        title={title}
        onChange={(agree) => set('agree', agree)}
        onRead={() => setReading(true)}
      />
      <ErrorText id={errors.agree} />
    </KitForm>
  );
}

/**
 * The application as typed, its errors (the form's own checks, then the server's), and its
 * sending: a success clears the form but for the term; 998 leads to identity (spec §8).
 */
function useLoanApplication(config: LoanConfigView, onDone: () => void) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [form, setForm] = useState<LoanApplication>({
    ...EMPTY,
    day: config.terms[0]?.days ?? null,
  });
  const [errors, setErrors] = useState<LoanErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const term = config.terms.find((s) => s.days === form.day) ?? null;

  const set = <K extends LoanField>(k: K, v: LoanApplication[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
    setFormError(null);
  };

  const submit = async () => {
    const bounds = { min: config.min, max: config.max };
    const invalid = validateLoanApplication(form, bounds);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    // the fields say what is wrong with "1e9" and the like; it is never sent (ADR 0041)
    if (anyAmountIssue([form.amount, LOAN_MONEY_DECIMALS], [form.income, LOAN_MONEY_DECIMALS]))
      return;
    setBusy(true);
    const r = await engine.earnCommand('loan-apply', { ...form, rate: term?.rate ?? null, bounds });
    setBusy(false);
    if (r.ok) {
      toast.success(r.message !== '' ? r.message : t('loan.apply.done'));
      setForm({ ...EMPTY, day: form.day });
      onDone();
    } else if (r.code === 'invalid') setErrors(r.fields as LoanErrors);
    else if (r.code === 'server' && r.type === '998') {
      toast.info(r.message);
      window.setTimeout(() => void navigate('/authentication'), REDIRECT_MS);
    } else setFormError(failureMessage(r));
  };

  return { form, errors, formError, busy, term, set, submit };
}

/** The agreement's checkbox, with the link that opens the agreement (`onRead`). */
function AgreeCheck({
  checked,
  title,
  onChange,
  onRead,
}: {
  checked: boolean;
  title: string;
  onChange: (checked: boolean) => void;
  onRead: () => void;
}) {
  const { t } = useI18n();
  return (
    <label className="loan-agree">
      <input
        type="checkbox"
        name="isAgree"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        {t('loan.agree.prefix')}{' '}
        <button
          type="button"
          className="loan-agree__link"
          onClick={onRead}
          data-testid="loan-agreement-open"
        >
          {title}
        </button>
      </span>
    </label>
  );
}

/** The server's agreement, sanitized; accepting it ticks the checkbox. */
function AgreementDialog({
  open,
  title,
  html,
  onAccept,
  onClose,
}: {
  open: boolean;
  title: string;
  html: string;
  onAccept: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Modal
      open={open}
      size="wide"
      title={title}
      onClose={onClose}
      testId="loan-agreement"
      closeLabel={t('common.close')}
    >
      <SafeHtml html={html} className="loan-agreement" />
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary btn--sm" onClick={onAccept}>
          {t('loan.agree.accept')}
        </button>
      </div>
    </Modal>
  );
}

/** The interest and the amount owed for what is typed, exact (src/shared/lending.ts). */
function OwedReadout({
  amount: text,
  term,
  currency,
}: {
  amount: string;
  term: LoanTerm | null;
  currency: string;
}) {
  const { t } = useI18n();
  const amountText = useAmount();
  const amount = parseDecimal(text.trim());
  const owed =
    term !== null && amount !== null && amount.greaterThan(0)
      ? repaymentAmount(amount, term.rate, term.days)
      : null;
  const show = (v: string | null) => (v === null ? '—' : `${amountText(v)} ${currency}`);
  return (
    <div className="earn-readout loan-readout">
      <span className="muted">{t('loan.readout.interest')}</span>
      <span data-testid="loan-interest">
        {show(owed === null || amount === null ? null : owed.minus(amount).toFixed())}
      </span>
      <span className="muted">{t('loan.readout.owed')}</span>
      <strong data-testid="loan-owed">{show(owed === null ? null : owed.toFixed())}</strong>
    </div>
  );
}
