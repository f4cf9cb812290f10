// The replay's event list (issue 5): the recording's events as rows, filtered by name, and one
// event in full. Rows are read from the session's typed columns (seq, time, kind, name id), so
// listing and filtering never parse a line; only `event` parses its block.
import type { LogEventView, ReplayRow } from '../api.ts';
import { lastAtMost } from './replay-session.ts';
import type { ReplaySession } from './replay-session.ts';

export class ReplayEventList {
  /** Indexes of the events the filter keeps, in order (null: no filter, each event is a row). */
  private filtered: Int32Array | null = null;

  /** `session` gives the loaded recording (it throws when none is). */
  constructor(private readonly session: () => ReplaySession) {}

  /** A new recording: no filter. */
  clear(): void {
    this.filtered = null;
  }

  /** Keeps the events whose name holds `text` (any case; blank: all); returns the rows' count. */
  filter(text: string): number {
    const s = this.session();
    const needle = text.trim().toLowerCase();
    if (needle === '') {
      this.filtered = null;
      return s.count;
    }
    const ids = new Set(
      s.names.flatMap((name, id) => (name.toLowerCase().includes(needle) ? [id] : [])),
    );
    this.filtered = s.filter(ids);
    return this.filtered.length;
  }

  rows(start: number, count: number): ReplayRow[] {
    const s = this.session();
    const filtered = this.filtered;
    const total = filtered === null ? s.count : filtered.length;
    const rows: ReplayRow[] = [];
    for (let row = Math.max(0, start); row < Math.min(total, start + count); row += 1) {
      const i = filtered === null ? row : (filtered[row] ?? 0);
      rows.push({
        index: i,
        seq: s.seq(i),
        at: s.at(i),
        kind: s.kind(i),
        name: s.names[s.nameId(i)] ?? '',
      });
    }
    return rows;
  }

  /** Row at or before event `index` (-1 when none). */
  rowOf(index: number): number {
    return this.filtered === null ? index : lastAtMost(this.filtered, index);
  }

  event(index: number): LogEventView {
    const e = this.session().event(index);
    return { seq: e.seq, at: e.at, kind: e.kind, name: e.name, body: e.body };
  }
}
