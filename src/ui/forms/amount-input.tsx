// The one amount input (issue 20): a text input with a decimal keypad that lets only digits and
// one point in, at most `decimals` decimals (forms/amount-text.ts). `Field` uses the same
// props for its amount fields; forms with their own layout use `AmountInput`.
import type { InputHTMLAttributes } from 'react';
import { acceptNumberInput, isRefusedNumberKey } from './amount-text.ts';

/** What makes an <input> an amount input of `decimals` decimals holding `value`. */
export function amountInputProps(
  value: string,
  decimals: number,
  onValue: (value: string) => void,
): InputHTMLAttributes<HTMLInputElement> {
  return {
    type: 'text',
    inputMode: 'decimal',
    autoComplete: 'off',
    spellCheck: false,
    value,
    onKeyDown: (e) => {
      if (isRefusedNumberKey(e.key)) e.preventDefault();
    },
    onChange: (e) => onValue(acceptNumberInput(e.target.value, value, decimals)),
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

export function AmountInput({ value, onValue, decimals, ...rest }: AmountInputProps) {
  return <input {...rest} {...amountInputProps(value, decimals, onValue)} />;
}
