// The per-event trace of an exported log (format 2; issue 47, ADR 0077): after each event, the
// change it made to each projection it changed, as a JSON delta of that projection's value. The
// writer computes it by folding the file's masked events from its start state, exactly as a
// replay does, with the code that wrote the file; a replay with other code
// (`npm run replay -- FILE --diff`, first-difference.ts) folds the same events, compares its own
// deltas with the recorded ones and, where they differ, rebuilds the recorded value from them.
//
// Deltas are taken between the projections' values as the state holds them, by identity: an
// unchanged bar, trade or order is the same object before and after, so a delta costs what the
// event changed, not the size of the projection. jsondiffpatch's array diff (a longest common
// subsequence) cost 2.4 ms an event on the chart's 2,000 bars once they shift (49 s for 20,000
// F-busy events); this one is linear: an array's delta is splices between its common head and
// tail, its items matched by key (a level's price, an id, a bar's time) in one walk.
//
// A delta is one of: {s: value} the value set; {x: 1} the member removed; {o: {key: delta}} an
// object's members; {a: [[start, deleteCount, items], …]} an array's splices, in order.
//
// Invariants (trace.test.ts):
//   T1 rebuilds: patching the recorded deltas onto the start state's values gives, at every
//      event, the canonical value of the folded state.
//   T2 finds: a fold that differs from the writer's at an event is found at that event.
//   T3 patch(diff(a, b)) equals b, as JSON, for any two JSON-like values.
import type { EngineEvent } from '../events.ts';
import { foldEngine } from '../store.ts';
import type { EngineState } from '../store.ts';
import { PROJECTIONS, projectionValue } from './codec.ts';
import type { ProjectionName } from './codec.ts';
import type { BookLevel } from '../event-shapes.ts';
import type { BookState } from '../projections/book/book.ts';
import type { BookSide, Chunk } from '../projections/book/sorted-side.ts';

export type Splice = [start: number, deleteCount: number, items: unknown[]];
export type Delta = { s: unknown } | { x: 1 } | { o: Record<string, Delta> } | { a: Splice[] };

/** What a trace line carries besides the event's seq order. */
export interface EventTrace {
  /** The deltas of the projections the event changed (absent: none changed). */
  d?: Partial<Record<ProjectionName, Delta>>;
  /** The writer's own fold failed here (its message); no event after it is traced. */
  broken?: string;
}

export type Fold = (state: EngineState, event: EngineEvent) => EngineState;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A member of the object itself (never one of its prototype's, such as `toString`). */
const own = (record: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/** The same item: the same object, or a book level ([price, amount]) of the same strings. */
function same(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length || x.length > 4) return false;
  return x.every((v, i) => typeof v !== 'object' && v === y[i]);
}

/** What an array item is matched by: a level's price, an id, a bar's time (undefined: none). */
export function keyOf(item: unknown): unknown {
  if (Array.isArray(item)) return typeof item[0] === 'string' ? item[0] : undefined;
  if (!isRecord(item)) return item;
  return item['id'] ?? item['time'];
}

/** How `b` differs from `a` (undefined: not at all). */
export function diffValues(a: unknown, b: unknown): Delta | undefined {
  if (a === b) return undefined;
  if (b === undefined) return { x: 1 };
  if (Array.isArray(a) && Array.isArray(b)) {
    const splices = arraySplices(a, b);
    return splices.length === 0 ? undefined : { a: splices };
  }
  if (isRecord(a) && isRecord(b)) return diffMembers(a, b);
  const bothNaN = typeof a === 'number' && Number.isNaN(a) && Number.isNaN(b);
  return bothNaN ? undefined : { s: b };
}

function diffMembers(a: Record<string, unknown>, b: Record<string, unknown>): Delta | undefined {
  const members: Record<string, Delta> = {};
  let changed = false;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const d = diffValues(own(a, key), own(b, key));
    if (d !== undefined) {
      members[key] = d;
      changed = true;
    }
  }
  return changed ? { o: members } : undefined;
}

function arraySplices(a: readonly unknown[], b: readonly unknown[]): Splice[] {
  // `===` first: the folds keep unchanged items, so most of a long array is the same objects
  let head = 0;
  while (head < a.length && head < b.length && (a[head] === b[head] || same(a[head], b[head])))
    head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head) {
    const x = a[a.length - 1 - tail];
    const y = b[b.length - 1 - tail];
    if (x !== y && !same(x, y)) break;
    tail += 1;
  }
  return mergeSplices(a.slice(head, a.length - tail), b.slice(head, b.length - tail), head);
}

/**
 * The splices that turn `a` into `b`, both between a common head (at `at`) and tail, walked
 * once side by side: an item of `a` whose key `b` has stays (replaced when it changed) and what
 * comes before it in `b` is inserted; one whose key `b` has not is removed. The book's sides, the
 * bars and the trades keep their keys in order, so this is as short as a longest common
 * subsequence; any order gives the right result, only longer.
 */
function mergeSplices(a: readonly unknown[], b: readonly unknown[], at: number): Splice[] {
  const out: Splice[] = [];
  const keys = new Set(b.map(keyOf));
  let open: Splice | null = null;
  const edit = (pos: number): Splice => {
    if (open === null) {
      open = [pos, 0, []];
      out.push(open);
    }
    return open;
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const key = i < a.length ? keyOf(a[i]) : undefined;
    if (i < a.length && j < b.length && key !== undefined && key === keyOf(b[j])) {
      if (same(a[i], b[j])) open = null;
      else {
        const e = edit(at + j);
        e[1] += 1;
        e[2].push(b[j]);
      }
      i += 1;
      j += 1;
    } else if (j < b.length && (i >= a.length || (key !== undefined && keys.has(key)))) {
      edit(at + j)[2].push(b[j]);
      j += 1;
    } else {
      edit(at + j)[1] += 1;
      i += 1;
    }
  }
  return out;
}

