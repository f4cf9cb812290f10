// A change planted in a reducer, for the tests of the first difference (issue 47, ADR 0077):
// a recording written with it stands for one made by an older version with a bug, and the code
// at hand must name the first event where the two folds part.
import { PROJECTIONS, projectionValue } from '../replay/codec.ts';
import type { ProjectionName } from '../replay/codec.ts';
import { canonicalJson } from '../replay/hash.ts';
import { loadReplay } from '../replay/replay-session.ts';
import type { Fold } from '../replay/trace.ts';
import { exportEvents } from '../replay/writer.ts';
import type { EngineEvent } from '../events.ts';
import { foldEngine } from '../store.ts';

/** The bug: the book's reducer changes the bids only (a snapshot's or delta's asks are dropped). */
export const dropAsks: Fold = (state, event) => {
  const next = foldEngine(state, event);
  if (next.spot.book === state.spot.book) return next;
  const book = { ...next.spot.book, asks: state.spot.book.asks };
  return { ...next, spot: { ...next.spot, book } };
};

/**
 * A recording written again, its trace by `fold` (its events and start as they were), and the
 * first event where `fold` and the engine's fold give another state.
 */
export async function retraced(
  bytes: Uint8Array,
  fold?: Fold,
): Promise<{ bytes: Uint8Array; events: EngineEvent[]; firstDifference: EngineEvent | undefined }> {
  const session = await loadReplay(bytes);
  // checked as engine events when the file was read
  const events = Array.from({ length: session.count }, (_, i) => session.event(i) as EngineEvent);
  const start = session.stateAfter(-1);
  const end = events.reduce(fold ?? foldEngine, start);
  const at = events[0]?.at ?? 0;
  const out = await exportEvents(
    { seq: session.header.start.seq, at, state: start },
    events,
    end,
    at,
    fold,
  );
  let a = start;
  let b = start;
  const differs = (name: ProjectionName): boolean =>
    canonicalJson(projectionValue(a, name)) !== canonicalJson(projectionValue(b, name));
  const firstDifference =
    fold === undefined
      ? undefined
      : events.find((event) => {
          a = foldEngine(a, event);
          b = fold(b, event);
          return PROJECTIONS.some(differs);
        });
  return { bytes: out, events, firstDifference };
}
