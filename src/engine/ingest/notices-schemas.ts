// The notification calls and pushes (docs/api-extensions.md "Notifications", issue 25): rows
// of a known kind whose parameters fit it (a newer server's unknown kind makes the reply
// malformed: the engine cannot word it), read marks, preferences.
import { z } from 'zod';
import { parseNotificationPrefs } from '../../shared/notifications.ts';
import { notificationRow } from '../event-shapes.ts';

const count = z.int().nonnegative().max(1_000_000_000);

export const noticesReply = z.object({
  list: z.array(notificationRow).max(200),
  has_more: z.boolean(),
  unread: count,
});

export const noticePush = z.object({ notification: notificationRow });

export const noticesReadReply = z.object({
  ids: z.array(z.int().positive()).max(100_000),
  unread: count,
});

export const prefsReply = z
  .object({ prefs: z.record(z.string(), z.unknown()) })
  .transform(({ prefs }) => parseNotificationPrefs(prefs));