/** `value` with `delta` applied (arrays and objects of a rebuilt value are changed in place). */
export function patchValue(value: unknown, delta: Delta): unknown {
  if ('s' in delta) return delta.s;
  if ('x' in delta) return undefined;
  if ('a' in delta) {
    const list = Array.isArray(value) ? value : [];
    for (const [start, count, items] of delta.a) list.splice(start, count, ...items);
    return list;
  }
  const record = isRecord(value) ? value : {};
  for (const [key, d] of Object.entries(delta.o)) {
    const next = patchValue(own(record, key), d);
    if (next === undefined) delete record[key];
    // a member of its own, whatever its name ("__proto__" from a file included)
    else
      Object.defineProperty(record, key, {
        value: next,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return record;
}

/** Where each projection's object sits in the state: its owner and, for a part, its name. */
const PATHS = Object.fromEntries(
  PROJECTIONS.map((n) => [n, n.split('.') as [keyof EngineState, string | undefined]]),
) as Record<ProjectionName, [keyof EngineState, string | undefined]>;

/** The object a projection's value is made from (its identity says whether it changed). */
function sourceOf(state: EngineState, name: ProjectionName): unknown {
  const [owner, part] = PATHS[name];
  const value: unknown = state[owner];
  return part === undefined ? value : (value as Record<string, unknown>)[part];
}

/**
 * How the book changed. Its value writes each side as levels, which a change of one level would
 * have to write and compare whole; its sides are chunked and persistent (sorted-side.ts), so
 * only the levels of the chunks that changed are compared.
 */
function bookDelta(a: BookState, b: BookState): Delta | undefined {
  const { bids: aBids, asks: aAsks, ...aRest } = a;
  const { bids: bBids, asks: bAsks, ...bRest } = b;
  const rest = diffValues(aRest, bRest);
  const members: Record<string, Delta> = rest !== undefined && 'o' in rest ? { ...rest.o } : {};
  const bids = sideDelta(aBids, bBids);
  const asks = sideDelta(aAsks, bAsks);
  if (bids !== undefined) members['bids'] = bids;
  if (asks !== undefined) members['asks'] = asks;
  return Object.keys(members).length === 0 ? undefined : { o: members };
}

function sideDelta(a: BookSide, b: BookSide): Delta | undefined {
  if (a === b) return undefined;
  const x = a.chunks;
  const y = b.chunks;
  let head = 0;
  let offset = 0;
  while (head < x.length && head < y.length && x[head] === y[head]) {
    offset += x[head]?.levels.length ?? 0;
    head += 1;
  }
  let tail = 0;
  while (
    tail < x.length - head &&
    tail < y.length - head &&
    x[x.length - 1 - tail] === y[y.length - 1 - tail]
  )
    tail += 1;
  const levels = (chunks: readonly Chunk[]): BookLevel[] =>
    chunks.flatMap((c) => c.levels.map((l): BookLevel => [l.price, l.amount]));
  const splices = arraySplices(
    levels(x.slice(head, x.length - tail)),
    levels(y.slice(head, y.length - tail)),
  ).map(([start, count, items]): Splice => [start + offset, count, items]);
  return splices.length === 0 ? undefined : { a: splices };
}

/** A projection's value in `state`: the part of the state itself, the book written as levels. */
export const valueIn = (state: EngineState, name: ProjectionName): unknown =>
  name === 'spot.book' ? projectionValue(state, name) : sourceOf(state, name);

/** Each projection's value as the state holds it, and what an event changed in it. */
export class ProjectionTrack {
  private state: EngineState;

  constructor(
    state: EngineState,
    /** The projections followed (a recording's: those its start state names). */
    readonly names: readonly ProjectionName[] = PROJECTIONS,
  ) {
    this.state = state;
  }

  /** The state followed now. */
  get current(): EngineState {
    return this.state;
  }

  /** A projection's value now (the book written as levels). */
  value(name: ProjectionName): unknown {
    return valueIn(this.state, name);
  }

  /** Moves to `state`; the delta of each projection whose value changed. */
  step(state: EngineState): Map<ProjectionName, Delta> {
    const out = new Map<ProjectionName, Delta>();
    for (const name of this.names) {
      const before = sourceOf(this.state, name);
      const after = sourceOf(state, name);
      if (before === after) continue;
      const delta =
        name === 'spot.book'
          ? bookDelta(before as BookState, after as BookState)
          : diffValues(before, after);
      if (delta !== undefined) out.set(name, delta);
    }
    this.state = state;
    return out;
  }
}

/** The writer's side: folds each (masked) event and says what it changed. */
export class Tracer {
  private state: EngineState;
  private readonly track: ProjectionTrack;
  private broken = false;

  constructor(
    start: EngineState,
    private readonly fold: Fold = foldEngine,
  ) {
    this.state = start;
    this.track = new ProjectionTrack(start);
  }

  /** The trace of `event` (null: nothing changed, or tracing stopped at an earlier event). */
  step(event: EngineEvent): EventTrace | null {
    if (this.broken) return null;
    try {
      this.state = this.fold(this.state, event);
    } catch (error) {
      this.broken = true;
      return { broken: error instanceof Error ? error.message : String(error) };
    }
    const deltas = this.track.step(this.state);
    return deltas.size === 0 ? null : { d: Object.fromEntries(deltas) };
  }
}
