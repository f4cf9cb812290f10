// Loans (/loan; wallet-account-earn.md §2 "Loan page", §3 "Loan config", §4, §5; ADR 0017;
// docs/api-extensions.md "Loans"): the application form (every field required, the term's daily
// rate and the amount owed computed exactly, the agreement from the server shown sanitized),
// the loan records with their review and repayment states, and the repayment dialog
// (repay-form.tsx: the four coins, a quote of the amount to send held for a minute, the
// collection address, the voucher; issue 20, ADR 0023).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoanConfigView, LoanView } from '../../../engine/api.ts';
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
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { toast } from '../../toast/toast.ts';
import { Modal, useAmount, useEarnPages, useEarnQuery } from './earn-parts.tsx';
import { RepayForm } from './repay-form.tsx';
import '../../styles/earn.css';
import { AmountInput, useAmountIssue } from '../../forms/amount-input.tsx';
import { anyAmountIssue, plainAmountText } from '../../forms/amount-text.ts';
import { busyProps } from '../../components/busy-button.ts';

/** Spec §8: the pause between a message and the page it leads to. */
const REDIRECT_MS = 500;

const STATE: Record<LoanView['state'], { label: MessageId; tone: string }> = {
  0: { label: 'loan.state.review', tone: 'warn' },
  1: { label: 'loan.state.owed', tone: 'info' },
  2: { label: 'loan.state.rejected', tone: 'down' },
  3: { label: 'loan.state.repayReview', tone: 'warn' },
  4: { label: 'loan.state.repaid', tone: 'up' },
};

type Loans = ReturnType<typeof useEarnPages<'loan-orders'>>;

export default function LoanScreen() {
  const { t } = useI18n();
  const loanConfig = useEarnQuery('loan-config');
  const config = loanConfig.data;
  const loans = useEarnPages('loan-orders');

  return (
    <section className="page earn" data-testid="loan-screen">
      <header className="earn__head">
        <div>
          <h1 className="earn__title">{t('loan.title')}</h1>
          <p className="muted">{t('loan.lead')}</p>
        </div>
      </header>
      <div className="loan-grid">
        <section className="panel panel--pad">
          <h2 className="panel__title loan-form__title">{t('loan.apply.title')}</h2>
          {config === null && loanConfig.error === null && <Loading />}
          {config === null && loanConfig.error !== null && (
            <ErrorState text={loanConfig.error} onRetry={loanConfig.retry} />
          )}
          {config !== null && <ApplyForm config={config} onDone={loans.reload} />}
        </section>
        <LoanRecords loans={loans} config={config} />
      </div>
    </section>
  );
}

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

