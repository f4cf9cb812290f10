// The engine's public types: spot conditional orders (issue 44, ADR 0052; re-exported by api.ts).
import type { DecStr } from '../../shared/decimal.ts';
import type { SpotSide } from '../../shared/spot.ts';
import type { PageView } from './wallet.ts';
import type { CommandResult } from './command-result.ts';
import type { AmendSpotTrigger } from './spot.ts';

/** What a conditional order places when its trigger is reached. */
export type SpotTriggerKind = 'stop_limit' | 'stop_market' | 'tp_limit' | 'tp_market';

/** One of the user's conditional orders. */
export interface SpotTriggerView {
  id: number;
  side: SpotSide;
  kind: SpotTriggerKind;
  /** "BTC/USDT". */
  symbol: string;
  trigger: DecStr;
  /** The limit of the limit kinds. */
  price: DecStr | null;
  number: DecStr;
  status: 'waiting' | 'triggered' | 'cancelled' | 'refused';
  /** The order it placed, once triggered. */
  orderId: number | null;
  /** That order: still resting, filled, or ended with its rest unfilled (cancelled). */
  orderStatus: 'open' | 'filled' | 'cancelled' | null;
  /** How much of that order filled (null before it triggered). */
  filled: DecStr | null;
  /** Why it was refused, or cancelled by its OCO's limit leg, in the reader's language. */
  reason: string | null;
  /** The stop leg of an OCO (ADR 0056): its limit leg's order id and price. */
  ocoOrderId: number | null;
  ocoPrice: DecStr | null;
  /** ms since the epoch. */
  createdAt: number;
  updatedAt: number;
}

/** A scale order as the ticket holds it (ADR 0057): its range, its count, its total, its skew. */
export interface PlaceSpotScale {
  symbol: string;
  side: SpotSide;
  /** As typed. */
  from: string;
  to: string;
  count: string;
  number: string;
  skew: string;
}

/** A page of the user's conditional orders. */
export type SpotTriggerPage = PageView<SpotTriggerView>;

/**
 * The user's conditional orders as last listed (issue 44): each list's pages in order (the
 * first page's answer starts it again), so the log holds every state the user saw of them and a
 * replay shows it.
 */
export interface TriggersView {
  waiting: SpotTriggerPage[];
  done: SpotTriggerPage[];
  /** Event time of the last answer (0: none yet). */
  at: number;
}

/** A new conditional order, as the ticket holds it. */
export interface PlaceSpotTrigger {
  symbol: string;
  side: SpotSide;
  /** Stop or take-profit follows from the trigger and the last price (spot-trigger-kind.ts). */
  kind: SpotTriggerKind;
  /** As typed. */
  trigger: string;
  /** As typed; the limit kinds only. */
  price: string;
  number: string;
  /** An OCO: its limit leg's price, as typed (the stop kinds only). */
  ocoPrice?: string;
}

/** The engine's calls of conditional spot orders (part of EngineApi). */
export interface SpotTriggerCalls {
  /** A page of the user's conditional spot orders: waiting, or done. */
  spotTriggers(status: 'waiting' | 'done', page: number): Promise<CommandResult<SpotTriggerPage>>;
  /** Places a conditional order on the watched pair; the balances refresh after. */
  placeSpotTrigger(input: PlaceSpotTrigger): Promise<CommandResult<{ id: number }>>;
  /** Cancels one of the user's waiting conditional orders; its reserve is back. */
  cancelSpotTrigger(input: { id: number }): Promise<CommandResult>;
  /** Changes a waiting conditional order (ADR 0067); '' keeps a value as it is. */
  amendSpotTrigger(input: AmendSpotTrigger): Promise<CommandResult>;
}
