// The user's notifications between the server and this tab (issue 25, ADR 0034).
// - Catch-up: on login and on every connect of the socket (first or again), the newest pages
//   (until they reach what the engine already knew, at most CATCH_UP_PAGES); what is new since
//   then, unread, is shown once as "while you were away: …".
// - Live: each `notification` push is shown as it comes.
// - Once across tabs: before showing, this tab claims the ids in the session database (one
//   read-write transaction; session-store.ts `claim`); another tab that claimed them first shows
//   them, this one does not. A hidden tab waits HIDDEN_CLAIM_DELAY_MS before claiming, so a
//   visible tab of the same user gets them first. Each decision is logged (`notices.toast`),
//   so a replayed session shows the same toasts at the same moments.
// - The page's read marks and preferences go to the server; the server's `notification_read`
//   push keeps the user's other tabs in step.
import type { NotificationPrefs, NotificationRow } from '../../shared/notifications.ts';
import type { CommandResult, NoticesView } from '../api.ts';
import type { EngineContext } from '../context.ts';
import type { NewEvent } from '../events.ts';
import { readNotices, saveNoticePrefs } from './notices-commands.ts';
import { catchUp, fetchPage, fetchPrefs } from './notices-fetch.ts';

// The page size and the catch-up's reach live with the reads that use them.
export { CATCH_UP_PAGES, PAGE_SIZE } from './notices-fetch.ts';
export const HIDDEN_CLAIM_DELAY_MS = 1500;
/**
 * Ids are handed out before commit, so a notification can arrive with a lower id than one
 * already known: one this much older than the newest known still counts as new.
 */
export const AWAY_SLACK_MS = 60_000;

export interface NoticesSync {
  refresh(): Promise<void>;
  /** The socket connected (first time or again): read what a push may have missed. */
  online(): void;
  pushed(event: NewEvent): void;
  loadMore(): Promise<void>;
  read(ids: readonly number[] | 'all'): Promise<CommandResult>;
  savePrefs(prefs: NotificationPrefs): Promise<CommandResult>;
}

/**
 * What a catch-up brought that the user has not seen: unread rows the engine did not know, newer
 * than what it knew (within AWAY_SLACK_MS), newest first. Nothing without a baseline (a login
 * the engine never saw before): the bell's count tells of those, not a summary.
 */
export function freshAfterAway(before: NoticesView, rows: readonly NotificationRow[]): number[] {
  if (!before.loaded && !before.held) return [];
  const known = new Set(before.items.map((n) => n.id));
  const newest = before.items[0];
  const isNew = (r: NotificationRow) =>
    newest === undefined || r.id > newest.id || r.created_at >= newest.created_at - AWAY_SLACK_MS;
  return rows
    .filter((r) => !r.read && !known.has(r.id) && isNew(r))
    .map((r) => r.id)
    .sort((a, b) => b - a);
}

/** This tab's notifications sync: its state is which ids it has decided about, and its catch-up. */
export function createNoticesSync(ctx: EngineContext, visible: () => boolean): NoticesSync {
  /** Ids this page session already decided about (shown, or left to another tab). */
  const decided = new Set<number>();
  const now = () => ctx.services.clock.now();
  const dispatch = (event: NewEvent) => ctx.store.dispatch(event);
  const wait = (ms: number) =>
    new Promise<void>((resolve) => ctx.services.timers.setTimeout(resolve, ms));

  /** Claims `ids` for this tab and logs the toast of those it got. */
  const show = async (ids: number[], away: boolean, generation: number): Promise<void> => {
    if (!visible()) await wait(HIDDEN_CLAIM_DELAY_MS);
    if (generation !== ctx.auth.generation) return;
    const mine = await ctx.sessionStore.claim(ids);
    if (mine.length === 0 || generation !== ctx.auth.generation) return;
    dispatch({
      at: now(),
      kind: 'system',
      name: 'notices.toast',
      body: { ids: mine.sort((a, b) => b - a), away },
    });
  };

  /** One catch-up at a time per login: a reconnect asks twice (online, then resync). */
  let catching: { generation: number; done: Promise<void> } | null = null;

  /** Reads the newest pages, logs them, and shows once what came while the user was away. */
  const refresh = async (): Promise<void> => {
    if (ctx.auth.token === null) return;
    const generation = ctx.auth.generation;
    const before = ctx.store.state().notices.view;
    if (!before.prefsLoaded) void fetchPrefs(ctx, generation);
    const got = await catchUp(ctx, before, generation);
    if (got === null) return;
    dispatch({
      at: now(),
      kind: 'reply',
      name: 'notices.list',
      body: { rows: got.rows, hasMore: got.hasMore, unread: got.unread, older: false },
    });
    const fresh = freshAfterAway(before, got.rows).filter((id) => !decided.has(id));
    for (const r of got.rows) decided.add(r.id);
    if (fresh.length > 0) await show(fresh, true, generation);
  };

  return {
    refresh() {
      const generation = ctx.auth.generation;
      if (catching?.generation === generation) return catching.done;
      const done = refresh().finally(() => {
        if (catching?.done === done) catching = null;
      });
      catching = { generation, done };
      return done;
    },
    online() {
      void this.refresh();
    },
    pushed(event) {
      if (event.name !== 'notices.pushed') return;
      const { row } = event.body;
      if (row.read || decided.has(row.id)) return;
      decided.add(row.id);
      void show([row.id], false, ctx.auth.generation);
    },
    async loadMore() {
      const view = ctx.store.state().notices.view;
      const oldest = view.items.at(-1)?.id;
      if (ctx.auth.token === null || oldest === undefined || !view.hasMore) return;
      const generation = ctx.auth.generation;
      const page = await fetchPage(ctx, oldest, generation);
      if (page === null) return;
      for (const r of page.list) decided.add(r.id);
      dispatch({
        at: now(),
        kind: 'reply',
        name: 'notices.list',
        body: { rows: page.list, hasMore: page.has_more, unread: page.unread, older: true },
      });
    },
    read: (ids) => readNotices(ctx, ids),
    savePrefs: (prefs) => saveNoticePrefs(ctx, prefs),
  };
}
