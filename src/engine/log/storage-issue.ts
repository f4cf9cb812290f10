// What a storage failure means for the user (api.ts StorageIssue). IndexedDB reports a full
// disk as a QuotaExceededError, either directly (a request's error, Firefox) or as the error
// of the aborted transaction (Chromium at commit), which Dexie wraps: an AbortError whose
// `inner` is the QuotaExceededError, or a BulkError whose `failures` hold it. So the cause
// chain is searched, not just the outer error.
import type { StorageIssue } from '../api.ts';

/** Thrown by the log itself when its open was blocked by an older connection. */
export class StorageBlockedError extends Error {
  override readonly name = 'StorageBlockedError';
}

/** Legacy DOMException code of QuotaExceededError. */
const QUOTA_CODE = 22;
/** How deep the cause chain is followed (Dexie nests at most two levels). */
const MAX_DEPTH = 4;

export function storageIssueOf(error: unknown, phase: 'open' | 'write'): StorageIssue {
  const names = causeNames(error, 0);
  if (names.some((n) => n === 'QuotaExceededError' || n === `code:${QUOTA_CODE}`)) return 'quota';
  if (names.includes('StorageBlockedError')) return 'blocked';
  if (names.includes('VersionError')) return 'newer-version';
  if (names.some((n) => n === 'MissingAPIError' || n === 'SecurityError')) return 'unavailable';
  // Firefox's private windows refused IndexedDB with an InvalidStateError at open
  if (phase === 'open' && names.includes('InvalidStateError')) return 'unavailable';
  return 'failed';
}

/** The names (and legacy codes) of an error and of the errors it wraps. */
function causeNames(error: unknown, depth: number): string[] {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return [];
  const e = error as { name?: unknown; code?: unknown; inner?: unknown; cause?: unknown };
  const own = [
    ...(typeof e.name === 'string' ? [e.name] : []),
    ...(typeof e.code === 'number' ? [`code:${e.code}`] : []),
  ];
  return [
    ...own,
    ...causeNames(e.inner, depth + 1),
    ...causeNames(e.cause, depth + 1),
    ...failures(error).flatMap((f) => causeNames(f, depth + 1)),
  ];
}

/** A Dexie BulkError's failures (an array, or an object by position). */
function failures(error: object): unknown[] {
  const list = (error as { failures?: unknown }).failures;
  if (Array.isArray(list)) return list as unknown[];
  if (typeof list === 'object' && list !== null) return Object.values(list);
  return [];
}
