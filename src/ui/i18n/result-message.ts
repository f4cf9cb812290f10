// The text to show for a failed command: the server's message (already in the user's
// language), or a localized fallback when the failure was local (a network failure is always
// said in the user's language: offline, or a network error). A 999 shows nothing here:
// the session watch (layout/session-watch.tsx) gives its one 'Please login again' notice.
import type { CommandResult } from '../../engine/api.ts';
import { RESPONSE } from '../../shared/constants.ts';
import { t, tv } from './i18n.ts';
import { connection, isDown } from '../engine-bridge/signals.ts';

type Failure = Exclude<CommandResult<unknown>, { ok: true }>;

export function failureMessage(result: Failure): string {
  switch (result.code) {
    case 'busy':
      return t('auth.busy');
    case 'network':
      // the transport's own words ("Failed to fetch", "HTTP 502") are not the user's language
      return knownOffline() ? t('common.offlineError') : t('common.networkError');
    case 'server':
      if (result.type === RESPONSE.sessionExpired) return '';
      return result.message !== '' ? result.message : t('common.networkError');
    case 'replay':
      return t('replay.readOnly');
    case 'unknown':
      return result.internal === true ? t('common.internalUnknown') : t('common.outcomeUnknown');
    case 'internal':
      return t('common.internalError');
    case 'invalid': {
      const first = Object.values(result.fields)[0];
      return first === undefined ? t('common.networkError') : tv(first);
    }
  }
}

/**
 * The browser or the engine knows it has no network: the browser says so, or the engine's socket
 * is down (offline, or reconnecting after it could not reach the server). A failed fetch can come
 * back before either has noticed (a page opened offline): a screen that keeps the failure and
 * words it as it renders follows them (news-list-screen.tsx).
 */
export function knownOffline(): boolean {
  return (typeof navigator !== 'undefined' && !navigator.onLine) || isDown(connection.peek().state);
}

/**
 * Whether asking again can change the answer: a network failure, a busy refusal or an unknown
 * outcome can; an answer the server gave (not allowed, identity needed, no such thing), a
 * refused input or the replay's read-only mode cannot, so no "Retry" is offered for them.
 */
export function retryHelps(result: Failure): boolean {
  switch (result.code) {
    case 'network':
    case 'busy':
    case 'unknown':
      return true;
    case 'server':
    case 'invalid':
    case 'replay':
      return false;
    case 'internal':
      // a defect in Bourse's own code: the same request fails the same way (a reload may help)
      return false;
  }
}
