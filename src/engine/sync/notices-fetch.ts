// The server reads of the notifications sync (notices-sync.ts): one page of the list, the
// preferences, and the catch-up of the newest pages. Each takes the login generation it was
// asked for and logs nothing once the session has changed, so a reply that comes back after a
// logout or a new login never lands in the other user's state.
import type { NotificationRow } from '../../shared/notifications.ts';
import type { ReplyIn } from '../../shared/wire/call.ts';
import { notificationPrefs, notifications } from '../../shared/wire/notifications.ts';
import type { NoticesView } from '../api.ts';
import type { EngineContext } from '../context.ts';
import { parseEdge } from '../ingest/ingest.ts';
import { noticesReply, prefsReply } from '../ingest/notices-schemas.ts';

export const PAGE_SIZE = 50;
export const CATCH_UP_PAGES = 4;
const PATH = notifications.path;

/** One page of the list as the server sends it. */
export type NoticesPage = ReplyIn<typeof notifications>;

/** What a catch-up brought: its rows (newest first) and the last page's counters. */
export interface CaughtUp {
  rows: NotificationRow[];
  hasMore: boolean;
  unread: number;
}

/** Logs a failed read of the list as the view's error. */
function failed(ctx: EngineContext, message: string): void {
  ctx.store.dispatch({
    at: ctx.services.clock.now(),
    kind: 'reply',
    name: 'notices.failed',
    body: { message },
  });
}

/** One page (newest first, below `before`); null after a failure (logged). */
export async function fetchPage(
  ctx: EngineContext,
  before: number | null,
  generation: number,
): Promise<NoticesPage | null> {
  const reply = await ctx.rest.get(PATH, { limit: PAGE_SIZE, before: before ?? undefined });
  if (generation !== ctx.auth.generation) return null;
  if (!reply.ok) {
    // A 999 (session expired) is the session's to report (rest.ts onExpired), not the bell's.
    if (!(reply.code === 'server' && reply.type === '999')) failed(ctx, reply.message);
    return null;
  }
  const p = parseEdge(noticesReply, reply.message, `reply:${PATH}`, ctx.services.clock.now());
  if (!p.ok) ctx.store.dispatch(p.event);
  return p.ok ? p.value : null;
}

/** The user's notification preferences, logged as `notices.prefs`; a failure is silent. */
export async function fetchPrefs(ctx: EngineContext, generation: number): Promise<void> {
  const path = notificationPrefs.path;
  const reply = await ctx.rest.get(path);
  if (generation !== ctx.auth.generation || !reply.ok) return;
  const p = parseEdge(prefsReply, reply.message, `reply:${path}`, ctx.services.clock.now());
  if (!p.ok) return void ctx.store.dispatch(p.event);
  ctx.store.dispatch({
    at: ctx.services.clock.now(),
    kind: 'reply',
    name: 'notices.prefs',
    body: { prefs: p.value },
  });
}

/** The newest pages, until they reach what `before` knew; null after a failure. */
export async function catchUp(
  ctx: EngineContext,
  before: NoticesView,
  generation: number,
): Promise<CaughtUp | null> {
  const newestKnown = before.items[0]?.id ?? 0;
  // Without a baseline nothing is "new": one page fills the bell, the rest waits for loadMore.
  const baseline = before.loaded || before.held;
  const rows: NotificationRow[] = [];
  let below: number | null = null;
  for (let i = 0; ; i += 1) {
    const page = await fetchPage(ctx, below, generation);
    if (page === null) return null;
    rows.push(...page.list);
    const oldest = page.list.at(-1)?.id;
    const reached = oldest === undefined || oldest <= newestKnown;
    if (!page.has_more || reached || !baseline || i + 1 === CATCH_UP_PAGES)
      return { rows, hasMore: page.has_more, unread: page.unread };
    below = oldest;
  }
}
