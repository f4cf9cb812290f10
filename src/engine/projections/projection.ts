// One projection, one definition (issue 22, ADR 0030): its name (the key in EngineState, in
// checkpoints, hashes and the page's FrameDiff), its initial state, the events it handles as a
// typed handler map — an event it has no handler for leaves it as it was, so there is no list
// of ignored events to keep in step with events.ts — and the view the page is sent whenever
// that view changes (by identity). The store, the checkpoint codec, the frame marks and the
// page's signals are derived from the registry (registry.ts), not written out per projection.
import type { EngineEvent } from '../events.ts';

export type EventName = EngineEvent['name'];
export type EventOf<K extends EventName> = Extract<EngineEvent, { name: K }>;

/** What a projection does with each event it handles: a pure fold of one event. */
export type Handlers<S> = {
  readonly [K in EventName]?: (state: S, event: EventOf<K>) => S;
};

/** The events a handler map handles. */
export type HandledEvent<H> = EventOf<Extract<keyof H, EventName>>;

export interface Projection<N extends string, S, V> {
  readonly name: N;
  readonly initial: S;
  readonly on: Handlers<S>;
  /** What the page is sent (FrameDiff and snapshot field `name`) when it changes. */
  readonly view: (state: S) => V;
}

/** A projection as defined: its handler map also as a table, built once (handlerTable). */
export interface DefinedProjection<N extends string, S, V> extends Projection<N, S, V> {
  readonly table: HandlerTable<S>;
}

export function defineProjection<N extends string, S, V>(
  p: Projection<N, S, V>,
): DefinedProjection<N, S, V> {
  return { ...p, table: handlerTable(p.on) };
}

/** A handler map as a Map by event name: one monomorphic lookup per event in the hot path. */
export type HandlerTable<S> = ReadonlyMap<string, (state: S, event: EngineEvent) => S>;

export function handlerTable<S>(on: Handlers<S>): HandlerTable<S> {
  const table = new Map<string, (state: S, event: EngineEvent) => S>();
  // the map is keyed by event name, so the handler found takes this very event
  for (const [name, handle] of Object.entries(on))
    table.set(name, handle as (state: S, event: EngineEvent) => S);
  return table;
}

/** Folds one event through a handler table: unhandled events leave the state as it was. */
export function foldWith<S>(table: HandlerTable<S>, state: S, event: EngineEvent): S {
  const handle = table.get(event.name);
  return handle === undefined ? state : handle(state, event);
}

/**
 * A projection the page gets in parts, not as one view (session, market, spot: the frames mark
 * and send a ticker, a sparkline, the book or the chart on their own, frames/marks.ts). Its
 * fold routes events to its parts; `handles` names every event any part handles, so the
 * registry reaches it only for those. `after` names events it folds only when another
 * projection (earlier in the registry) changed with them: a daymarket push the tickers refuse
 * must not move the spot panel's last price either.
 */
export interface PartedProjection<N extends string, S> {
  readonly name: N;
  readonly initial: S;
  readonly handles: ReadonlySet<string>;
  readonly fold: (state: S, event: EngineEvent) => S;
  readonly after?: Readonly<Partial<Record<EventName, string>>>;
}

/** A parted projection whose fold is a handler map (session, market). */
export function partedFromHandlers<N extends string, S>(
  name: N,
  initial: S,
  on: Handlers<S>,
): PartedProjection<N, S> {
  const table = handlerTable(on);
  return {
    name,
    initial,
    handles: new Set(table.keys()),
    fold: (state, event) => foldWith(table, state, event),
  };
}

/**
 * A part of a parted projection (spot's panel, book, recent trades, chart, orders): its handler
 * map, and what is derived from it — the events it handles, a test for them, and its fold.
 */
export interface Part<S, E extends EngineEvent> {
  readonly events: readonly E['name'][];
  readonly handles: (event: EngineEvent) => event is E;
  /** Folds an event of the part; any other event leaves the state as it was. */
  readonly fold: (state: S, event: E) => S;
}

export function definePart<S, H extends Handlers<S>>(on: H): Part<S, HandledEvent<H>> {
  const table = handlerTable<S>(on);
  return {
    events: [...table.keys()] as HandledEvent<H>['name'][],
    handles: (event): event is HandledEvent<H> => table.has(event.name),
    fold: (state, event) => foldWith(table, state, event),
  };
}
