// Session tokens: 32 random hex characters given to the client once; only their sha256 is
// stored. A token lives TOKEN_LIFETIME_SECONDS; each login deletes the user's older tokens, in
// one transaction holding the user's row, so two logins at once leave exactly one live token.
import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_LIFETIME_SECONDS } from '../../src/shared/constants.ts';
import type { Database, Queryable } from '../db/database.ts';

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

export async function issueToken(db: Database, userId: number, nowMs: number): Promise<string> {
  const token = randomBytes(16).toString('hex');
  await db.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    await endSessions(tx, userId);
    await tx.query(
      'INSERT INTO tokens (user_id, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4)',
      [userId, sha256(token), new Date(nowMs + TOKEN_LIFETIME_SECONDS * 1000), new Date(nowMs)],
    );
  });
  return token;
}

/** Every token of the user stops working (a new login, a new password). */
export async function endSessions(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM tokens WHERE user_id = $1', [userId]);
}

/** The user id of a live token, or null (missing, unknown or expired). */
export async function userIdOfToken(
  db: Queryable,
  token: unknown,
  nowMs: number,
): Promise<number | null> {
  if (typeof token !== 'string' || !/^[0-9a-f]{32}$/i.test(token.trim())) return null;
  const rows = await db.query<{ user_id: number }>(
    'SELECT user_id FROM tokens WHERE token_hash = $1 AND expires_at > $2',
    [sha256(token.trim().toLowerCase()), new Date(nowMs)],
  );
  return rows[0]?.user_id ?? null;
}
