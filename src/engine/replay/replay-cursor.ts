// The replay's cursor (issue 5): the loaded recording, the index of the last event applied and
// the state after it. Moving it asks the session for the state there (its checkpoints make any
// index a short fold, replay-session.ts) and hands the old and new state to `moved` (the frames'
// marks), so the page is sent only what changed. Projections at the cursor are read here too.
import type { ProjectionName } from '../api.ts';
import type { EngineState } from '../store.ts';
import { projectionValue } from './codec.ts';
import { hashValue } from './hash.ts';
import type { ReplaySession } from './replay-session.ts';

/** Where the cursor stands: -1 is the start state, before the first event of the file. */
export interface CursorPosition {
  index: number;
  seq: number;
  at: number;
}

export class ReplayCursor {
  private loadedSession: ReplaySession | null = null;
  private state: EngineState | null = null;
  private eventIndex = -1;

  constructor(private readonly moved: (previous: EngineState, next: EngineState) => void) {}

  /** The index of the last event applied (-1: the start state). */
  get index(): number {
    return this.eventIndex;
  }

  /** A recording has been loaded: there is a state at the cursor. */
  get loaded(): boolean {
    return this.state !== null;
  }

  session(): ReplaySession {
    if (this.loadedSession === null) throw new Error('no replay loaded');
    return this.loadedSession;
  }

  /** The state after the event at the cursor. */
  current(): EngineState {
    if (this.state === null) throw new Error('no replay loaded');
    return this.state;
  }

  /** A new recording, the cursor at its last event (the frames are reset, not marked). */
  load(session: ReplaySession): void {
    this.loadedSession = session;
    this.eventIndex = session.count - 1;
    this.state = session.stateAfter(this.eventIndex);
  }

  position(): CursorPosition {
    const s = this.session();
    const index = this.eventIndex;
    return {
      index,
      seq: index < 0 ? s.header.start.seq : s.seq(index),
      at: index < 0 ? s.header.start.at : s.at(index),
    };
  }

  /** Moves to `target`, clamped to -1 … the last event. */
  moveTo(target: number): void {
    const s = this.session();
    const next = Math.max(-1, Math.min(s.count - 1, Math.trunc(target)));
    const previous = this.current();
    this.eventIndex = next;
    this.state = s.stateAfter(next);
    if (this.state !== previous) this.moved(previous, this.state);
  }

  /** A projection's state at the cursor, and its hash. */
  async projection(name: ProjectionName): Promise<{ state: unknown; hash: string }> {
    const value = projectionValue(this.current(), name);
    return { state: value, hash: await hashValue(value) };
  }
}
