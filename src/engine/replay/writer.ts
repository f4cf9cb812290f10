// Writing an exported log (format.ts): the header line, then events line by line, masked
// (export-mask.ts) and gzipped as they come, so an export of hundreds of thousands of events
// never holds more than one page of them as text.
import { Gzip } from 'fflate';
import type { LogEvent } from '../../shared/log-event.ts';
import { APP_VERSION } from '../../shared/version.ts';
import type { EngineState } from '../store.ts';
import type { Incident } from '../api.ts';
import { encodeState } from './codec.ts';
import { maskEvent, maskForExport } from './export-mask.ts';
import { LOG_FORMAT, LOG_FORMAT_VERSION, TRACE_LINE } from './format.ts';
import type { ExportHeader } from './format.ts';
import { hashState } from './hash.ts';
import { decodeState } from './codec.ts';
import type { EngineEvent } from '../events.ts';
import { Tracer } from './trace.ts';
import type { Fold } from './trace.ts';

export interface ExportPlan {
  /** The state before the first event: after event `seq`, logged at `at`. */
  start: { seq: number; at: number; state: EngineState };
  /** The state after the last event (its hashes go into the header). */
  end: EngineState;
  /** The events that will be written: count, seq and time range. */
  events: number;
  firstSeq: number | null;
  lastSeq: number | null;
  from: number | null;
  to: number | null;
  exportedAt: number;
  /** What broke, for a flight recorder's report (its last event is the break). */
  incident?: Incident;
}

/**
 * A writer with the header of `plan` written: masked start state, hashes of the masked end.
 * `fold` traces the events (the engine's own; tests plant another to stand for older code).
 */
export async function startExport(plan: ExportPlan, fold?: Fold): Promise<ExportWriter> {
  const header: ExportHeader = {
    format: LOG_FORMAT,
    version: LOG_FORMAT_VERSION,
    app: APP_VERSION,
    exportedAt: plan.exportedAt,
    from: plan.from,
    to: plan.to,
    firstSeq: plan.firstSeq,
    lastSeq: plan.lastSeq,
    events: plan.events,
    start: {
      seq: plan.start.seq,
      at: plan.start.at,
      state: maskedStart(encodeState(plan.start.state)),
    },
    hashes: await hashState(plan.end, (_name, value) => maskForExport(value)),
    masked: true,
    traced: true,
    ...(plan.incident === undefined ? {} : { incident: plan.incident }),
  };
  return new ExportWriter(header, fold);
}

/** A whole file at once (tests, fixtures): `start` state, then `events`, ending in `end`. */
export async function exportEvents(
  start: ExportPlan['start'],
  events: readonly LogEvent[],
  end: EngineState,
  exportedAt: number,
  fold?: Fold,
): Promise<Uint8Array> {
  const first = events[0];
  const last = events[events.length - 1];
  const writer = await startExport(
    {
      start,
      end,
      events: events.length,
      firstSeq: first?.seq ?? null,
      lastSeq: last?.seq ?? null,
      from: first?.at ?? null,
      to: last?.at ?? null,
      exportedAt,
    },
    fold,
  );
  writer.events(events);
  return writer.finish();
}

/** fflate's level 1: an export is written while the user waits, and NDJSON compresses well. */
const GZIP_LEVEL = 1;

export class ExportWriter {
  private readonly parts: Uint8Array[] = [];
  private readonly gzip = new Gzip({ level: GZIP_LEVEL }, (chunk) => this.parts.push(chunk));
  private readonly encoder = new TextEncoder();
  private written = 0;
  private readonly tracer: Tracer | null;

  /**
   * The header as given: its start state must already be masked (`maskedStart`). A `traced`
   * header has each event's trace written on its line (the masked events folded from the
   * masked start state, as a replay folds them).
   */
  constructor(header: ExportHeader, fold?: Fold) {
    this.tracer = header.traced === true ? new Tracer(decodeState(header.start.state), fold) : null;
    this.push(`${JSON.stringify(header)}\n`);
  }

  /** Events, masked on the way out, each with its trace. */
  events(events: readonly LogEvent[]): void {
    let text = '';
    for (const event of events) {
      const line = JSON.stringify(maskEvent(event));
      // the event as a replay reads it back: its line parsed; its trace goes before it
      const trace = this.tracer?.step(JSON.parse(line) as EngineEvent) ?? null;
      if (trace !== null) text += `${TRACE_LINE}${JSON.stringify(trace)}}\n`;
      text += `${line}\n`;
    }
    this.written += events.length;
    this.push(text);
  }

  get count(): number {
    return this.written;
  }

  /** The whole file. */
  finish(): Uint8Array {
    this.gzip.push(new Uint8Array(0), true);
    const size = this.parts.reduce((n, p) => n + p.length, 0);
    const out = new Uint8Array(size);
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }

  private push(text: string): void {
    if (text !== '') this.gzip.push(this.encoder.encode(text));
  }
}

/** A state document as it may leave the machine. */
export function maskedStart(state: ExportHeader['start']['state']): ExportHeader['start']['state'] {
  return maskForExport(state) as ExportHeader['start']['state'];
}
