// The one amount input (issue 20, issue 41): a text input with a decimal keypad that holds
// exactly what the user typed (forms/amount-text.ts) and says, in the reader's language, what
// is wrong with it: letters or an exponent, decimals beyond the currency's or the pair's, a
// number beyond any amount. `Field` and the order forms' `NumberField` use `useAmountField`
// and show its message under the input; forms with their own layout use `AmountInput` and
// show `amountIssueText` where their errors go. Each form refuses to send a text with an issue
// (`anyAmountIssue`).
import type { InputHTMLAttributes } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { locale } from '../i18n/i18n.ts';
import {
  acceptNumberInput,
  amountTextIssue,
  decimalMarkIsComma,
  type AmountTextIssue,
} from './amount-text.ts';

/** The reader's words for an amount field's issue. */
export function useAmountIssueText(): (issue: AmountTextIssue | null) => string | undefined {
  const { t } = useI18n();
  return (issue) => {
    if (issue === null) return undefined;
    switch (issue.id) {
      case 'field.number.decimals':
        return t(issue.id, { dp: issue.dp });
      case 'field.number.tooLarge':
        return t(issue.id, { max: issue.max });
      default:
        return t(issue.id);
    }
  };
}

/**
 * What is wrong with an amount field's `value` of `decimals` decimals, in the reader's words
 * (nothing for a field that is not an amount: `decimals` undefined).
 */
export function useAmountIssue(value: string, decimals: number | undefined): string | undefined {
  const text = useAmountIssueText();
  return decimals === undefined ? undefined : text(amountTextIssue(value, decimals));
}

/** What makes an <input> an amount input holding `value` (the text as typed). */
export function amountInputProps(
  value: string,
  onValue: (value: string) => void,
): InputHTMLAttributes<HTMLInputElement> {
  return {
    type: 'text',
    inputMode: 'decimal',
    autoComplete: 'off',
    spellCheck: false,
    value,
    onChange: (e) => onValue(acceptNumberInput(e.target.value, decimalMarkIsComma(locale()))),
  };
}

interface AmountInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type'
> {
  value: string;
  onValue: (value: string) => void;
  /** The currency's or the pair's decimals (0: whole numbers). */
  decimals: number;
}

/** An amount input; its form shows `useAmountIssue(value, decimals)` where its errors go. */
export function AmountInput({ value, onValue, decimals, ...rest }: AmountInputProps) {
  const invalid = amountTextIssue(value, decimals) !== null;
  return (
    <input
      {...rest}
      {...amountInputProps(value, onValue)}
      aria-invalid={invalid ? true : rest['aria-invalid']}
    />
  );
}
