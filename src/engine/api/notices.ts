// The engine's public types: the user's notifications (issue 25, ADR 0034; re-exported by api.ts).
import type {
  NotificationPrefs,
  NotificationRow,
  NotificationKind,
} from '../../shared/notifications.ts';

export type { NotificationPrefs, NotificationRow, NotificationKind };

/**
 * One decision to show notifications to the user, taken by the tab that claimed them (two tabs
 * never both show one): a live notification, or the summary of those that came while the page
 * was closed, asleep or cut off. The page shows each `seq` once.
 */
export interface NoticeToast {
  /** Rises by one with each toast of this page session. */
  seq: number;
  /** The notifications shown, newest first. */
  ids: number[];
  /** The summary after being away ("while you were away: 3 fills, 1 settlement"). */
  away: boolean;
  /** When it was decided (engine clock). */
  at: number;
}

export interface NoticesView {
  /** The newest notifications first (at most NOTICES_KEPT), merged from lists and pushes. */
  items: NotificationRow[];
  /** The user's unread count as the server last said it (and as reads and pushes moved it). */
  unread: number;
  /** Older notifications exist beyond `items`' last (load more). */
  hasMore: boolean;
  /** The newest page came from the server in this page session. */
  loaded: boolean;
  /** `items` are an earlier page session's, as of `at` (offline start; never `loaded`). */
  held: boolean;
  /** When the items were last known (the time of the last list or push). */
  at: number;
  prefs: NotificationPrefs;
  /** `prefs` came from the server (or were saved) in this session. */
  prefsLoaded: boolean;
  /** The last toast decided in this page session (null: none yet). */
  toast: NoticeToast | null;
  error: string | null;
}
