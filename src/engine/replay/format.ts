// The exported log file (issue 5): gzipped NDJSON. Line 1 is the header, then one LogEvent per
// line, oldest first, every line ending in "\n". The header carries what a reader needs before
// the first event: the format and its version, the app version, the time and seq range, the
// event count, the state at the start (a checkpoint: the state after event `start.seq`, so a
// file need not begin at the first event ever logged) and the projection hashes after the last
// event, which a replay must reproduce.
// Format 2 (issue 47, ADR 0077) adds the trace: before an event line may come a trace line,
// `{"trace":…}`, what that event changed in each projection (trace.ts); `traced` in the header
// says the writer traced every event. A reader that does not ask for traces skips those lines
// by their first bytes, without parsing them (the replay's load, B9). A format 1 file has none.
//
// Reading is streaming, in blocks of whole lines of about BLOCK_BYTES, each decoded to text once
// (the platform's DecompressionStream where there is one, fflate's Gunzip otherwise), so a file
// of a million events never becomes one string and no line is copied on its own. Every way a file can be wrong is a ReplayFileError with a code the
// page translates: not a log, a newer format, a bad header, a bad event line, or truncated.
import { Gunzip } from 'fflate';
import type { LogEvent, LogKind } from '../../shared/log-event.ts';
import { eventIssue } from '../events.ts';
import type { EngineEvent } from '../events.ts';
import type { Incident } from '../api.ts';
import type { StateDoc } from './codec.ts';
import type { ProjectionHashes } from './hash.ts';

export const LOG_FORMAT = 'bourse-log';
export const LOG_FORMAT_VERSION = 2;
/** How a trace line begins (format 2); an event line begins with its seq. */
export const TRACE_LINE = '{"trace":';

export interface ExportHeader {
  format: typeof LOG_FORMAT;
  version: number;
  /** The app version that wrote the file. */
  app: string;
  exportedAt: number;
  /** Times (ms) of the first and last event; null when the file holds none. */
  from: number | null;
  to: number | null;
  firstSeq: number | null;
  lastSeq: number | null;
  events: number;
  /** The state before the first event: after event `seq` (0: the empty state), at time `at`. */
  start: { seq: number; at: number; state: StateDoc };
  /** Projection hashes after the last event (of the masked state, as a replay computes them). */
  hashes: ProjectionHashes;
  /** Personal identifiers are masked, secrets removed (export-mask.ts). */
  masked: boolean;
  /** Every event line carries what it changed (format 2, trace.ts). */
  traced?: boolean;
  /**
   * A flight recorder's report (issue 47): the invariant that broke and the event where it broke;
   * the file's last event is the `flight.break` that says so.
   */
  incident?: Incident;
}

export type ReplayErrorCode =
  | 'empty'
  | 'not-a-log'
  | 'corrupt'
  | 'newer-version'
  | 'bad-header'
  | 'bad-event'
  | 'truncated'
  | 'fold-failed';

export class ReplayFileError extends Error {
  constructor(
    readonly code: ReplayErrorCode,
    readonly params: Record<string, string | number> = {},
    detail = '',
  ) {
    super(`${code}${detail === '' ? '' : `: ${detail}`}`);
    this.name = 'ReplayFileError';
  }
}

export interface ReadHandlers {
  header(header: ExportHeader): void;
  /** A block of whole event lines begins (the next `event` is its first). */
  blockStart?(): void;
  event(event: EngineEvent, line: number): void;
  /** The trace of the next event (format 2); trace lines are skipped unparsed without it. */
  trace?(trace: Record<string, unknown>, line: number): void;
  /** The block's lines as bytes ("\n"-terminated, the header line excluded; the caller may keep them). */
  blockEnd?(bytes: Uint8Array): void;
  /** Compressed bytes consumed so far, of `total`. */
  progress?(done: number, total: number): void;
  /** Awaited between slices (a worker passes a zero timeout, to stay responsive). */
  pause?(): Promise<void>;
  /** Decompressed bytes per block (tests use small blocks); BLOCK_BYTES by default. */
  blockBytes?: number;
}

const GZIP_MAGIC = [0x1f, 0x8b] as const;
const NEWLINE = 0x0a;
/** Compressed bytes fed per step; between steps the reader yields to the event loop. */
const SLICE = 1 << 20;
/** Decompressed bytes per block of lines (≈ 2,000 events of a busy market). */
export const BLOCK_BYTES = 1 << 20;
const KINDS: ReadonlySet<string> = new Set<LogKind>(['push', 'reply', 'command', 'system']);

