// The invariants the engine checks on its own state after each event (the flight recorder, issue
// 47): a watched book that stays crossed, and a gap in its delta stream that no snapshot heals
// while the socket is online. Both are read from the folded state and the events' times only,
// so a replay of the same events finds the same break at the same event. A moment of either is
// allowed (a snapshot is on its way, two pushes cross in flight); lasting is the break.
import type { Invariant } from '../api.ts';
import type { BookState } from '../projections/book/book.ts';
import { bestPrice, cmpDec } from '../projections/book/sorted-side.ts';
import type { EngineState } from '../store.ts';

/** How long a book may stay crossed (event time). */
export const CROSSED_MS = 3_000;
/** How long a gap may wait for its snapshot while online (event time). */
export const GAP_MS = 15_000;

export interface Found {
  invariant: Invariant;
  detail: string;
}

/** The state's invariants, followed event by event (one watch per engine or replay). */
export class StateWatch {
  private crossedSince: number | null = null;
  private gapSince: number | null = null;

  /** After an event at `at` was folded into `state`: what broke with it, if anything. */
  step(at: number, state: EngineState): Found | null {
    return this.crossed(at, state.spot.book) ?? this.gap(at, state);
  }

  private crossed(at: number, book: BookState): Found | null {
    const bid = bestPrice(book.bids);
    const ask = bestPrice(book.asks);
    if (bid === null || ask === null || cmpDec(bid, ask) < 0) {
      this.crossedSince = null;
      return null;
    }
    this.crossedSince ??= at;
    const lasted = at - this.crossedSince;
    if (lasted < CROSSED_MS) return null;
    this.crossedSince = null;
    return {
      invariant: 'book-crossed',
      detail: `${book.symbol ?? '?'}: best bid ${bid} ≥ best ask ${ask} for ${seconds(lasted)} s`,
    };
  }

  private gap(at: number, state: EngineState): Found | null {
    const book = state.spot.book;
    if (!book.needSnapshot || state.session.connection.state !== 'online') {
      this.gapSince = null;
      return null;
    }
    this.gapSince ??= at;
    const lasted = at - this.gapSince;
    if (lasted < GAP_MS) return null;
    this.gapSince = null;
    return {
      invariant: 'seq-gap',
      detail: `${book.symbol ?? '?'}: no snapshot after a gap at seq ${book.seq ?? '?'} for ${seconds(lasted)} s online`,
    };
  }
}

const seconds = (ms: number): string => (ms / 1000).toFixed(1);
