// The order book of the watched spot pair, folded from `book.top` (legacy top-N pushes),
// `book.snapshot` / `book.delta` (the snapshot/delta extension with seq/prev_seq),
// `book.resync`, and the REST seeds `spot.deal` / `spot.transaction`. Grouping, totals and
// windows are computed at frame time from this state (book-view.ts), never per event.
//
// Invariants (each has a fast-check property of the same name in book.test.ts):
//  K1 bidsStrictlyDescending: bid prices are strictly descending (best first).
//  K2 asksStrictlyAscending: ask prices are strictly ascending (best first).
//  K3 noZeroLevel: no level has amount "0"; prices and amounts are canonical decimals.
//  K4 chunkedFoldEqualsWholeFold: folding a sequence at once equals folding it in any chunks.
//  K5 gapResyncs: a delta of the watched stream with seq > the last seq and prev_seq ≠ the last
//     seq discards the book (source 'none'), counts one resync and sets `needSnapshot`; deltas
//     are ignored until a snapshot, and the book after that snapshot equals the snapshot.
//  K6 snapshotReplaces: a snapshot or a legacy top-N replaces both sides, never merges.
//  K7 otherSymbolsIgnored: events of another symbol (or while nothing is watched) change nothing.
//  K8 sourcePriority: deltas apply only to a book built from a snapshot (source 'delta'); a
//     legacy top-N never replaces a delta book; REST seeds fill only a 'none' or 'rest' book.
import type { BookView } from '../../api.ts';
import type { BookDeltaBody, BookLevelsBody, EngineEvent } from '../../events.ts';
import { applyChanges, EMPTY_SIDE, sideFromLevels } from './sorted-side.ts';
import type { BookSide } from './sorted-side.ts';
import { definePart, type HandledEvent, type Handlers } from '../projection.ts';

export interface BookState {
  symbol: string | null;
  /** Ids of the watched pair (to match `transaction` pushes, which carry no symbol). */
  legalId: number | null;
  currencyId: number | null;
  source: BookView['source'];
  /** Last seq of the delta stream applied (snapshot or delta); null outside the stream. */
  seq: number | null;
  /** Deltas are being ignored until a snapshot arrives (the sync layer asks for one). */
  needSnapshot: boolean;
  bids: BookSide;
  asks: BookSide;
  resyncs: number;
  at: number;
  /** +1 on every change: the frame-time views are cached by it. */
  version: number;
}

export const initialBookState: BookState = {
  symbol: null,
  legalId: null,
  currencyId: null,
  source: 'none',
  seq: null,
  needSnapshot: false,
  bids: EMPTY_SIDE,
  asks: EMPTY_SIDE,
  resyncs: 0,
  at: 0,
  version: 0,
};

/** The book's events, one handler each (projection.ts). */
const BOOK_ON = {
  'ui.watch-spot': (state, event) => watch(state, event.body.symbol, event.body.pair, event.at),
  'book.top': (state, event) =>
    event.body.symbol !== state.symbol || state.source === 'delta'
      ? state
      : replace(state, event.body, 'legacy', null, event.at),
  'book.snapshot': (state, event) =>
    event.body.symbol !== state.symbol
      ? state
      : { ...replace(state, event.body, 'delta', event.body.seq, event.at), needSnapshot: false },
  'book.delta': (state, event) => applyDelta(state, event.body, event.at),
  'book.resync': (state, event) =>
    event.body.symbol === state.symbol ? resync(state, event.at) : state,
  'spot.deal': (state, event) =>
    event.body.symbol === state.symbol && seedable(state)
      ? replace(state, event.body, 'rest', null, event.at)
      : state,
  'spot.transaction': (state, event) =>
    ownPair(state, event.body) && seedable(state)
      ? replace(state, event.body, 'rest', null, event.at)
      : state,
} satisfies Handlers<BookState>;

export const bookPart = definePart<BookState, typeof BOOK_ON>(BOOK_ON);
export type BookEvent = HandledEvent<typeof BOOK_ON>;
export const BOOK_EVENTS = bookPart.events;
export const isBookEvent = bookPart.handles;
export const foldBook = bookPart.fold;

export function foldBookAll(state: BookState, events: readonly EngineEvent[]): BookState {
  let s = state;
  for (const e of events) if (isBookEvent(e)) s = foldBook(s, e);
  return s;
}

/** Whether `delta` reveals a gap in the watched stream (the sync layer logs `book.resync` first). */
export function isGap(state: BookState, delta: BookDeltaBody): boolean {
  return (
    delta.symbol === state.symbol &&
    state.source === 'delta' &&
    state.seq !== null &&
    delta.seq > state.seq &&
    delta.prevSeq !== state.seq
  );
}

function watch(
  state: BookState,
  symbol: string | null,
  pair: { legalId: number; currencyId: number } | null,
  at: number,
): BookState {
  if (symbol === state.symbol) return state;
  return {
    ...initialBookState,
    symbol,
    legalId: pair?.legalId ?? null,
    currencyId: pair?.currencyId ?? null,
    version: state.version + 1,
    at,
  };
}

function ownPair(state: BookState, ids: { legalId: number; currencyId: number }): boolean {
  return (
    state.symbol !== null && ids.legalId === state.legalId && ids.currencyId === state.currencyId
  );
}

function seedable(state: BookState): boolean {
  return state.source === 'none' || state.source === 'rest';
}

function replace(
  state: BookState,
  body: Pick<BookLevelsBody, 'bids' | 'asks'>,
  source: BookView['source'],
  seq: number | null,
  at: number,
): BookState {
  return {
    ...state,
    source,
    seq,
    bids: sideFromLevels(body.bids, 'bid'),
    asks: sideFromLevels(body.asks, 'ask'),
    at,
    version: state.version + 1,
  };
}

function resync(state: BookState, at: number): BookState {
  if (state.needSnapshot && state.source === 'none') return state;
  return {
    ...state,
    source: 'none',
    seq: null,
    needSnapshot: true,
    bids: EMPTY_SIDE,
    asks: EMPTY_SIDE,
    resyncs: state.resyncs + 1,
    at,
    version: state.version + 1,
  };
}

function applyDelta(state: BookState, delta: BookDeltaBody, at: number): BookState {
  if (delta.symbol !== state.symbol) return state;
  if (state.source !== 'delta' || state.seq === null) {
    return state.needSnapshot ? state : { ...state, needSnapshot: true };
  }
  if (delta.seq <= state.seq) return state;
  if (delta.prevSeq !== state.seq) return resync(state, at);
  const bids = applyChanges(state.bids, delta.bids, 'bid');
  const asks = applyChanges(state.asks, delta.asks, 'ask');
  return { ...state, seq: delta.seq, bids, asks, at, version: state.version + 1 };
}
