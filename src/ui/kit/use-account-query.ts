// Account queries for screens: one result (`useAccountQuery`) or a paged list that grows with
// "load more" (`usePagedQuery`). Both keep what they showed while reloading, never throw, and
// ignore replies that arrive after the screen changed its input or unmounted.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AccountQueries, AccountQueryKind, PageView } from '../../engine/api.ts';
import { engine } from '../engine-bridge/bridge.ts';
import { failureMessage, retryHelps } from '../i18n/result-message.ts';

export type QueryState<T> =
  | { status: 'loading'; data: T | null }
  | { status: 'ready'; data: T }
  /** `retryable`: asking again can help (a network failure, not an answer of the server). */
  | { status: 'error'; message: string; retryable: boolean; data: T | null };

export function useAccountQuery<K extends AccountQueryKind>(
  kind: K,
  input: AccountQueries[K]['input'] | null,
): { state: QueryState<AccountQueries[K]['output']>; reload: () => void } {
  type T = AccountQueries[K]['output'];
  const [state, setState] = useState<QueryState<T>>({ status: 'loading', data: null });
  const [version, setVersion] = useState(0);
  const key = input === null ? null : JSON.stringify(input);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState((s) => ({ status: 'loading', data: s.data }));
    void engine.accountQuery(kind, JSON.parse(key) as AccountQueries[K]['input']).then((r) => {
      if (!live) return;
      setState((s) =>
        r.ok
          ? { status: 'ready', data: r.data }
          : { status: 'error', message: failureMessage(r), retryable: retryHelps(r), data: s.data },
      );
    });
    return () => {
      live = false;
    };
  }, [kind, key, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, reload };
}

/** Kinds whose result is a page, and their input without the page number. */
type PagedKind = {
  [K in AccountQueryKind]: AccountQueries[K]['output'] extends PageView<unknown> ? K : never;
}[AccountQueryKind];
type RowOf<K extends PagedKind> = AccountQueries[K]['output'] extends PageView<infer R> ? R : never;
type BaseOf<K extends PagedKind> = Omit<AccountQueries[K]['input'], 'page'>;

export interface PagedState<R> {
  rows: R[];
  status: 'loading' | 'ready' | 'error';
  message: string;
  /** The last failure can be helped by asking again (see `retryHelps`). */
  retryable: boolean;
  hasMore: boolean;
  /** A next page is being fetched (the rows stay). */
  more: boolean;
  total: number;
  loadMore: () => void;
  reload: () => void;
}

export function usePagedQuery<K extends PagedKind>(kind: K, base: BaseOf<K>): PagedState<RowOf<K>> {
  const [rows, setRows] = useState<RowOf<K>[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [message, setMessage] = useState('');
  const [retryable, setRetryable] = useState(true);
  const [page, setPage] = useState({ n: 1, hasMore: false, total: 0 });
  const [more, setMore] = useState(false);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(base);
  const generation = useRef(0);

  const fetchPage = useCallback(
    async (n: number, gen: number) => {
      const input = { ...(JSON.parse(key) as BaseOf<K>), page: n } as AccountQueries[K]['input'];
      const r = await engine.accountQuery(kind, input);
      if (gen !== generation.current) return;
      if (!r.ok) {
        setMessage(failureMessage(r));
        setRetryable(retryHelps(r));
        setStatus('error');
        return;
      }
      const data = r.data as PageView<RowOf<K>>;
      setRows((prev) => (n === 1 ? data.rows : [...prev, ...data.rows]));
      setPage({ n, hasMore: data.hasMore, total: data.total });
      setStatus('ready');
    },
    [kind, key],
  );

  const shownKey = useRef(key);
  useEffect(() => {
    generation.current += 1;
    setStatus('loading');
    if (shownKey.current !== key) {
      // other input: the rows and pages of the previous one no longer apply
      shownKey.current = key;
      setRows([]);
      setPage({ n: 1, hasMore: false, total: 0 });
    }
    void fetchPage(1, generation.current);
  }, [fetchPage, key, version]);

  const loadMore = useCallback(() => {
    if (!page.hasMore || more || status === 'loading') return;
    setMore(true);
    void fetchPage(page.n + 1, generation.current).finally(() => setMore(false));
  }, [fetchPage, page, more, status]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return {
    rows,
    status,
    message,
    retryable,
    hasMore: page.hasMore,
    more,
    total: page.total,
    loadMore,
    reload,
  };
}
