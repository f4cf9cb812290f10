// "At this moment" (issue 47, ADR 0079; re-exported by api.ts): the watched pair's book, tape,
// chart and the user's orders as the engine folded them at a moment of its own log, around a
// fill, a notification or a point of the chart. Read from the local log only: no server call.
import type { DecStr } from '../../shared/decimal.ts';
import type { SpotSide } from '../../shared/spot.ts';
import type { LeverPositionView } from './lever.ts';
import type { Bar, BookView, OpenOrderView, TradeView } from './spot.ts';

/** How far before and after the moment the scrubber reaches (ms). */
export const MOMENT_REACH_MS = 120_000;

/** What a moment opens at: a time of the log, and the user's order to point out, if any. */
export interface MomentRequest {
  /** ms, of the engine's event clock. */
  at: number;
  /** The order that filled then (its row in the book is pointed out while it rests). */
  focus?: { orderId: number; side: SpotSide; price: DecStr };
}

/** The past at one event of the window. */
export interface MomentView {
  /** The moment asked for (ms). */
  at: number;
  /** The cursor: 0 … count-1 over the window's events; `home` the event the moment opened at. */
  index: number;
  count: number;
  home: number;
  /** The event at the cursor: its seq, time and name. */
  seq: number;
  time: number;
  event: string;
  /** Times of the window's first and last event. */
  from: number;
  to: number;
  symbol: string | null;
  pricePrecision: number;
  amountPrecision: number;
  /** The book as it was (twelve levels a side), the user's open orders marked. */
  book: BookView | null;
  /** Hash of the whole book projection at the cursor (the replay's hash of 'spot.book'). */
  bookHash: string;
  /** The newest trades then, newest first (twenty at most). */
  trades: TradeView[];
  /** The chart's bars up to then (sixty at most, the last one as it stood). */
  bars: Bar[];
  period: string;
  /** The user's open orders on the pair then. */
  open: OpenOrderView[];
  /**
   * The user's contract positions and open contract orders on the pair then (a liquidation, a
   * stop or a contract fill is opened at its moment too); none of a list held from an earlier
   * page session, as with `open`.
   */
  contracts: { holding: LeverPositionView[]; entrusts: LeverPositionView[] };
  /** The order pointed out, and whether it still rested in the book at the cursor. */
  focus: { orderId: number; side: SpotSide; price: DecStr; resting: boolean } | null;
}

/**
 * Why a moment cannot be shown: the log no longer holds it (older than its window, or not
 * written yet), it belongs to an earlier login (never shown: ADR 0042), or the page shows a
 * replay (the replay desk has its own cursor).
 */
export type MomentFailure = 'not-held' | 'other-login' | 'replay';

export type MomentResult = { ok: true; view: MomentView } | { ok: false; reason: MomentFailure };

/** The engine's calls of "at this moment" (EngineApi). */
export interface MomentCalls {
  /** Folds the log around `request.at` and answers the view at the last event before it. */
  momentOpen(request: MomentRequest): Promise<MomentResult>;
  /** The view at another event of the open moment's window (clamped to it). */
  momentSeek(index: number): Promise<MomentResult>;
  /** The moment closed: what was folded for it is let go. */
  momentClose(): Promise<void>;
}
