// The state of a record list read a page at a time (`usePaged`), as a pure reducer: the hook
// does the asking, this decides what the list shows. Invariants:
// 1. A reply belongs to one load of the first page (its generation); a reply of an older one
//    (the input changed, or the list was reloaded since) changes nothing.
// 2. Rows are kept while the same input reloads (the screen dims them); another input drops
//    them at once: they no longer apply.
// 3. Page 1 replaces the rows; a later page appends its rows, without the ones already shown
//    when the list names a row id (rows shift down a page when new ones arrive meanwhile).
// 4. One next page at a time: "more" is refused while one is asked, while the first page loads,
//    and when the server said there is no more.
// 5. A failure keeps the rows and says which ask failed, so that a retry asks for that again.
import type { PageView } from '../../engine/api.ts';

/** How an ask failed, as the list tells it. */
export interface ListFailure {
  message: string;
  /** Asking again can help (see `retryHelps`): a network failure, not an answer of the server. */
  retryable: boolean;
  /** A network failure while the page knows it has no network: the list says it is offline. */
  offline: boolean;
}

export interface PagedModel<R> {
  /** The input the rows belong to. */
  key: string;
  /** The load of the first page the list waits for (invariant 1). */
  generation: number;
  rows: R[];
  /** The last page shown (0: none yet). */
  page: number;
  status: 'loading' | 'ready' | 'error';
  message: string;
  retryable: boolean;
  offline: boolean;
  /** The last failure was of a next page (a retry asks for it again, not for page 1). */
  failedMore: boolean;
  hasMore: boolean;
  /** A next page is being fetched (the rows stay). */
  more: boolean;
  total: number;
}

export type PagedEvent<R> =
  /** Page 1 of `key` is asked, as load `generation`. */
  | { type: 'list.load'; key: string; generation: number }
  /** The next page is asked, within load `generation`. */
  | { type: 'list.more'; generation: number }
  | { type: 'list.page'; generation: number; page: number; view: PageView<R> }
  | { type: 'list.failed'; generation: number; page: number; failure: ListFailure };

export function initialPaged<R>(key: string): PagedModel<R> {
  return {
    key,
    generation: 0,
    rows: [],
    page: 0,
    status: 'loading',
    message: '',
    retryable: true,
    offline: false,
    failedMore: false,
    hasMore: false,
    more: false,
    total: 0,
  };
}

/** Whether a press of "more" asks for a page now (invariant 4). */
export const canAskMore = (m: PagedModel<unknown>): boolean =>
  m.hasMore && !m.more && m.status !== 'loading';

/** The list's reducer; `rowId` names a row, for the de-duplication of invariant 3. */
export function pagedReducer<R>(
  rowId?: (row: R) => unknown,
): (state: PagedModel<R>, event: PagedEvent<R>) => PagedModel<R> {
  return (state, event) => {
    switch (event.type) {
      case 'list.load':
        return load(state, event.key, event.generation);
      case 'list.more':
        if (event.generation !== state.generation || !canAskMore(state)) return state;
        return { ...state, more: true };
      case 'list.page':
        if (event.generation !== state.generation) return state;
        return {
          ...state,
          rows: event.page === 1 ? event.view.rows : append(state.rows, event.view.rows, rowId),
          page: event.page,
          status: 'ready',
          offline: false,
          failedMore: false,
          hasMore: event.view.hasMore,
          more: false,
          total: event.view.total,
        };
      case 'list.failed':
        if (event.generation !== state.generation) return state;
        return {
          ...state,
          ...event.failure,
          status: 'error',
          failedMore: event.page > 1,
          more: false,
        };
      default:
        return unhandled(event);
    }
  };
}

function load<R>(state: PagedModel<R>, key: string, generation: number): PagedModel<R> {
  const loading = { ...state, generation, status: 'loading' as const, more: false };
  if (key === state.key) return loading;
  // another input: the rows and pages of the previous one no longer apply (invariant 2)
  return { ...loading, key, rows: [], page: 0, hasMore: false, total: 0 };
}

function append<R>(shown: R[], next: R[], rowId?: (row: R) => unknown): R[] {
  if (rowId === undefined) return [...shown, ...next];
  const ids = new Set(shown.map(rowId));
  return [...shown, ...next.filter((row) => !ids.has(rowId(row)))];
}

function unhandled(event: never): never {
  throw new Error(`unhandled list event ${JSON.stringify(event)}`);
}
