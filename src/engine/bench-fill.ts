// Benchmarks only (BUDGETS B10, ADR 0011): make the event log look like one hour of use by
// appending copies of what it already holds, through the real writer (same seq assignment,
// batching, chunking and retention as live events). Copies are logged, not folded: a log that
// history filled, not state the projections have seen. Checkpoints are taken on the live
// engine's schedule (every CHECKPOINT_EVENTS), of the live state, and none after the last
// copies, so a start-up folds a tail as long as a real one can be (B10 measures it).
import { APP_VERSION } from '../shared/version.ts';
import { CHECKPOINT_EVENTS } from './log/checkpoints.ts';
import type { EventLog } from './log/event-log.ts';
import { encodeState } from './replay/codec.ts';
import type { EngineState } from './store.ts';

/** Events read back as the pattern to repeat. */
const SAMPLE = 5_000;
/** Flush every this many appends so that the queue never holds the whole fill. */
const FLUSH_EVERY = 2_000;

/** Appends `count` events (copies of the stored ones, in order, repeated); resolves when written. */
export async function fillLogForBench(
  log: EventLog,
  count: number,
  state: () => EngineState,
): Promise<number> {
  const sample = await log.read(0, SAMPLE);
  if (sample.length === 0) return 0;
  for (let i = 0; i < count; i++) {
    const { at, kind, name, body } = sample[i % sample.length] as (typeof sample)[number];
    const logged = log.append({ at, kind, name, body });
    if ((i + 1) % CHECKPOINT_EVENTS === 0 && count - i > CHECKPOINT_EVENTS)
      log.checkpoint({ seq: logged.seq, at, app: APP_VERSION, state: encodeState(state()) });
    if ((i + 1) % FLUSH_EVERY === 0) await log.flush();
  }
  await log.flush();
  return count;
}
