// The one hook of every record list read a page at a time (issue 43): page 1 when the input
// (`key`) changes and on `reload()`, the next page on `loadMore()`. What the list shows is the
// pure reducer's (paged-list.ts: late replies ignored, rows kept while reloading, pages
// de-duplicated, one page at a time); this hook asks the pages and tags each reply with its
// load. It never throws: a failure is in the state, with whether asking again can help.
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { CommandResult, PageView } from '../../engine/api.ts';
import { failureMessage, knownOffline, retryHelps } from '../i18n/result-message.ts';
import { canAskMore, initialPaged, pagedReducer, type ListFailure } from './paged-list.ts';

/** Asks one page of a list: the engine's query with the page number. */
export type PageLoader<R> = (page: number) => Promise<CommandResult<PageView<R>>>;

export interface PagedState<R> {
  rows: R[];
  status: 'loading' | 'ready' | 'error';
  message: string;
  /** The last failure can be helped by asking again (see `retryHelps`). */
  retryable: boolean;
  /** The last failure was the network's while the page knew it was offline. */
  offline: boolean;
  hasMore: boolean;
  /** A next page is being fetched (the rows stay). */
  more: boolean;
  total: number;
  loadMore: () => void;
  reload: () => void;
  /** Asks again for what failed: the next page, or page 1. */
  retry: () => void;
}

export interface PagedOptions<R> {
  /** A row's id: a later page leaves out the rows already shown. */
  rowId?: (row: R) => unknown;
}

export function usePaged<R>(
  load: PageLoader<R>,
  key: string,
  options: PagedOptions<R> = {},
): PagedState<R> {
  const [reducer] = useState(() => pagedReducer<R>(options.rowId));
  const [model, dispatch] = useReducer(reducer, key, initialPaged<R>);
  const [version, setVersion] = useState(0);
  // The loader of the last render: a screen may pass a new function each time; `key` alone says
  // when the input changed.
  const loader = useRef(load);
  useLayoutEffect(() => {
    loader.current = load;
  });
  const generations = useRef(0);
  /** The load whose next page is in flight (0: none): refuses a second press in one render. */
  const moreOf = useRef(0);

  const ask = useCallback(async (page: number, generation: number) => {
    const r = await loader.current(page).catch(thrown);
    dispatch(
      r.ok
        ? { type: 'list.page', generation, page, view: r.data }
        : { type: 'list.failed', generation, page, failure: failureOf(r) },
    );
  }, []);

  useEffect(() => {
    generations.current += 1;
    const generation = generations.current;
    dispatch({ type: 'list.load', key, generation });
    void ask(1, generation);
  }, [ask, key, version]);

  const loadMore = useCallback(() => {
    // one page at a time (ADR 0046): the button stays focusable while busy and a press is ignored
    const { generation } = model;
    if (!canAskMore(model) || moreOf.current === generation) return;
    moreOf.current = generation;
    dispatch({ type: 'list.more', generation });
    void ask(model.page + 1, generation).finally(() => {
      if (moreOf.current === generation) moreOf.current = 0;
    });
  }, [ask, model]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const retry = model.failedMore ? loadMore : reload;

  const { rows, status, message, retryable, offline, hasMore, more, total } = model;
  return {
    rows,
    status,
    message,
    retryable,
    offline,
    hasMore,
    more,
    total,
    loadMore,
    reload,
    retry,
  };
}

type Failure = Exclude<CommandResult<unknown>, { ok: true }>;

/** A failed ask as a list tells it: the message, whether a retry helps, whether offline. */
export function failureOf(r: Failure): ListFailure {
  return {
    message: failureMessage(r),
    retryable: retryHelps(r),
    offline: r.code === 'network' && knownOffline(),
  };
}

/** A loader that threw (the engine's door never does; a dead worker might): a defect. */
const thrown = (error: unknown): Failure => ({
  ok: false,
  code: 'internal',
  message: String(error),
});
