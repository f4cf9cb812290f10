// Pieces the savings, loan and pre-sale screens share: a decimal shown with its own decimals
// (2 to 8), one earn query with retry, and a paged list loaded through an earn query with
// "more" (the kit's `usePaged`).
import { useCallback, useEffect, useState } from 'react';
import type { CommandResult, EarnQueries, PageView } from '../../../engine/api.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { usePaged, type PagedState } from '../../kit/use-paged.ts';
import { parseDecimal } from '../../../shared/decimal.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';

/**
 * A decimal with as many decimals as it has, at least `min`, at most 8 (spec §9), cut toward
 * zero beyond that: an amount is never shown larger than it is.
 */
export function useAmount(): (value: string, min?: number) => string {
  const { fmt } = useI18n();
  return useCallback(
    (value: string, min = 2) => {
      const d = parseDecimal(value);
      if (d === null) return value;
      return fmt.amount(value, Math.min(8, Math.max(min, d.decimalPlaces())));
    },
    [fmt],
  );
}

type OnceKind = 'presale' | 'lock-products' | 'loan-config';
type PagedKind = 'lock-orders' | 'loan-orders';
type RowOf<K extends PagedKind> = EarnQueries[K]['output']['rows'][number];

/**
 * One earn query on mount; `refresh()` asks again keeping what is shown, `retry()` also clears
 * the error (the screen shows loading again). Replies after unmount are ignored.
 */
export function useEarnQuery<K extends OnceKind>(
  kind: K,
): {
  data: EarnQueries[K]['output'] | null;
  error: string | null;
  refresh: () => void;
  retry: () => void;
} {
  const [data, setData] = useState<EarnQueries[K]['output'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void engine.earnQuery(kind, {}).then((r) => {
      if (!live) return;
      if (r.ok) {
        setData(r.data);
        setError(null);
      } else setError(failureMessage(r));
    });
    return () => {
      live = false;
    };
  }, [kind, attempt]);
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  const retry = useCallback(() => {
    setError(null);
    setAttempt((n) => n + 1);
  }, []);
  return { data, error, refresh, retry };
}

/**
 * The pages of an earn list query (`usePaged` over `engine.earnQuery`). A row already shown is
 * left out of a later page: a record bought meanwhile shifts the pages by one.
 */
export function useEarnPages<K extends PagedKind>(kind: K): PagedState<RowOf<K>> {
  return usePaged(
    (page) => engine.earnQuery(kind, { page }) as Promise<CommandResult<PageView<RowOf<K>>>>,
    kind,
    { rowId: (row) => row.id },
  );
}