/** Reads a whole file (gzipped, or plain NDJSON for hand-written fixtures). */
export async function readExport(bytes: Uint8Array, handlers: ReadHandlers): Promise<ExportHeader> {
  if (bytes.length === 0) throw new ReplayFileError('empty');
  const lines = new BlockReader(handlers);
  if (bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1]) {
    if (typeof DecompressionStream === 'function') await gunzipNative(bytes, lines, handlers);
    else {
      const gunzip = new Gunzip((chunk) => lines.push(chunk));
      await inSlices(bytes, handlers, (slice, final) => gunzipSlice(gunzip, slice, final));
    }
  } else if (bytes[0] === 0x7b /* { */) {
    await inSlices(bytes, handlers, (slice) => lines.push(slice));
  } else {
    throw new ReplayFileError('not-a-log');
  }
  return lines.end();
}

/**
 * The platform's gzip (native, and in Node off the JavaScript thread): compressed slices are
 * written while decompressed chunks are read and split. An error after all input was written
 * is a file cut short, unless the decompressor says the data itself is bad.
 */
async function gunzipNative(
  bytes: Uint8Array,
  lines: BlockReader,
  handlers: ReadHandlers,
): Promise<void> {
  const stream = new DecompressionStream('gzip');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let fedAll = false;
  const feeding = (async () => {
    for (let at = 0; at < bytes.length; at += SLICE) {
      const end = Math.min(bytes.length, at + SLICE);
      await writer.write(bytes.slice(at, end));
      handlers.progress?.(end, bytes.length);
    }
    fedAll = true;
    await writer.close();
  })();
  feeding.catch(() => undefined);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      lines.push(value);
    }
    await feeding;
  } catch (error) {
    void reader.cancel().catch(() => undefined);
    if (error instanceof ReplayFileError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const bad = /check|invalid|incorrect|corrupt|junk|header/i.test(message);
    throw new ReplayFileError(fedAll && !bad ? 'truncated' : 'corrupt', {}, message);
  }
}

/** Feeds `bytes` SLICE by SLICE, reporting progress and pausing in between. */
async function inSlices(
  bytes: Uint8Array,
  handlers: ReadHandlers,
  feed: (slice: Uint8Array, final: boolean) => void,
): Promise<void> {
  for (let at = 0; at < bytes.length; at += SLICE) {
    const end = Math.min(bytes.length, at + SLICE);
    feed(bytes.subarray(at, end), end === bytes.length);
    handlers.progress?.(end, bytes.length);
    if (end < bytes.length) await (handlers.pause?.() ?? Promise.resolve());
  }
}

function gunzipSlice(gunzip: Gunzip, slice: Uint8Array, final: boolean): void {
  try {
    gunzip.push(slice, final);
  } catch (error) {
    if (error instanceof ReplayFileError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/unexpected EOF/i.test(message)) throw new ReplayFileError('truncated', {}, message);
    throw new ReplayFileError('corrupt', {}, message);
  }
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Validates a parsed header line (also used by tests and the CLI). */
export function checkHeader(value: unknown): ExportHeader {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ReplayFileError('not-a-log');
  const h = value as Partial<ExportHeader>;
  if (h.format !== LOG_FORMAT) throw new ReplayFileError('not-a-log');
  if (!isCount(h.version) || h.version < 1)
    throw new ReplayFileError('bad-header', { field: 'version' });
  if (h.version > LOG_FORMAT_VERSION)
    throw new ReplayFileError('newer-version', {
      version: h.version,
      supported: LOG_FORMAT_VERSION,
    });
  if (!isCount(h.events)) throw new ReplayFileError('bad-header', { field: 'events' });
  if (!isStart(h.start)) throw new ReplayFileError('bad-header', { field: 'start' });
  const bad = badField(h);
  if (bad !== null) throw new ReplayFileError('bad-header', { field: bad });
  return h as ExportHeader;
}

/** The header's hashes or incident when they are not what they must be, or null. */
function badField(h: Partial<ExportHeader>): 'hashes' | 'incident' | null {
  if (typeof h.hashes !== 'object' || h.hashes === null) return 'hashes';
  // a report's incident is what its `flight.break` event carries (events.ts)
  const incident = {
    seq: 1,
    at: 0,
    kind: 'system' as const,
    name: 'flight.break',
    body: h.incident,
  };
  return h.incident !== undefined && eventIssue(incident) !== null ? 'incident' : null;
}

function isStart(value: unknown): value is ExportHeader['start'] {
  if (typeof value !== 'object' || value === null) return false;
  const start = value as Partial<ExportHeader['start']>;
  return (
    typeof start.seq === 'number' &&
    typeof start.at === 'number' &&
    typeof start.state === 'object' &&
    start.state !== null
  );
}

/** Validates one parsed event line; `previousSeq` is the seq before it. */
export function checkEvent(value: unknown, previousSeq: number, line: number): EngineEvent {
  // the fields of every logged event, then the kind and body of its name, as the ingest's
  // schemas check a live push (events.ts)
  const issue = logEventIssue(value, previousSeq) ?? eventIssue(value as LogEvent);
  if (issue !== null) throw new ReplayFileError('bad-event', { line, reason: issue });
  // just checked: an engine event, or one whose name no projection knows (it folds to nothing)
  return value as EngineEvent;
}

/** A LogEvent's fields in the order they are checked, each with what is said when it fails. */
const FIELD_CHECKS: readonly [string, (e: Partial<LogEvent>, previousSeq: number) => boolean][] = [
  ['seq', (e) => typeof e.seq === 'number' && Number.isSafeInteger(e.seq)],
  ['seq not increasing', (e, previousSeq) => (e.seq ?? 0) > previousSeq],
  ['at', (e) => typeof e.at === 'number' && Number.isFinite(e.at)],
  ['kind', (e) => typeof e.kind === 'string' && KINDS.has(e.kind)],
  ['name', (e) => typeof e.name === 'string' && e.name !== ''],
  ['body', (e) => 'body' in e],
];

/** What is wrong with a line as a LogEvent (seq, time, kind, name, body), or null. */
function logEventIssue(value: unknown, previousSeq: number): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const e = value as Partial<LogEvent>;
  return FIELD_CHECKS.find(([, ok]) => !ok(e, previousSeq))?.[0] ?? null;
}

