// The rules of spot conditional orders (issue 44, ADR 0052), pure: when a trigger is reached,
// what a waiting order reserves, and the waiting orders of each pair in the order they were
// placed. The service (spot-triggers.ts) persists them and fires them in the pair's queue.
import { BAND_SCALE } from './core.ts';
import type { Side } from './order-book.ts';

export const TRIGGER_KINDS = ['stop_limit', 'stop_market', 'tp_limit', 'tp_market'] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

export const isTriggerKind = (v: unknown): v is TriggerKind =>
  typeof v === 'string' && (TRIGGER_KINDS as readonly string[]).includes(v);

/** The order placed when it triggers is a limit order (else a market order). */
export const placesLimit = (kind: TriggerKind): boolean => kind.endsWith('_limit');

/**
 * Whether the last price has reached the trigger. A stop buys when the price rises to it and
 * sells when it falls to it (a breakout, a stop-loss); a take-profit does the opposite (buys a
 * dip, sells a rise). Reaching is touching: equal counts.
 */
export function reached(kind: TriggerKind, side: Side, last: bigint, trigger: bigint): boolean {
  const stop = kind.startsWith('stop');
  const rising = (side === 'buy') === stop;
  return rising ? last >= trigger : last <= trigger;
}

/** The units of the pair a reservation is computed with (SpotCore's baseUnit / quoteUnit). */
export interface ReserveUnits {
  /** Atto units of one base lot. */
  base: bigint;
  /** Atto units of one tick × lot of quote. */
  quote: bigint;
  /** The market band, bp: a market buy pays at most this far above the best ask. */
  bandBp: bigint;
}

/**
 * What a waiting order holds, in atto units of the currency it pays with: a sell its quantity of
 * the base coin; a limit buy its limit × quantity of the quote coin; a market buy the most the
 * market order it places may pay if the best ask is at the trigger, trigger × (1 + band) ×
 * quantity, rounded up.
 */
export function reserveOf(
  o: { kind: TriggerKind; side: Side; trigger: bigint; price: bigint; qty: bigint },
  u: ReserveUnits,
): bigint {
  if (o.side === 'sell') return o.qty * u.base;
  if (placesLimit(o.kind)) return o.price * o.qty * u.quote;
  const band = (o.trigger * (BAND_SCALE + u.bandBp) + BAND_SCALE - 1n) / BAND_SCALE;
  return band * o.qty * u.quote;
}

export interface WaitingTrigger {
  id: number;
  userId: number;
  matchId: number;
  side: Side;
  kind: TriggerKind;
  /** Ticks. */
  trigger: bigint;
  /** The limit in ticks (0 for the market kinds). */
  price: bigint;
  /** Lots. */
  qty: bigint;
  /** Atto units held while it waits. */
  reserved: bigint;
  reserveCurrency: number;
  /** The stop leg of an OCO: its limit leg, a resting order (ADR 0056). */
  ocoOrderId: number | null;
}

/** The waiting orders of every pair, each pair's by id (the order they were placed in). */
export class TriggerBook {
  private readonly byPair = new Map<number, WaitingTrigger[]>();

  add(t: WaitingTrigger): void {
    const list = this.byPair.get(t.matchId) ?? [];
    let i = list.length;
    while (i > 0 && (list[i - 1]?.id ?? 0) > t.id) i--;
    list.splice(i, 0, t);
    this.byPair.set(t.matchId, list);
  }

  remove(matchId: number, id: number): void {
    const list = this.byPair.get(matchId);
    if (list === undefined) return;
    const i = list.findIndex((t) => t.id === id);
    if (i >= 0) list.splice(i, 1);
  }

  /** The waiting orders of `matchId` whose trigger `last` has reached, first placed first. */
  due(matchId: number, last: bigint): WaitingTrigger[] {
    return (this.byPair.get(matchId) ?? []).filter((t) => reached(t.kind, t.side, last, t.trigger));
  }

  /** Forgets the waiting orders of a pair (its market went to another process); answers them. */
  dropPair(matchId: number): WaitingTrigger[] {
    const list = this.byPair.get(matchId) ?? [];
    this.byPair.delete(matchId);
    return list;
  }

  /** Pairs with a waiting order. */
  pairs(): number[] {
    return [...this.byPair].filter(([, l]) => l.length > 0).map(([m]) => m);
  }

  size(matchId: number): number {
    return this.byPair.get(matchId)?.length ?? 0;
  }
}
