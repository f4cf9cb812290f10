// The notification centre's calls (issue 25, ADR 0034; declared in src/shared/wire/
// notifications.ts), all for the logged-in user (999 without):
// - GET  /api/user/notifications?before=&limit=&group=&unread=  newest first, `{list, has_more,
//   unread}` (`unread`: the user's unread count, whatever the filter)
// - POST /api/user/notifications_read  `ids=1,2,3` or `all=1`; pushes `notification_read` to the
//   user's room so the user's other tabs and devices follow
// - GET  /api/user/notification_prefs, POST /api/user/notification_prefs_save `prefs=<json>`
import type { FastifyInstance } from 'fastify';
import { parseNotificationPrefs } from '../../src/shared/notifications.ts';
import {
  notificationPrefs,
  notificationPrefsSave,
  notifications,
  notificationsRead,
} from '../../src/shared/wire/notifications.ts';
import type { AppContext } from '../context.ts';
import { jsonObjectField } from '../http/json-field.ts';
import { route } from '../http/wire-route.ts';
import { listNotifications, markRead, prefsOf, savePrefs, unreadCount } from './notifications.ts';
import { wireNotification } from './notification-pump.ts';

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, notifications, async ({ userId, body: q }) => {
    const page = await listNotifications(ctx.db, userId, {
      before: q.before ?? null,
      limit: q.limit,
      group: q.group ?? null,
      unreadOnly: q.unread === '1',
    });
    return {
      list: page.list.map(wireNotification),
      has_more: page.hasMore,
      unread: await unreadCount(ctx.db, userId),
    };
  });

  route(app, ctx, notificationsRead, async ({ userId, body }) => {
    const ids = await markRead(ctx.db, userId, 'all' in body ? 'all' : body.ids, ctx.config.now());
    const unread = await unreadCount(ctx.db, userId);
    if (ids.length > 0)
      ctx.notify.push(userId, 'notification_read', { type: 'notification_read', ids, unread });
    return { ids, unread };
  });

  route(app, ctx, notificationPrefs, async ({ userId }) => ({
    prefs: await prefsOf(ctx.db, userId),
  }));

  route(app, ctx, notificationPrefsSave, async ({ userId, body }) => {
    const prefs = parseNotificationPrefs(jsonObjectField(body.prefs, 'prefs'));
    await savePrefs(ctx.db, userId, prefs, ctx.config.now());
    return { prefs };
  });
}
