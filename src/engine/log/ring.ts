// A bounded in-memory ring of events: the log's fallback when IndexedDB is unavailable
// (private mode, quota, blocked upgrade). Oldest events fall off when full.
import type { LogEvent } from '../../shared/log-event.ts';

export class EventRing {
  private readonly items: (LogEvent | undefined)[];
  private start = 0;
  private size = 0;

  constructor(readonly capacity: number) {
    this.items = new Array<LogEvent | undefined>(capacity);
  }

  push(event: LogEvent): void {
    const index = (this.start + this.size) % this.capacity;
    this.items[index] = event;
    if (this.size < this.capacity) this.size += 1;
    else this.start = (this.start + 1) % this.capacity;
  }

  /** seq of the oldest event held, or null when empty. */
  firstSeq(): number | null {
    return this.size === 0 ? null : (this.items[this.start]?.seq ?? null);
  }

  get length(): number {
    return this.size;
  }

  /** Events with seq ≥ fromSeq, oldest first, at most `limit`. */
  read(fromSeq: number, limit: number): LogEvent[] {
    const out: LogEvent[] = [];
    for (let i = 0; i < this.size && out.length < limit; i += 1) {
      const event = this.items[(this.start + i) % this.capacity];
      if (event !== undefined && event.seq >= fromSeq) out.push(event);
    }
    return out;
  }
}
