// A loaded recording, ready to be replayed and sought (issue 5, budget B9). Loading folds every
// event once through the engine's own projections (foldEngine), keeps the state at the start of
// every block the reader hands over (about BLOCK_BYTES of lines, ≈ 2,000 events of a busy
// market) as a checkpoint (states are persistent values: a checkpoint is a reference, it
// shares everything unchanged with its neighbours), and keeps each block's lines as bytes. The state after any event is then the nearest checkpoint plus
// at most one block of parsing and folding. seq, time, kind and name of every event sit in
// typed columns, so the event list and its filter never parse a line.
import { DepthHeat } from '../heat/depth-heat.ts';
import type { LogEvent, LogKind } from '../../shared/log-event.ts';
import type { EngineEvent } from '../events.ts';
import { foldEngine } from '../store.ts';
import type { EngineState } from '../store.ts';
import { decodeState, StateDocError } from './codec.ts';
import { differingHashes, hashState } from './hash.ts';
import type { ProjectionHashes } from './hash.ts';
import { readExport, ReplayFileError, TRACE_LINE } from './format.ts';
import type { ExportHeader } from './format.ts';
import type { ProjectionName } from './codec.ts';

/** Parsed blocks kept (seeking back and forth near the cursor parses nothing). */
const BLOCK_CACHE = 4;
const KIND_LIST: readonly LogKind[] = ['push', 'reply', 'command', 'system'];

export interface LoadOptions {
  /** Compressed bytes read so far, of the file's size. */
  onProgress?(done: number, total: number): void;
  pause?(): Promise<void>;
  /** Decompressed bytes per block (tests use small blocks). */
  blockBytes?: number;
}

export interface ReplaySession {
  readonly header: ExportHeader;
  readonly count: number;
  /** Distinct event names, in order of first appearance (ids of `nameId`). */
  readonly names: readonly string[];
  readonly finalHashes: ProjectionHashes;
  /** Projections whose final hash differs from the header's (empty: the recording is reproduced). */
  readonly mismatches: readonly ProjectionName[];
  seq(index: number): number;
  at(index: number): number;
  kind(index: number): LogKind;
  nameId(index: number): number;
  /** The whole event at `index` (parsed from its block). */
  event(index: number): LogEvent;
  /** The state after event `index`; -1 is the state before the first event. */
  stateAfter(index: number): EngineState;
  /** Index of the last event with seq ≤ `seq` (-1 when none). */
  indexOfSeq(seq: number): number;
  /** Index of the last event with time ≤ `ms` (-1 when none). */
  indexAtTime(ms: number): number;
  /** Indexes of the events whose name is in `nameIds`, in order. */
  filter(nameIds: ReadonlySet<number>): Int32Array;
  /** The watched pair's book sampled as the recording was folded (the depth heatmap's). */
  readonly heat: DepthHeat;
}

export async function loadReplay(
  bytes: Uint8Array,
  options: LoadOptions = {},
): Promise<ReplaySession> {
  const builder = new SessionBuilder();
  const header = await readExport(bytes, {
    header: (h) => builder.start(h),
    blockStart: () => builder.blockStart(),
    event: (event, lineNo) => builder.add(event, lineNo),
    blockEnd: (lines) => builder.blockEnd(lines),
    ...(options.blockBytes === undefined ? {} : { blockBytes: options.blockBytes }),
    ...(options.onProgress === undefined ? {} : { progress: options.onProgress }),
    ...(options.pause === undefined ? {} : { pause: options.pause }),
  });
  return builder.finish(header);
}

class Column<T extends Float64Array | Uint16Array | Uint8Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}

  push(value: number): void {
    if (this.length === this.data.length) {
      const next = this.make(Math.max(1024, this.data.length * 2));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length] = value;
    this.length += 1;
  }
}

class SessionBuilder {
  private state: EngineState | null = null;
  private readonly checkpoints: EngineState[] = [];
  private readonly blocks: Uint8Array[] = [];
  /** Index of each block's first event. */
  private readonly firsts: number[] = [];
  private readonly seqs = new Column(new Float64Array(0), (n) => new Float64Array(n));
  private readonly ats = new Column(new Float64Array(0), (n) => new Float64Array(n));
  private readonly nameIds = new Column(new Uint16Array(0), (n) => new Uint16Array(n));
  private readonly kinds = new Column(new Uint8Array(0), (n) => new Uint8Array(n));
  private readonly names: string[] = [];
  private readonly nameIndex = new Map<string, number>();
  private startState: EngineState | null = null;
  private readonly heat = new DepthHeat();

  start(header: ExportHeader): void {
    try {
      this.startState = decodeState(header.start.state);
    } catch (error) {
      if (error instanceof StateDocError)
        throw new ReplayFileError('bad-header', { field: 'start' }, error.message);
      throw error;
    }
    this.state = this.startState;
  }

  blockStart(): void {
    if (this.state === null) throw new ReplayFileError('bad-header', { field: 'start' });
    this.checkpoints.push(this.state);
    this.firsts.push(this.seqs.length);
  }

  blockEnd(lines: Uint8Array): void {
    this.blocks.push(lines);
  }

