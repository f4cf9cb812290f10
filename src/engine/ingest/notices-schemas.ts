// The notification replies and pushes (src/shared/wire/notifications.ts), as the engine reads
// them: rows of a known kind whose parameters fit it, read marks (also the `notification_read`
// push), preferences as parseNotificationPrefs makes them.
import { z } from 'zod';
import { parseNotificationPrefs } from '../../shared/notifications.ts';
import {
  notificationPrefs,
  notificationRow,
  notifications,
  notificationsRead,
} from '../../shared/wire/notifications.ts';

export const noticesReply = notifications.reply;

export const noticePush = z.object({ notification: notificationRow });

export const noticesReadReply = notificationsRead.reply;

export const prefsReply = notificationPrefs.reply.transform(({ prefs }) =>
  parseNotificationPrefs(prefs),
);