function ApplyForm({ config, onDone }: { config: LoanConfigView; onDone: () => void }) {
  const { t, fmt } = useI18n();
  const amountText = useAmount();
  const navigate = useNavigate();
  const [form, setForm] = useState<LoanApplication>({
    ...EMPTY,
    day: config.terms[0]?.days ?? null,
  });
  const [errors, setErrors] = useState<Partial<Record<LoanField, LoanValidationId>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reading, setReading] = useState(false);
  const term = config.terms.find((s) => s.days === form.day) ?? null;
  const title = config.agreementTitle || t('loan.agree.title');

  const set = <K extends LoanField>(k: K, v: LoanApplication[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
    setFormError(null);
  };

  const submit = async () => {
    if (busy) return;
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
    } else if (r.code === 'invalid') setErrors(r.fields as typeof errors);
    else if (r.code === 'server' && r.type === '998') {
      toast.info(r.message);
      window.setTimeout(() => void navigate('/authentication'), REDIRECT_MS);
    } else setFormError(failureMessage(r));
  };

  const field = (
    k: 'tel' | 'address' | 'age' | 'income' | 'country',
    label: MessageId,
    extra: { inputMode?: 'numeric' | 'tel'; autoComplete?: string; decimals?: number } = {},
  ) => (
    <div className="loan-field">
      <label className="field__label" htmlFor={`loan-${k}`}>
        {t(label)}
      </label>
      <div className={inputClass(errors[k])}>
        {extra.decimals === undefined ? (
          <input
            id={`loan-${k}`}
            name={k}
            value={form[k]}
            aria-invalid={errors[k] !== undefined}
            onChange={(e) => set(k, e.target.value)}
            {...extra}
          />
        ) : (
          <AmountInput
            id={`loan-${k}`}
            name={k}
            value={form[k]}
            aria-invalid={errors[k] !== undefined}
            decimals={extra.decimals}
            onValue={(v) => set(k, v)}
          />
        )}
        {k === 'income' && <span className="earn-input__unit">USD</span>}
      </div>
      <ErrorText
        id={errors[k]}
        {...(extra.decimals === undefined ? {} : { amount: [form[k], extra.decimals] as const })}
      />
    </div>
  );

  return (
    <form
      className="loan-form"
      noValidate
      data-testid="loan-apply"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="loan-field">
        <label className="field__label" htmlFor="loan-amount">
          {t('loan.field.amount', { coin: config.currency })}
        </label>
        <div className={inputClass(errors.amount)}>
          <AmountInput
            id="loan-amount"
            name="amount"
            decimals={LOAN_MONEY_DECIMALS}
            placeholder={t('loan.field.amountRange', {
              min: amountText(config.min),
              max: amountText(config.max),
            })}
            value={form.amount}
            aria-invalid={errors.amount !== undefined}
            onValue={(v) => set('amount', v)}
          />
          <span className="earn-input__unit">{config.currency}</span>
        </div>
        <ErrorText id={errors.amount} amount={[form.amount, LOAN_MONEY_DECIMALS]} />
      </div>

      <fieldset className="loan-terms">
        <legend className="field__label">{t('loan.field.term')}</legend>
        <div className="loan-terms__list">
          {config.terms.map((s) => (
            <label
              key={s.days}
              className={`loan-term${form.day === s.days ? ' loan-term--on' : ''}`}
            >
              <input
                type="radio"
                name="day"
                value={s.days}
                checked={form.day === s.days}
                onChange={() => set('day', s.days)}
              />
              <strong>{t('lock.days', { days: s.days })}</strong>
              <span className="muted">
                {t('loan.field.rate', { rate: ratePercent(s.rate, fmt) })}
              </span>
            </label>
          ))}
        </div>
        <ErrorText id={errors.day} />
      </fieldset>

      <OwedReadout
        amount={plainAmountText(form.amount, LOAN_MONEY_DECIMALS)}
        term={term}
        currency={config.currency}
      />

      <div className="loan-fields">
        {field('tel', 'loan.field.tel', { inputMode: 'tel', autoComplete: 'tel' })}
        {field('age', 'loan.field.age', { inputMode: 'numeric' })}
        {field('country', 'loan.field.country', { autoComplete: 'country-name' })}
        {field('income', 'loan.field.income', { decimals: LOAN_MONEY_DECIMALS })}
      </div>
      {field('address', 'loan.field.address', { autoComplete: 'street-address' })}

      <label className="loan-agree">
        <input
          type="checkbox"
          name="isAgree"
          checked={form.agree}
          onChange={(e) => set('agree', e.target.checked)}
        />
        <span>
          {t('loan.agree.prefix')}{' '}
          <button
            type="button"
            className="loan-agree__link"
            onClick={() => setReading(true)}
            data-testid="loan-agreement-open"
          >
            {title}
          </button>
        </span>
      </label>
      <ErrorText id={errors.agree} />
      {formError !== null && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary btn--block"
        {...busyProps(busy)}
        data-testid="loan-apply-submit"
      >
        {t('loan.apply.submit')}
      </button>

      <Modal
        open={reading}
        wide
        title={title}
        onClose={() => setReading(false)}
        testId="loan-agreement"
      >
        <SafeHtml html={config.agreementHtml} className="loan-agreement" />
        <div className="dialog__actions">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() => {
              set('agree', true);
              setReading(false);
            }}
          >
            {t('loan.agree.accept')}
          </button>
        </div>
      </Modal>
    </form>
  );
}

function inputClass(error: LoanValidationId | undefined): string {
  return `earn-input${error !== undefined ? ' earn-input--invalid' : ''}`;
}

/** A field's error; an amount field's (`amount`: its text and decimals) says first what is
 *  wrong with the text as typed (ADR 0041). */
