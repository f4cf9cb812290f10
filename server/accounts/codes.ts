// Verification codes: 6 digits, valid 10 minutes, single use, no resend within 60 s, at most
// 5 wrong tries. Only the code's sha256 is stored.
import { randomInt } from 'node:crypto';
import { CODE_RESEND_SECONDS } from '../../src/shared/constants.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { sha256 } from './tokens.ts';

export const CODE_VALID_SECONDS = 600;
export const CODE_MAX_WRONG_TRIES = 5;
export type CodePurpose = 'register' | 'forget' | 'bind';

export const normalizeTarget = (account: string): string => account.trim().toLowerCase();

/**
 * Creates a code for (target, purpose), or throws inside the resend window. One transaction
 * holding an advisory lock on (target, purpose): parallel requests make one code, not one each.
 */
export async function createCode(
  db: Database,
  target: string,
  purpose: CodePurpose,
  nowMs: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `code:${purpose}:${target}`,
    ]);
    const recent = await tx.query<{ created_at: Date }>(
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
    await tx.query(
      `UPDATE verification_codes SET used = TRUE WHERE target = $1 AND purpose = $2 AND NOT used`,
      [target, purpose],
    );
    await tx.query(
      `INSERT INTO verification_codes (target, purpose, code_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [target, purpose, sha256(code), new Date(nowMs), new Date(nowMs + CODE_VALID_SECONDS * 1000)],
    );
    return code;
  });
}

/** The live code of (target, purpose): the newest one not used and not expired. */
const LIVE_CODE = `SELECT id FROM verification_codes
  WHERE target = $1 AND purpose = $2 AND NOT used AND expires_at > $3
  ORDER BY created_at DESC, id DESC LIMIT 1`;

/**
 * Checks `code` against the live code of (target, purpose); throws when it is wrong, expired,
 * missing or locked by too many wrong tries. `consume` marks it used (single use).
 *
 * One UPDATE compares, counts a wrong try and consumes, so parallel requests cannot all pass
 * on the same count: under READ COMMITTED a request that meets a row another one is changing
 * waits for it, then re-checks `NOT used AND wrong_tries < max` on the row as that one left
 * it. At most CODE_MAX_WRONG_TRIES guesses are ever compared, and a code is consumed once.
 */
export async function checkCode(
  db: Queryable,
  target: string,
  purpose: CodePurpose,
  code: string,
  nowMs: number,
  consume: boolean,
): Promise<void> {
  const hash = sha256(code.trim());
  const rows = await db.query<{ matched: boolean; wrong_tries: number }>(
    `UPDATE verification_codes v
     SET wrong_tries = v.wrong_tries + CASE WHEN v.code_hash = $4 THEN 0 ELSE 1 END,
         used = v.used OR (v.code_hash = $4 AND $5::boolean)
     WHERE v.id = (${LIVE_CODE}) AND NOT v.used AND v.wrong_tries < $6
     RETURNING v.code_hash = $4 AS matched, v.wrong_tries`,
    [target, purpose, new Date(nowMs), hash, consume, CODE_MAX_WRONG_TRIES],
  );
  const row = rows[0];
  if (row === undefined) {
    // Nothing compared: say why (no live code, or it is locked by wrong tries).
    const live = await db.query<{ wrong_tries: number }>(
      `SELECT wrong_tries FROM verification_codes WHERE id = (${LIVE_CODE})`,
      [target, purpose, new Date(nowMs)],
    );
    const locked = (live[0]?.wrong_tries ?? 0) >= CODE_MAX_WRONG_TRIES;
    throw new ApiError(locked ? 'code.tooManyTries' : 'code.expired');
  }
  if (row.matched) return;
  const left = CODE_MAX_WRONG_TRIES - row.wrong_tries;
  throw new ApiError(left > 0 ? 'code.invalid' : 'code.tooManyTries', { left });
}
