// An amount field (issue 43): a Field of the currency's or the pair's decimals (it keeps what
// was typed and says what is wrong with it as an amount, ADR 0041) and, where the user moves
// what they hold (withdraw, transfer), "All", which fills in the available amount cut to those
// decimals. While the available amount is not known "All" is there but disabled, so the row
// does not jump when it arrives.
import type { ComponentProps } from 'react';
import { amountForInput } from '../forms/amount-text.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { Field } from './field.tsx';

interface AmountFieldProps extends Omit<ComponentProps<typeof Field>, 'decimals'> {
  /** The currency's or the pair's decimals (0: whole numbers). */
  decimals: number;
  /** The amount "All" fills in; null while it is not known; without it, no "All". */
  available?: string | null | undefined;
  allTestId?: string | undefined;
}

export function AmountField({ available, allTestId, addon, ...field }: AmountFieldProps) {
  const { t } = useI18n();
  const { decimals, onValue } = field;
  return (
    <Field
      {...field}
      addon={
        available === undefined ? (
          addon
        ) : (
          <>
            {addon}
            <button
              type="button"
              className="max-btn"
              disabled={available === null}
              onClick={() => {
                if (available !== null) onValue(amountForInput(available, decimals));
              }}
              data-testid={allTestId}
            >
              {t('wallet.transfer.all')}
            </button>
          </>
        )
      }
    />
  );
}
