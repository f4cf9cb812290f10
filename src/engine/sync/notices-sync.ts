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
import { runCommand, toCommandResult } from '../commands/run-command.ts';
import type { EngineContext } from '../context.ts';
import type { NewEvent } from '../events.ts';
import { parseEdge } from '../ingest/ingest.ts';
import { noticesReadReply, noticesReply, prefsReply } from '../ingest/notices-schemas.ts';
import type { RequestOut } from '../../shared/wire/call.ts';
import {
  notificationPrefs,
  notificationPrefsSave,
  notifications,
  notificationsRead,
} from '../../shared/wire/notifications.ts';

export const PAGE_SIZE = 50;
export const CATCH_UP_PAGES = 4;
export const HIDDEN_CLAIM_DELAY_MS = 1500;
/**
 * Ids are handed out before commit, so a notification can arrive with a lower id than one
 * already known: one this much older than the newest known still counts as new.
 */
export const AWAY_SLACK_MS = 60_000;
const PATH = notifications.path;

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

export function createNoticesSync(ctx: EngineContext, visible: () => boolean): NoticesSync {
  /** Ids this page session already decided about (shown, or left to another tab). */
  const decided = new Set<number>();
  const now = () => ctx.services.clock.now();
  const dispatch = (event: NewEvent) => ctx.store.dispatch(event);
  const failed = (message: string) =>
    dispatch({ at: now(), kind: 'reply', name: 'notices.failed', body: { message } });
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

  /** One page (newest first, below `before`); null after a failure (logged). */
  const fetchPage = async (before: number | null, generation: number) => {
    const reply = await ctx.rest.get(PATH, { limit: PAGE_SIZE, before: before ?? undefined });
    if (generation !== ctx.auth.generation) return null;
    if (!reply.ok) {
      if (!(reply.code === 'server' && reply.type === '999')) failed(reply.message);
      return null;
    }
    const p = parseEdge(noticesReply, reply.message, `reply:${PATH}`, now());
    if (!p.ok) dispatch(p.event);
    return p.ok ? p.value : null;
  };

  const fetchPrefs = async (generation: number): Promise<void> => {
    const path = notificationPrefs.path;
    const reply = await ctx.rest.get(path);
    if (generation !== ctx.auth.generation || !reply.ok) return;
    const p = parseEdge(prefsReply, reply.message, `reply:${path}`, now());
    if (!p.ok) return void dispatch(p.event);
    dispatch({ at: now(), kind: 'reply', name: 'notices.prefs', body: { prefs: p.value } });
  };

  /** The newest pages, until they reach what `before` knew; null after a failure. */
  const catchUp = async (before: NoticesView, generation: number) => {
    const newestKnown = before.items[0]?.id ?? 0;
    const baseline = before.loaded || before.held;
    const rows: NotificationRow[] = [];
    let below: number | null = null;
    for (let i = 0; ; i += 1) {
      const page = await fetchPage(below, generation);
      if (page === null) return null;
      rows.push(...page.list);
      const oldest = page.list.at(-1)?.id;
      const reached = oldest === undefined || oldest <= newestKnown;
      if (!page.has_more || reached || !baseline || i + 1 === CATCH_UP_PAGES)
        return { rows, hasMore: page.has_more, unread: page.unread };
      below = oldest;
    }
  };

  /** One catch-up at a time per login: a reconnect asks twice (online, then resync). */
  let catching: { generation: number; done: Promise<void> } | null = null;

  const refresh = async (): Promise<void> => {
    if (ctx.auth.token === null) return;
    const generation = ctx.auth.generation;
    const before = ctx.store.state().notices.view;
    if (!before.prefsLoaded) void fetchPrefs(generation);
    const got = await catchUp(before, generation);
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
      const page = await fetchPage(oldest, generation);
      if (page === null) return;
      for (const r of page.list) decided.add(r.id);
      dispatch({
        at: now(),
        kind: 'reply',
        name: 'notices.list',
        body: { rows: page.list, hasMore: page.has_more, unread: page.unread, older: true },
      });
    },
    read(ids) {
      return runCommand(ctx, {
        command: 'notices-read',
        input: ids,
        fields: { count: ids === 'all' ? 'all' : ids.length },
        execute: async () => {
          const body: RequestOut<typeof notificationsRead> =
            ids === 'all' ? { all: '1' } : { ids: ids.join(',') };
          const reply = await ctx.rest.post(notificationsRead.path, body);
          const result = toCommandResult(ctx, reply, noticesReadReply, 'reply:read', (v) => ({
            message: '',
            data: v,
          }));
          if (result.ok)
            dispatch({ at: now(), kind: 'reply', name: 'notices.marked', body: result.data });
          return result.ok ? { ok: true, message: '', data: undefined } : result;
        },
      });
    },
    savePrefs(prefs) {
      return runCommand(ctx, {
        command: 'notices-prefs',
        input: prefs,
        fields: {},
        execute: async () => {
          const path = notificationPrefsSave.path;
          const body: RequestOut<typeof notificationPrefsSave> = { prefs: JSON.stringify(prefs) };
          const reply = await ctx.rest.post(path, body);
          const result = toCommandResult(ctx, reply, prefsReply, `reply:${path}`, (v) => ({
            message: '',
            data: v,
          }));
          if (result.ok)
            dispatch({
              at: now(),
              kind: 'reply',
              name: 'notices.prefs',
              body: { prefs: result.data },
            });
          return result.ok ? { ok: true, message: '', data: undefined } : result;
        },
      });
    },
  };
}
