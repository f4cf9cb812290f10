// The registry of the projections whose view the page gets whole (issue 22, ADR 0030): the
// store folds them, the frames mark and send them, the checkpoint codec writes and reads them,
// and the page's signals hold them, all from this table. A new one is a projection file, a line
// here, its view in api.ts (type, VIEW_NAMES, INITIAL_VIEWS) and its events in events.ts
// (ADR 0030, worked example).
import { VIEW_NAMES } from '../api.ts';
import type { ViewName, Views } from '../api.ts';
import type { EngineEvent } from '../events.ts';
import { c2cProjection } from './c2c.ts';
import { leverProjection } from './lever.ts';
import { microProjection } from './micro.ts';
import type { DefinedProjection } from './projection.ts';
import { foldWith } from './projection.ts';
import { walletProjection } from './wallet.ts';

const TABLE = {
  wallet: walletProjection,
  lever: leverProjection,
  micro: microProjection,
  c2c: c2cProjection,
};

/** The state of each view projection, by name. */
export type ViewStates = { [K in ViewName]: (typeof TABLE)[K]['initial'] };

/** The table, typed so that a projection's name, state and view go together. */
const REGISTRY: { readonly [K in ViewName]: DefinedProjection<K, ViewStates[K], Views[K]> } = TABLE;

export { VIEW_NAMES };
export type { ViewName };

/** One entry per view name, each made by `make`. */
function perView<T extends { [K in ViewName]: unknown }>(
  make: <K extends ViewName>(name: K) => T[K],
): T {
  const out: Partial<T> = {};
  for (const name of VIEW_NAMES) put(out, name, make(name));
  // every view name was set just above
  return out as T;
}

function put<T, K extends keyof T>(target: Partial<T>, name: K, value: T[K]): void {
  target[name] = value;
}

export const initialViewStates: ViewStates = perView<ViewStates>((name) => REGISTRY[name].initial);

/** Which view projections handle each event name. */
const HANDLED_BY = new Map<string, ViewName[]>();
for (const name of VIEW_NAMES)
  for (const event of REGISTRY[name].table.keys())
    HANDLED_BY.set(event, [...(HANDLED_BY.get(event) ?? []), name]);

function foldOne<K extends ViewName>(
  name: K,
  states: ViewStates,
  event: EngineEvent,
): ViewStates[K] {
  return foldWith(REGISTRY[name].table, states[name], event);
}

/**
 * Folds one event into the view projections that handle it (most events, book deltas and
 * tickers among them, are handled by none: one Map lookup); the same object when none changed.
 */
export function foldViews<S extends ViewStates>(states: S, event: EngineEvent): S {
  const names = HANDLED_BY.get(event.name);
  if (names === undefined) return states;
  let next: S | null = null;
  for (const name of names) {
    const before = states[name];
    const after = foldOne(name, states, event);
    if (after !== before) {
      next ??= { ...states };
      put<ViewStates, typeof name>(next, name, after);
    }
  }
  return next ?? states;
}

/** A projection's view of its state. */
export function viewOf<K extends ViewName>(name: K, states: ViewStates): Views[K] {
  return REGISTRY[name].view(states[name]);
}

/** Calls `visit` with each view projection whose view differs between two states. */
export function eachChangedView(
  a: ViewStates,
  b: ViewStates,
  visit: (name: ViewName) => void,
): void {
  for (const name of VIEW_NAMES) {
    if (a[name] !== b[name] && viewOf(name, a) !== viewOf(name, b)) visit(name);
  }
}

/** Every view, for the page's start snapshot. */
export function allViews(states: ViewStates): Views {
  return perView<Views>((name) => viewOf(name, states));
}
