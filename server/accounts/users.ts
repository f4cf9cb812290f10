// The users table: lookup, creation (with a unique invite code), and the reply shapes
// of user/info and user/center (src/shared/wire/accounts.ts, wallet.ts).
import { randomInt } from 'node:crypto';
import type { ReplyOut } from '../../src/shared/wire/call.ts';
import type { userInfo } from '../../src/shared/wire/accounts.ts';
import type { userCenter } from '../../src/shared/wire/wallet.ts';
import type { Database, Queryable } from '../db/database.ts';
import { endSessions } from './tokens.ts';

export interface UserRow {
  id: number;
  account: string;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  password_hash: string;
  extension_code: string;
  invited_by: number | null;
  is_seller: number;
  review_status: number;
  credit_score: number;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** By account, e-mail or phone (all compared in lower case). */
export async function findUser(db: Queryable, account: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow & Record<string, unknown>>(
    'SELECT * FROM users WHERE account = $1 OR email = $1 OR phone = $1 ORDER BY id LIMIT 1',
    [account.trim().toLowerCase()],
  );
  return rows[0] ?? null;
}

export async function userById(db: Queryable, id: number): Promise<UserRow | null> {
  const rows = await db.query<UserRow & Record<string, unknown>>(
    'SELECT * FROM users WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

export async function userIdByInvite(db: Queryable, code: string): Promise<number | null> {
  const rows = await db.query<{ id: number }>('SELECT id FROM users WHERE extension_code = $1', [
    code.trim().toUpperCase(),
  ]);
  return rows[0]?.id ?? null;
}

/** A new password; the sessions opened with the old one end with it (one transaction). */
export async function setPassword(db: Database, userId: number, hash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, userId]);
    await endSessions(tx, userId);
  });
}

export async function setEmail(db: Queryable, userId: number, email: string): Promise<void> {
  await db.query('UPDATE users SET email = $1 WHERE id = $2', [email, userId]);
}

export interface NewUser {
  kind: 'email' | 'mobile';
  account: string;
  passwordHash: string;
  areaCode: string | null;
  countryCode: string | null;
  invitedBy: number | null;
  nowMs: number;
}

export async function insertUser(db: Queryable, u: NewUser): Promise<number> {
  const account = u.account.trim().toLowerCase();
  for (let attempt = 0; ; attempt++) {
    const invite = Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(32)]).join('');
    const taken = await userIdByInvite(db, invite);
    if (taken !== null && attempt < 10) continue;
    const rows = await db.query<{ id: number }>(
      `INSERT INTO users (account, email, phone, area_code, country_code, password_hash,
         extension_code, invited_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        account,
        u.kind === 'email' ? account : null,
        u.kind === 'mobile' ? account : null,
        u.areaCode,
        u.countryCode,
        u.passwordHash,
        invite,
        u.invitedBy,
        new Date(u.nowMs),
      ],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('insert user returned no id');
    return id;
  }
}

export function toUserInfo(u: UserRow): ReplyOut<typeof userInfo> {
  return {
    id: u.id,
    account: u.account,
    account_number: u.account,
    phone: u.phone,
    email: u.email,
    extension_code: u.extension_code,
    is_seller: u.is_seller,
    review_status: u.review_status,
    credit_score: u.credit_score,
  };
}

/** Security level 1–3: a password, plus one for each bound contact (phone, e-mail). */
export function toUserCenter(u: UserRow, totalAssets: string): ReplyOut<typeof userCenter> {
  const level = 1 + (u.phone === null ? 0 : 1) + (u.email === null ? 0 : 1);
  return { ...toUserInfo(u), security_level: level, total_assets: totalAssets };
}
