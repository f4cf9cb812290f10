// The decimals of a currency as the wallet list gives them (the `decimals` extension), for
// amount fields and balance figures. While the list is not loaded, or from a server that does
// not say, 8: the field then takes what most currencies allow and the server judges the rest.
import { useCallback } from 'react';
import type { WalletView } from '../../engine/api.ts';
import { wallet } from '../engine-bridge/signals.ts';
import { useSignalSelect } from '../engine-bridge/use-signal-value.ts';

export const FALLBACK_DECIMALS = 8;

/** The decimals of `currencyId` in any of the user's accounts, else FALLBACK_DECIMALS. */
export function decimalsOf(view: WalletView, currencyId: number | null): number {
  if (currencyId === null) return FALLBACK_DECIMALS;
  for (const account of Object.values(view.accounts))
    for (const row of account.rows)
      if (row.currencyId === currencyId && row.decimals !== undefined) return row.decimals;
  return FALLBACK_DECIMALS;
}

/** `decimalsOf` of the live wallet list (re-renders only when the decimals change). */
export function useCurrencyDecimals(currencyId: number | null): number {
  const select = useCallback((view: WalletView) => decimalsOf(view, currencyId), [currencyId]);
  return useSignalSelect(wallet, select);
}
