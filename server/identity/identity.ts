// Identity (real name) verification: the user submits name, id number, card type and three
// images they uploaded; an operator approves or rejects (scripts/admin.ts), or, in
// development, AUTO_REVIEW_SECONDS approves it after a delay. users.review_status: 0 none or
// rejected (submit the form), 1 under review, 2 approved; CheckUser's `998` stops at 2.
import type { FastifyInstance } from 'fastify';
import { validateIdentity } from '../../src/shared/wallet.ts';
import type { ReplyOut, RequestIn } from '../../src/shared/wire/call.ts';
import { identity, realName } from '../../src/shared/wire/identity.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { langOf } from '../http/envelope.ts';
import { formatTime } from '../http/format.ts';
import { t } from '../i18n/messages.ts';
import { addNotification } from '../notify/notifications.ts';
import { ownsUpload } from '../uploads/uploads.ts';
import { userById } from '../accounts/users.ts';
import { route } from '../http/wire-route.ts';

export function registerIdentityRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, realName, async ({ req, userId, body: b }) => {
    const errors = validateIdentity({
      name: b.name,
      cardId: b.card_id,
      cardType: b.cardType,
      front: b.front_pic,
      reverse: b.reverse_pic,
      hand: b.hand_pic,
    });
    const first = errors.name ?? errors.cardId ?? errors.cardType ?? errors.images;
    if (first !== undefined) throw new ApiError(first);
    for (const pic of [b.front_pic, b.reverse_pic, b.hand_pic])
      if (!(await ownsUpload(ctx.db, pic, userId))) throw new ApiError('upload.notYours');
    const id = await submit(ctx.db, userId, b, ctx.config.now());
    const delay = ctx.config.production ? null : ctx.config.autoReviewMs;
    if (delay !== null) {
      const timer = setTimeout(() => {
        decideIdentity(ctx.db, id, true, '', ctx.config.now())
          .then((uid) => ctx.notify.balance(uid))
          .catch(() => undefined); // already decided by an operator
      }, delay);
      timer.unref();
    }
    return t(langOf(req), 'identity.submitted');
  });

  route(app, ctx, identity, ({ userId }) => identityStatus(ctx.db, userId));
}

async function submit(
  db: Database,
  userId: number,
  b: RequestIn<typeof realName>,
  nowMs: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const users = await tx.query<{ review_status: number }>(
      'SELECT review_status FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    const status = users[0]?.review_status ?? 0;
    if (status === 1) throw new ApiError('identity.underReview');
    if (status === 2) throw new ApiError('identity.alreadyApproved');
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO identity_submissions (user_id, name, card_id, card_type, front_pic, reverse_pic,
         hand_pic, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8) RETURNING id`,
      [
        userId,
        b.name,
        b.card_id,
        b.cardType,
        b.front_pic,
        b.reverse_pic,
        b.hand_pic,
        new Date(nowMs),
      ],
    );
    await tx.query('UPDATE users SET review_status = 1 WHERE id = $1', [userId]);
    return rows[0]?.id ?? 0;
  });
}

/** Money that leaves or is put at risk needs an approved identity (the legacy code `998`). */
export async function requireIdentity(ctx: AppContext, userId: number): Promise<void> {
  const user = await userById(ctx.db, userId);
  if (user?.review_status !== 2) throw new ApiError('identity.required', {}, '998');
}

/**
 * Approve (review_status 2, real name recorded) or reject (back to 0 with a reason); the user's
 * `identity.review` notification is written in the decision's transaction.
 */
export async function decideIdentity(
  db: Database,
  id: number,
  approve: boolean,
  reason: string,
  nowMs: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ user_id: number; name: string }>(
      'SELECT user_id, name FROM identity_submissions WHERE id = $1 AND status = 1 FOR UPDATE',
      [id],
    );
    const row = rows[0];
    if (row === undefined) throw new ApiError('admin.notPending', { id });
    await tx.query(
      'UPDATE identity_submissions SET status = $1, reason = $2, reviewed_at = $3 WHERE id = $4',
      [approve ? 2 : 3, reason, new Date(nowMs), id],
    );
    if (approve)
      await tx.query('UPDATE users SET review_status = 2, real_name = $2 WHERE id = $1', [
        row.user_id,
        row.name,
      ]);
    else await tx.query('UPDATE users SET review_status = 0 WHERE id = $1', [row.user_id]);
    const result = approve ? 'approved' : 'rejected';
    await addNotification(tx, row.user_id, 'identity.review', { result }, nowMs);
    return row.user_id;
  });
}

async function identityStatus(db: Database, userId: number): Promise<ReplyOut<typeof identity>> {
  const users = await db.query<{ review_status: number }>(
    'SELECT review_status FROM users WHERE id = $1',
    [userId],
  );
  const rows = await db.query<{
    name: string;
    card_type: number;
    reason: string;
    status: number;
    created_at: Date;
  }>(
    `SELECT name, card_type, reason, status, created_at FROM identity_submissions
     WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
    [userId],
  );
  const last = rows[0];
  return {
    review_status: users[0]?.review_status ?? 0,
    name: last?.name ?? '',
    card_type: last?.card_type ?? null,
    reason: last?.status === 3 ? last.reason : '',
    submitted_time: last === undefined ? '' : formatTime(new Date(last.created_at)),
  };
}
