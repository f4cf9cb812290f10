// Session tokens: 32 random hex characters given to the client once; only their sha256 is
// stored. A token lives TOKEN_LIFETIME_SECONDS. A user holds up to MAX_SESSIONS live tokens
// at once (a desktop and a phone, ADR 0042): a login past that ends the oldest ones, in one
// transaction holding the user's row, so parallel logins never leave more than MAX_SESSIONS.
// A logout ends its own token; the account page lists the others and can end one; a new
// password ends them all.
import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_LIFETIME_SECONDS } from '../../src/shared/constants.ts';
import type { Database, Queryable } from '../db/database.ts';

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Live sessions a user may hold; the next login ends the oldest. */
export const MAX_SESSIONS = 10;
/** `last_used_at` is written at most this often per token (a write per request is too many). */
export const LAST_USED_STEP_MS = 60_000;
const AGENT_MAX_CHARS = 256;

export async function issueToken(
  db: Database,
  userId: number,
  nowMs: number,
  userAgent: string | null = null,
): Promise<string> {
  const token = randomBytes(16).toString('hex');
  const now = new Date(nowMs);
  await db.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    await tx.query('DELETE FROM tokens WHERE user_id = $1 AND expires_at <= $2', [userId, now]);
    await tx.query(
      `INSERT INTO tokens (user_id, token_hash, expires_at, created_at, last_used_at, user_agent)
       VALUES ($1, $2, $3, $4, $4, $5)`,
      [
        userId,
        sha256(token),
        new Date(nowMs + TOKEN_LIFETIME_SECONDS * 1000),
        now,
        userAgent === null ? null : userAgent.slice(0, AGENT_MAX_CHARS),
      ],
    );
    // the newest MAX_SESSIONS stay (ids grow with each login: the row lock orders them)
    await tx.query(
      `DELETE FROM tokens WHERE user_id = $1 AND id NOT IN
         (SELECT id FROM tokens WHERE user_id = $1 ORDER BY id DESC LIMIT $2)`,
      [userId, MAX_SESSIONS],
    );
  });
  return token;
}

/** Every token of the user stops working (a new password). */
export async function endSessions(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM tokens WHERE user_id = $1', [userId]);
}

/** The token stops working (a logout). Returns its user, or null when it was not live. */
export async function endToken(db: Queryable, token: unknown): Promise<number | null> {
  const hash = hashOf(token);
  if (hash === null) return null;
  const rows = await db.query<{ user_id: number }>(
    'DELETE FROM tokens WHERE token_hash = $1 RETURNING user_id',
    [hash],
  );
  return rows[0]?.user_id ?? null;
}

/** One session of the user stops working (the account page). Returns whether it was theirs. */
export async function endSession(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM tokens WHERE user_id = $1 AND id = $2 RETURNING id',
    [userId, id],
  );
  return rows.length > 0;
}

export interface SessionRow {
  id: number;
  createdAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
  current: boolean;
}

/** The user's live sessions, the newest first; `current` marks the one of `token`. */
export async function listSessions(
  db: Queryable,
  userId: number,
  token: unknown,
  nowMs: number,
): Promise<SessionRow[]> {
  const rows = await db.query<{
    id: number;
    token_hash: string;
    created_at: Date;
    last_used_at: Date | null;
    user_agent: string | null;
  }>(
    `SELECT id, token_hash, created_at, last_used_at, user_agent FROM tokens
     WHERE user_id = $1 AND expires_at > $2 ORDER BY id DESC`,
    [userId, new Date(nowMs)],
  );
  const own = hashOf(token);
  return rows.map((r) => ({
    id: r.id,
    createdAt: new Date(r.created_at),
    lastUsedAt: new Date(r.last_used_at ?? r.created_at),
    userAgent: r.user_agent,
    current: r.token_hash === own,
  }));
}

/** The user id of a live token, or null (missing, unknown or expired). Notes its use. */
export async function userIdOfToken(
  db: Queryable,
  token: unknown,
  nowMs: number,
): Promise<number | null> {
  const hash = hashOf(token);
  if (hash === null) return null;
  const rows = await db.query<{ id: number; user_id: number; last_used_at: Date | null }>(
    'SELECT id, user_id, last_used_at FROM tokens WHERE token_hash = $1 AND expires_at > $2',
    [hash, new Date(nowMs)],
  );
  const row = rows[0];
  if (row === undefined) return null;
  const last = row.last_used_at === null ? 0 : new Date(row.last_used_at).getTime();
  if (nowMs - last >= LAST_USED_STEP_MS || nowMs < last)
    await db.query('UPDATE tokens SET last_used_at = $1 WHERE id = $2', [new Date(nowMs), row.id]);
  return row.user_id;
}

function hashOf(token: unknown): string | null {
  if (typeof token !== 'string' || !/^[0-9a-f]{32}$/i.test(token.trim())) return null;
  return sha256(token.trim().toLowerCase());
}
