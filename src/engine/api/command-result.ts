// The engine's public types: the result of a command (re-exported by api.ts).
import type { ValidationId } from '../../shared/validation.ts';

/** Result of a command. `message` is the server's text (already in the user's language). */
export type CommandResult<T = undefined> =
  | { ok: true; message: string; data: T }
  | { ok: false; code: 'invalid'; fields: Record<string, ValidationId> }
  | { ok: false; code: 'busy' }
  | { ok: false; code: 'network'; message: string }
  | { ok: false; code: 'server'; type: string; message: string }
  /** Refused because the page shows a replay (nothing is sent anywhere). */
  | { ok: false; code: 'replay' }
  /**
   * A placement no reply settled (lost or late, retried with the same client_id until the
   * retries ran out): it may or may not have been placed; the open orders will tell.
   */
  | {
      ok: false;
      code: 'unknown';
      message: string;
      /** The engine's own code threw after the request went out (`message`: the cause). */
      internal?: true;
    }
  /**
   * The engine itself failed (an exception in its code, a TypeError included) before anything
   * was sent: nothing happened on the server. `message` is the cause, for the log and the
   * developer; the page shows its own words. A command that failed after sending is `unknown`.
   */
  | { ok: false; code: 'internal'; message: string };
