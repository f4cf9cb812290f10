// Engine state as plain JSON and back (checkpoints in the log, the start state of an exported
// file), and the per-projection values that projection hashes and `--print` are taken from.
// Everything in EngineState is plain data except the book sides (persistent chunked lists,
// sorted-side.ts), which are written as their levels, best first, and rebuilt on decode, so a
// document does not depend on how a side happened to be chunked.
import { isLevels, isObject } from '../event-shapes.ts';
import type { BookLevel } from '../event-shapes.ts';
import { initialBookState } from '../projections/book/book.ts';
import type { BookState } from '../projections/book/book.ts';
import { levelsOf, sideFromLevels } from '../projections/book/sorted-side.ts';
import { initialChartState } from '../projections/chart.ts';
import { initialMarketState } from '../projections/market.ts';
import { initialSessionState } from '../projections/session.ts';
import { initialOrdersState } from '../projections/spot-orders.ts';
import { initialSpotViewState } from '../projections/spot-view.ts';
import { initialTradesState } from '../projections/trades.ts';
import {
  initialViewStates,
  isPartedName,
  isViewName,
  PARTED_NAMES,
  VIEW_NAMES,
} from '../projections/registry.ts';
import type { PartedName, PartedStates, ViewName, ViewStates } from '../projections/registry.ts';
import type { SpotState } from '../projections/spot.ts';
import type { EngineState } from '../store.ts';

import { PROJECTION_NAMES } from '../api.ts';
import type { ProjectionName, StateDoc } from '../api.ts';

/** The projections, in the order hashes and documents list them. */
export const PROJECTIONS = PROJECTION_NAMES;
export type { ProjectionName, StateDoc };

/** A book as written: sides as [price, amount] levels, best first. */
export type BookDoc = Omit<BookState, 'bids' | 'asks'> & { bids: BookLevel[]; asks: BookLevel[] };

export const isProjectionName = (name: string): name is ProjectionName =>
  (PROJECTIONS as readonly string[]).includes(name);

/** How each parted projection is written as documents and read back (one hash per document). */
const PARTED_DOCS: {
  readonly [K in PartedName]: {
    encode(state: PartedStates[K]): Partial<StateDoc>;
    decode(doc: Record<string, unknown>): PartedStates[K];
  };
} = {
  session: {
    encode: (session) => ({ session }),
    decode: (doc) => part(doc, 'session', initialSessionState),
  },
  market: {
    encode: (market) => ({ market }),
    decode: (doc) => part(doc, 'market', initialMarketState),
  },
  spot: { encode: encodeSpot, decode: decodeSpot },
};

function encodeSpot(spot: SpotState): Partial<StateDoc> {
  const { book } = spot;
  const bookDoc: BookDoc = { ...book, bids: levelsOf(book.bids), asks: levelsOf(book.asks) };
  return {
    'spot.view': spot.view,
    'spot.book': bookDoc,
    'spot.trades': spot.trades,
    'spot.chart': spot.chart,
    'spot.orders': spot.orders,
  };
}

function decodeSpot(doc: Record<string, unknown>): SpotState {
  const book = part(doc, 'spot.book', initialBookState as unknown as Record<string, unknown>);
  return {
    view: part(doc, 'spot.view', initialSpotViewState),
    book: {
      ...(book as unknown as BookState),
      bids: sideFromLevels(levelList(book.bids, 'bids'), 'bid'),
      asks: sideFromLevels(levelList(book.asks, 'asks'), 'ask'),
    },
    trades: part(doc, 'spot.trades', initialTradesState),
    chart: part(doc, 'spot.chart', initialChartState),
    orders: part(doc, 'spot.orders', initialOrdersState),
  };
}

function encodeParted<K extends PartedName>(name: K, state: PartedStates): Partial<StateDoc> {
  return PARTED_DOCS[name].encode(state[name]);
}

export function encodeState(state: EngineState): StateDoc {
  const parted: Partial<StateDoc> = {};
  for (const name of PARTED_NAMES) Object.assign(parted, encodeParted(name, state));
  // every parted projection wrote its documents, and the views theirs
  return { ...parted, ...viewStatesOf(state) } as StateDoc;
}

/** The view projections' states: plain data, written as they are. */
function viewStatesOf(state: EngineState): ViewStates {
  const out = { ...initialViewStates };
  for (const name of VIEW_NAMES) copyState(out, state, name);
  return out;
}

function copyState<K extends ViewName>(to: ViewStates, from: ViewStates, name: K): void {
  to[name] = from[name];
}

/** One projection's value (what its hash is taken over). */
export function projectionValue(state: EngineState, name: ProjectionName): unknown {
  if (isViewName(name)) return state[name];
  // a parted projection's document is named after it ("market") or its part ("spot.book")
  const owner = name.split('.')[0] ?? name;
  if (!isPartedName(owner)) throw new RangeError(`no projection writes ${name}`);
  return encodeParted(owner, state)[name];
}

export class StateDocError extends Error {}

/**
 * Engine state from a document. Each projection is taken over its initial state field by field,
 * so a document written before a field existed still decodes; a part that is not an object, or
 * book sides that are not level lists, throw StateDocError.
 */
export function decodeState(doc: unknown): EngineState {
  if (!isObject(doc)) throw new StateDocError('the state is not an object');
  return {
    session: PARTED_DOCS.session.decode(doc),
    market: PARTED_DOCS.market.decode(doc),
    spot: PARTED_DOCS.spot.decode(doc),
    ...decodeViewStates(doc),
  };
}

/** The view projections' states, each over its initial state field by field. */
function decodeViewStates(doc: Record<string, unknown>): ViewStates {
  const out = { ...initialViewStates };
  for (const name of VIEW_NAMES) decodeOne(out, doc, name);
  return out;
}

function decodeOne<K extends ViewName>(
  to: ViewStates,
  doc: Record<string, unknown>,
  name: K,
): void {
  to[name] = part(doc, name, initialViewStates[name]);
}

function part<T extends object>(doc: Record<string, unknown>, name: ProjectionName, initial: T): T {
  const value = doc[name];
  if (value === undefined) return initial;
  if (!isObject(value)) throw new StateDocError(`projection ${name} is not an object`);
  return { ...initial, ...value } as T;
}

function levelList(value: unknown, what: string): BookLevel[] {
  if (value === undefined) return [];
  if (!isLevels(value)) throw new StateDocError(`book ${what} are not [price, amount] levels`);
  return value;
}
