// The first difference (issue 47, ADR 0077): a traced recording (format 2, trace.ts) folded again
// with the code at hand. After each event its own deltas are compared with the recorded ones;
// where they differ, the recorded value is rebuilt from the deltas and compared whole (two
// deltas can say the same thing), and the first event where a projection's value differs stops
// the run with that event and both values: the recorded one and the one folded now. A report
// filed against an old version then says at once whether its bug is still there.
import type { LogEvent } from '../../shared/log-event.ts';
import type { EngineEvent } from '../events.ts';
import { foldEngine } from '../store.ts';
import type { EngineState } from '../store.ts';
import { decodeState, isProjectionName, PROJECTIONS } from './codec.ts';
import type { ProjectionName } from './codec.ts';
import { readExport, ReplayFileError } from './format.ts';
import type { ExportHeader } from './format.ts';
import { canonicalJson, differingHashes, hashState, sha256Hex } from './hash.ts';
import { create } from 'jsondiffpatch';
import { keyOf, patchValue, ProjectionTrack, valueIn } from './trace.ts';
import type { Delta, EventTrace, Fold } from './trace.ts';

/** One projection at the first difference. */
export interface ProjectionDifference {
  /** The value before the event (both folds agreed on it). */
  before: unknown;
  /** After the event, as the recording's code folded it (rebuilt from its deltas). */
  recorded: unknown;
  /** After the event, as the code at hand folds it. */
  now: unknown;
  recordedHash: string;
  nowHash: string;
  /** What differs: the delta from the recorded value to the one folded now (jsondiffpatch's). */
  delta: unknown;
}

export interface FirstDifference {
  /** Index of the event in the file (0: the first event). */
  index: number;
  /** The event, as the file holds it (masked). */
  event: LogEvent;
  /** The code at hand could not fold the event (its message); `projections` is empty then. */
  foldFailed?: string;
  /** The recording's own fold failed at this event (its message): nothing after it is traced. */
  recordedFoldFailed?: string;
  projections: Partial<Record<ProjectionName, ProjectionDifference>>;
}

export interface DiffReport {
  header: ExportHeader;
  /** False for a file without a trace (format 1): only the final hashes are compared. */
  traced: boolean;
  /** Events folded (up to and including the first difference). */
  compared: number;
  difference: FirstDifference | null;
  /** Projections whose hash after the last event differs from the header's (untraced files). */
  finalMismatches: ProjectionName[];
}

/**
 * What differs between the recorded value and this version's, for a person to read
 * (jsondiffpatch: items matched by a level's price, an id or a bar's time; once, at the end).
 */
const describer = create({
  objectHash: (item: object) => {
    const key = keyOf(item);
    return typeof key === 'string' || typeof key === 'number' ? String(key) : undefined;
  },
  arrays: { detectMove: false },
});

/** Thrown to stop reading at the first difference. */
class Found extends Error {}

export interface DiffOptions {
  /** The code at hand's fold (tests plant another). */
  fold?: Fold;
  /** Compressed bytes read so far, of the file's size. */
  onProgress?(done: number, total: number): void;
  /** Awaited between slices (the replay worker stays responsive). */
  pause?(): Promise<void>;
}

export async function firstDifference(
  bytes: Uint8Array,
  options: DiffOptions = {},
): Promise<DiffReport> {
  const run = new DiffRun(options.fold ?? foldEngine);
  let header: ExportHeader | null = null;
  try {
    header = await readExport(bytes, {
      header: (h) => run.start(h),
      trace: (trace, line) => run.trace(trace as EventTrace, line),
      event: (event) => run.event(event),
      ...(options.onProgress === undefined ? {} : { progress: options.onProgress }),
      ...(options.pause === undefined ? {} : { pause: options.pause }),
    });
  } catch (error) {
    if (!(error instanceof Found)) throw error;
  }
  return run.report(header);
}

class DiffRun {
  private header: ExportHeader | null = null;
  /** The code at hand's fold so far, and its projections' values. */
  private now: ProjectionTrack | null = null;
  /** The recorded values, rebuilt from the deltas (JSON values, patched in place). */
  private readonly recorded = new Map<ProjectionName, unknown>();
  private traced = false;
  private compared = 0;
  private found: FirstDifference | null = null;
  private next: EventTrace | null = null;
  /** The line of the trace in `next` (a bad one is named by it). */
  private nextLine = 0;