function ErrorText({
  id,
  amount,
}: {
  id: LoanValidationId | undefined;
  amount?: readonly [string, number];
}) {
  const { tv } = useI18n();
  const issue = useAmountIssue(amount?.[0] ?? '', amount?.[1] ?? 0);
  return (
    <p className="field__error" role="alert">
      {issue ?? (id === undefined ? '' : tv(id))}
    </p>
  );
}

/** The interest and the amount owed for what is typed, exact (src/shared/lending.ts). */
function OwedReadout({
  amount: text,
  term,
  currency,
}: {
  amount: string;
  term: LoanConfigView['terms'][number] | null;
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

function LoanRecords({ loans, config }: { loans: Loans; config: LoanConfigView | null }) {
  const { t, fmt } = useI18n();
  const amount = useAmount();
  const [repaying, setRepaying] = useState<LoanView | null>(null);
  const coin = loans.rows[0]?.currency ?? '';

  let body;
  if (!loans.loaded && loans.error !== null)
    body = <ErrorState text={loans.error} onRetry={loans.reload} />;
  else if (!loans.loaded) body = <Loading />;
  else if (loans.rows.length === 0) body = <Empty text={t('loan.records.empty')} />;
  else
    body = (
      <div className="table-wrap">
        <table className="table earn-table" data-testid="loan-orders">
          <thead>
            <tr>
              <th>{t('loan.col.time')}</th>
              <th className="num">
                {t('loan.col.amount')} ({coin})
              </th>
              <th className="num">{t('loan.col.term')}</th>
              <th className="num">
                {t('loan.col.owed')} ({coin})
              </th>
              <th>{t('loan.col.due')}</th>
              <th>{t('loan.col.state')}</th>
              <th className="num">{t('loan.col.action')}</th>
            </tr>
          </thead>
          <tbody>
            {loans.rows.map((l) => (
              <tr key={l.id} data-loan-id={l.id} data-state={l.state}>
                <td title={fmt.dateTime(l.time + 'Z')}>{fmt.date(l.time + 'Z')}</td>
                <td className="num">{amount(l.amount)}</td>
                <td className="num">
                  {t('lock.days', { days: l.days })}
                  <div className="muted">
                    {t('loan.field.rate', { rate: ratePercent(l.rate, fmt) })}
                  </div>
                </td>
                <td className="num">{amount(l.owed)}</td>
                <td className={l.overdue ? 'is-down' : undefined}>
                  {l.due === '' ? '—' : fmt.date(l.due + 'Z')}
                </td>
                <td>
                  <span className={`earn-chip earn-chip--${STATE[l.state].tone}`}>
                    {t(STATE[l.state].label)}
                  </span>
                  {l.state === 2 && l.reason !== '' && (
                    <div className="muted loan-reason">{l.reason}</div>
                  )}
                  {l.state === 1 && l.repayment?.status === 2 && (
                    <div className="muted loan-reason">
                      {t('loan.repay.rejected', { reason: l.repayment.reason })}
                    </div>
                  )}
                </td>
                <td className="num">
                  {l.state === 1 && (
                    <button
                      type="button"
                      className="btn btn--primary btn--sm"
                      disabled={config === null}
                      data-testid="loan-repay"
                      onClick={() => setRepaying(l)}
                    >
                      {t('loan.repay.open')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="panel earn-records">
      <header className="panel__head">
        <h2 className="panel__title">{t('loan.records.title')}</h2>
      </header>
      {body}
      {loans.hasMore && (
        <div className="earn-more">
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            {...busyProps(loans.busy)}
            onClick={loans.more}
          >
            {t('lock.records.more')}
          </button>
        </div>
      )}
      <Modal
        open={repaying !== null}
        title={repaying === null ? '' : t('loan.repay.title', { id: repaying.id })}
        onClose={() => setRepaying(null)}
        testId="loan-repay-dialog"
      >
        {repaying !== null && config !== null && loans.page !== null && (
          <RepayForm
            loan={repaying}
            config={config}
            onDone={() => {
              setRepaying(null);
              loans.reload();
            }}
          />
        )}
      </Modal>
    </section>
  );
}

/** A daily rate in the locale's percent format, with its own decimals (at least 2). */
function ratePercent(rate: string, fmt: { percent(value: string, dp: number): string }): string {
  const d = parseDecimal(rate);
  return d === null ? rate : fmt.percent(rate, Math.max(2, d.decimalPlaces()));
}
