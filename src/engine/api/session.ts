// The engine's public types: the session, the connection and the account commands of logging in,
// registering and binding (re-exported by api.ts, the module the UI imports).
import type { AccountKind } from '../../shared/validation.ts';
import type { Incident } from './flight.ts';

export type ConnectionState = 'idle' | 'connecting' | 'online' | 'reconnecting' | 'offline';
export type LogStatus = 'indexeddb' | 'memory' | 'opening';
/**
 * Why the browser's storage is not (fully) in use (ConnectionView.storage):
 * - 'unavailable': there is no IndexedDB here (private mode, disabled, a sandbox);
 * - 'quota': the browser's storage quota is exhausted;
 * - 'blocked': an older tab keeps the database open and blocks its upgrade;
 * - 'other-tab': another tab records the stored log (one writer per browser);
 * - 'failed': any other storage failure;
 * - 'newer-version': another tab opened a newer schema; this tab closed its databases and
 *   needs a reload (the log keeps to memory meanwhile).
 */
export type StorageIssue =
  'unavailable' | 'quota' | 'blocked' | 'other-tab' | 'failed' | 'newer-version';

export interface SessionView {
  loggedIn: boolean;
  userId: number | null;
  /** Masked account for the header menu, e.g. "ab***@mail.com" or "138****5678". */
  maskedAccount: string | null;
  account: string | null;
  extensionCode: string | null;
  isSeller: boolean;
  email: string | null;
  phone: string | null;
  reviewStatus: number;
  /** Set when the server answered 999; the page shows "Please login again" and routes to login. */
  expiredAt: number | null;
}

export interface ConnectionView {
  state: ConnectionState;
  /** Estimated server time − local time, ms (from /api/server/time and push server_time). */
  clockOffsetMs: number;
  reconnects: number;
  log: LogStatus;
  /** Why the log keeps to memory, or why this tab must reload; null while all is well. */
  /** Absent (or null) while storage is in use; absent until a fault, so recordings made before
   * this field existed keep their projection hashes (tests/fixtures). */
  storage?: StorageIssue | null;
  /**
   * An invariant that broke, while its report is offered (the flight recorder, issue 47); absent
   * until the first break, as `storage` is (recordings made before keep their hashes).
   */
  incident?: Incident | null;
}

export interface SendCodeInput {
  kind: AccountKind;
  account: string;
  /** Area code without "+", for phones. */
  areaCode: string;
  /** What the code is for: register, forget, bind. */
  purpose: 'register' | 'forget' | 'bind';
}

export interface RegisterCommand {
  kind: AccountKind;
  account: string;
  code: string;
  password: string;
  confirm: string;
  agreement: boolean;
  extensionCode: string;
  areaCode: string;
  countryId: number | null;
}

export interface LoginCommand {
  account: string;
  password: string;
  areaCodeId: number | null;
}

export interface ForgetCommand {
  account: string;
  code: string;
  password: string;
  confirm: string;
}

export interface BindEmailCommand {
  email: string;
  code: string;
}
