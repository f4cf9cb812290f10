// Where the event log keeps its events, as the engine is told (api.ts LogStatus): 'opening',
// 'indexeddb', or 'memory' with the reason (storage-issue.ts). Each change is reported once.
import type { LogStatus, StorageIssue } from '../api.ts';

type StatusListener = (status: LogStatus, issue: StorageIssue | null) => void;

export class LogStatusReport {
  status: LogStatus = 'opening';
  /** Why the log keeps to memory (or must be reloaded); null while IndexedDB is in use. */
  issue: StorageIssue | null = null;

  constructor(private readonly onStatus: StatusListener | undefined) {}

  set(next: LogStatus, nextIssue: StorageIssue | null): void {
    if (this.status === next && this.issue === nextIssue) return;
    this.status = next;
    this.issue = nextIssue;
    this.onStatus?.(next, nextIssue);
  }

  /** The log keeps to memory because of `why`. */
  toMemory(why: StorageIssue): void {
    // a newer schema elsewhere outranks any later failure: this tab must reload
    this.set('memory', this.issue === 'newer-version' ? this.issue : why);
  }
}
