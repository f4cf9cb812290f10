// The per-event trace of an exported log (format 2; issue 47, ADR 0077): after each event, the
// change it made to each projection it changed, as a JSON delta (jsondiffpatch) of that
// projection's value. The writer computes it by folding the file's masked events from its start
// state, exactly as a replay does, with the code that wrote the file; a replay with other code
// (`npm run replay -- FILE --diff`, first-difference.ts) folds the same events, compares its own
// deltas with the recorded ones and, where they differ, rebuilds the recorded value from them.
//
// Deltas are taken between the projections' values as the state holds them: an unchanged bar,
// level or trade is the same object on both sides, so a delta costs what the event changed, not
// the size of the projection.
//
// Invariants (trace.test.ts):
//   T1 rebuilds: patching the recorded deltas onto the start state's values gives, at every
//      event, the canonical value of the folded state.
//   T2 finds: a fold that differs from the writer's at an event is found at that event.
import { create } from 'jsondiffpatch';
import type { Delta } from 'jsondiffpatch';
import type { EngineEvent } from '../events.ts';
import { foldEngine } from '../store.ts';
import type { EngineState } from '../store.ts';
import { PROJECTIONS, projectionValue } from './codec.ts';
import type { ProjectionName } from './codec.ts';

export type { Delta };

/** What an event line of a traced file carries besides the event. */
export interface EventTrace {
  /** The deltas of the projections the event changed (absent: none changed). */
  d?: Partial<Record<ProjectionName, Delta>>;
  /** The writer's own fold failed here (its message); no event after it is traced. */
  broken?: string;
}

export type Fold = (state: EngineState, event: EngineEvent) => EngineState;

/** Array items are matched by their key: a level's price, a trade's or order's id, a bar's time. */
function objectHash(item: object): string | undefined {
  if (Array.isArray(item)) return typeof item[0] === 'string' ? item[0] : undefined;
  const { id, time } = item as { id?: unknown; time?: unknown };
  const key = id ?? time;
  return typeof key === 'string' || typeof key === 'number' ? String(key) : undefined;
}

/** Removed and replaced values are left out (a patch needs only the new ones). */
export const differ = create({
  objectHash,
  arrays: { detectMove: false },
  omitRemovedValues: true,
});

/** The object a projection's value is made from (its identity says whether it changed). */
function sourceOf(state: EngineState, name: ProjectionName): unknown {
  const [owner, part] = name.split('.') as [keyof EngineState, string | undefined];
  const value: unknown = state[owner];
  return part === undefined ? value : (value as Record<string, unknown>)[part];
}

/**
 * A delta as JSON keeps it: an object member added or set to `undefined` is a member removed
 * (JSON and the canonical form leave such members out).
 */
export function jsonDelta(delta: Delta): Delta {
  if (typeof delta !== 'object' || delta === null || Array.isArray(delta)) return delta;
  const isArray = (delta as { _t?: unknown })._t === 'a';
  const out: Record<string, Delta> = {};
  for (const [key, d] of Object.entries(delta as Record<string, Delta>)) {
    if (Array.isArray(d) && !isArray && d.length === 1 && d[0] === undefined) continue;
    out[key] =
      Array.isArray(d) && !isArray && d.length === 2 && d[1] === undefined
        ? [0, 0, 0]
        : jsonDelta(d);
  }
  return out as Delta;
}

/** Each projection's value as the state holds it, and what an event changed in it. */
export class ProjectionTrack {
  private readonly sources = new Map<ProjectionName, unknown>();
  private readonly values = new Map<ProjectionName, unknown>();

  constructor(
    state: EngineState,
    /** The projections followed (a recording's: those its start state names). */
    readonly names: readonly ProjectionName[] = PROJECTIONS,
  ) {
    for (const name of names) {
      this.sources.set(name, sourceOf(state, name));
      this.values.set(name, projectionValue(state, name));
    }
  }

  value(name: ProjectionName): unknown {
    return this.values.get(name);
  }

  /** Moves to `state`; the delta of each projection whose value changed. */
  step(state: EngineState): Map<ProjectionName, Delta> {
    const out = new Map<ProjectionName, Delta>();
    for (const name of this.names) {
      const source = sourceOf(state, name);
      if (source === this.sources.get(name)) continue;
      const value = projectionValue(state, name);
      const delta = differ.diff(this.values.get(name), value);
      this.sources.set(name, source);
      this.values.set(name, value);
      if (delta !== undefined) out.set(name, jsonDelta(delta));
    }
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
