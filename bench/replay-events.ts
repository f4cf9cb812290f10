// The events of the F-busy recording as the engine logs them, and that stream looped to any
// length with shifted seqs and times (B9: engine-fold's Node floor, replay's 1,000,000-event file).
import type { EngineEvent } from '../src/engine/events.ts';
import { engineHarness } from './engine-harness.ts';
import type { Fixture } from './record.ts';

/** The events the engine logged for the whole recording (its own log, memory backend). */
export async function loggedEvents(fixture: Fixture): Promise<EngineEvent[]> {
  const h = await engineHarness(fixture.header, fixture.lines.length + 1000);
  for (const text of fixture.lines) deliverText(h.deliver, text);
  const events = (await h.engine.log.read(1, Number.MAX_SAFE_INTEGER)) as EngineEvent[];
  await h.close();
  return events;
}

/** The recorded body again and again, each loop with later seqs and times (streams chain). */
export class Looper {
  private readonly bookSpan: number;
  private readonly seqSpan: number;
  private readonly timeSpan: number;
  private logSeq: number;

  constructor(
    private readonly body: readonly EngineEvent[],
    prefixLength: number,
  ) {
    const bookSeqs = body.flatMap((e) =>
      e.name === 'book.snapshot' || e.name === 'book.delta' ? [e.body.seq] : [],
    );
    this.bookSpan = Math.max(...bookSeqs) - Math.min(...bookSeqs);
    this.seqSpan = body.length + 1;
    const times = body.map((e) => e.at);
    this.timeSpan = Math.max(...times) - Math.min(...times) + 1;
    this.logSeq = prefixLength;
  }

  /** Loop `k` (0 is the recording as is), at most `max` events. */
  loop(k: number, max: number): EngineEvent[] {
    const out: EngineEvent[] = [];
    for (const e of this.body) {
      if (out.length >= max) break;
      this.logSeq += 1;
      out.push(this.shift(e, k));
    }
    return out;
  }

  private shift(e: EngineEvent, k: number): EngineEvent {
    const at = e.at + k * this.timeSpan;
    const body = e.body as unknown as Record<string, unknown>;
    if (k === 0 || typeof body.seq !== 'number') return { ...e, seq: this.logSeq, at };
    const isBook = e.name === 'book.snapshot' || e.name === 'book.delta';
    const d = k * (isBook ? this.bookSpan : this.seqSpan);
    const shifted: Record<string, unknown> = { ...body, seq: body.seq + d };
    if (typeof body.prevSeq === 'number') shifted.prevSeq = body.prevSeq + d;
    return { ...e, seq: this.logSeq, at, body: shifted } as unknown as EngineEvent;
  }
}

/** One recorded socket message `[event, payload]` into the engine's socket. */
export function deliverText(
  deliver: (event: string, payload: unknown) => void,
  text: string,
): void {
  const [event, payload] = JSON.parse(text) as [string, unknown];
  deliver(event, payload);
}