/**
 * Cuts decompressed bytes into blocks of whole lines (about BLOCK_BYTES each), decodes each block
 * once, and hands over the header, then the events, block by block.
 */
class BlockReader {
  private parts: Uint8Array[] = [];
  private size = 0;
  private header: ExportHeader | null = null;
  private line = 0;
  private count = 0;
  private lastSeq = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(private readonly handlers: ReadHandlers) {}

  push(chunk: Uint8Array): void {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= (this.handlers.blockBytes ?? BLOCK_BYTES)) this.cut();
  }

  end(): ExportHeader {
    this.cut();
    if (this.size > 0) {
      // a last line without its newline: the writer always ends lines, so the file was cut
      throw new ReplayFileError('truncated', {
        expected: this.header?.events ?? 0,
        found: this.count,
      });
    }
    if (this.header === null) throw new ReplayFileError('empty');
    if (this.count !== this.header.events)
      throw new ReplayFileError('truncated', { expected: this.header.events, found: this.count });
    return this.header;
  }

  /** Takes the whole lines held as one block; a partial last line waits for more bytes. */
  private cut(): void {
    if (this.size === 0) return;
    const all =
      this.parts.length === 1 ? (this.parts[0] as Uint8Array) : concatAll(this.parts, this.size);
    const end = all.lastIndexOf(NEWLINE) + 1;
    const rest = all.subarray(end);
    this.parts = rest.length > 0 ? [rest.slice()] : [];
    this.size = rest.length;
    if (end > 0) this.block(all.subarray(0, end));
  }

  private block(bytes: Uint8Array): void {
    let text: string;
    try {
      text = this.decoder.decode(bytes);
    } catch {
      throw new ReplayFileError('bad-event', { line: this.line + 1, reason: 'not UTF-8' });
    }
    let start = 0;
    let body = bytes;
    if (this.header === null) {
      const nl = text.indexOf('\n');
      this.header = checkHeader(parseLine(text.slice(0, nl), null));
      this.line += 1;
      this.lastSeq = this.header.start.seq;
      this.handlers.header(this.header);
      start = nl + 1;
      // the block's bytes without the header line (cut at its newline byte)
      body = bytes.subarray(bytes.indexOf(NEWLINE) + 1);
    }
    if (start >= text.length) return;
    this.handlers.blockStart?.();
    for (let nl = text.indexOf('\n', start); nl >= 0; nl = text.indexOf('\n', start)) {
      this.line += 1;
      if (text.startsWith(TRACE_LINE, start)) this.trace(text, start, nl);
      else if (nl > start) this.take(text.slice(start, nl));
      start = nl + 1;
    }
    this.handlers.blockEnd?.(body);
  }

  private trace(text: string, start: number, end: number): void {
    const handler = this.handlers.trace;
    if (handler === undefined) return;
    const value = parseLine(text.slice(start, end), this.line) as { trace?: unknown };
    const trace = value.trace;
    if (typeof trace !== 'object' || trace === null || Array.isArray(trace))
      throw new ReplayFileError('bad-event', { line: this.line, reason: 'trace' });
    handler(trace as Record<string, unknown>, this.line);
  }

  private take(line: string): void {
    const event = checkEvent(parseLine(line, this.line), this.lastSeq, this.line);
    this.lastSeq = event.seq;
    this.count += 1;
    this.handlers.event(event, this.line);
  }
}

/** A parsed line; a line that is not JSON is a bad event (or, as the first line, not a log). */
function parseLine(text: string, line: number | null): unknown {
  try {
    return JSON.parse(text);
  } catch {
    if (line === null) throw new ReplayFileError('not-a-log');
    throw new ReplayFileError('bad-event', { line, reason: 'not JSON' });
  }
}

function concatAll(parts: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