  constructor(private readonly fold: Fold) {}

  start(header: ExportHeader): void {
    this.header = header;
    this.traced = header.traced === true;
    const state = decodeState(header.start.state);
    // the projections the recording knew: a newer one has nothing to compare with
    const names = PROJECTIONS.filter((n) => header.start.state[n] !== undefined);
    this.now = new ProjectionTrack(state, names);
    for (const name of names) this.recorded.set(name, json(this.now.value(name)));
  }

  /** The trace of the next event (its line comes before the event's). */
  trace(trace: EventTrace, line: number): void {
    this.next = trace;
    this.nextLine = line;
  }

  event(logged: EngineEvent): void {
    const now = this.now;
    if (now === null) return;
    const state = now.current;
    const trace = this.next;
    this.next = null;
    const index = this.compared;
    this.compared += 1;
    let next: EngineState;
    try {
      next = this.fold(state, logged);
    } catch (error) {
      this.stop({ index, event: logged, foldFailed: message(error), projections: {} });
    }
    const deltas = now.step(next);
    if (!this.traced) return;
    if (trace?.broken !== undefined)
      this.stop({ index, event: logged, recordedFoldFailed: trace.broken, projections: {} });
    const differing = this.compare(deltas, trace?.d ?? {});
    if (differing.length > 0)
      this.stop({ index, event: logged, projections: this.describe(differing, state) });
  }

  /** The projections whose value now differs from the recorded one after this event. */
  private compare(
    mine: ReadonlyMap<ProjectionName, Delta>,
    theirs: Partial<Record<string, Delta>>,
  ): ProjectionName[] {
    const names = new Set<ProjectionName>(mine.keys());
    for (const name of Object.keys(theirs)) if (isProjectionName(name)) names.add(name);
    const differing: ProjectionName[] = [];
    for (const name of names) {
      if (!this.recorded.has(name)) continue;
      const recorded = theirs[name];
      if (recorded !== undefined) this.recorded.set(name, this.patched(name, recorded));
      const same = canonicalJson(mine.get(name)) === canonicalJson(recorded);
      if (!same && this.valueOf(name) !== canonicalJson(this.recorded.get(name)))
        differing.push(name);
    }
    return differing;
  }

  /** The recorded value with a recorded delta patched on; a delta that is not one is a bad line. */
  private patched(name: ProjectionName, delta: Delta): unknown {
    try {
      return patchValue(this.recorded.get(name), delta);
    } catch (error) {
      throw new ReplayFileError(
        'bad-event',
        { line: this.nextLine, reason: 'trace' },
        message(error),
      );
    }
  }

  private valueOf(name: ProjectionName): string {
    return canonicalJson(this.now?.value(name));
  }

  private describe(
    names: readonly ProjectionName[],
    before: EngineState,
  ): FirstDifference['projections'] {
    const out: FirstDifference['projections'] = {};
    for (const name of names) {
      const recorded = this.recorded.get(name);
      const now = json(this.now?.value(name));
      out[name] = {
        before: json(valueIn(before, name)),
        recorded,
        now,
        recordedHash: '',
        nowHash: '',
        delta: describer.diff(recorded, now),
      };
    }
    return out;
  }

  private stop(found: FirstDifference): never {
    this.found = found;
    throw new Found();
  }

  async report(header: ExportHeader | null): Promise<DiffReport> {
    const h = header ?? this.header;
    if (h === null) throw new Error('no header read');
    const found = this.found;
    if (found !== null) await hashDifferences(found);
    const finalMismatches =
      found === null && this.now !== null && !this.traced
        ? differingHashes(await hashState(this.now.current), h.hashes)
        : [];
    return {
      header: h,
      traced: this.traced,
      compared: this.compared,
      difference: found,
      finalMismatches,
    };
  }
}

async function hashDifferences(found: FirstDifference): Promise<void> {
  for (const d of Object.values(found.projections)) {
    d.recordedHash = await sha256Hex(canonicalJson(d.recorded));
    d.nowHash = await sha256Hex(canonicalJson(d.now));
  }
}

/** A value as JSON holds it (what a recorded value is rebuilt as). */
const json = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(canonicalJson(value));

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
