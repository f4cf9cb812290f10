// The notification centre (issue 25, ADR 0034; docs/api-extensions.md "Notifications"): the
// user's list (newest first, by pages), read marks, preferences. The row is also the
// `notification` push's and the engine's logged row (events.ts): exact numbers, a known kind
// whose parameters fit it (a newer server's unknown kind is malformed: the engine cannot word it).
import { z } from 'zod';
import {
  NOTIFICATION_GROUPS,
  NOTIFICATION_KIND_NAMES,
  paramsIssue,
  type NotificationKind,
  type NotificationRow,
} from '../notifications.ts';
import { call } from './call.ts';
import { pageLimit } from './primitives.ts';

/** The largest page of the list (`limit`). */
export const NOTIFICATIONS_PAGE_MAX = 100;
/** The largest preferences document (`prefs`, JSON text). */
export const PREFS_MAX_BYTES = 4096;

/** A notification row: a known kind whose parameters fit it (src/shared/notifications.ts). */
export const notificationRow: z.ZodType<NotificationRow, NotificationRow> = z
  .object({
    id: z.int().positive(),
    kind: z.enum(NOTIFICATION_KIND_NAMES as [NotificationKind, ...NotificationKind[]]),
    params: z.record(z.string(), z.string()),
    created_at: z.int().nonnegative(),
    read: z.boolean(),
  })
  .superRefine((row, issues) => {
    const issue = paramsIssue(row.kind, row.params);
    if (issue !== null) issues.addIssue({ code: 'custom', message: issue, path: ['params'] });
  })
  .describe('notification {id, kind, params, created_at, read}');

const count = z.int().nonnegative().max(1_000_000_000);

/** An INTEGER id as plain digits (no sign, exponent or fraction). */
const intId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .refine((n) => n >= 1 && n <= 2_147_483_647)
  .describe('id');

/** Ids as `1,2,3`: at most 500 of them, each an INTEGER. */
const idList = z
  .string()
  .max(6000)
  .regex(/^\d{1,10}(,\d{1,10})*$/)
  .transform((s) => s.split(',').map(Number))
  .refine((ids) => ids.length <= 500 && ids.every((n) => n >= 1 && n <= 2_147_483_647))
  .describe('ids "1,2,3" (≤ 500)');

/** The read marks' answer; also the `notification_read` push (with its `type`). */
const readMarks = z.object({ ids: z.array(z.int().positive()).max(100_000), unread: count });

/** The preferences as the server keeps them (parseNotificationPrefs: one entry per group). */
const prefsReply = z.object({ prefs: z.record(z.string(), z.unknown()).describe('preferences') });

export const notifications = call({
  method: 'GET',
  path: '/api/user/notifications',
  auth: 'user',
  origin: 'extension',
  summary:
    "A page of the user's notifications, newest first (below `before`), and the unread count.",
  request: z.object({
    before: z
      .preprocess((v) => (v === '' ? undefined : v), z.optional(intId))
      .describe('id (optional: the newest)'),
    limit: pageLimit(NOTIFICATIONS_PAGE_MAX, 30).describe(
      `int, 1..${NOTIFICATIONS_PAGE_MAX} (default 30)`,
    ),
    group: z
      .preprocess((v) => (v === '' ? undefined : v), z.enum(NOTIFICATION_GROUPS).optional())
      .describe(`${NOTIFICATION_GROUPS.join(' \\| ')} (optional: all)`),
    unread: z.enum(['0', '1']).default('0').describe('0 \\| 1: only the unread (default 0)'),
  }),
  reply: z.object({
    list: z.array(notificationRow).max(200),
    has_more: z.boolean(),
    /** The user's unread count, whatever the filter. */
    unread: count,
  }),
  errors: [],
});

export const notificationsRead = call({
  method: 'POST',
  path: '/api/user/notifications_read',
  auth: 'user',
  origin: 'extension',
  summary: "Marks the given notifications (or all) read; the user's other tabs hear it.",
  request: z.union([z.object({ all: z.literal('1') }), z.object({ ids: idList })]),
  reply: readMarks,
  errors: [],
});

export const notificationPrefs = call({
  method: 'GET',
  path: '/api/user/notification_prefs',
  auth: 'user',
  origin: 'extension',
  summary: "The user's notification preferences (toast, sound, system) per group.",
  request: z.object({}),
  reply: prefsReply,
  errors: [],
});

export const notificationPrefsSave = call({
  method: 'POST',
  path: '/api/user/notification_prefs_save',
  auth: 'user',
  origin: 'extension',
  summary: 'Saves the preferences (`prefs`: JSON text) as normalized, and answers them.',
  request: z.object({ prefs: z.string().max(PREFS_MAX_BYTES).describe('JSON text ≤ 4096') }),
  reply: prefsReply,
  errors: [],
});
