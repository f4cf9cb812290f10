// The notification centre's calls (issue 25, ADR 0034; docs/api-extensions.md), all for the
// logged-in user (999 without):
// - GET  /api/user/notifications?before=&limit=&group=&unread=  newest first, `{list, has_more,
//   unread}` (`unread`: the user's unread count, whatever the filter)
// - POST /api/user/notifications_read  `ids=1,2,3` or `all=1`; pushes `notification_read` to the
//   user's room so the user's other tabs and devices follow
// - GET  /api/user/notification_prefs, POST /api/user/notification_prefs_save `prefs=<json>`
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NOTIFICATION_GROUPS, parseNotificationPrefs } from '../../src/shared/notifications.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/auth.ts';
import { jsonObjectField } from '../http/json-field.ts';
import { ok, parse } from '../http/envelope.ts';
import { pageLimit } from '../http/paging.ts';
import {
  listNotifications,
  markRead,
  NOTIFICATIONS_PAGE_MAX,
  prefsOf,
  savePrefs,
  unreadCount,
} from './notifications.ts';
import { wireNotification } from './notification-pump.ts';

const listQuery = z.object({
  before: z.preprocess((v) => (v === '' ? undefined : v), z.optional(intId())),
  limit: pageLimit(NOTIFICATIONS_PAGE_MAX, 30),
  group: z.preprocess((v) => (v === '' ? undefined : v), z.enum(NOTIFICATION_GROUPS).optional()),
  unread: z.enum(['0', '1']).default('0'),
});

/** An INTEGER id as plain digits (no sign, exponent or fraction). */
function intId() {
  return z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 2_147_483_647);
}

/** Ids as `1,2,3`: at most 500 of them, each an INTEGER. */
const idList = z
  .string()
  .max(6000)
  .regex(/^\d{1,10}(,\d{1,10})*$/)
  .transform((s) => s.split(',').map(Number))
  .refine((ids) => ids.length <= 500 && ids.every((n) => n >= 1 && n <= 2_147_483_647));

const readBody = z.union([z.object({ all: z.literal('1') }), z.object({ ids: idList })]);

const PREFS_MAX_BYTES = 4096;
const prefsBody = z.object({ prefs: z.string().max(PREFS_MAX_BYTES) });

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/user/notifications', async (req) => {
    const userId = await requireUser(ctx, req);
    const q = parse(listQuery, req);
    const page = await listNotifications(ctx.db, userId, {
      before: q.before ?? null,
      limit: q.limit,
      group: q.group ?? null,
      unreadOnly: q.unread === '1',
    });
    return ok({
      list: page.list.map(wireNotification),
      has_more: page.hasMore,
      unread: await unreadCount(ctx.db, userId),
    });
  });

  app.post('/api/user/notifications_read', async (req) => {
    const userId = await requireUser(ctx, req);
    const body = parse(readBody, req);
    const ids = await markRead(ctx.db, userId, 'all' in body ? 'all' : body.ids, ctx.config.now());
    const unread = await unreadCount(ctx.db, userId);
    if (ids.length > 0)
      ctx.notify.push(userId, 'notification_read', { type: 'notification_read', ids, unread });
    return ok({ ids, unread });
  });

  app.get('/api/user/notification_prefs', async (req) => {
    const userId = await requireUser(ctx, req);
    return ok({ prefs: await prefsOf(ctx.db, userId) });
  });

  app.post('/api/user/notification_prefs_save', async (req) => {
    const userId = await requireUser(ctx, req);
    const prefs = parseNotificationPrefs(jsonObjectField(parse(prefsBody, req).prefs, 'prefs'));
    await savePrefs(ctx.db, userId, prefs, ctx.config.now());
    return ok({ prefs });
  });
}
