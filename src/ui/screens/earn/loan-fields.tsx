// The fields of the loan application form (loan-apply-form.tsx): the amount, the term picker,
// the applicant's details, and a field's error text, which says first what is wrong with an
// amount as typed (ADR 0041).
import type { LoanConfigView } from '../../../engine/api.ts';
import { LOAN_MONEY_DECIMALS, type LoanValidationId } from '../../../shared/lending.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { useAmount } from './earn-parts.tsx';
import { ratePercent } from './loan-rate.ts';
import { AmountInput, useAmountIssue } from '../../forms/amount-input.tsx';

export type LoanTerm = LoanConfigView['terms'][number];

/** The amount asked for, in the loan's currency, with the configured bounds as placeholder. */
export function LoanAmountField({
  config,
  value,
  error,
  onValue,
}: {
  config: LoanConfigView;
  value: string;
  error: LoanValidationId | undefined;
  onValue: (v: string) => void;
}) {
  const { t } = useI18n();
  const amountText = useAmount();
  return (
    <div className="loan-field">
      <label className="field__label" htmlFor="loan-amount">
        {t('loan.field.amount', { coin: config.currency })}
      </label>
      <div className={inputClass(error)}>
        <AmountInput
          id="loan-amount"
          name="amount"
          decimals={LOAN_MONEY_DECIMALS}
          placeholder={t('loan.field.amountRange', {
            min: amountText(config.min),
            max: amountText(config.max),
          })}
          value={value}
          aria-invalid={error !== undefined}
          onValue={onValue}
        />
        <span className="earn-input__unit">{config.currency}</span>
      </div>
      <ErrorText id={error} amount={[value, LOAN_MONEY_DECIMALS]} />
    </div>
  );
}

/** The terms on offer, each with its daily rate, as radios. */
export function TermPicker({
  terms,
  day,
  error,
  onDay,
}: {
  terms: readonly LoanTerm[];
  day: number | null;
  error: LoanValidationId | undefined;
  onDay: (day: number) => void;
}) {
  const { t, fmt } = useI18n();
  return (
    <fieldset className="loan-terms">
      <legend className="field__label">{t('loan.field.term')}</legend>
      <div className="loan-terms__list">
        {terms.map((s) => (
          <label key={s.days} className={`loan-term${day === s.days ? ' loan-term--on' : ''}`}>
            <input
              type="radio"
              name="day"
              value={s.days}
              checked={day === s.days}
              onChange={() => onDay(s.days)}
            />
            <strong>{t('lock.days', { days: s.days })}</strong>
            <span className="muted">
              {t('loan.field.rate', { rate: ratePercent(s.rate, fmt) })}
            </span>
          </label>
        ))}
      </div>
      <ErrorText id={error} />
    </fieldset>
  );
}

/** The applicant's details: text fields, but for the income, an amount in USD. */
export type DetailName = 'tel' | 'address' | 'age' | 'income' | 'country';

/** How a detail is typed: the keyboard and autofill hints of a text field, or an amount's decimals. */
export interface DetailHints {
  inputMode?: 'numeric' | 'tel';
  autoComplete?: string;
  decimals?: number;
}

export function DetailField({
  name,
  label,
  value,
  error,
  onValue,
  hints,
}: {
  name: DetailName;
  label: MessageId;
  value: string;
  error: LoanValidationId | undefined;
  onValue: (v: string) => void;
  hints: DetailHints;
}) {
  const { t } = useI18n();
  return (
    <div className="loan-field">
      <label className="field__label" htmlFor={`loan-${name}`}>
        {t(label)}
      </label>
      <div className={inputClass(error)}>
        {hints.decimals === undefined ? (
          <input
            id={`loan-${name}`}
            name={name}
            value={value}
            aria-invalid={error !== undefined}
            onChange={(e) => onValue(e.target.value)}
            {...hints}
          />
        ) : (
          <AmountInput
            id={`loan-${name}`}
            name={name}
            value={value}
            aria-invalid={error !== undefined}
            decimals={hints.decimals}
            onValue={onValue}
          />
        )}
        {name === 'income' && <span className="earn-input__unit">USD</span>}
      </div>
      <ErrorText
        id={error}
        {...(hints.decimals === undefined ? {} : { amount: [value, hints.decimals] as const })}
      />
    </div>
  );
}

/** A field's error; an amount field's (`amount`: its text and decimals) says first what is
 *  wrong with the text as typed (ADR 0041). */
export function ErrorText({
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

function inputClass(error: LoanValidationId | undefined): string {
  return `earn-input${error !== undefined ? ' earn-input--invalid' : ''}`;
}
