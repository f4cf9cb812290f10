// The registry of the engine's projections (issue 22, ADR 0030), the one place that names them.
// The store folds every event through it (foldEngine), the checkpoint codec writes and reads
// their states, the frames mark what changed, and the page's signals start from their views.
// Two kinds:
// - view projections (wallet, lever, micro, c2c): the page gets the view whole whenever it
//   changes. A new one is a projection file, a line in VIEWS, its view in api.ts (type,
//   VIEW_NAMES, INITIAL_VIEWS) and its events in events.ts (ADR 0030, worked example).
// - parted projections (session, market, spot): the page gets them in parts. A part sent whole
//   (the session, the spot panel, …) is a line in whole-parts.ts and in api.ts's WHOLE_PARTS:
//   its marks, its frame reader, the start snapshot and the page's signal follow from them. The
//   pieces (a ticker, the book, a chart change) are marked in frames/marks.ts; replay/codec.ts
//   encodes each projection for checkpoints.
import { VIEW_NAMES } from '../api.ts';
import type { ViewName, Views } from '../api.ts';
import type { EngineEvent, EventName } from '../events.ts';
import { c2cProjection } from './c2c.ts';
import { leverProjection } from './lever.ts';
import { marketProjection } from './market.ts';
import { microProjection } from './micro.ts';
import { noticesProjection } from './notices.ts';
import type { DefinedProjection, PartedProjection } from './projection.ts';
import { foldWith } from './projection.ts';
import { sessionProjection } from './session.ts';
import { spotProjection } from './spot.ts';
import { walletProjection } from './wallet.ts';
import { workspaceProjection } from './workspace.ts';
import { triggersProjection } from './triggers.ts';

const VIEWS = {
  wallet: walletProjection,
  lever: leverProjection,
  micro: microProjection,
  c2c: c2cProjection,
  workspace: workspaceProjection,
  notices: noticesProjection,
  triggers: triggersProjection,
};

/** The parted projections, in the order they fold an event (before every view projection). */
const PARTED = {
  session: sessionProjection,
  market: marketProjection,
  spot: spotProjection,
};

export type PartedName = keyof typeof PARTED;
export const PARTED_NAMES = ['session', 'market', 'spot'] as const satisfies readonly PartedName[];

/** The state of each view projection, by name. */
export type ViewStates = { [K in ViewName]: (typeof VIEWS)[K]['initial'] };
/** The state of each parted projection, by name. */
export type PartedStates = { [K in PartedName]: (typeof PARTED)[K]['initial'] };
/** The engine's state: one field per projection of the registry. */
export type EngineState = PartedStates & ViewStates;

/** The tables, typed so that a projection's name, state and view go together. */
const VIEW_TABLE: { readonly [K in ViewName]: DefinedProjection<K, ViewStates[K], Views[K]> } =
  VIEWS;
const PARTED_TABLE: { readonly [K in PartedName]: PartedProjection<K, PartedStates[K]> } = PARTED;

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

export const initialViewStates: ViewStates = perView<ViewStates>(
  (name) => VIEW_TABLE[name].initial,
);

export const initialEngineState: EngineState = {
  session: PARTED.session.initial,
  market: PARTED.market.initial,
  spot: PARTED.spot.initial,
  ...initialViewStates,
};

type ProjectionKey = PartedName | ViewName;
export const isPartedName = (name: string): name is PartedName => Object.hasOwn(PARTED, name);
export const isViewName = (name: string): name is ViewName => Object.hasOwn(VIEWS, name);
const isParted = (name: ProjectionKey): name is PartedName => isPartedName(name);

/** Which projections handle each event name, in fold order: parted first, then the views. */
const HANDLED_BY = new Map<string, ProjectionKey[]>();
const handledBy = (event: string, name: ProjectionKey): void =>
  void HANDLED_BY.set(event, [...(HANDLED_BY.get(event) ?? []), name]);
for (const name of PARTED_NAMES) for (const event of PARTED[name].handles) handledBy(event, name);
for (const name of VIEW_NAMES)
  for (const event of VIEW_TABLE[name].table.keys()) handledBy(event, name);

/**
 * Folds one event into the projections that handle it (most events reach one or two: a Map
 * lookup finds them); the same object when none changed. A parted projection that folds an
 * event only `after` another sees that one's state so far (the fold order above).
 */
export function foldEngine(state: EngineState, event: EngineEvent): EngineState {
  const names = HANDLED_BY.get(event.name);
  if (names === undefined) return state;
  let next: EngineState | null = null;
  for (const name of names) {
    const after = isParted(name)
      ? foldParted(name, state, next ?? state, event)
      : foldView(name, state, event);
    if (after !== state[name]) {
      next ??= { ...state };
      put<EngineState, typeof name>(next, name, after);
    }
  }
  return next ?? state;
}

function foldParted<K extends PartedName>(
  name: K,
  state: PartedStates,
  sofar: PartedStates,
  event: EngineEvent,
): PartedStates[K] {
  const def = PARTED_TABLE[name];
  const gate = def.after?.[event.name as EventName];
  if (gate !== undefined && isPartedName(gate) && sofar[gate] === state[gate]) return state[name];
  return def.fold(state[name], event);
}

function foldView<K extends ViewName>(
  name: K,
  states: ViewStates,
  event: EngineEvent,
): ViewStates[K] {
  return foldWith(VIEW_TABLE[name].table, states[name], event);
}

/** A projection's view of its state. */
export function viewOf<K extends ViewName>(name: K, states: ViewStates): Views[K] {
  return VIEW_TABLE[name].view(states[name]);
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
