// Account queries for screens: one result (`useAccountQuery`) or a paged list that grows with
// "load more" (`usePagedQuery`, the kit's `usePaged`). Both keep what they showed while
// reloading, never throw, and ignore replies that arrive after the screen changed its input or
// unmounted.
import { useCallback, useEffect, useState } from 'react';
import type {
  AccountQueries,
  AccountQueryKind,
  CommandResult,
  PageView,
} from '../../engine/api.ts';
import { engine } from '../engine-bridge/bridge.ts';
import { failureOf, usePaged, type PagedState } from './use-paged.ts';

export type QueryState<T> =
  | { status: 'loading'; data: T | null }
  | { status: 'ready'; data: T }
  /**
   * `retryable`: asking again can help (a network failure, not an answer of the server);
   * `offline`: the network failed while the page knew it was offline.
   */
  | { status: 'error'; message: string; retryable: boolean; offline: boolean; data: T | null };

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
          : { status: 'error', ...failureOf(r), data: s.data },
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

/** A paged account query (`usePaged` over `engine.accountQuery`); `base` is its input. */
export function usePagedQuery<K extends PagedKind>(kind: K, base: BaseOf<K>): PagedState<RowOf<K>> {
  const key = JSON.stringify(base);
  return usePaged(
    (page) =>
      engine.accountQuery(kind, { ...base, page } as AccountQueries[K]['input']) as Promise<
        CommandResult<PageView<RowOf<K>>>
      >,
    `${kind} ${key}`,
  );
}
