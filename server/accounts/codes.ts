// Verification codes: 6 digits, valid 10 minutes, single use, no resend within 60 s, at most
// 5 wrong tries. Only the code's sha256 is stored.
import { randomInt } from 'node:crypto';
import { CODE_RESEND_SECONDS } from '../../src/shared/constants.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { sha256 } from './tokens.ts';

export const CODE_VALID_SECONDS = 600;
export const CODE_MAX_WRONG_TRIES = 5;
export type CodePurpose = 'register' | 'forget' | 'bind';

export const normalizeTarget = (account: string): string => account.trim().toLowerCase();

/** Creates a code for (target, purpose), or throws inside the resend window. */
export async function createCode(
  db: Queryable,
  target: string,
  purpose: CodePurpose,
  nowMs: number,
): Promise<string> {
  const recent = await db.query<{ created_at: Date }>(
    `SELECT created_at FROM verification_codes WHERE target = $1 AND purpose = $2
     ORDER BY created_at DESC LIMIT 1`,
    [target, purpose],
  );
  const last = recent[0]?.created_at.getTime();
  if (last !== undefined && nowMs - last < CODE_RESEND_SECONDS * 1000) {
    const seconds = Math.ceil((last + CODE_RESEND_SECONDS * 1000 - nowMs) / 1000);
    throw new ApiError('code.resendWait', { seconds });
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.query(
    `UPDATE verification_codes SET used = TRUE WHERE target = $1 AND purpose = $2 AND NOT used`,
    [target, purpose],
  );
  await db.query(
    `INSERT INTO verification_codes (target, purpose, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [target, purpose, sha256(code), new Date(nowMs), new Date(nowMs + CODE_VALID_SECONDS * 1000)],
  );
  return code;
}

/**
 * Checks `code` against the live code of (target, purpose); throws when it is wrong, expired,
 * missing or locked by too many wrong tries. `consume` marks it used (single use).
 */
export async function checkCode(
  db: Queryable,
  target: string,
  purpose: CodePurpose,
  code: string,
  nowMs: number,
  consume: boolean,
): Promise<void> {
  const rows = await db.query<{ id: number; code_hash: string; wrong_tries: number }>(
    `SELECT id, code_hash, wrong_tries FROM verification_codes
     WHERE target = $1 AND purpose = $2 AND NOT used AND expires_at > $3
     ORDER BY created_at DESC LIMIT 1`,
    [target, purpose, new Date(nowMs)],
  );
  const row = rows[0];
  if (row === undefined) throw new ApiError('code.expired');
  if (row.wrong_tries >= CODE_MAX_WRONG_TRIES) throw new ApiError('code.tooManyTries');
  if (sha256(code.trim()) !== row.code_hash) {
    await db.query('UPDATE verification_codes SET wrong_tries = wrong_tries + 1 WHERE id = $1', [
      row.id,
    ]);
    const left = CODE_MAX_WRONG_TRIES - row.wrong_tries - 1;
    throw new ApiError(left > 0 ? 'code.invalid' : 'code.tooManyTries', { left });
  }
  if (consume) await db.query('UPDATE verification_codes SET used = TRUE WHERE id = $1', [row.id]);
}