  add(event: EngineEvent, lineNo: number): void {
    const state = this.state;
    if (state === null) throw new ReplayFileError('bad-header', { field: 'start' });
    try {
      this.state = foldEngine(state, event);
    } catch (error) {
      throw new ReplayFileError(
        'fold-failed',
        { line: lineNo, seq: event.seq, name: event.name },
        error instanceof Error ? error.message : String(error),
      );
    }
    this.heat.add(event.at, this.state);
    this.seqs.push(event.seq);
    this.ats.push(event.at);
    this.kinds.push(KIND_LIST.indexOf(event.kind));
    this.nameIds.push(this.idOf(event.name));
  }

  async finish(header: ExportHeader): Promise<ReplaySession> {
    const start = this.startState;
    const final = this.state;
    if (start === null || final === null) throw new ReplayFileError('empty');
    const finalHashes = await hashState(final);
    return new LoadedSession(
      header,
      {
        seqs: this.seqs.data.subarray(0, this.seqs.length),
        ats: this.ats.data.subarray(0, this.ats.length),
        nameIds: this.nameIds.data.subarray(0, this.nameIds.length),
        kinds: this.kinds.data.subarray(0, this.kinds.length),
      },
      this.names,
      start,
      this.checkpoints,
      this.blocks,
      this.firsts,
      finalHashes,
      differingHashes(finalHashes, header.hashes),
      this.heat,
    );
  }

  private idOf(name: string): number {
    let id = this.nameIndex.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.nameIndex.set(name, id);
    }
    return id;
  }
}

interface Columns {
  seqs: Float64Array;
  ats: Float64Array;
  nameIds: Uint16Array;
  kinds: Uint8Array;
}

class LoadedSession implements ReplaySession {
  readonly count: number;
  private readonly cache = new Map<number, EngineEvent[]>();
  private readonly decoder = new TextDecoder();
  /** The last state computed (stepping forward from it folds one event). */
  private cursor: { index: number; state: EngineState } | null = null;

  constructor(
    readonly header: ExportHeader,
    private readonly columns: Columns,
    readonly names: readonly string[],
    private readonly start: EngineState,
    private readonly checkpoints: readonly EngineState[],
    private readonly blocks: readonly Uint8Array[],
    private readonly firsts: readonly number[],
    readonly finalHashes: ProjectionHashes,
    readonly mismatches: readonly ProjectionName[],
    readonly heat: DepthHeat,
  ) {
    this.count = columns.seqs.length;
  }

  seq = (index: number): number => this.columns.seqs[index] ?? NaN;
  at = (index: number): number => this.columns.ats[index] ?? NaN;
  kind = (index: number): LogKind => KIND_LIST[this.columns.kinds[index] ?? 0] ?? 'push';
  nameId = (index: number): number => this.columns.nameIds[index] ?? 0;

  event(index: number): EngineEvent {
    this.check(index);
    const b = lastAtMost(this.firsts, index);
    const event = this.blockEvents(b)[index - (this.firsts[b] ?? 0)];
    if (event === undefined) throw new RangeError(`event ${index} is not in its block`);
    return event;
  }

  stateAfter(index: number): EngineState {
    if (index < 0) return this.start;
    this.check(index);
    const c = this.cursor;
    let from: { index: number; state: EngineState };
    const b = lastAtMost(this.firsts, index);
    const first = this.firsts[b] ?? 0;
    const checkpoint = this.checkpoints[b];
    if (checkpoint === undefined) throw new RangeError(`no checkpoint for block ${b}`);
    // forward from the cursor when it is in the same block and not past the target
    if (c !== null && c.index <= index && c.index >= first - 1) from = c;
    else from = { index: first - 1, state: checkpoint };
    let state = from.state;
    for (let i = from.index + 1; i <= index; i += 1) state = foldEngine(state, this.event(i));
    this.cursor = { index, state };
    return state;
  }

  indexOfSeq(seq: number): number {
    return lastAtMost(this.columns.seqs, seq);
  }

  indexAtTime(ms: number): number {
    return lastAtMost(this.columns.ats, ms);
  }

  filter(nameIds: ReadonlySet<number>): Int32Array {
    const ids = this.columns.nameIds;
    let n = 0;
    for (let i = 0; i < ids.length; i += 1) if (nameIds.has(ids[i] ?? -1)) n += 1;
    const out = new Int32Array(n);
    let k = 0;
    for (let i = 0; i < ids.length; i += 1) if (nameIds.has(ids[i] ?? -1)) out[k++] = i;
    return out;
  }

  private check(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.count)
      throw new RangeError(`event index ${index} outside 0..${this.count - 1}`);
  }

  /** A block's events, parsed again from the bytes that were checked line by line on loading. */
  private blockEvents(b: number): EngineEvent[] {
    const cached = this.cache.get(b);
    if (cached !== undefined) {
      this.cache.delete(b);
      this.cache.set(b, cached);
      return cached;
    }
    const bytes = this.blocks[b];
    if (bytes === undefined) throw new RangeError(`no block ${b}`);
    const text = this.decoder.decode(bytes);
    const events: EngineEvent[] = [];
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      // the same line checkEvent accepted when the file was read (its schema, its seq order);
      // a trace line is not an event (format 2)
      if (!text.startsWith(TRACE_LINE, start))
        events.push(JSON.parse(text.slice(start, nl)) as EngineEvent);
      start = nl + 1;
    }
    this.cache.set(b, events);
    if (this.cache.size > BLOCK_CACHE) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return events;
  }
}

/** Index of the last element ≤ value in an ascending array (-1 when none). */
export function lastAtMost(values: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] ?? Infinity) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
