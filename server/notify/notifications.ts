// A user's notifications (user_notification; issue 25, ADR 0034). `addNotification` is called
// inside the transaction of the action that caused it (a fill, a decision, a settlement), so
// the notification exists exactly when the action committed; the pump (notification-pump.ts)
// pushes it after commit. Lists page newest first by id; the read mark is per row.
import {
  isNotificationKind,
  NOTIFICATION_KINDS,
  paramsIssue,
  parseNotificationPrefs,
  type NotificationGroup,
  type NotificationPrefs,
  type NotificationKind,
  type NotificationParams,
  type NotificationRow,
} from '../../src/shared/notifications.ts';
import { parseJsonOr } from '../../src/shared/json.ts';
import type { Queryable } from '../db/database.ts';

/** Notifications a user keeps (the pump deletes older ones now and then). */
export const NOTIFICATIONS_KEPT = 1000;

type DbRow = {
  id: number;
  user_id: number;
  kind: string;
  params: string;
  created_at: Date;
  read_at: Date | null;
};

export interface StoredNotification extends NotificationRow {
  userId: number;
}

/**
 * Writes a notification for `userId` in the caller's transaction. Throws on parameters that do
 * not fit the kind: that is a programming error of the caller, and the action rolls back rather
 * than commit money the user is told of wrongly.
 */
export async function addNotification<K extends NotificationKind>(
  tx: Queryable,
  userId: number,
  kind: K,
  params: NotificationParams<K>,
  nowMs: number,
): Promise<void> {
  const issue = paramsIssue(kind, params);
  if (issue !== null) throw new Error(`notification ${kind}: ${issue}`);
  await tx.query(
    `INSERT INTO user_notification (user_id, kind, params, created_at) VALUES ($1, $2, $3, $4)`,
    [userId, kind, JSON.stringify(params), new Date(nowMs)],
  );
}

const COLUMNS = 'id, user_id, kind, params, created_at, read_at';

/** A stored row as the wire carries it; null for a row of a kind this build no longer knows. */
function toRow(r: DbRow): StoredNotification | null {
  if (!isNotificationKind(r.kind)) return null;
  return {
    id: r.id,
    userId: r.user_id,
    kind: r.kind,
    params: JSON.parse(r.params) as Record<string, string>,
    created_at: r.created_at.getTime(),
    read: r.read_at !== null,
  };
}

const rows = (list: DbRow[]): StoredNotification[] =>
  list.map(toRow).filter((r): r is StoredNotification => r !== null);

/** Kinds of a group, for the centre's filter. */
const kindsOf = (group: NotificationGroup): string[] =>
  Object.keys(NOTIFICATION_KINDS).filter((k) => k.startsWith(`${group}.`));

export interface ListQuery {
  /** Only rows with a smaller id (the next page); null: the newest. */
  before: number | null;
  limit: number;
  group: NotificationGroup | null;
  unreadOnly: boolean;
}

/** One page, newest first, and whether older rows exist. */
export async function listNotifications(
  db: Queryable,
  userId: number,
  q: ListQuery,
): Promise<{ list: StoredNotification[]; hasMore: boolean }> {
  const params: (number | string)[] = [userId, q.before ?? 2_147_483_647, q.limit + 1];
  let where = 'user_id = $1 AND id < $2';
  if (q.group !== null) {
    params.push(kindsOf(q.group).join(','));
    where += ` AND kind = ANY(string_to_array($${params.length}, ','))`;
  }
  if (q.unreadOnly) where += ' AND read_at IS NULL';
  const found = await db.query<DbRow>(
    `SELECT ${COLUMNS} FROM user_notification WHERE ${where} ORDER BY id DESC LIMIT $3`,
    params,
  );
  return { list: rows(found.slice(0, q.limit)), hasMore: found.length > q.limit };
}

export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const r = await db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM user_notification WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return r[0]?.n ?? 0;
}

/**
 * Marks the user's rows read: the given ids (others' ids are ignored), or all of them. Answers
 * the ids that were unread and are read now (so a repeated call changes nothing).
 */
export async function markRead(
  db: Queryable,
  userId: number,
  ids: readonly number[] | 'all',
  nowMs: number,
): Promise<number[]> {
  const found =
    ids === 'all'
      ? await db.query<{ id: number }>(
          `UPDATE user_notification SET read_at = $2
           WHERE user_id = $1 AND read_at IS NULL RETURNING id`,
          [userId, new Date(nowMs)],
        )
      : await db.query<{ id: number }>(
          `UPDATE user_notification SET read_at = $2
           WHERE user_id = $1 AND read_at IS NULL
             AND id = ANY(string_to_array($3, ',')::int[]) RETURNING id`,
          [userId, new Date(nowMs), ids.join(',')],
        );
  return found.map((r) => r.id).sort((a, b) => a - b);
}

/** Rows with an id above `after`, oldest first (the pump). */
export async function notificationsAfter(
  db: Queryable,
  after: number,
  limit: number,
): Promise<StoredNotification[]> {
  return rows(
    await db.query<DbRow>(
      `SELECT ${COLUMNS} FROM user_notification WHERE id > $1 ORDER BY id LIMIT $2`,
      [after, limit],
    ),
  );
}

export async function maxNotificationId(db: Queryable): Promise<number> {
  const r = await db.query<{ id: number | null }>('SELECT MAX(id) AS id FROM user_notification');
  return r[0]?.id ?? 0;
}

/** Deletes all but the newest NOTIFICATIONS_KEPT rows of each user who has more. */
export async function pruneNotifications(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM user_notification n USING (
       SELECT user_id, id FROM (
         SELECT user_id, id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY id DESC) AS k
         FROM user_notification) ranked
       WHERE k > $1) old
     WHERE n.id = old.id`,
    [NOTIFICATIONS_KEPT],
  );
}

// ---- preferences ----------------------------------------------------------------------------

export async function prefsOf(db: Queryable, userId: number): Promise<NotificationPrefs> {
  const found = await db.query<{ doc: string }>(
    'SELECT doc FROM user_notification_prefs WHERE user_id = $1',
    [userId],
  );
  const doc = found[0]?.doc;
  return parseNotificationPrefs(doc === undefined ? null : parseJsonOr(doc, null));
}

export async function savePrefs(
  db: Queryable,
  userId: number,
  prefs: NotificationPrefs,
  nowMs: number,
): Promise<void> {
  await db.query(
    `INSERT INTO user_notification_prefs (user_id, doc, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET doc = $2, updated_at = $3`,
    [userId, JSON.stringify(prefs), new Date(nowMs)],
  );
}
