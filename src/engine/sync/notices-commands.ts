// The user's two notification commands (notices-sync.ts): mark rows read, and save the
// preferences. Each goes to the server through runCommand (logged, one result), and only the
// server's answer changes the state: the read marks it returns, the preferences as it stored
// them. The user's other tabs learn of them from the `notification_read` push.
import type { NotificationPrefs } from '../../shared/notifications.ts';
import type { RequestOut } from '../../shared/wire/call.ts';
import { notificationPrefsSave, notificationsRead } from '../../shared/wire/notifications.ts';
import type { CommandResult } from '../api.ts';
import { runCommand, toCommandResult } from '../commands/run-command.ts';
import type { EngineContext } from '../context.ts';
import { noticesReadReply, prefsReply } from '../ingest/notices-schemas.ts';

/** Marks `ids` (or all) read on the server and logs the marks it answers with. */
export function readNotices(
  ctx: EngineContext,
  ids: readonly number[] | 'all',
): Promise<CommandResult> {
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
        ctx.store.dispatch({
          at: ctx.services.clock.now(),
          kind: 'reply',
          name: 'notices.marked',
          body: result.data,
        });
      return result.ok ? { ok: true, message: '', data: undefined } : result;
    },
  });
}

/** Saves the preferences on the server and logs them as it stored them. */
export function saveNoticePrefs(
  ctx: EngineContext,
  prefs: NotificationPrefs,
): Promise<CommandResult> {
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
        ctx.store.dispatch({
          at: ctx.services.clock.now(),
          kind: 'reply',
          name: 'notices.prefs',
          body: { prefs: result.data },
        });
      return result.ok ? { ok: true, message: '', data: undefined } : result;
    },
  });
}
