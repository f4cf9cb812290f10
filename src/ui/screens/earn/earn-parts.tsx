// Pieces the savings, loan and pre-sale screens share: a decimal shown with its own decimals
// (2 to 8), one earn query with retry, a paged list loaded through an earn query with "more",
// and the modal frame.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useModal } from '../../components/use-modal.ts';
import type { EarnQueries, PageView } from '../../../engine/api.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
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

export interface PagedState<T> {
  rows: T[];
  loaded: boolean;
  error: string | null;
  hasMore: boolean;
  busy: boolean;
}

/** Page 1 on mount and on `reload()`, the next page on `more()`; rows of later pages appended. */
export function usePaged<T extends { id: number }, P extends PageView<T>>(
  load: (page: number) => Promise<{ ok: true; data: P } | { ok: false; message: string }>,
): PagedState<T> & { page: P | null; reload: () => void; more: () => void } {
  const [state, setState] = useState<PagedState<T> & { page: P | null; n: number }>({
    rows: [],
    loaded: false,
    error: null,
    hasMore: false,
    busy: false,
    page: null,
    n: 0,
  });
  const loadRef = useRef(load);
  loadRef.current = load;

  const fetchPage = useCallback(async (n: number) => {
    setState((s) => ({ ...s, busy: true }));
    const r = await loadRef.current(n);
    setState((s) => {
      if (!r.ok) return { ...s, busy: false, error: r.message, loaded: s.loaded };
      const fresh = r.data.rows.filter((x) => n === 1 || !s.rows.some((y) => y.id === x.id));
      return {
        rows: n === 1 ? r.data.rows : [...s.rows, ...fresh],
        loaded: true,
        error: null,
        hasMore: r.data.hasMore,
        busy: false,
        page: r.data,
        n,
      };
    });
  }, []);

  useEffect(() => void fetchPage(1), [fetchPage]);
  return {
    ...state,
    reload: () => void fetchPage(1),
    // one page at a time: the button stays focusable while busy (ADR 0046), a press is ignored
    more: () => {
      if (!state.busy) void fetchPage(state.n + 1);
    },
  };
}

type OnceKind = 'presale' | 'lock-products' | 'loan-config';
type PagedKind = 'lock-orders' | 'loan-orders';

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

/** The pages of an earn list query (`usePaged` over `engine.earnQuery`). */
export function useEarnPages<K extends PagedKind>(kind: K) {
  type P = EarnQueries[K]['output'];
  return usePaged<P['rows'][number], P>((page) =>
    engine
      .earnQuery(kind, { page })
      .then((r) =>
        r.ok
          ? { ok: true as const, data: r.data }
          : { ok: false as const, message: failureMessage(r) },
      ),
  );
}

/** A modal with a title and a close button; closing (Escape, the button, the backdrop's form) calls onClose. */
export function Modal({
  open,
  title,
  onClose,
  testId,
  wide,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const ref = useModal(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={`dialog earn-modal${wide ? ' earn-modal--wide' : ''}`}
      aria-labelledby={titleId}
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      data-testid={testId}
    >
      <header className="earn-modal__head">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button
          type="button"
          className="earn-modal__close"
          aria-label={t('earn.close')}
          onClick={() => ref.current?.close()}
        >
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            <path d="M2 2l10 10M12 2L2 12" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </button>
      </header>
      {open && children}
    </dialog>
  );
}
