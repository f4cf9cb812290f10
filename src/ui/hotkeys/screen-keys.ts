// What the spot and the contracts screens' hotkeys share: putting the cursor in a form's first
// field, and the next or previous pair of the current pair's market group (wrapping round).
import { useCallback } from 'react';
import { market } from '../engine-bridge/signals.ts';

/** Puts the cursor in the first field of the form marked `data-testid={form}` named `field`. */
export function focusField(form: string, field: string): void {
  document
    .querySelector<HTMLInputElement>(`[data-testid="${form}"] input[name="${field}"]`)
    ?.focus();
}

/** The pair `by` places away from `symbol` in its market group, or null with no other pair. */
export function pairStep(symbol: string, by: number): string | null {
  const group = market.peek().groups.find((g) => g.symbols.includes(symbol));
  if (group === undefined || group.symbols.length < 2) return null;
  const n = group.symbols.length;
  const i = group.symbols.indexOf(symbol);
  return group.symbols[(((i + by) % n) + n) % n] ?? null;
}

/** The next / previous pair key's action: `onSelect` the pair `by` places away, if any. */
export function usePairStep(symbol: string, onSelect: (next: string) => void) {
  return useCallback(
    (by: number): void => {
      const next = pairStep(symbol, by);
      if (next !== null) onSelect(next);
    },
    [symbol, onSelect],
  );
}
