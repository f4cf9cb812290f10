// A list the engine keeps (issue 43): a projection's part, filled by a reply and kept up by
// pushes, perhaps held from the last page session (offline, ADR 0032): my c2c deals and ads, the
// c2c market, the second contracts. `liveList` gives it the shape the kit's RecordTable takes, so
// a live list reads, pages and fails like every record list: loading until the first reply, the
// engine's failure with a retry while there is nothing to show, "load more" (never for held
// rows: the server has not answered yet), then the end.
import type { PagedState } from './use-paged.ts';

/** A list part of an engine view (C2cListView, MicroListView). */
export interface LivePart<R> {
  rows: R[];
  hasMore: boolean;
  loaded: boolean;
  /** The rows are the last page session's, not yet confirmed by the server. */
  held: boolean;
}

export interface LiveAsk {
  /** The engine's last failure for this view, null when there was none. */
  error: string | null;
  /** Asks the server again (a retry after a failure). */
  reload: () => void;
  loadMore: () => void;
}

export interface LiveList<R> extends PagedState<R> {
  held: boolean;
}

/** `part` as a paged list; `rows` when the screen shows fewer (a filter of its own). */
export function liveList<R>(part: LivePart<R>, ask: LiveAsk, rows: R[] = part.rows): LiveList<R> {
  const known = part.loaded || part.held;
  return {
    rows,
    status: known ? 'ready' : ask.error === null ? 'loading' : 'error',
    message: known ? '' : (ask.error ?? ''),
    retryable: true,
    offline: false,
    hasMore: part.hasMore && !part.held,
    more: false,
    total: rows.length,
    loadMore: ask.loadMore,
    reload: ask.reload,
    retry: ask.reload,
    held: part.held,
  };
}
