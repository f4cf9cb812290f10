// A labelled form field with its validation message under it (role="alert"). The value is
// controlled by the form and never cleared on an error. With `decimals` it is an amount field:
// it holds what was typed and says under it what is wrong with it as an amount of that many
// decimals (forms/amount-input.tsx), before the form's own message.
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { LineIcon } from '../components/line-icon.tsx';
import { amountInputProps, useAmountIssue } from '../forms/amount-input.tsx';

interface FieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'name'
> {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  /** Content at the end of the input row (a send-code button, an area code…). */
  addon?: ReactNode;
  lead?: ReactNode;
  /** An amount field of this many decimals (the currency's or the pair's; 0: whole numbers). */
  decimals?: number;
}

export function Field({
  name,
  label,
  value,
  onValue,
  error,
  addon,
  lead,
  type = 'text',
  decimals,
  ...rest
}: FieldProps) {
  const { t } = useI18n();
  const id = useId();
  const message = useAmountIssue(value, decimals) ?? error;
  const errorId = `${id}-error`;
  const [reveal, setReveal] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className={`field ${message ? 'field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__row">
        {lead}
        <input
          {...rest}
          id={id}
          name={name}
          type={isPassword && reveal ? 'text' : type}
          className={decimals === undefined ? 'field__input' : 'field__input num'}
          {...(decimals === undefined
            ? { value, onChange: (e) => onValue(e.target.value) }
            : amountInputProps(value, onValue))}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
        />
        {isPassword && (
          <button
            type="button"
            className="field__reveal"
            onClick={() => setReveal(!reveal)}
            aria-label={t(reveal ? 'auth.hidePassword' : 'auth.showPassword')}
            aria-pressed={reveal}
          >
            <EyeIcon open={reveal} />
          </button>
        )}
        {addon}
      </div>
      {message && (
        <p id={errorId} className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <LineIcon>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 4l16 16" />}
    </LineIcon>
  );
}
